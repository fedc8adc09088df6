"""Fast capture scans for the expert. A side's pieces are kept as one int (square n is bit n), so that a
scan visits only the pieces there are; each move table is also a mask, so that a piece with nothing to
take is passed over in one test, and a side's pawns are taken as one set. :func:`captures` gives what
:meth:`Position.captures` gives, in the same order; :func:`captures_after` works a side's captures out
from its captures before its last move.
"""

from __future__ import annotations

from collections.abc import Iterable

from .pieces import FU, LEAP, PROMOTABLE, SLIDE, Tables
from .position import _ZONE

_ROWS = [[tuple(y * 9 + x for x in range(9) if bits >> x & 1) for bits in range(512)] for y in range(9)]
"""[rank][9-bit set]: its squares, so that a set's squares come from nine small ints (no bit scan)."""


_KNOWN: dict[int, tuple[int, ...]] = {}
"""Sets already split by :func:`squares` (a side's set seldom changes between two of its moves)."""
KNOWN_MAX = 200_000


def squares(x: int) -> tuple[int, ...]:
    """The squares of the set ``x``, ascending."""
    found = _KNOWN.get(x)
    if found is not None:
        return found
    r = _ROWS
    found = (r[0][x & 511] + r[1][x >> 9 & 511] + r[2][x >> 18 & 511] + r[3][x >> 27 & 511] + r[4][x >> 36 & 511]
             + r[5][x >> 45 & 511] + r[6][x >> 54 & 511] + r[7][x >> 63 & 511] + r[8][x >> 72])
    if len(_KNOWN) >= KNOWN_MAX:
        _KNOWN.clear()
    _KNOWN[x] = found
    return found


def split(x: int) -> tuple[int, ...]:
    """:func:`squares` without remembering the set (for sets seldom met again)."""
    r = _ROWS
    return (r[0][x & 511] + r[1][x >> 9 & 511] + r[2][x >> 18 & 511] + r[3][x >> 27 & 511] + r[4][x >> 36 & 511]
            + r[5][x >> 45 & 511] + r[6][x >> 54 & 511] + r[7][x >> 63 & 511] + r[8][x >> 72])


ALL = (1 << 81) - 1
"""Every square."""


def pawn_files(pawns: int) -> list[bool]:
    """The files (x index) of the squares of ``pawns``, as :meth:`Position.pawn_files`."""
    files = [False] * 9
    for sq in squares(pawns):
        files[sq % 9] = True
    return files


Ray = tuple[int, bool]
"""A slide ray as (mask of its squares, True if its squares ascend from the piece)."""


class Masks:
    """The masks of one set of move tables (cached on it by :func:`masks_for`)."""

    __slots__ = ("leap", "rays", "discover", "pawn_mask", "leap_from", "rays_to")

    def __init__(self, t: Tables) -> None:
        self.leap = [[_mask(t.leaps[p][sq]) for sq in range(81)] for p in range(32)]
        """[signed code][square]: the squares the piece leaps to."""
        self.rays = [[tuple(_ray(sq, r) for r in t.rays[p][sq]) for sq in range(81)] for p in range(32)]
        """[signed code][square]: its slide rays in table order."""
        self.discover = [[tuple((r, codes, _back(sq, r)) for r, codes in t.ray_att[c][sq] if _back(sq, r))
                          for sq in range(81)] for c in range(2)]
        """[colour][square]: each ray out of the square along which pieces of that colour of ``codes`` slide
        back to it, with the ray on past the square."""
        self.leap_from = [[_mask(f for f, _codes in t.leap_att[c][sq]) for sq in range(81)] for c in range(2)]
        """[colour][square]: the squares from which a piece of that colour could leap to the square."""
        self.rays_to = [[tuple((_mask(r), r, codes) for r, codes in t.ray_att[c][sq]) for sq in range(81)]
                        for c in range(2)]
        """[colour][square]: ``Tables.ray_att`` with each ray's mask first."""
        standard_pawns = all(
            t.leaps[FU * sign][sq] == ((sq - 9 * sign,) if 0 <= sq - 9 * sign < 81 else ()) and not t.rays[FU * sign][sq]
            for sign in (1, -1) for sq in range(81))
        self.pawn_mask = (1 << 81) - 1 if standard_pawns else 0
        """All squares if pawns take the square ahead and nothing else (as :func:`captures` reckons), else none."""


def _mask(squares: Iterable[int]) -> int:
    m = 0
    for sq in squares:
        m |= 1 << sq
    return m


def _ray(sq: int, ray: tuple[int, ...]) -> Ray:
    return _mask(ray), ray[0] > sq


def _line(sq: int, dx: int, dy: int) -> tuple[int, ...]:
    """The squares from ``sq`` (left out) on in steps of (dx, dy), nearest first."""
    out = []
    x, y = sq % 9 + dx, sq // 9 + dy
    while 0 <= x < 9 and 0 <= y < 9:
        out.append(y * 9 + x)
        x, y = x + dx, y + dy
    return tuple(out)


def _back(sq: int, ray: tuple[int, ...]) -> tuple[int, ...]:
    """The squares from ``sq`` on the other way from ``ray``."""
    return _line(sq, sq % 9 - ray[0] % 9, sq // 9 - ray[0] // 9)


def _between() -> list[list[frozenset[int]]]:
    none: frozenset[int] = frozenset()
    table = [[none] * 81 for _ in range(81)]
    for sq in range(81):
        for dx, dy in ((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy):
            line = _line(sq, dx, dy)
            for i, far in enumerate(line):
                table[sq][far] = frozenset(line[:i])
    return table


BETWEEN = _between()
"""[from][to]: the squares strictly between two squares on one line, else none."""


def masks_for(t: Tables) -> Masks:
    """The masks of ``t``, built once per tables."""
    cached: Masks | None = getattr(t, "_masks", None)
    if cached is None:
        cached = Masks(t)
        t._masks = cached  # type: ignore[attr-defined]
    return cached


def attacked(board: list[int], sq: int, by: int, occ: int, m: Masks, t: Tables) -> bool:
    """:meth:`Position.attacked` (``occ``: the squares of colour ``by``), passing over in one test the leaps
    and the rays where that colour has no piece."""
    if m.leap_from[by][sq] & occ:
        for fsq, codes in t.leap_att[by][sq]:
            if board[fsq] in codes:
                return True
    for mask, ray, codes in m.rays_to[by][sq]:
        if mask & occ:
            for x in ray:
                q = board[x]
                if q:
                    if q in codes:
                        return True
                    break
    return False


def captures(board: list[int], side: int, own: int, enemy: int, pawns: int, m: Masks, t: Tables) -> list[int]:
    """The side to move's captures, equal to :meth:`Position.captures` (same moves, same order).
    ``pawns``: the squares of its pawns to take as a set (pawns that take the square ahead)."""
    zone = _ZONE[side]
    sign = 1 if side == 0 else -1
    both = own | enemy
    leap_m, rays_m, leaps = m.leap, m.rays, t.leaps
    out: list[int] = []
    add = out.append
    x = own & ~pawns
    for sq in _KNOWN.get(x) or squares(x):
        p = board[sq]
        if leap_m[p][sq] & enemy:
            prom = (p * sign) in PROMOTABLE
            for to in leaps[p][sq]:
                if board[to] * sign < 0:
                    add(sq | to << 7 | LEAP << 15 | ((prom and (zone[sq] or zone[to])) << 14))
        for mask, up in rays_m[p][sq]:
            y = mask & both
            if y & enemy:
                f = y & -y if up else 1 << (y.bit_length() - 1)
                if f & enemy:
                    to = f.bit_length() - 1
                    prom = (p * sign) in PROMOTABLE
                    add(sq | to << 7 | SLIDE << 15 | ((prom and (zone[sq] or zone[to])) << 14))
    hits = (pawns >> 9 if side == 0 else pawns << 9) & enemy
    while hits:  # each in its place by from-square
        low = hits & -hits
        hits ^= low
        to = low.bit_length() - 1
        sq = to + 9 * sign
        i = len(out)
        while i and (out[i - 1] & 127) > sq:
            i -= 1
        out.insert(i, sq | to << 7 | LEAP << 15 | ((zone[sq] or zone[to]) << 14))
    return out


def captures_after(board: list[int], side: int, before: list[int], m: int, mk: Masks, t: Tables) -> list[int]:
    """The captures of ``side`` just after it played ``m``, from ``before``, its captures just before (as
    :func:`captures` gives them, no immunity filter): the same moves as :func:`captures` would give, but
    in another order and without the promotion bit. ``board`` is the new one."""
    frm, to = m & 127, (m >> 7) & 127
    sign = 1 if side == 0 else -1
    between = BETWEEN
    # a slide capture over the square the piece came to is blocked now
    out = [c for c in before if (c & 127) != frm and (c >> 7) & 127 != to
           and not (c >> 15 & SLIDE and to in between[c & 127][(c >> 7) & 127])]
    add = out.append
    p = board[to]
    for sq in t.leaps[p][to]:
        if board[sq] * sign < 0:
            add(to | sq << 7 | LEAP << 15)
    for ray in t.rays[p][to]:  # the first occupied square of each ray
        for sq in ray:
            q = board[sq]
            if q:
                if q * sign < 0:
                    add(to | sq << 7 | SLIDE << 15)
                break
    if frm < 81:  # the pieces that slide through the square it left
        for ray, codes, back in mk.discover[side][frm]:
            for s in ray:
                q = board[s]
                if q:
                    if s != to and q in codes:
                        for sq in back:
                            q = board[sq]
                            if q:
                                if q * sign < 0:
                                    add(s | sq << 7 | SLIDE << 15)
                                break
                    break
    return out
