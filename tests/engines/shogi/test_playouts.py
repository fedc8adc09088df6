"""Seeded random playouts and bot games through the whole protocol: no exception, same seed same
game, views JSON-able, SFEN round-trips, records replay, bots legal and deterministic."""

from __future__ import annotations

import json

import pytest

from pygames import webapi
from pygames.core import CHANCE, Rng
from pygames.core.match import Match
from pygames.shogi import GAME, rules, search
from pygames.shogi.sfen import make_sfen, parse_sfen

from .helpers import play_random, state

PLAYOUTS = 5
"""Random games per option set in CI (bench/shogi_playouts.py runs many more)."""
OPTION_SETS = [{}, {"ruleset": "hon"}, {"foul_loss": True},
               {"variant": "setup", "active": ["FU-nakodo", "KE-hachiho", "KA-honcho", "HI-honno"]}]
HUMANS = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]


def check_state(st):
    view = GAME.view(st, st.side)
    json.dumps(view)
    board, hands, side, _ = parse_sfen(view["sfen"])
    assert tuple(board) == st.board and side == st.side
    assert make_sfen(board, hands, side, st.move_no0 + st.ply) == view["sfen"]
    legal = GAME.legal_actions(st, st.side)
    if st.phase == "move":
        listed = {f"{frm}{m['to']}" for frm, ms in view["moves"].items() for m in ms}
        table = rules.moves_table(st)
        # Every board move of the legal list, except a promotion that is itself the foul (foul_loss
        # mode lists it only as the plain move, which the view offers with its foul).
        board_moves = [a for a in legal if a[1] != "*" and a not in ("draw", "resign") and not a.startswith("draw:")]
        assert listed == {a[:4] for a in board_moves if table[a][1] != "promotion"}
    for seat in (0, 1):
        assert isinstance(view["in_check"][seat], bool)


def run_playouts(options, seeds) -> None:
    """Random games that must finish, pass every state check and repeat exactly under the same seed."""
    for seed in seeds:
        end, log = play_random(seed, options, check=check_state)
        assert GAME.outcome(end) is not None
        again, log2 = play_random(seed, options)
        assert log2 == log and again.board == end.board


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=["cards", "hon", "foul_loss", "setup"])
def test_random_playouts_finish_and_repeat(options):
    run_playouts(options, range(PLAYOUTS))


def test_records_replay_to_the_same_state_through_webapi():
    for seed in range(3):
        match = Match.new("shogi", {}, HUMANS, seed)
        rng = Rng(seed)
        for _ in range(60):
            if match.is_over():
                break
            (seat,) = match.to_move()
            match.play(seat, rng.choice([a for a in GAME.legal_actions(match.state, seat) if a != "resign"]))
        record = json.loads(json.dumps(match.record))
        replayed = Match.from_record(record)
        assert replayed.state.board == match.state.board and replayed.state.active == match.state.active
        assert replayed.state.deck == match.state.deck and replayed.state.discard == match.state.discard
        out = json.loads(webapi.dispatch("view", json.dumps({"record": record, "seat": match.state.side})))
        assert out["view"]["sfen"] == GAME.view(match.state, 0)["sfen"]
        log = json.loads(webapi.dispatch("log", json.dumps({"record": record})))["log"]
        assert len(log) == len(record["actions"])


def test_game_call_helpers_through_webapi():
    rec = json.loads(webapi.dispatch("new_match", json.dumps({"game": "shogi", "seed": 4})))["record"]
    out = json.loads(webapi.dispatch("game_call", json.dumps({"game": "shogi", "name": "export_sfen",
                                                             "args": {"record": rec}})))
    assert out["sfen"].startswith("lnsgkgsnl/") and len(out["cards"]["active"]) == 3
    bad = json.loads(webapi.dispatch("game_call", json.dumps({"game": "shogi", "name": "validate_cards",
                                                             "args": {"cards": [{"id": "x"}]}})))
    assert bad["error"]["code"] == "shogi.card.bad_name"
    schema = json.loads(webapi.dispatch("game_call", json.dumps({"game": "shogi", "name": "card_schema"})))
    assert len(schema["basic_set"]) == 16


# --- bots --------------------------------------------------------------------------------
BOT_POSITIONS = 4
EXPERT_TEST_NODES = 8_000
"""The expert's node budget in the quick legality test (the full budget, EXPERT_NODES: the slow test below)."""


def bot_positions():
    """(state, seat, seed) of the positions every level is asked about."""
    for seed in range(BOT_POSITIONS):
        st, _ = play_random(seed, {} if seed % 2 else {"ruleset": "hon"}, max_actions=14 + seed * 3)
        if GAME.outcome(st) is None and GAME.to_move(st) != (CHANCE,):
            (seat,) = GAME.to_move(st)
            yield st, seat, seed


@pytest.mark.parametrize("level", GAME.bot_levels)
def test_bots_play_legal_deterministic_actions(level):
    def choose(st, seat, seed):
        if level == "expert":  # the same search on a small node budget
            return search.choose_expert(st, Rng(seed), budget=EXPERT_TEST_NODES)
        return GAME.bot_action(st, seat, level, Rng(seed))

    for st, seat, seed in bot_positions():
        a = choose(st, seat, seed)
        assert a in GAME.legal_actions(st, seat) and a != "resign"
        assert choose(st, seat, seed) == a


@pytest.mark.slow
def test_expert_at_its_full_budget_plays_legal_deterministic_actions():
    st, seat, seed = next(iter(bot_positions()))
    a = GAME.bot_action(st, seat, "expert", Rng(seed))
    assert a in GAME.legal_actions(st, seat) and a != "resign"
    assert GAME.bot_action(st, seat, "expert", Rng(seed)) == a


@pytest.mark.parametrize("level", GAME.bot_levels)
def test_bots_take_the_king(level):
    st = state({"5e": "k", "5i": "R", "1a": "K", "9g": "P"})
    assert GAME.bot_action(st, 0, level, Rng(1)) == "5i5e"


def test_strong_bots_mate_in_one_and_answer_a_draw_choice():
    st = state({"5a": "k", "5c": "P", "9i": "K"}, hands="G", ruleset="hon")
    assert GAME.bot_action(st, 0, "hard", Rng(2)) == "G*5b"
    card = state({"5g": "P", "5a": "k", "5i": "K"}, active=["HI-honno"])
    mid = GAME.apply(GAME.apply(card, 0, "draw"), CHANCE, "card:NULLIFY")
    for level in GAME.bot_levels:
        assert GAME.bot_action(mid, 0, level, Rng(3)) in GAME.legal_actions(mid, 0)


def test_hard_bot_avoids_leaving_its_king_capturable():
    st = state({"5i": "K", "4a": "r", "1a": "k", "9g": "P"})
    assert GAME.bot_action(st, 0, "hard", Rng(5)) not in ("5i4i", "5i4h")
