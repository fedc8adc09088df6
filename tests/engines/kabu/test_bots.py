"""Computer players: legal, deterministic, blind to secrets, never forced into 清算."""

from __future__ import annotations

import pytest

from pygames.core import CHANCE, Rng
from pygames.core.playout import bot_choice, playout
from pygames.kabu import GAME

from .helpers import add_order, give, play, to_phase5
from .test_invariants import check_invariants, disguise

DUELS_PER_PAIR = 2
"""Bot duels per pairing in CI (bench/kabu_ladder.py plays hundreds)."""


def bot_duel(seed, levels, deck="balanced", blind_checks=False):
    opts = GAME.normalize_options({"deck0": deck, "deck1": "dividend"}, 2)
    s = GAME.initial_state(opts, 2)
    choose = bot_choice(GAME, levels, seed)

    def blind(s, seat: int, decision: int) -> str:
        action = choose(s, seat, decision)
        if blind_checks and decision % 5 == 0:
            # the same choice when everything the seat cannot see is different
            assert choose(disguise(s, seat), seat, decision) == action
        return action

    s, steps = playout(GAME, s, blind, Rng.derive(seed, "chance"), on_step=lambda b, seat, a, s: check_invariants(s))
    return s, [action for seat, action in steps if seat != CHANCE]


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "hard"), ("hard", "easy"), ("hard", "hard")])
def test_bots_play_whole_duels_legally_and_blind(levels):
    for seed in range(DUELS_PER_PAIR):
        s, _ = bot_duel(seed, levels, deck=["balanced", "growth", "contrarian", "dividend"][seed % 4], blind_checks=True)
        assert GAME.outcome(s) is not None
        for seat, level in enumerate(levels):
            if level != "easy":
                assert not [f for f in s.fills if f["how"] == "liquidation" and f["seller"] == seat]


def test_bots_are_deterministic():
    assert bot_duel(3, ("hard", "normal"))[1] == bot_duel(3, ("hard", "normal"))[1]


def test_hard_takes_a_cheap_opponent_offer():
    s = give(to_phase5(), 1, "S05", 1)
    s = add_order(s, 1, "sell", "S05", "limit", 6, 1)  # S05 trades at 10 and pays 80 yen a turn
    s.market["S05"] = 0
    for _ in range(20):
        action = GAME.bot_action(s, 0, "hard", Rng(1))
        if action == "done":
            break
        s = GAME.apply(s, 0, action)
    bids = [o for o in s.orders if o["owner"] == 0 and o["issue"] == "S05"]
    assert len(bids) == 1 and bids[0]["price"] >= 6 and bids[0]["side"] == "buy"


def test_market_orders_are_only_buys_for_the_market():
    for level in ("normal", "hard"):
        _, actions = bot_duel(5, (level, level))
        mkt = [a for a in actions if " mkt " in a]
        assert mkt and all(a.startswith("buy ") for a in mkt)


def test_hard_uses_stop_loss_before_a_drop():
    deck = {"stocks": ["S03", "S03", "S04", "S05", "S12"], "events": ["E02", "E02", "E04", "E06"], "tools": ["T01"]}
    opts = GAME.normalize_options({"deck0": deck}, 2)
    s = give(GAME.initial_state(opts, 2), 0, "S03", 2)
    s = play(s, "c:price -3")
    assert GAME.bot_action(s, 0, "hard", Rng(0)) == "tool T01 S03 x2"


def test_targets_hurt_the_opponent_and_help_yourself():
    deck = {"stocks": ["S03", "S03", "S04", "S05", "S12"], "events": ["E07", "E08", "E04", "E06"], "tools": []}
    opts = GAME.normalize_options({"deck0": deck}, 2)
    s = play(GAME.initial_state(opts, 2), "c:price +0")
    s = give(give(s, 0, "S05", 1), 1, "S04", 1)
    s = play(s, "0:done", "1:done", "0:done", "1:done", "1:pass", "c:event E07")  # 1:pass = no T04
    assert GAME.bot_action(s, 0, "normal", Rng(0)) == "target S04"
    s2 = s.clone()
    s2.pending = dict(s.pending, card="E08")
    assert GAME.bot_action(s2, 0, "hard", Rng(0)) == "target S05"


def test_day_trade_sells_every_share_bought_this_turn():
    deck = {"stocks": ["S03", "S03", "S04", "S05", "S12"], "events": ["E02", "E02", "E04", "E06"], "tools": ["T03"]}
    s = play(GAME.initial_state(GAME.normalize_options({"deck0": deck}, 2), 2), "c:price +0")
    s = play(s, "0:buy S03 mkt x2", "0:done", "1:done", "0:done", "1:done", "c:event E06",
             "0:done", "1:done")
    assert s.phase == 10 and s.shares(0, "S03") == 2
    assert GAME.bot_action(s, 0, "normal", Rng(0)) == "tool T03 S03 x2"


def _bot_phase(s, seat, level):
    """Let the bot of ``seat`` act until it confirms this order phase; its actions."""
    done = []
    for _ in range(40):
        action = GAME.bot_action(s, seat, level, Rng(2))
        s = GAME.apply(s, seat, action)
        done.append(action)
        if action == "done":
            return s, done
    raise AssertionError(f"the bot never confirmed: {done}")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_trading_bots_order_in_most_turns_and_trade_with_each_other(level):
    """The defect: the market emptied in the first buy phase and the computer never traded again."""
    ordered = [set(), set()]

    def note(before, seat, action, _after):
        if seat != CHANCE and action.split(" ")[0] in ("buy", "sell", "change"):
            ordered[seat].add(before.turn)

    s = GAME.initial_state(GAME.normalize_options({"deck0": "growth", "deck1": "dividend"}, 2), 2)
    s, _ = playout(GAME, s, bot_choice(GAME, (level, level), 7), Rng.derive(7, "chance"), on_step=note)
    assert GAME.outcome(s) is not None
    assert len([f for f in s.fills if f["how"] == "trade"]) >= 2, "the computers never traded with each other"
    assert all(len(turns) >= 6 for turns in ordered), ordered  # no bot sits the duel out


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_competes_for_a_cheap_market(level):
    """The defect: a person's market buys took the whole spring market (market orders come first)."""
    s, _ = _bot_phase(to_phase5(), 1, level)
    mkt = {o["issue"] for o in s.orders if o["owner"] == 1 and o["side"] == "buy" and o["kind"] == "mkt"}
    assert {"S04", "S05"} <= mkt  # the high dividends for their price


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_bids_over_the_price_for_the_persons_good_shares(level):
    s = give(to_phase5(), 0, "S05", 2)
    s.market = dict.fromkeys(s.market, 0)
    s, _ = _bot_phase(s, 1, level)
    bids = [o for o in s.orders if o["owner"] == 1 and o["side"] == "buy" and o["issue"] == "S05"]
    assert bids and all(o["kind"] == "limit" and o["price"] > s.price["S05"] for o in bids)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_offers_a_poor_share_at_or_under_the_price(level):
    s = give(to_phase5(), 1, "S12", 3)
    s = play(s, "0:done", "1:done")  # ⑥
    s.turn = 7  # the last turn: one dividend of 10 yen left
    s.deck[1] = ["E02"]  # and its own last event lowers every issue by 2
    s, _ = _bot_phase(s, 1, level)
    asks = [o for o in s.orders if o["owner"] == 1 and o["side"] == "sell" and o["issue"] == "S12"]
    assert asks and all(o["price"] <= s.price["S12"] for o in asks)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_keeps_shares_that_still_earn(level):
    s = give(to_phase5(), 1, "S05", 3)
    s = play(s, "0:done", "1:done")  # ⑥ of spring: seven dividends of 80 yen to come
    s, _ = _bot_phase(s, 1, level)
    assert not [o for o in s.orders if o["owner"] == 1 and o["side"] == "sell"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_never_takes_an_absurd_offer(level):
    s = give(to_phase5(), 0, "S05", 1)
    s = add_order(s, 0, "sell", "S05", "limit", 9999, 1)
    s.market["S05"] = 1
    s, _ = _bot_phase(s, 1, level)
    mine = [o for o in s.orders if o["owner"] == 1 and o["issue"] == "S05"]
    assert all(o["kind"] == "limit" and o["price"] < 100 for o in mine)  # a market buy would fill at 9999


GRABBER_DUELS = 12
"""Duels against the scripted grabber in CI (bench/kabu_vs_people.py plays hundreds)."""


def test_hard_competes_with_a_market_grabber():
    """Issue 24: a person who market-buys every issue every buy phase took ~90% of the spring market
    and won 14 of 20. The bench measures ~40% to the computer and the person winning ~32%; here,
    at small n, loose bounds: the computer gets at least a quarter and the person wins at most 60%."""
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "bench"))
    import kabu_vs_people

    results = [kabu_vs_people.duel(5000 + i // 2, "hard", "grabber", i % 2) for i in range(GRABBER_DUELS)]
    got, sold = sum(r.spring_bot for r in results), sum(r.spring_all for r in results)
    assert got >= 0.25 * sold, (got, sold)
    assert sum(r.score for r in results) <= 0.6 * GRABBER_DUELS
