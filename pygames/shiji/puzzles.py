"""詰み札 puzzles for the puzzle page: list, start, check a move, solution line.

These functions (bound to the game by :func:`calls`) are the extra calls of this package (reachable from JavaScript through
``webapi.game_call("shiji", name, args)``). A puzzle is played through the normal engine: its
position is the ``puzzle`` option of a match, seat 0 is the solver, seat 1 replies with the
solver's longest defence (the computer player in puzzle mode).
"""

from __future__ import annotations

import json
from functools import lru_cache, partial
from importlib import resources
from typing import Any, Callable

from ..core.errors import refuse
from ..core.game import Game
from .actions import fmt_place, parse
from .position import state_from_position
from .text import describe

LEVEL_NAMES = {1: ("易しい（１手）", "Easy (1 move)"), 2: ("普通（２手）", "Medium (2 moves)"),
               3: ("難しい（３手）", "Hard (3 moves)")}


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    text = resources.files("pygames.shiji").joinpath("data/puzzles.json").read_text(encoding="utf-8")
    return json.loads(text)


def all_puzzles() -> list[dict[str, Any]]:
    """The shipped puzzles (raw data)."""
    return list(_data()["puzzles"])


def _find(puzzle_id: Any) -> dict[str, Any]:
    for p in _data()["puzzles"]:
        if p["id"] == puzzle_id:
            return p
    raise refuse("shiji.puzzle.unknown", id=str(puzzle_id)[:20])


def list_puzzles() -> dict[str, Any]:
    """Every puzzle's id, level and depth, with the level names."""
    return {"puzzles": [{"id": p["id"], "level": p["level"], "depth": p["depth"]} for p in _data()["puzzles"]],
            "levels": [{"level": lv, "ja": ja, "en": en} for lv, (ja, en) in LEVEL_NAMES.items()]}


def start_puzzle(id: str) -> dict[str, Any]:
    """The match options and players that start puzzle ``id`` (pass them to ``new_match``)."""
    p = _find(id)
    return {"id": p["id"], "level": p["level"], "depth": p["depth"],
            "options": {"puzzle": p["position"]},
            "players": [{"name": "", "type": "human"}, {"name": "詰み札", "type": "bot", "level": "hard"}]}


def check_puzzle_move(game: Game[Any], id: str, action: str) -> dict[str, Any]:
    """Whether ``action`` is the puzzle's (unique) winning first placement."""
    p = _find(id)
    if not isinstance(action, str):
        raise refuse("match.bad_action")
    s = state_from_position(p["position"])
    verb, kinds = parse(action)
    canonical = action
    if verb == "place":
        canonical = fmt_place(kinds)
    correct = canonical == p["answer"]
    legal = canonical in game.legal_actions(s, 0)
    return {"correct": correct, "legal": legal,
            "ja": "正解！" if correct else ("不正解: その貝札では勝ちを強制できません" if legal else "その貝札は並べられません"),
            "en": "Correct!" if correct else ("Wrong: that shell does not force a win" if legal
                                              else "That shell cannot be placed")}


def puzzle_solution(game: Game[Any], id: str) -> dict[str, Any]:
    """The answer and a principal line with Japanese and English text."""
    p = _find(id)
    s = state_from_position(p["position"])
    steps = []
    for entry in p["line"]:
        seat_text, action = entry.split(":", 1)
        seat = int(seat_text)
        ja, en = describe(s, seat, action)
        steps.append({"seat": seat, "action": action, "ja": ja, "en": en})
        s = game.apply(s, seat, action)
    out = game.outcome(s)
    return {"answer": p["answer"], "line": steps,
            "result": {"ja": out.reason_ja, "en": out.reason_en} if out else None}


@lru_cache(maxsize=1)
def _glossary() -> dict[str, Any]:
    text = resources.files("pygames.shiji").joinpath("data/glossary.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def glossary() -> dict[str, Any]:
    """The words a newcomer meets (term, ja/en explanation) and the two ways to play (one line each)."""
    data = _glossary()
    return {"terms": data["terms"], "modes": data["modes"]}


def calls(game: Game[Any]) -> dict[str, Callable[..., dict[str, Any]]]:
    """The puzzle calls by name, those that play the game bound to ``game``, and the glossary."""
    return {"glossary": glossary, "list_puzzles": list_puzzles, "start_puzzle": start_puzzle,
            "check_puzzle_move": partial(check_puzzle_move, game), "puzzle_solution": partial(puzzle_solution, game)}
