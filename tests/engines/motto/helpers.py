"""Shared helpers for the motto engine tests."""

from __future__ import annotations

from pygames.motto import GAME
from pygames.motto import state as st
from pygames.motto.state import MottoState


def at_auction(n: int, no: int, opener: int = 0) -> MottoState:
    """A fresh ``n``-player state with coin ``no`` taken from the deck and up for auction."""
    s = MottoState(n)
    s.deck.remove(no)
    s.opener = opener
    st.put_up(s, no)
    return s


def play(s: MottoState, *moves: tuple[int, str]) -> MottoState:
    """Apply (seat, action) pairs in order."""
    for seat, action in moves:
        s = GAME.apply(s, seat, action)
    return s


def snapshot(s: MottoState) -> dict:
    """Every field, deep-copied into plain data (to prove a refused action changed nothing)."""
    return {name: repr(getattr(s, name)) for name in MottoState.__slots__}
