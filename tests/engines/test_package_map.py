"""Every game package has the same file map (issue 23), so a newcomer finds each job in one place.

``__init__.py`` defines ``GAME``; ``game.py`` wires the protocol; ``actions.py`` reads action
strings (``parse``) and lists the legal ones; ``rules.py`` holds the transitions; ``view.py``
``build(state, seat)``; ``text.py`` ``describe(...)``; ``messages.py`` the game's code catalogue.
Read with ``ast`` (no module is imported to check its shape), then checked on the live objects.
"""

from __future__ import annotations

import ast
import inspect
from importlib import import_module
from pathlib import Path

import pytest

from pygames.core.game import Game

ROOT = Path(__file__).resolve().parents[2] / "pygames"
GAMES = ("kabu", "shiji", "shogi", "motto")
MAP = {
    "__init__.py": {"GAME"},
    "game.py": set(),
    "actions.py": {"parse", "legal"},
    "rules.py": set(),
    "view.py": {"build"},
    "text.py": {"describe"},
    "messages.py": {"TERMINATIONS"},
}


def top_level_names(path: Path) -> set[str]:
    """Functions, classes and assigned names at the top of a module."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("module", sorted(MAP))
def test_every_game_has_the_file_map(name: str, module: str) -> None:
    path = ROOT / name / module
    assert path.is_file(), f"pygames/{name}/{module} is missing"
    missing = MAP[module] - top_level_names(path)
    assert not missing, f"pygames/{name}/{module} lacks {sorted(missing)}"


@pytest.mark.parametrize("name", GAMES)
def test_game_module_wires_only(name: str) -> None:
    """``game.py`` holds one Game subclass (plus the extra calls' small wrappers), and the
    package's ``GAME`` is an instance of it defined in ``__init__.py``."""
    package = import_module(f"pygames.{name}")
    game_module = import_module(f"pygames.{name}.game")
    assert isinstance(package.GAME, Game)
    assert type(package.GAME).__module__ == game_module.__name__
    assert "GAME" not in top_level_names(ROOT / name / "game.py")
    classes = [n for n in ast.parse((ROOT / name / "game.py").read_text(encoding="utf-8")).body
               if isinstance(n, ast.ClassDef)]
    assert [c.name for c in classes] == [type(package.GAME).__name__]


@pytest.mark.parametrize("name", GAMES)
def test_view_and_text_signatures(name: str) -> None:
    """One name and one leading signature for the view builder and the log text."""
    view = import_module(f"pygames.{name}.view")
    text = import_module(f"pygames.{name}.text")
    assert list(inspect.signature(view.build).parameters)[:2] in (["state", "seat"], ["s", "seat"],
                                                                   ["s", "viewer"], ["state", "viewer"])
    assert list(inspect.signature(text.describe).parameters)[:3] in (["state", "seat", "action"],
                                                                      ["s", "seat", "action"])


@pytest.mark.parametrize("name", GAMES)
def test_terminations_are_listed(name: str) -> None:
    """Every ``Outcome.termination`` a game can give is one of its listed codes (read from the
    source: each literal passed as ``termination=`` or to shogi's ``_finish``)."""
    messages = import_module(f"pygames.{name}.messages")
    assert messages.TERMINATIONS and len(set(messages.TERMINATIONS)) == len(messages.TERMINATIONS)
    assert all(isinstance(code, str) and code for code in messages.TERMINATIONS)
