"""本将棋: perft, legal-move rules (打ち歩詰め, dead pieces, self-check), checkmate."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.shogi import GAME
from pygames.shogi.formats.usi import Board
from pygames.shogi.position import Position
from pygames.shogi.sfen import STARTPOS, parse_sfen

from .helpers import state

PERFT = [(1, 30), (2, 900), (3, 25_470), (4, 719_731)]
CI_PERFT_DEPTH = 3
"""Depths up to this run in CI; depth 4 runs in bench/shogi_movegen.py (1-2 s here, more under load)."""


@pytest.mark.parametrize("depth,nodes", [p for p in PERFT if p[0] <= CI_PERFT_DEPTH])
def test_perft_from_the_start_position(depth, nodes):
    board, hands, side, _ = parse_sfen(STARTPOS)
    assert Position(board, hands, side).perft(depth) == nodes


def test_position_with_593_legal_moves():
    board = Board.from_sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", ruleset="hon")
    assert len(board.legal_moves()) == 593
    assert len(set(board.legal_moves())) == 593


def test_sfen_legal_moves_push_and_sfen_again():
    board = Board.from_sfen("startpos", ruleset="hon")
    assert sorted(board.legal_moves())[:3] == ["1g1f", "1i1h", "2g2f"]
    board.push("7g7f")
    assert board.sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    with pytest.raises(GameError):
        board.push("7f7e")  # not 先手's turn any more: 後手 has no piece on 7f


UCHIFUZUME = {"1a": "k", "1c": "L", "3b": "G", "9i": "K"}


def test_pawn_drop_mate_is_illegal_in_hon_only():
    hon = state(UCHIFUZUME, hands="P", ruleset="hon")
    assert "P*1b" not in GAME.legal_actions(hon, 0)
    with pytest.raises(GameError) as err:
        GAME.apply(hon, 0, "P*1b")
    assert err.value.code == "shogi.uchifuzume"
    assert "P*1b" in GAME.legal_actions(state(UCHIFUZUME, hands="P"), 0)  # 打ち歩詰めＯＫ in the card game


def test_pawn_drop_check_that_is_not_mate_is_legal():
    pieces = dict(UCHIFUZUME)
    del pieces["3b"]
    assert "P*1b" in GAME.legal_actions(state(pieces, hands="P", ruleset="hon"), 0)


def test_pawn_move_mate_is_legal():
    st = state({"1a": "k", "1c": "P", "1d": "L", "3b": "G", "9i": "K"}, ruleset="hon")
    after = GAME.apply(st, 0, "1c1b")
    assert GAME.outcome(after).details["code"] == "checkmate"


def test_checkmate_ends_the_game():
    st = state({"5a": "k", "5c": "P", "9i": "K"}, hands="G", ruleset="hon")
    after = GAME.apply(st, 0, "G*5b")
    out = GAME.outcome(after)
    assert out.winners == (0,) and out.details["code"] == "checkmate"
    assert GAME.to_move(after) == () and GAME.legal_actions(after, 1) == []


def test_dead_drops_and_forced_promotion_in_hon():
    st = state({"5b": "P", "3c": "N", "7b": "L", "1a": "k", "9i": "K"}, hands="PLN", ruleset="hon")
    legal = set(GAME.legal_actions(st, 0))
    assert "P*4a" not in legal and "L*4a" not in legal and "N*4b" not in legal and "N*4c" in legal
    assert "5b5a+" in legal and "5b5a" not in legal and "3c2a+" in legal and "3c2a" not in legal
    assert "7b7a+" in legal and "7b7a" not in legal
    view = GAME.view(st, 0)
    assert {m["to"]: m["promotion"] for m in view["moves"]["5b"]}["5a"] == "forced"
    for action, code in [("P*4a", "shogi.dead_piece"), ("5b5a", "shogi.must_promote"), ("N*4b", "shogi.dead_piece")]:
        with pytest.raises(GameError) as err:
            GAME.apply(st, 0, action)
        assert err.value.code == code


def test_pinned_piece_cannot_expose_the_king():
    st = state({"5i": "K", "5h": "G", "5a": "r", "1a": "k"}, ruleset="hon")
    assert "5h4h" not in GAME.legal_actions(st, 0) and "5h5g" in GAME.legal_actions(st, 0)


def test_no_draw_action_in_hon():
    st = state({"5g": "P", "1a": "k", "9i": "K"}, ruleset="hon")
    assert "draw" not in GAME.legal_actions(st, 0)
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, "draw")
    assert err.value.code == "shogi.draw.hon"
    assert GAME.view(st, 0)["cards"] is None


def test_hon_start_sfen_option_needs_both_kings():
    with pytest.raises(GameError) as err:
        GAME.normalize_options({"ruleset": "hon", "sfen": "9/9/9/9/9/9/9/9/9 b P 1"}, 2)
    assert err.value.code == "shogi.sfen.kings"


def test_pseudo_move_gives_exactly_what_the_generator_gives():
    """Checking one move (the expert's TT move and killers) agrees with generating them all."""
    from pygames.core import Rng
    from pygames.shogi.start import state_from_sfen
    rng = Rng(9)
    seen_keys: set[int] = {0, 127 | 5 << 7, 88 | 40 << 7 | 1 << 14, 90 | 81 << 7}  # and malformed keys
    checked = 0
    for ruleset, active in (("hon", None), ("cards", ["KE-hachiho", "HI-honno"])):
        st = state_from_sfen("startpos", ruleset, **({"active": active} if active else {}))
        for _ in range(90):  # a seeded random game: drops, captures, promotions, pawns on files
            pos = st.position()
            for side in (0, 1):
                pos.side = side
                generated: dict[int, int] = {}
                for m in pos.pseudo_moves():
                    generated.setdefault(m & 32767, m)
                seen_keys |= set(generated)
                for key in seen_keys:  # this position's keys and those of other positions and of the other side
                    assert pos.pseudo_move(key) == generated.get(key, 0), (ruleset, st.ply, side, key)
                    checked += key in generated
            moves = [a for a in GAME.legal_actions(st, st.side) if a not in ("resign", "draw")]
            if not moves or st.phase != "move":
                break
            st = GAME.apply(st, st.side, rng.choice(moves))
    assert checked > 5000
