"""Perft of the card variant (issue 23): leaf counts that pin the move generator with cards active.

The counts in ``perft_cards.json`` were computed by our generator (no outside engine plays these
cards), so the tests check them for consistency: depth 1 is the board part of ``legal_actions``
and of the move table; depth 2 is the sum of the children's depth 1; playing the moves leaves the
position as it was (apply never mutates); and with no card active, the opening gives standard
shogi's published figures (30, 900).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygames.shogi import GAME, rules
from pygames.shogi.start import state_from_sfen

from .perft import board_actions, perft, position

DATA = json.loads((Path(__file__).parent / "perft_cards.json").read_text(encoding="utf-8"))
POSITIONS = DATA["positions"]


def test_the_file_holds_card_positions():
    assert len(POSITIONS) >= 5
    assert all(entry["active"] and entry["source"] for entry in POSITIONS)


@pytest.mark.parametrize("entry", POSITIONS, ids=lambda e: e["source"].rsplit(",", 2)[-2].strip())
def test_perft_of_card_positions(entry):
    state = position(entry)
    before = json.dumps(GAME.view(state, state.side), sort_keys=True, ensure_ascii=False)
    moves = board_actions(state)
    assert len(moves) == len(set(moves)) == len(rules.moves_table(state)) == entry["perft"][0]
    children = [GAME.apply(state, state.side, a) for a in moves]
    assert sum(perft(child, 1) for child in children) == perft(state, 2) == entry["perft"][1]
    # make/unmake: every move was played from ``state`` and it is unchanged
    assert json.dumps(GAME.view(state, state.side), sort_keys=True, ensure_ascii=False) == before
    assert board_actions(state) == moves


def test_no_card_active_gives_standard_shogi_figures():
    start = state_from_sfen("startpos", "cards", [])
    assert [perft(start, 1), perft(start, 2)] == [30, 900]
    assert perft(state_from_sfen("startpos", "hon"), 1) == 30


def _perft_by_rules(state, depth: int) -> int:
    """The same count by another path: the rules' move table and ``play_move`` (no protocol, no parse)."""
    if depth == 0:
        return 1
    if state.phase != "move":
        return 0
    moves = [a for a, (_, foul) in rules.moves_table(state).items() if foul is None]
    if depth == 1:
        return len(moves)
    return sum(_perft_by_rules(rules.play_move(state, a), depth - 1) for a in moves)


def test_hon_perft_depth_3_through_the_protocol():
    """25,470: standard shogi's published depth-3 figure, counted through GAME.legal_actions/apply."""
    assert perft(state_from_sfen("startpos", "hon"), 3) == 25_470


@pytest.mark.parametrize("entry", [e for e in POSITIONS if len(e["perft"]) > 2],
                         ids=lambda e: e["source"].rsplit(",", 2)[-2].strip())
def test_card_perft_depth_3(entry):
    """Depth 3 with cards active (about 0.7 s CPU): the protocol and the rules' own path agree on the pinned figure."""
    assert perft(position(entry), 3) == _perft_by_rules(position(entry), 3) == entry["perft"][2]
