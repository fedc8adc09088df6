"""Opening a saved match imports only what it needs: its own game, and for shogi not the expert's search.

In the browser every module is compiled on its first import, inside the first call after the engine
is ready: a #/play link's first clickable move waits for it. Each case runs in a fresh interpreter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, sys
from pygames import webapi
def call(name, **args):
    out = json.loads(webapi.dispatch(name, json.dumps(args)))
    assert "error" not in out, out
    return out
game, seats = sys.argv[1], int(sys.argv[2])
players = [{"name": f"P{i}", "type": "human"} for i in range(seats)]
record = call("new_match", game=game, seed=7, players=players)["record"]
call("load", record=record)
call("look", record=record, look=None)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("pygames."))))
"""


def imported_after_opening(game: str) -> set[str]:
    seats = {"motto": 3}.get(game, 2)
    out = subprocess.run([sys.executable, "-c", SCRIPT, game, str(seats)], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


@pytest.mark.parametrize("game", ["kabu", "shiji", "shogi", "motto"])
def test_opening_a_match_imports_only_its_own_game(game):
    modules = imported_after_opening(game)
    assert f"pygames.{game}" in modules
    others = {f"pygames.{g}" for g in ("kabu", "shiji", "shogi", "motto") if g != game}
    assert not modules & others


def test_opening_a_shogi_match_leaves_the_expert_search_unloaded():
    modules = imported_after_opening("shogi")
    assert "pygames.shogi.rules" in modules
    assert "pygames.shogi.search" not in modules
    assert "pygames.shogi.masks" not in modules
