"""The expert's square-set scans give what the square-by-square ones of Position give."""

from __future__ import annotations

from pygames.core import Rng
from pygames.shogi import GAME, masks
from pygames.shogi.pieces import FU
from pygames.shogi.position import DROP0
from pygames.shogi.search import Expert
from pygames.shogi.start import state_from_sfen


def _squares(board: list[int], test) -> int:
    return sum(1 << sq for sq, p in enumerate(board) if test(p))


def test_captures_and_attacks_equal_the_position_scans():
    rng = Rng(5)
    seen = attacks = 0
    for ruleset, active in (("hon", None), ("cards", ["FU-tetsu", "KY-hansha", "HI-honno"])):
        st = state_from_sfen("startpos", ruleset, **({"active": active} if active else {}))
        for _ in range(120):  # a seeded random game
            moves = [a for a in GAME.legal_actions(st, st.side) if a not in ("resign", "draw")]
            if not moves or st.phase != "move":
                break
            pos = st.position()
            mk = masks.masks_for(pos.tables)
            occ = (_squares(pos.board, lambda p: p > 0), _squares(pos.board, lambda p: p < 0))
            for side in (0, 1):
                pos.side = side
                pawns = _squares(pos.board, lambda p: p == (FU if side == 0 else -FU)) & mk.pawn_mask
                found = masks.captures(pos.board, side, occ[side], occ[side ^ 1], pawns, mk, pos.tables)
                assert found == pos.captures()
                seen += len(found)
                for sq in range(81):  # the attack test with square sets, on every square for each colour
                    assert masks.attacked(pos.board, sq, side, occ[side], mk, pos.tables) == pos.attacked(sq, side)
                    attacks += pos.attacked(sq, side)
            st = GAME.apply(st, st.side, rng.choice(moves))
    assert seen > 200 and attacks > 5000


def test_the_expert_generates_the_moves_of_the_position_scan_from_its_square_sets():
    rng = Rng(8)
    st = state_from_sfen("startpos", "hon")
    drops = 0
    for _ in range(150):  # a seeded random game: captures fill the hands, so drops (and 二歩) come up
        moves = [a for a in GAME.legal_actions(st, st.side) if a not in ("resign", "draw")]
        if not moves:
            break
        pos = st.position()
        expected = pos.pseudo_moves()
        assert Expert(100, False, pos).moves(pos) == expected
        drops += sum(1 for m in expected if (m & 127) >= DROP0)
        st = GAME.apply(st, st.side, rng.choice(moves))
    assert drops > 500


def test_pawns_are_scanned_as_a_set_only_where_they_take_the_square_ahead():
    assert masks.masks_for(state_from_sfen("startpos", "hon").position().tables).pawn_mask
    changed = state_from_sfen("startpos", "cards", active=["FU-tetsu"]).position().tables  # 鉄将歩: a pawn moves as 鉄将
    assert masks.masks_for(changed).pawn_mask == 0


def test_between_lists_the_squares_strictly_inside_a_line():
    assert masks.BETWEEN[0][80] == frozenset(range(10, 80, 10))  # ９一 to １九 along the diagonal
    assert masks.BETWEEN[80][0] == masks.BETWEEN[0][80] and masks.BETWEEN[4][76] == frozenset(range(13, 76, 9))
    assert masks.BETWEEN[0][1] == frozenset() and masks.BETWEEN[0][11] == frozenset()  # next to it; not on a line
