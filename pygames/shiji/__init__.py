"""四時の札遊び (Shiji no Fuda-asobi): engine, bots, 詰み札 puzzles."""

from .game import Shiji

GAME = Shiji()

__all__ = ["GAME", "Shiji"]
