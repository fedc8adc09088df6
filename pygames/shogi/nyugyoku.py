"""入玉宣言 (the 27-point declaration rule of computer shogi) in 本将棋.

On its turn a side may declare a win when (1) its king is in the enemy camp, (2) its king is not in
check, (3) at least 10 of its other pieces are in the enemy camp, and (4) its points there plus in
hand (飛・角 and their promotions 5, the others 1) reach 28 for 先手 or 27 for 後手.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import GameError, refuse

from .pieces import OU
from .position import Position

NEED = (28, 27)
"""Points 先手 / 後手 need."""
PIECES = 10
"""Own pieces other than the king that must stand in the enemy camp."""
_BIG = {6, 7, 14, 15}


def tally(board: list[int] | tuple[int, ...], hands: Any, side: int) -> tuple[bool, int, int]:
    """(king in the enemy camp, pieces other than the king there, points there plus in hand) for ``side``."""
    sign = 1 if side == 0 else -1
    rows = range(0, 27) if side == 0 else range(54, 81)
    king = False
    pieces = points = 0
    for sq in rows:
        p = board[sq] * sign
        if p <= 0:
            continue
        if p == OU:
            king = True
            continue
        pieces += 1
        points += 5 if p in _BIG else 1
    hand = hands[side]
    points += sum(hand[c] * (5 if c in _BIG else 1) for c in range(1, 8))
    return king, pieces, points


def refusal(board: list[int] | tuple[int, ...], hands: Any, side: int, pos: Position | None = None) -> GameError | None:
    """Why ``side`` (to move) may not declare now, as a coded GameError; None if the declaration holds."""
    king, pieces, points = tally(board, hands, side)
    if not king:
        return refuse("shogi.declare.king_not_in_camp")
    if pos is None:
        pos = Position(list(board), [list(hands[0]), list(hands[1])], side)
    if pos.in_check(side):
        return refuse("shogi.declare.in_check")
    if pieces < PIECES:
        return refuse("shogi.declare.pieces", pieces=pieces, need=PIECES)
    need = NEED[side]
    if points < need:
        return refuse("shogi.declare.points", points=points, need=need)
    return None


def holds(board: list[int] | tuple[int, ...], hands: Any, side: int, pos: Position | None = None) -> bool:
    """True if ``side`` (to move) may declare a win now."""
    return refusal(board, hands, side, pos) is None
