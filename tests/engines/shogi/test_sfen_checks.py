"""本将棋 SFEN validation: impossible positions are refused with a coded reason; odd digits never crash."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.shogi import GAME
from pygames.shogi.sfen import parse_sfen


def hon(sfen: str) -> str:
    return GAME.normalize_options({"ruleset": "hon", "sfen": sfen}, 2)["sfen"]


@pytest.mark.parametrize("sfen,code", [
    ("4k4/9/9/9/9/9/P8/P8/4K4 b - 1", "shogi.sfen.nifu"),
    ("4k4/p8/p8/9/9/9/9/9/4K4 b - 1", "shogi.sfen.nifu"),
    ("4k3P/9/9/9/9/9/9/9/4K4 b - 1", "shogi.sfen.dead_piece"),
    ("L3k4/9/9/9/9/9/9/9/4K4 b - 1", "shogi.sfen.dead_piece"),
    ("4k4/N8/9/9/9/9/9/9/4K4 b - 1", "shogi.sfen.dead_piece"),
    ("4k4/9/9/9/9/9/9/9/4K3n b - 1", "shogi.sfen.dead_piece"),
    ("4k4/9/9/9/9/9/9/9/4K3p b - 1", "shogi.sfen.dead_piece"),
    ("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "shogi.sfen.opponent_in_check"),
    ("4k4/9/2B6/9/9/9/9/9/4K4 b - 1", "shogi.sfen.opponent_in_check"),
    ("9/9/9/9/9/9/9/9/9 b 2R 1", "shogi.sfen.kings"),
    ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", "shogi.sfen.kings"),
])
def test_impossible_hon_positions_are_refused(sfen, code):
    with pytest.raises(GameError) as err:
        hon(sfen)
    assert err.value.code == code and err.value.message_en.startswith("Invalid SFEN")


def test_possible_positions_pass():
    assert hon("4k4/4R4/9/9/9/9/9/9/4K4 w - 1").startswith("4k4/4R4")  # in check, but to move
    assert hon("4k4/9/9/9/9/9/P8/+P8/4K4 b - 1")  # a tokin beside a pawn is no 二歩
    assert hon("8k/9/9/9/9/9/9/9/9 b 2R 1")  # 詰将棋: no attacker king
    st = GAME.initial_state(GAME.normalize_options({"ruleset": "hon", "sfen": "8k/9/9/9/9/9/9/9/9 b 2R 1"}, 2), 2)
    assert "R*1b" in GAME.legal_actions(st, 0)


def test_dead_pieces_are_legal_in_the_card_game():
    opts = GAME.normalize_options({"ruleset": "cards", "sfen": "4k3P/9/9/9/9/9/9/9/4K4 b - 1"}, 2)
    assert opts["sfen"].startswith("4k3P")


@pytest.mark.parametrize("sfen", ["4k4/9/9/9/9/9/9/9/4K4 b ²P 1", "4k4/9/9/9/9/9/9/9/4K4 b - ²",
                                  "4k²4/9/9/9/9/9/9/9/4K4 b - 1", "4k4/9/9/9/9/9/9/9/4K4 b ٣P 1",
                                  "4k4/9/9/9/9/9/9/9/4K4 b 000001P 1"])
def test_unicode_digits_are_a_coded_error(sfen):
    with pytest.raises(GameError) as err:
        parse_sfen(sfen)
    assert err.value.code == "shogi.sfen.invalid"
