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
