"""株式デュエル (kabu): a two-player stock card duel. See VIEW.md for the view/action contract."""

from .game import KabuGame

GAME = KabuGame()

__all__ = ["GAME", "KabuGame"]
