"""詰み札: every shipped puzzle is re-proved; the puzzle calls and puzzle play work end to end."""

from __future__ import annotations

import json

import pytest

from pygames import webapi
from pygames.shiji import GAME
from pygames.shiji.position import check_position, state_from_position
from pygames.shiji.puzzles import all_puzzles
from pygames.shiji.solver import Solver

from .helpers import position

PUZZLES = all_puzzles()


def call(_fn, **kw):
    out = json.loads(webapi.dispatch(_fn, json.dumps(kw)))
    assert "error" not in out, out
    return out


def test_enough_puzzles_in_three_levels():
    assert len(PUZZLES) >= 30
    levels = {p["level"] for p in PUZZLES}
    assert len(levels) >= 3
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_shipped_puzzle_is_proved(puzzle):
    pos = check_position(puzzle["position"])
    s = state_from_position(pos)
    solver = Solver(GAME)
    depth = puzzle["depth"]
    assert not solver.wins(s, 0, depth - 1)            # not shorter than its level says
    assert solver.winning_moves(s, 0, depth) == [puzzle["answer"]]   # exactly one winning first placement


def test_solver_on_hand_made_positions():
    # going out with the only superior shell: 21 beats 19... only "place 2 1"? both 12 and 21 beat 10
    s = position([["1", "2"], ["3", "4", "5"]], to_beat=15)
    solver = Solver(GAME)
    assert solver.winning_moves(s, 0, 1) == ["place 2 1"]
    # nothing beats 98 and no star: lost at once, so no forced win
    s = position([["1", "2", "3"], ["3", "4", "5"]], to_beat=98)
    assert solver.depth(s, 0, 3) is None


def test_puzzle_calls_and_play_through_the_engine():
    listing = call("game_call", game="shiji", name="list_puzzles", args={})
    assert len(listing["puzzles"]) == len(PUZZLES) and len(listing["levels"]) == 3
    first = PUZZLES[0]
    setup = call("game_call", game="shiji", name="start_puzzle", args={"id": first["id"]})
    record = call("new_match", game="shiji", options=setup["options"], players=setup["players"], seed=1)["record"]
    view = call("view", record=record, seat=1)
    assert view["view"]["players"][0]["hand"] is not None      # open hands in puzzle mode
    verdict = call("game_call", game="shiji", name="check_puzzle_move", args={"id": first["id"], "action": first["answer"]})
    assert verdict["correct"] and verdict["legal"]
    record = call("apply", record=record, seat=0, action=first["answer"])["record"]
    for _ in range(60):
        v = call("view", record=record, seat=0)
        if v["outcome"]:
            break
        seat = v["to_move"][0]
        if seat == 1:
            action = call("bot_action", record=record, seat=1)["action"]
        else:
            action = call("bot_action", record=record, seat=0)["action"]   # the solver finds the win
        record = call("apply", record=record, seat=seat, action=action)["record"]
    assert v["outcome"]["winners"] == [0]
    solution = call("game_call", game="shiji", name="puzzle_solution", args={"id": first["id"]})
    assert solution["answer"] == first["answer"] and solution["line"][0]["action"] == first["answer"]
    assert solution["result"] is not None


def test_wrong_and_unknown_puzzle_moves():
    first = PUZZLES[0]
    s = state_from_position(first["position"])
    wrong = next((a for a in GAME.legal_actions(s, 0) if a != first["answer"] and a.startswith("place")), None)
    if wrong:
        verdict = call("game_call", game="shiji", name="check_puzzle_move", args={"id": first["id"], "action": wrong})
        assert not verdict["correct"] and verdict["legal"]
    err = json.loads(webapi.dispatch("game_call", json.dumps({"game": "shiji", "name": "start_puzzle",
                                                              "args": {"id": "nope"}})))["error"]
    assert err["code"] == "shiji.puzzle.unknown"
