"""Board moves ready-made per piece and square, so that generating them is a lookup and a test of the target.

For a signed piece code ``p`` on square ``sq``, :func:`piece_moves` gives ``(leaps, rays)``: each leap as
``(to, moves)`` and each ray as a tuple of ``(to, moves)`` nearest first, where ``moves`` are the move ints
:meth:`Position.pseudo_moves` adds when ``to`` is free or holds an enemy piece (promoting first where the piece
may promote; without the unpromoted move where 本将棋 would leave the piece dead). Built the first time a piece
is asked for, once per move tables and rule set.
"""

from __future__ import annotations

from .pieces import DROP0, FU, LEAP, PROMOTABLE, SLIDE, Tables, _DEAD, _ZONE

Entry = tuple[int, tuple[int, ...]]
PieceMoves = tuple[tuple[Entry, ...], tuple[tuple[Entry, ...], ...]]


def _dead(p: int, to: int) -> bool:
    """True if the signed piece ``p`` would have no move on ``to`` under standard rules."""
    return _DEAD[0 if p > 0 else 1][p][to]


def _moves(p: int, frm: int, to: int, kind: int, hon: bool) -> tuple[int, ...]:
    m = frm | to << 7 | kind << 15
    zone = _ZONE[0 if p > 0 else 1]
    if abs(p) in PROMOTABLE and (zone[frm] or zone[to]):
        return (m | 1 << 14,) if hon and _dead(p, to) else (m | 1 << 14, m)
    return (m,)


def _build(t: Tables, p: int, hon: bool) -> list[PieceMoves]:
    return [(tuple((to, _moves(p, sq, to, LEAP, hon)) for to in t.leaps[p][sq]),
             tuple(tuple((to, _moves(p, sq, to, SLIDE, hon)) for to in ray) for ray in t.rays[p][sq]))
            for sq in range(81)]


def tables_of(t: Tables, hon: bool) -> list[list[PieceMoves] | None]:
    """[signed code]: the ready-made moves of that piece by square (None until :func:`piece_moves` builds it)."""
    attr = "_moves_hon" if hon else "_moves_cards"
    found: list[list[PieceMoves] | None] | None = getattr(t, attr, None)
    if found is None:
        found = [None] * 32
        setattr(t, attr, found)
    return found


def piece_moves(t: Tables, hon: bool, p: int) -> list[PieceMoves]:
    """[square]: the ready-made moves of the signed piece ``p`` (built and kept on first use)."""
    rows = tables_of(t, hon)
    got = rows[p]
    if got is None:
        got = rows[p] = _build(t, p, hon)
    return got


DropRow = tuple[list[int], bool]
"""[to]: the drop on that square (0 where there is none), and True if there are such zeros."""


def _drop_row(side: int, code: int, hon: bool, files: tuple[bool, ...] = (False,) * 9) -> DropRow:
    p = code if side == 0 else -code
    row = [0 if hon and (_dead(p, to) or code == FU and files[to % 9]) else DROP0 + code | to << 7 for to in range(81)]
    return row, 0 in row


_DROPS = {(side, hon): [_drop_row(side, code, hon) if code else ([], False) for code in range(8)]
          for side in (0, 1) for hon in (False, True)}
_PAWN_DROPS: dict[tuple[int, tuple[bool, ...]], DropRow] = {}


def drop_rows(side: int, hon: bool) -> list[DropRow]:
    """[code]: the drops of that piece for ``side`` by square (in 本将棋 the pawn's without 二歩: see
    :func:`pawn_drops`)."""
    return _DROPS[side, hon]


def pawn_drops(side: int, files: list[bool]) -> DropRow:
    """The 本将棋 pawn drops of ``side`` by square when its pawns stand on ``files`` (二歩 left out)."""
    key = (side, tuple(files))
    found = _PAWN_DROPS.get(key)
    if found is None:
        found = _PAWN_DROPS[key] = _drop_row(side, FU, True, key[1])
    return found
