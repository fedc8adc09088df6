"""A mutable shogi position and the one move generator for cards and 本将棋.

Moves are ints: ``frm | to << 7 | promote << 14 | kinds << 15`` where ``frm`` is a square
(0-80) or ``81 + code`` for a drop, and ``kinds`` has bit LEAP (射程移動) and/or SLIDE (矢印移動).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import legality, movetables
from .pieces import (DROP0, FU, OU, PROMOTABLE, PROMOTE, KIND_OF, LEAP, SLIDE, STANDARD_TABLES,
                     Tables, _DEAD, _ZONE, sq_name, parse_sq, USI_LETTER, LETTER_CODE)

MOVE_MASK = (1 << 15) - 1
_ALIGNED = [[False] * 81 for _ in range(81)]
for _a in range(81):
    for _b in range(81):
        dx, dy = _b % 9 - _a % 9, _b // 9 - _a // 9
        _ALIGNED[_a][_b] = _a != _b and (dx == 0 or dy == 0 or abs(dx) == abs(dy))


def _last(board: list[int], p: int) -> int:
    """The last square holding ``p`` (-1 if none)."""
    if p not in board:
        return -1
    return 80 - board[::-1].index(p)


class _UsiNames(dict[int, str]):
    """Move key (a move without its kinds bits) -> USI text, each worked out the first time it is asked for."""

    def __missing__(self, key: int) -> str:
        frm, to = key & 127, (key >> 7) & 127
        if frm >= DROP0:
            text = f"{USI_LETTER[frm - DROP0]}*{sq_name(to)}"
        else:
            text = sq_name(frm) + sq_name(to) + ("+" if (key >> 14) & 1 else "")
        self[key] = text
        return text


USI_NAMES = _UsiNames()
"""``USI_NAMES[m & MOVE_MASK]`` is :func:`move_usi` of ``m`` without a Python call once it was met."""


def move_usi(m: int) -> str:
    """USI text of a move int."""
    return USI_NAMES[m & MOVE_MASK]


def parse_usi(text: str) -> int:
    """The move int (kinds unset) of a USI move; ValueError if malformed."""
    if not isinstance(text, str):
        raise ValueError(text)
    if len(text) == 4 and text[1] == "*":
        code = LETTER_CODE.get(text[0])
        if code is None or code == OU:
            raise ValueError(text)
        return DROP0 + code | parse_sq(text[2:]) << 7
    if len(text) in (4, 5) and (len(text) == 4 or text[4] == "+"):
        frm, to = parse_sq(text[:2]), parse_sq(text[2:4])
        if frm == to:
            raise ValueError(text)
        return frm | to << 7 | (len(text) == 5) << 14
    raise ValueError(text)


class Position:
    """Board (81 signed ints), hands (per colour, counts by code 1-7), side to move, tables."""

    __slots__ = ("board", "hands", "side", "tables", "hon", "kings")

    def __init__(self, board: list[int], hands: list[list[int]], side: int, tables: Tables = STANDARD_TABLES,
                 hon: bool = True) -> None:
        self.board = board
        self.hands = hands
        self.side = side
        self.tables = tables
        self.hon = hon
        self.kings = [_last(board, OU), _last(board, -OU)]

    def copy(self) -> "Position":
        """An independent copy."""
        return Position(self.board[:], [self.hands[0][:], self.hands[1][:]], self.side, self.tables, self.hon)

    # --- attacks -----------------------------------------------------------------------
    def attacked(self, sq: int, by: int) -> bool:
        """True if a piece of colour ``by`` could move to ``sq`` (leap or slide)."""
        b = self.board
        for fsq, codes in self.tables.leap_att[by][sq]:
            if b[fsq] in codes:
                return True
        for ray, codes in self.tables.ray_att[by][sq]:
            for t in ray:
                q = b[t]
                if q:
                    if q in codes:
                        return True
                    break
        return False

    def in_check(self, color: int | None = None) -> bool:
        """True if ``color``'s king (default: side to move) is attacked."""
        color = self.side if color is None else color
        k = self.kings[color]
        return k >= 0 and self.attacked(k, color ^ 1)

    # --- generation --------------------------------------------------------------------
    def pseudo_moves(self, own: Sequence[int] | None = None, empty: Sequence[int] | None = None,
                     pawn_files: list[bool] | None = None) -> list[int]:
        """Every board move and drop ignoring self-check and fouls. In 本将棋, dead moves/drops
        and 二歩 drops are left out and promotion is forced where a piece would be dead. A caller that
        keeps them may give the side to move's squares, the empty squares (both ascending) and its
        pawns' files (as :meth:`pawn_files`): the same list comes out."""
        side, b, t = self.side, self.board, self.tables
        sign = 1 if side == 0 else -1
        hon = self.hon
        out: list[int] = []
        ready = movetables.tables_of(t, hon)
        for sq in range(81) if own is None else own:
            p = b[sq]
            if p * sign <= 0:
                continue
            leaps, rays = (ready[p] or movetables.piece_moves(t, hon, p))[sq]
            for to, ms in leaps:
                if b[to] * sign <= 0:
                    out += ms
            for ray in rays:
                for to, ms in ray:
                    q = b[to]
                    if q * sign > 0:
                        break
                    out += ms
                    if q:
                        break
        hand = self.hands[side]
        if any(hand[1:8]):
            if empty is None:
                empty = [sq for sq in range(81) if not b[sq]]
            drops = movetables.drop_rows(side, hon)
            for code in (1, 2, 3, 4, 5, 6, 7):
                if not hand[code]:
                    continue
                if hon and code == FU:
                    row, holes = movetables.pawn_drops(side, self.pawn_files(side) if pawn_files is None else pawn_files)
                else:
                    row, holes = drops[code]
                if holes:
                    out += filter(None, map(row.__getitem__, empty))
                else:
                    out += map(row.__getitem__, empty)
        return out

    def pseudo_move(self, key: int) -> int:
        """The move :meth:`pseudo_moves` would give for ``key`` (a move without its kinds bits), with
        its kinds bits; 0 if it would give none. As one move of that list, without generating it."""
        frm, to, promote = key & 127, (key >> 7) & 127, (key >> 14) & 1
        if key >> 15 or to > 80:
            return 0
        side, b = self.side, self.board
        sign = 1 if side == 0 else -1
        if frm >= DROP0:
            code = frm - DROP0
            if promote or not 0 < code < 8 or not self.hands[side][code] or b[to]:
                return 0
            if self.hon and (_DEAD[side][code * sign][to]
                             or code == FU and FU * sign in b[to % 9::9]):
                return 0
            return key
        p = b[frm]
        if p * sign <= 0 or b[to] * sign > 0:
            return 0
        t = self.tables
        if to in t.leaps[p][frm]:
            kinds = LEAP
        else:
            for ray in t.rays[p][frm]:
                if to in ray:
                    if any(b[sq] for sq in ray[:ray.index(to)]):
                        return 0
                    break
            else:
                return 0
            kinds = SLIDE
        zone = _ZONE[side]
        may_promote = (p * sign) in PROMOTABLE and (zone[frm] or zone[to])
        if promote and not may_promote or not promote and may_promote and self.hon and _DEAD[side][p][to]:
            return 0
        return key | kinds << 15

    def captures(self) -> list[int]:
        """Pseudo-legal captures only (promoting when allowed), for quiescence search."""
        side, b, t = self.side, self.board, self.tables
        sign = 1 if side == 0 else -1
        zone = _ZONE[side]
        out: list[int] = []
        leaps, rays = t.leaps, t.rays
        for sq in range(81):
            p = b[sq]
            if p * sign <= 0:
                continue
            prom = (p * sign) in PROMOTABLE
            for to in leaps[p][sq]:
                if b[to] * sign < 0:
                    out.append(sq | to << 7 | LEAP << 15 | ((prom and (zone[sq] or zone[to])) << 14))
            for ray in rays[p][sq]:
                for to in ray:
                    q = b[to]
                    if q:
                        if q * sign < 0:
                            out.append(sq | to << 7 | SLIDE << 15 | ((prom and (zone[sq] or zone[to])) << 14))
                        break
        return out

    def pawn_files(self, side: int) -> list[bool]:
        """Files (x index) holding an unpromoted pawn of ``side``."""
        p = FU if side == 0 else -FU
        b = self.board
        return [p in b[x::9] for x in range(9)]

    def legal_moves(self) -> list[int]:
        """本将棋 legal moves: no self-check, no 打ち歩詰め (plus the pseudo-move rules), in the order of
        :meth:`pseudo_moves` (:func:`pygames.shogi.legality.legal_moves`)."""
        return legality.legal_moves(self)

    def legal_moves_by_play(self) -> list[int]:
        """:meth:`legal_moves` worked out by playing each move that could expose the king (the reference
        the tests compare the pin-based generator with)."""
        side = self.side
        ksq = self.kings[side]
        checked = ksq >= 0 and self.attacked(ksq, side ^ 1)
        out = []
        aligned = _ALIGNED[ksq] if ksq >= 0 else None
        for m in self.pseudo_moves():
            frm = m & 127
            if frm >= DROP0:
                if checked and not self._safe_after(m):
                    continue
                if frm == DROP0 + FU and self._drop_pawn_mate(m, by_play=True):
                    continue
                out.append(m)
            elif checked or frm == ksq or (aligned is not None and aligned[frm]):
                if self._safe_after(m):
                    out.append(m)
            else:
                out.append(m)
        return out

    def _safe_after(self, m: int) -> bool:
        cap = self.do(m)
        ok = not self.in_check(self.side ^ 1)
        self.undo(m, cap)
        return ok

    def _drop_pawn_mate(self, m: int, by_play: bool = False) -> bool:
        to = (m >> 7) & 127
        enemy = self.side ^ 1
        ek = self.kings[enemy]
        if ek < 0 or to != ek + (9 if self.side == 0 else -9):
            return False
        cap = self.do(m)
        mate = not (self.legal_moves_by_play() if by_play else legality.has_legal_move(self))
        self.undo(m, cap)
        return mate

    # --- making moves ------------------------------------------------------------------
    def do(self, m: int) -> int:
        """Play ``m`` in place; returns the captured value (0 if none) for :meth:`undo`."""
        b = self.board
        side = self.side
        frm, to = m & 127, (m >> 7) & 127
        if frm >= DROP0:
            code = frm - DROP0
            b[to] = code if side == 0 else -code
            self.hands[side][code] -= 1
            cap = 0
        else:
            p = b[frm]
            cap = b[to]
            b[frm] = 0
            if (m >> 14) & 1:
                p = p + PROMOTE if p > 0 else p - PROMOTE
            b[to] = p
            if p == OU or p == -OU:
                self.kings[side] = to
            if cap:
                kind = KIND_OF[cap if cap > 0 else -cap]
                if kind == OU:
                    self.kings[side ^ 1] = -1
                else:
                    self.hands[side][kind] += 1
        self.side = side ^ 1
        return cap

    def undo(self, m: int, cap: int) -> None:
        """Take back ``m`` (played by :meth:`do`, which returned ``cap``)."""
        side = self.side ^ 1
        self.side = side
        b = self.board
        frm, to = m & 127, (m >> 7) & 127
        if frm >= DROP0:
            b[to] = 0
            self.hands[side][frm - DROP0] += 1
            return
        p = b[to]
        if (m >> 14) & 1:
            p = p - PROMOTE if p > 0 else p + PROMOTE
        b[frm] = p
        b[to] = cap
        if p == OU or p == -OU:
            self.kings[side] = frm
        if cap:
            kind = KIND_OF[cap if cap > 0 else -cap]
            if kind == OU:
                self.kings[side ^ 1] = to
            else:
                self.hands[side][kind] -= 1

    def perft(self, depth: int) -> int:
        """Number of 本将棋 leaf positions ``depth`` plies ahead."""
        moves = self.legal_moves()
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        total = 0
        for m in moves:
            cap = self.do(m)
            total += self.perft(depth - 1)
            self.undo(m, cap)
        return total
