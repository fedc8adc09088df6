"""What every game shares: protocol, PRNG, errors, match records, codecs."""

from .errors import GameError
from .game import CHANCE, Game, Outcome
from .rng import Rng

__all__ = ["CHANCE", "Game", "GameError", "Outcome", "Rng"]
