"""Seeded random duels: shares and yen conserved, the book never left crossed after a judging
point, views never leak secrets, the same seed gives the same duel, records replay."""

from __future__ import annotations

import copy
import json

import pytest

from pygames import webapi
from pygames.core import CHANCE, Rng
from pygames.core import playout as core_playout
from pygames.kabu import GAME, book, bots, cards
from pygames.kabu.state import START_CASH

PLAYOUTS = 40
"""Random duels per CI run (bench/kabu_ladder.py plays thousands of bot duels)."""
DECKS = sorted(cards.catalog()["decks"])


def check_invariants(s) -> None:
    for issue in s.issues:
        counts = [s.market[issue], s.shares(0, issue), s.shares(1, issue)]
        assert min(counts) >= 0 and sum(counts) == s.total_qty[issue], issue
        for seat in (0, 1):
            offered = sum(o["qty"] for o in s.orders if o["owner"] == seat and o["issue"] == issue and o["side"] == "sell")
            assert offered <= s.shares(seat, issue)
    f = s.flows
    assert sum(s.cash) == 2 * START_CASH + sum(f["salary"]) + sum(f["dividends"]) + sum(f["market_in"]) - sum(f["market_out"])
    assert all(p >= 1 for p in s.price.values())
    entering = s.pending is not None and s.pending["kind"] == "orders" and s.orders != s.snapshot
    if not entering:
        assert not book.is_crossed(s)


def disguise(s, seat):
    """The same state with every secret of the other seat changed."""
    opp = 1 - seat
    t = s.clone()
    t.hand[opp] = ["T07"] * len(t.hand[opp])
    if t.top_seen[opp] != seat:
        t.deck[opp] = ["E01"] * len(t.deck[opp])
    t.janken[opp] = "paper" if t.janken[opp] else None
    if t.pending and t.pending["kind"] == "orders" and not t.peek_orders[seat]:
        t.orders = [o for o in t.orders if o["owner"] == seat] + [dict(o) for o in t.snapshot if o["owner"] == opp]
    return t


def playout(seed: int, years: int = 1, check: bool = True) -> tuple[list[str], object]:
    rng = Rng.derive(seed, "playout")
    decks = {"deck0": DECKS[seed % len(DECKS)], "deck1": DECKS[(seed // 4 + 1) % len(DECKS)], "years": years}
    s = GAME.initial_state(GAME.normalize_options(decks, 2), 2)

    def choose(s, seat: int, decision: int) -> str:
        return bots.random_action(s, seat, GAME.legal_actions(s, seat), rng)

    def on_step(before, seat: int, action: str, s) -> None:
        check_invariants(s)
        for viewer in (0, 1):
            if rng.random() < 0.2:
                assert json.dumps(GAME.view(s, viewer)) == json.dumps(GAME.view(disguise(s, viewer), viewer))

    s, steps = core_playout.playout(GAME, s, choose, rng, seat_rng=rng, on_step=on_step if check else None,
                       snapshot=(lambda s: copy.deepcopy(s.__dict__)) if check else None)
    return [f"{seat}:{action}" for seat, action in steps], s


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_random_duels_keep_the_invariants(chunk):
    for seed in range(chunk, PLAYOUTS, 4):
        log, s = playout(seed, years=1 + (seed % 7 == 3))
        assert GAME.outcome(s) is not None and len(log) > 50


def test_same_seed_same_duel():
    assert playout(7, check=False)[0] == playout(7, check=False)[0]
    assert playout(7, check=False)[0] != playout(8, check=False)[0]


def call(name, **kw):
    result = json.loads(webapi.dispatch(name, json.dumps(kw)))
    assert "error" not in result, result
    return result


def test_bot_duel_through_the_web_api_replays_and_views_are_json():
    players = [{"name": "A", "type": "bot", "level": "hard"}, {"name": "B", "type": "bot", "level": "normal"}]
    record = call("new_match", game="kabu", seed=5, players=players)["record"]
    while True:
        v = call("view", record=record, seat=0)
        if v["outcome"]:
            break
        seat = v["to_move"][0]
        action = call("bot_action", record=record, seat=seat)["action"]
        record = call("apply", record=record, seat=seat, action=action)["record"]
    assert v["view"]["result"]["totals"] == v["outcome"]["scores"]
    assert call("load", record=record)["summary"]["finished"]
    log = call("log", record=record)["log"]
    assert all(entry["ja"] and entry["en"] for entry in log)
    again = call("new_match", game="kabu", seed=5, players=players)["record"]
    assert again["actions"] == record["actions"][:len(again["actions"])]


def test_check_explains_a_bad_order_without_applying():
    record = call("new_match", game="kabu", seed=1, players=[{"name": "A"}, {"name": "B"}])["record"]
    v = call("view", record=record, seat=0)
    seat = v["to_move"][0]
    err = json.loads(webapi.dispatch("check", json.dumps({"record": record, "seat": seat, "action": "sell S99 mkt x1"})))
    assert err["error"]["code"].startswith("kabu.")


def test_every_listed_legal_action_applies():
    rng = Rng(99)
    for seed in range(100, 103):
        log, _ = playout(seed, check=False)
        opts = GAME.normalize_options({"deck0": DECKS[seed % len(DECKS)], "deck1": DECKS[(seed // 4 + 1) % len(DECKS)]}, 2)
        s = GAME.initial_state(opts, 2)
        for entry in log:
            who, action = entry.split(":", 1)
            seat = int(who)
            if seat != CHANCE and rng.random() < 0.15:
                for legal in GAME.legal_actions(s, seat):
                    GAME.apply(s, seat, legal)  # raises if a listed action were refused
            s = GAME.apply(s, seat, action)
