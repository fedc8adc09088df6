"""One call per click: ``play``/``play_bot``/``look`` on the cached match, ``match.cache_miss`` after a miss."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames import webapi
from pygames.core import cache
from pygames.core.registry import GAME_MODULES, get_game


def call(name: str, /, **kwargs: Any) -> dict[str, Any]:
    return json.loads(webapi.dispatch(name, json.dumps(kwargs)))


def humans(n: int) -> list[dict[str, Any]]:
    return [{"name": f"P{i}", "type": "human"} for i in range(n)]


def click(record: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The page's record after an answer: its actions up to the answer's base ply, then ``added``."""
    base = answer["ply"] - len(answer["added"])
    return {**record, "actions": record["actions"][:base] + answer["added"]}


@pytest.mark.parametrize("name", GAME_MODULES)
def test_a_click_is_one_call_that_matches_the_old_three(name):
    game = get_game(name)
    record = call("new_match", game=name, seed=4, players=humans(game.min_seats))["record"]
    state = call("look", record=record, look=None)
    for _ in range(12):
        if state["general"]["outcome"]:
            break
        seat = state["next"]
        view = next(v for v in state["views"] if v["seat"] == seat)
        if seat not in view["to_move"]:
            seat = view["to_move"][0]
            view = call("view", record=record, seat=seat)
        action = view["legal"][-1]
        old = webapi.apply(record, seat, action)["record"]
        state = call("play", match=state["match"], ply=state["ply"], tip=state["tip"], seat=seat, action=action,
                     look=seat)
        record = click(record, state)
        assert record["actions"] == old["actions"]
        for v in state["views"]:
            assert v == webapi.view(old, v["seat"])
        assert state["general"]["to_move"] == webapi.view(old, None)["to_move"]


def test_next_is_the_person_to_act_and_both_views_come_back():
    record = call("new_match", game="shiji", seed=2, players=humans(2))["record"]
    state = call("look", record=record)
    view = state["views"][0]
    while not view["legal"]:  # simultaneous opening picks: play until one seat acts alone
        seat = view["to_move"][0]
        view = call("view", record=record, seat=seat)
    for _ in range(40):
        seat = view["to_move"][0]
        action = call("view", record=record, seat=seat)["legal"][0]
        state = call("play", record=record, seat=seat, action=action, look=seat, both=True)
        record = click(record, state)
        seats = [v["seat"] for v in state["views"]]
        nxt = state["next"]
        assert seats[0] == seat and nxt == seats[-1]
        if nxt != seat:
            assert nxt in state["general"]["to_move"] and len(seats) == 2
            return
        view = state["views"][-1]
    pytest.fail("the turn never passed to the other person")


def test_cache_miss_then_the_record_and_undo_truncates_the_cache():
    record = call("new_match", game="motto", seed=1, players=humans(3))["record"]
    state = call("look", record=record, look=0)
    stale = dict(state)
    seat = state["next"]
    action = state["views"][-1]["legal"][0]
    moved = call("play", match=state["match"], ply=state["ply"], tip=state["tip"], seat=seat, action=action)
    record = click(record, moved)
    # A wrong tip, an unknown key or a ply beyond the cache is a miss; nothing changes.
    for key, ply, tip in ((stale["match"], moved["ply"], stale["tip"]), ("nope", 0, stale["tip"]),
                          (moved["match"], moved["ply"] + 1, moved["tip"])):
        error = call("play", match=key, ply=ply, tip=tip, seat=0, action="pass")["error"]
        assert error["code"] == "match.cache_miss" and error["message_ja"]
    assert call("look", match=moved["match"], ply=moved["ply"], tip=moved["tip"])["ply"] == moved["ply"]
    # The page goes back to the stale ply (an undo): the cache follows it.
    back = call("look", match=stale["match"], ply=stale["ply"], tip=stale["tip"])
    assert back["ply"] == stale["ply"] and back["tip"] == stale["tip"]
    cache.clear()
    miss = call("play", match=moved["match"], ply=moved["ply"], tip=moved["tip"], seat=1, action="pass")
    assert miss["error"]["code"] == "match.cache_miss"
    again = call("play", record=record, seat=moved["general"]["to_move"][0], action="pass")
    assert again["added"][0].endswith(":pass") and again["ply"] == len(record["actions"]) + len(again["added"])


def test_a_refused_click_changes_nothing_and_play_bot_plays_one_move():
    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"}]
    record = call("new_match", game="shogi", seed=3, players=players)["record"]
    state = call("look", record=record, look=0)
    refused = call("play", match=state["match"], ply=state["ply"], tip=state["tip"], seat=0, action="7g7f ")
    assert refused["error"]["code"] == "match.action.spaces"
    same = call("look", match=state["match"], ply=state["ply"], tip=state["tip"], look=0)
    assert same == state
    seat = state["general"]["to_move"][0]
    if seat == 0:
        action = state["views"][0]["legal"][0]
        state = call("play", match=state["match"], ply=state["ply"], tip=state["tip"], seat=0, action=action, look=0)
    bot = call("play_bot", match=state["match"], ply=state["ply"], tip=state["tip"], seat=1, look=0)
    assert bot["added"][0] == f"1:{bot['action']}" and bot["next"] == 0
    error = call("play_bot", match=bot["match"], ply=bot["ply"], tip=bot["tip"], seat=1)["error"]
    assert error["code"] == "match.not_your_turn"


def test_undo_is_one_call_too():
    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"}]
    record = call("new_match", game="shogi", seed=5, players=players)["record"]
    state = call("look", record=record, look=0)
    if state["general"]["to_move"] != [0]:
        state = call("play_bot", match=state["match"], ply=state["ply"], tip=state["tip"], seat=1, look=0)
    action = state["views"][0]["legal"][0]
    moved = call("play", match=state["match"], ply=state["ply"], tip=state["tip"], seat=0, action=action, look=0)
    replied = call("play_bot", match=moved["match"], ply=moved["ply"], tip=moved["tip"], seat=1, look=0)
    back = call("undo", match=replied["match"], ply=replied["ply"], tip=replied["tip"], seat=0, look=0)
    assert back["ply"] == state["ply"] and back["added"] == [] and back["tip"] == state["tip"]
    assert back["views"] == call("look", match=state["match"], ply=state["ply"], tip=state["tip"], look=0)["views"]
    assert len(back["record"]["actions"]) == state["ply"]


def _puzzle_record(puzzle_id: str) -> dict[str, Any]:
    setup = call("game_call", game="shiji", name="start_puzzle", args={"id": puzzle_id})
    return call("new_match", game="shiji", options=setup["options"], players=setup["players"], seed=1)["record"]


def test_a_puzzle_click_is_one_call_with_the_defence_and_the_log():
    """``play(replies=True, history=True)``: the person's move, then the computer's replies until the
    person is to move again (as the per-step apply/bot_action loop played them), and the whole log."""
    puzzles = call("game_call", game="shiji", name="list_puzzles")["puzzles"]
    puzzle = next(p for p in puzzles if p["depth"] > 1)
    record = _puzzle_record(puzzle["id"])
    state = call("look", record=record, look=0, history=True)
    assert state["log"] == [] and state["next"] == 0
    answer = call("game_call", game="shiji", name="puzzle_solution", args={"id": puzzle["id"]})["answer"]
    clicks = 0
    while not state["general"]["outcome"] and clicks < 20:
        action = answer if clicks == 0 else state["views"][0]["legal"][0]
        old = webapi.apply(record, 0, action)["record"]
        while not webapi.view(old, None)["outcome"] and 1 in webapi.view(old, None)["to_move"]:
            old = webapi.apply(old, 1, webapi.bot_action(old, 1)["action"])["record"]
        state = call("play", match=state["match"], ply=state["ply"], tip=state["tip"], seat=0, action=action,
                     look=0, replies=True, history=True)
        record = click(record, state)
        clicks += 1
        assert record["actions"] == old["actions"]
        assert state["log"] == webapi.log(old)["log"]
        assert state["views"][0] == webapi.view(old, 0)
        assert state["general"]["outcome"] or state["general"]["to_move"] == [0]
    assert clicks >= 2 and state["general"]["outcome"]


def test_without_replies_or_history_a_click_answers_as_before():
    record = _puzzle_record(call("game_call", game="shiji", name="list_puzzles")["puzzles"][0]["id"])
    state = call("look", record=record, look=0)
    assert "log" not in state
    action = state["views"][0]["legal"][0]
    plain = call("play", record=record, seat=0, action=action, look=0)
    assert "log" not in plain and plain["added"] == [f"0:{action}"]
    assert call("play", record=record, seat=0, action=action, look=0, replies=False, history=False) == plain
