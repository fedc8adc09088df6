"""The games the site offers, by name. Engines register themselves on import."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import refuse
from .game import Game

GAME_MODULES = ("kabu", "shiji", "shogi", "motto")
"""Packages under ``pygames`` that define a ``GAME`` object, in landing-page order."""

_extra: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    """Add a game that is not one of the shipped packages (used by tests)."""
    _extra[game.name] = game


def all_games() -> list[Game[Any]]:
    """Every available game, shipped ones first."""
    games: list[Game[Any]] = []
    for module in GAME_MODULES:
        # A shipped game that fails to import is a bug: let it raise instead of vanishing.
        game = importlib.import_module(f"pygames.{module}").GAME
        if not isinstance(game, Game):
            raise TypeError(f"pygames.{module}.GAME is not a Game")
        games.append(game)
    return games + list(_extra.values())


def get_game(name: Any) -> Game[Any]:
    """The game called ``name``, or a GameError naming the unknown game."""
    for game in all_games():
        if game.name == name:
            return game
    raise refuse("match.unknown_game", game=str(name)[:40])
