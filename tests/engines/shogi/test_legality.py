"""The pin-based legal-move generator (:mod:`pygames.shogi.legality`) gives exactly the list that playing each
move and testing the king gives (:meth:`Position.legal_moves_by_play`), in the same order; the move generator
on ready-made tables (:mod:`pygames.shogi.movetables`) gives what a plain square-by-square one gives."""

from __future__ import annotations

from pathlib import Path

from pygames.core import Rng
from pygames.shogi.formats.decode import decode_bytes
from pygames.shogi.formats.records import import_text
from pygames.shogi.legality import checkers, has_legal_move, pins
from pygames.shogi.pieces import FU, LEAP, PROMOTABLE, SLIDE, parse_sq
from pygames.shogi.position import _DEAD, _ZONE, DROP0, Position, move_usi
from pygames.shogi.start import state_from_sfen

from .helpers import board_sfen

CORPUS = Path(__file__).parent / "corpus"


def reference_pseudo_moves(pos: Position) -> list[int]:
    """:meth:`Position.pseudo_moves` written plainly, square by square (the generator before its move tables)."""
    side, b, t, hon = pos.side, pos.board, pos.tables, pos.hon
    sign = 1 if side == 0 else -1
    zone, dead = _ZONE[side], _DEAD[side]
    out: list[int] = []

    def add(frm: int, to: int, kind: int, p: int) -> None:
        m = frm | to << 7 | kind << 15
        if abs(p) in PROMOTABLE and (zone[frm] or zone[to]):
            out.append(m | 1 << 14)
            if not (hon and dead[p][to]):
                out.append(m)
        else:
            out.append(m)

    for sq in range(81):
        p = b[sq]
        if p * sign <= 0:
            continue
        for to in t.leaps[p][sq]:
            if b[to] * sign <= 0:
                add(sq, to, LEAP, p)
        for ray in t.rays[p][sq]:
            for to in ray:
                if b[to] * sign > 0:
                    break
                add(sq, to, SLIDE, p)
                if b[to]:
                    break
    files = pos.pawn_files(side)
    for code in range(1, 8):
        if pos.hands[side][code]:
            out += [DROP0 + code | to << 7 for to in range(81) if not b[to] and not (
                hon and (dead[code * sign][to] or code == FU and files[to % 9]))]
    return out


def same(pos: Position) -> list[int]:
    """The legal moves of ``pos`` after checking both generators agree with their references (same moves,
    same order), for both sides to move."""
    side = pos.side
    for s in (side ^ 1, side):  # the side not to move too: its king may be attacked (a king capture is there)
        pos.side = s
        assert pos.pseudo_moves() == reference_pseudo_moves(pos), pos.board
        assert pos.pawn_files(s) == [any(pos.board[y * 9 + x] == (FU if s == 0 else -FU) for y in range(9))
                                     for x in range(9)]
        got = pos.legal_moves()
        assert got == pos.legal_moves_by_play(), pos.board
        assert has_legal_move(pos) == bool(got)
    return got


def checks_given(pos: Position, m: int) -> int:
    """How many pieces check the opponent's king after ``m``."""
    cap = pos.do(m)
    ksq = pos.kings[pos.side]
    n = len(checkers(pos.board, ksq, pos.side ^ 1, pos.tables)) if ksq >= 0 else 0
    pos.undo(m, cap)
    return n


def test_every_position_of_the_record_corpus():
    tried = checked = 0
    for path in sorted(CORPUS.iterdir()):
        if path.suffix not in (".kif", ".kifu", ".ki2", ".ki2u", ".csa"):
            continue
        data = import_text(decode_bytes(path.read_bytes(), path.name)[0], path.name)
        pos = state_from_sfen(data["sfen"], "hon").position()
        for usi in data["moves"]:
            legal = {move_usi(m): m for m in same(pos)}
            tried += 1
            checked += pos.in_check()
            if usi not in legal:  # a declaration or a record's own foul: the record ends here
                break
            pos.do(legal[usi])
    assert tried > 2000 and checked > 100


def test_seeded_games_rich_in_checks_drops_and_pins():
    """Random games from positions with full hands where, half the time, a move giving double check or else
    check is chosen when there is one: double checks, pinned pieces, pawn drops in front of a king, kings
    stepping into slides."""
    rng = Rng(26)
    starts = ["startpos", "lnsgk4/9/ppppp4/9/9/9/4PPPPP/9/4KGSNL b RBGSNLPrbgsnlp 1",
              "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1", "8k/7PP/9/9/4r4/9/9/1B7/K8 w G2S2N2L2Pb2g 1"]
    seen_checks = seen_double = seen_pins = 0
    for game in range(24):
        pos = state_from_sfen(starts[game % len(starts)], "hon").position()
        for _ply in range(120):
            moves = same(pos)
            if not moves:
                break
            ksq = pos.kings[pos.side]
            if ksq >= 0:
                n = len(checkers(pos.board, ksq, pos.side ^ 1, pos.tables))
                seen_checks += n > 0
                seen_double += n > 1
                seen_pins += bool(pins(pos.board, pos.side, ksq, pos.tables))
            given = {m: checks_given(pos, m) for m in moves} if rng.randbelow(2) else {}
            double = [m for m, n in given.items() if n > 1]
            pos.do(rng.choice(double or [m for m, n in given.items() if n] or moves))
            if min(pos.kings) < 0:
                break
    assert seen_checks > 300 and seen_double >= 5 and seen_pins > 100


def test_card_tables_agree_too():
    """The rays and leaps into the king come from the move tables, so changed pieces agree as well."""
    rng = Rng(3)
    for active in (["KE-hachiho", "HI-honno"], ["KY-hansha", "KA-hoo", "GI-mohyo"], ["FU-tate", "KI-kinjo"]):
        pos = state_from_sfen("startpos", "cards", active).position()
        for _ply in range(90):
            moves = same(pos)
            if not moves:
                break
            pos.do(rng.choice(moves))
            if min(pos.kings) < 0:
                break


def position(pieces: dict[str, str], side: str = "b", hands: str = "-") -> Position:
    return state_from_sfen(board_sfen(pieces, side, hands), "hon").position()


def usis(pos: Position) -> set[str]:
    return {move_usi(m) for m in same(pos)}


def test_a_pinned_piece_moves_only_on_its_line_and_may_take_the_pinner():
    pos = position({"5i": "K", "5g": "R", "5b": "r", "1a": "k", "3g": "G"})
    moves = usis(pos)
    assert {"5g5h", "5g5f", "5g5b"} <= moves and "5g4g" not in moves and "5g5a" not in moves
    assert pins(pos.board, 0, parse_sq("5i"), pos.tables) == {parse_sq("5g"): tuple(
        parse_sq(s) for s in ("5h", "5g", "5f", "5e", "5d", "5c", "5b"))}


def test_double_check_leaves_only_king_moves():
    pos = position({"5i": "K", "5a": "r", "1e": "b", "4g": "G", "1a": "k"}, hands="P")
    assert len(checkers(pos.board, parse_sq("5i"), 1, pos.tables)) == 2
    moves = usis(pos)
    assert moves and all(m.startswith("5i") for m in moves) and "5i5h" not in moves


def test_a_king_may_not_step_back_along_the_slide_that_checks_it():
    pos = position({"5e": "K", "5a": "r", "1a": "k"}, hands="G")
    moves = usis(pos)
    assert "5e5f" not in moves and "5e4e" in moves and "G*5b" in moves and "G*6e" not in moves


def test_pawn_drop_mate_stays_illegal_when_only_a_pinned_piece_could_take():
    # 後手's king on 1a: 2b is covered by the silver, the pawn on 1b by the lance; only the gold on 2a could take
    pos = position({"1a": "k", "2a": "g", "5a": "R", "2c": "S", "1d": "L", "9i": "K"}, hands="P")
    assert "P*1b" not in usis(pos)  # the gold on 2a may not take: it is pinned by the rook on 5a
    pos.board[parse_sq("5a")] = 0
    assert "P*1b" in usis(pos)


def test_kings_are_found_as_a_scan_finds_them():
    board = [0] * 81
    assert Position(board[:], [[0] * 8, [0] * 8], 0).kings == [-1, -1]
    board[4], board[76], board[30] = -8, 8, 8  # two 先手 kings (a broken composition): the last one counts
    assert Position(board, [[0] * 8, [0] * 8], 0).kings == [76, 4]
