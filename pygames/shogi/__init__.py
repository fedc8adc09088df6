"""集大成将棋: shogi with cards that change how pieces move, plus 本将棋 on the same engine."""

from .game import ShogiGame

GAME = ShogiGame()

__all__ = ["GAME", "ShogiGame"]
