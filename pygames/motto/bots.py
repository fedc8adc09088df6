"""Computer players (placeholder: replaced below)."""

from __future__ import annotations

from pygames.core import Rng


def choose(game, s, seat: int, level: str, rng: Rng) -> str:
    legal = game.legal_actions(s, seat)
    return rng.choice(legal[:8])
