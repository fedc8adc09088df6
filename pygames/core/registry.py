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


def _shipped(module: str) -> Game[Any]:
    """The ``GAME`` of the shipped package ``pygames.<module>`` (imported on first use)."""
    # A shipped game that fails to import is a bug: let it raise instead of vanishing.
    game = importlib.import_module(f"pygames.{module}").GAME
    if not isinstance(game, Game):
        raise TypeError(f"pygames.{module}.GAME is not a Game")
    return game


def all_games() -> list[Game[Any]]:
    """Every available game, shipped ones first."""
    return [_shipped(module) for module in GAME_MODULES] + list(_extra.values())


def get_game(name: Any) -> Game[Any]:
    """The game called ``name``, or a GameError naming the unknown game. A shipped game's package is
    named after the game: only that one is imported (a saved match's first call in the browser then
    compiles one game's modules, not all four)."""
    if isinstance(name, str) and name in GAME_MODULES:
        game = _shipped(name)
        if game.name == name:
            return game
    for game in all_games():
        if game.name == name:
            return game
    raise refuse("match.unknown_game", game=str(name)[:40])
