"""Shared helpers for the shogi engine tests."""

from __future__ import annotations

from typing import Any

from pygames.core import Rng
from pygames.core.playout import playout, random_choice
from pygames.shogi import GAME
from pygames.shogi.start import state_from_sfen
from pygames.shogi.pieces import parse_sq, sq_name

KINGS = "k8/9/9/9/9/9/9/9/8K"  # 後手 king 9a, 先手 king 1i


def board_sfen(pieces: dict[str, str], side: str = "b", hands: str = "-") -> str:
    """An SFEN from {'5e': 'P', '1a': 'k', ...} (uppercase 先手, '+' prefix promoted)."""
    rows = []
    for y in range(9):
        row, empty = "", 0
        for x in range(9):
            p = pieces.get(sq_name(y * 9 + x))
            if p is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += p
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {side} {hands} 1"


def state(pieces: dict[str, str], side: str = "b", hands: str = "-", **kw: Any):
    """A ready-to-move state; kings default to 9a (後手) and 1i (先手) unless given."""
    pieces = dict(pieces)
    if not any(v in ("K", "k") for v in pieces.values()):
        pieces.setdefault("9a", "k")
        pieces.setdefault("1i", "K")
    return state_from_sfen(board_sfen(pieces, side, hands), **kw)


def targets(st, frm: str) -> set[str]:
    """Destination squares of the legal moves from ``frm`` (promotion ignored)."""
    return {a[2:4] for a in GAME.legal_actions(st, st.side) if a[:2] == frm and a[1] != "*"}


def play_random(seed: int, options: dict[str, Any] | None = None, max_actions: int = 10_000,
                check=None) -> tuple[Any, list[tuple[int, str]]]:
    """A seeded random game (resign never chosen). ``check(state)`` runs on every state."""
    rng = Rng(seed)
    st = GAME.initial_state(GAME.normalize_options(options or {}, 2), 2)
    return playout(GAME, st, random_choice(GAME, rng, skip=("resign",)), rng, max_steps=max_actions,
                   on_step=(lambda before, seat, action, after: check(after)) if check else None)


__all__ = ["KINGS", "board_sfen", "state", "targets", "play_random", "parse_sq", "sq_name"]
