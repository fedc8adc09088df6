"""Computer players (placeholder: random)."""
from __future__ import annotations
from typing import Any
from ..core import Rng
from .state import State

def choose(game: Any, s: State, seat: int, level: str, rng: Rng) -> str:
    return rng.choice(game.legal_actions(s, seat))
