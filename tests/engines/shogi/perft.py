"""Perft of 集大成将棋 (the card variant): leaf counts of board moves, by our own generator."""

from __future__ import annotations

from typing import Any

from pygames.shogi import GAME
from pygames.shogi.start import state_from_sfen

NOT_BOARD = ("draw", "resign")


def board_actions(state: Any) -> list[str]:
    """The side to move's legal board moves and drops (``draw`` and ``resign`` left out)."""
    return [a for a in GAME.legal_actions(state, state.side) if a not in NOT_BOARD]


def perft(state: Any, depth: int) -> int:
    """Leaf nodes ``depth`` board moves ahead; a finished match before that depth counts 0."""
    if depth == 0:
        return 1
    if state.phase != "move":
        return 0
    moves = board_actions(state)
    if depth == 1:
        return len(moves)
    return sum(perft(GAME.apply(state, state.side, a), depth - 1) for a in moves)


def position(entry: dict[str, Any]) -> Any:
    """The state of one perft file entry."""
    return state_from_sfen(entry["sfen"], "cards", entry["active"])
