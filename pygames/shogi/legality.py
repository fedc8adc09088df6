"""本将棋 legality without playing each move: the pieces giving check and the pinned pieces are found once per
position, on the rays and leaps into the king, and each pseudo-legal move is then kept or left out by a lookup.

A move is legal when the mover's king is not attacked after it (as :meth:`Position.attacked` reckons attacks:
leaps pass over pieces, slides stop at the first piece), and a pawn drop does not checkmate (打ち歩詰め).
Apart from king moves and pawn drops in front of the enemy king, no move is played to find that out.
"""

from __future__ import annotations

from typing import Protocol

from . import movetables
from .pieces import DROP0, FU, Tables


class Position(Protocol):
    """What this module reads of :class:`pygames.shogi.position.Position` (which calls it: it is not imported
    here, so the two modules make no import loop)."""

    board: list[int]
    side: int
    kings: list[int]
    tables: Tables
    hon: bool

    def attacked(self, sq: int, by: int) -> bool: ...

    def pseudo_moves(self) -> list[int]: ...

    def _drop_pawn_mate(self, m: int, by_play: bool = False) -> bool: ...


def checkers(board: list[int], ksq: int, by: int, t: Tables) -> dict[int, tuple[int, ...]]:
    """The pieces of colour ``by`` that attack the square ``ksq``: their square -> the squares between it and
    ``ksq`` where a piece would block the attack (none for a leap, which no piece blocks)."""
    found: dict[int, tuple[int, ...]] = {}
    for ray, codes in t.ray_att[by][ksq]:
        for i, sq in enumerate(ray):
            q = board[sq]
            if q:
                if q in codes:
                    found[sq] = ray[:i]
                break
    for fsq, codes in t.leap_att[by][ksq]:
        if board[fsq] in codes:
            found[fsq] = ()
    return found


def pins(board: list[int], side: int, ksq: int, t: Tables) -> dict[int, tuple[int, ...]]:
    """The pieces of ``side`` pinned to its king on ``ksq``: their square -> the squares of the line they may
    still move on (from next to the king to the pinning piece, which may be taken)."""
    sign = 1 if side == 0 else -1
    found: dict[int, tuple[int, ...]] = {}
    for ray, codes in t.ray_att[side ^ 1][ksq]:
        mine = -1
        for i, sq in enumerate(ray):
            q = board[sq]
            if q:
                if q * sign > 0:
                    if mine >= 0:
                        break  # two of its own pieces: neither is pinned on this line
                    mine = sq
                    continue
                if mine >= 0 and q in codes:
                    found[mine] = ray[:i + 1]
                break
    return found


def king_safe(pos: Position, ksq: int, to: int) -> bool:
    """True if the king of the side to move, on ``ksq``, is not attacked once it has stepped to ``to``."""
    b = pos.board
    k = b[ksq]
    b[ksq] = 0  # a slide through the square it leaves reaches on
    safe = not pos.attacked(to, pos.side ^ 1)
    b[ksq] = k
    return safe


def legal_moves(pos: Position) -> list[int]:
    """:meth:`Position.pseudo_moves` without the moves that leave the mover's king attacked and the pawn drops
    that checkmate, in the same order."""
    side = pos.side
    moves = pos.pseudo_moves()
    ek = pos.kings[side ^ 1]
    # the one pawn drop that could be 打ち歩詰め (a drop has no kinds bits): in front of the enemy king
    pawn_mate = DROP0 + FU | (ek + (9 if side == 0 else -9)) << 7 if ek >= 0 else -1
    ksq = pos.kings[side]
    if ksq < 0:
        return [m for m in moves if m != pawn_mate or not pos._drop_pawn_mate(m)]
    b, t = pos.board, pos.tables
    checks = checkers(b, ksq, side ^ 1, t)
    pinned = pins(b, side, ksq, t)
    if not checks:  # every move but the king's, the pinned pieces' and that pawn drop is legal
        special = {ksq, *pinned}
        return [m for m in moves if m != pawn_mate and (m & 127) not in special
                or _keep(pos, m, ksq, pinned, pawn_mate, None)]
    if len(checks) > 1:  # only the king can answer a double check
        return [m for m in moves if (m & 127) == ksq and king_safe(pos, ksq, (m >> 7) & 127)]
    (csq, block), = checks.items()
    targets = {csq, *block}
    near = [m for m in moves if (m >> 7) & 127 in targets or (m & 127) == ksq]
    return [m for m in near if _keep(pos, m, ksq, pinned, pawn_mate, targets)]


def _keep(pos: Position, m: int, ksq: int, pinned: dict[int, tuple[int, ...]], pawn_mate: int,
          targets: set[int] | None) -> bool:
    """True if ``m`` is legal, given the king's square, the pinned pieces, the drop that could be 打ち歩詰め
    and, in check, the squares where a move other than the king's must land (taking or blocking the checker)."""
    frm, to = m & 127, (m >> 7) & 127
    if frm == ksq:
        return king_safe(pos, ksq, to)
    if targets is not None and to not in targets:
        return False
    if m == pawn_mate:
        return not pos._drop_pawn_mate(m)
    line = pinned.get(frm)
    return line is None or to in line


def has_legal_move(pos: Position) -> bool:
    """``bool(legal_moves(pos))``, answered at once when the king has a safe step (as after most pawn drops
    in front of it, which :meth:`Position._drop_pawn_mate` asks about)."""
    side = pos.side
    ksq = pos.kings[side]
    if ksq >= 0:
        b = pos.board
        sign = 1 if side == 0 else -1
        leaps, rays = movetables.piece_moves(pos.tables, pos.hon, b[ksq])[ksq]
        for to, _ms in leaps:
            if b[to] * sign <= 0 and king_safe(pos, ksq, to):
                return True
        for ray in rays:
            for to, _ms in ray:
                q = b[to]
                if q * sign > 0:
                    break
                if king_safe(pos, ksq, to):
                    return True
                if q:
                    break
    return bool(legal_moves(pos))
