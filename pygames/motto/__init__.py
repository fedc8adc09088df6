"""モットコイン (Motto Coin): the engine, its computer players and its view JSON."""

from .game import MottoGame

GAME = MottoGame()

__all__ = ["GAME", "MottoGame"]
