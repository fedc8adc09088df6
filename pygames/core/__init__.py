"""What every game shares: protocol, PRNG, errors, match records, codecs."""

from . import messages  # noqa: F401  (registers the core refusal catalogue before any refusal)
from .errors import GameError
from .game import CHANCE, Game, Outcome
from .rng import Rng

__all__ = ["CHANCE", "Game", "GameError", "Outcome", "Rng"]
