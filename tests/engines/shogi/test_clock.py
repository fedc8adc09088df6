"""Clocks: the option checked, ``timeout`` ends the game as 切れ負け only with a clock, the computer's
budget follows its time, and exports name the result."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.core.match import Match
from pygames.shogi.calls import export_record
from pygames.shogi.clock import bot_nodes, check_clock
from pygames.shogi.search import EXPERT_NODES

PEOPLE = [{"type": "human", "name": ""}, {"type": "human", "name": ""}]


def test_clock_option_is_checked() -> None:
    assert check_clock(None) is None
    assert check_clock({"main": 600, "byoyomi": 30}) == (600, 30)
    for bad in ({"main": -1}, {"main": 0, "byoyomi": 0}, {"main": "60"}, {"main": 60, "x": 1}, [60, 30], {"byoyomi": 10**6}):
        with pytest.raises(GameError):
            check_clock(bad)
    with pytest.raises(GameError):
        Match.new("shogi", {"ruleset": "hon", "clock": {"main": True}}, PEOPLE, 1)


@pytest.mark.parametrize("ruleset", ["hon", "cards"])
def test_timeout_ends_the_game_for_the_side_to_move(ruleset: str) -> None:
    match = Match.new("shogi", {"ruleset": ruleset, "clock": {"main": 10, "byoyomi": 0}}, PEOPLE, 1)
    seat = match.to_move()[0]
    assert "timeout" in match.game.legal_actions(match.state, seat)
    match.play(seat, "timeout")
    out = match.game.outcome(match.state)
    assert out is not None and out.winners == (1 - seat,) and out.details["code"] == "timeout"
    if ruleset == "hon":
        assert "切れ負け" in export_record(match, "kifu")["text"]
        assert "%TIME_UP" in export_record(match, "csa")["text"]


def test_timeout_without_a_clock_is_refused() -> None:
    match = Match.new("shogi", {"ruleset": "hon"}, PEOPLE, 1)
    assert "timeout" not in match.game.legal_actions(match.state, 0)
    with pytest.raises(GameError):
        match.play(0, "timeout")
    assert match.ply == 0


def test_the_computer_budget_follows_its_clock() -> None:
    assert bot_nodes(None, EXPERT_NODES) == EXPERT_NODES
    assert bot_nodes((0, 1), EXPERT_NODES) < bot_nodes((0, 3), EXPERT_NODES) <= EXPERT_NODES
    assert bot_nodes((3600, 60), EXPERT_NODES) == EXPERT_NODES
    assert bot_nodes((0, 1), EXPERT_NODES) >= 1_000
