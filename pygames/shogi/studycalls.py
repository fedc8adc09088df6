"""The study tools' helper calls (振り返り, 検討, 変化), reachable as ``game_call(game="shogi", name=...)``
like those of :mod:`pygames.shogi.calls`. Positions are addressed by turn: turn 0 is the start, turn k
the position after k turns (a move, a draw or resigning), as the move list numbers them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygames.core.errors import refuse
from pygames.core.remote import check_help

from . import review, rules
from .actions import legal as legal_of
from .analysis import MATE, analyse, check_nodes, searchable, winrate
from .branches import export_with_branches, read_branches, read_card_branches
from .review import _names
from .view import build

MAX_BRANCH = 200
MAX_BRANCHES = 50


def _check(match: Any) -> Any:
    if getattr(getattr(match, "game", None), "name", None) != "shogi":
        raise refuse("shogi.not_shogi")
    return match


def _helping(match: Any) -> Any:
    """``match`` when the computer may judge it now: not a match with a friend by link before its end
    (``remote.no_help``: one player would consult it unseen by the other)."""
    check_help(_check(match))
    return match


def _turn_state(match: Any, turn: Any) -> Any:
    states = review.positions(_check(match))
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < len(states):
        raise refuse("match.bad_ply")
    return states[turn]


def _branch_state(match: Any, turn: Any, branch: Any) -> Any:
    """The state after ``turn`` turns of the record and then the moves of ``branch`` (USI)."""
    state = _turn_state(match, turn)
    if not isinstance(branch, list) or len(branch) > MAX_BRANCH or not all(isinstance(a, str) for a in branch):
        raise refuse("shogi.branch.invalid", why="branch.moves")
    for i, action in enumerate(branch):
        table = rules.moves_table(state) if searchable(state) else {}
        if action not in table or table[action][1] is not None:
            raise refuse("shogi.branch.illegal", index=i, move=i + 1)
        state = rules.play_move(state, action)
    return state


def review_positions(match: Any, start: int = 0, count: int = 4, nodes: int = review.DEFAULT_NODES) -> dict[str, Any]:
    """A batch of the review's searches (see :func:`pygames.shogi.review.review_positions`)."""
    return review.review_positions(_helping(match), start, count, nodes)


def review_judge(match: Any, positions: Any) -> dict[str, Any]:
    """Marks, counts and win rates from every searched position (see :func:`pygames.shogi.review.judge`)."""
    return review.judge(_helping(match), positions)


def branch_view(match: Any, turn: int = 0, branch: list[str] | None = None) -> dict[str, Any]:
    """The view JSON of a branch position (the board, the side to move's targets), as a payload."""
    state = _branch_state(match, turn, branch or [])
    legal = legal_of(state) if searchable(state) else []
    return {"view": build(state, None), "legal": legal, "replay": False, "plies": state.ply,
            "outcome": None, "names": _names(_turn_state(match, turn), branch or [])}


def analyse_position(match: Any, turn: int = 0, branch: list[str] | None = None, nodes: int = 20_000,
                     candidates: int = 3) -> dict[str, Any]:
    """検討 of a position of the record (and a branch from it): the score for 先手 and the side to
    move, the win rate, and up to three candidate moves with their lines in words."""
    check_nodes(nodes)
    if isinstance(candidates, bool) or not isinstance(candidates, int) or not 1 <= candidates <= 3:
        raise refuse("shogi.analysis.candidates")
    _helping(match)
    state = _branch_state(match, turn, branch or [])
    if not searchable(state):
        return {"searchable": False, "score": None, "black": None, "winrate": None, "candidates": []}
    res = analyse(state, nodes, candidates)
    sign = 1 if state.side == 0 else -1
    cands = [{"move": c["move"], "score": c["score"], "black": c["score"] * sign, "line": c["line"],
              "text": _names(state, c["line"]), "mate": abs(c["score"]) >= MATE} for c in res["candidates"]]
    return {"searchable": True, "side": state.side, "score": res["score"], "black": res["score"] * sign,
            "winrate": round(winrate(res["score"] * sign), 3), "mate": abs(res["score"]) >= MATE,
            "candidates": cands, "depth": res["depth"], "nodes": res["nodes"]}


def export_branches(match: Any, branches: Any = None) -> dict[str, Any]:
    """The record as KIF with each branch written as a 変化 (in a card game, after the draws before it)."""
    _check(match)
    return {"kif": export_with_branches(match, _checked_branches(match, branches)),
            "filename": f"{'hon' if match.state.rules.hon else 'shutaisei'}-{match.state.ply}.kifu"}


def _checked_branches(match: Any, branches: Any) -> list[dict[str, Any]]:
    if branches is None:
        return []
    if not isinstance(branches, list) or len(branches) > MAX_BRANCHES:
        raise refuse("shogi.branch.invalid", why="branch.list")
    out = []
    for b in branches:
        if not isinstance(b, dict) or not isinstance(b.get("turn"), int) or not b.get("moves"):
            raise refuse("shogi.branch.invalid", why="branch.list")
        _branch_state(match, b["turn"], b["moves"])  # every move checked
        out.append({"turn": b["turn"], "moves": list(b["moves"])})
    return out


def import_branches(text: str, match: Any = None) -> dict[str, Any]:
    """The 変化 of a KIF text as branches from its main line: ``{"branches": [{"turn", "moves"}], "notice"}``.
    With a card game's ``record`` (match), its own KIF's 変化 are read against it."""
    if match is not None and not _check(match).state.rules.hon:
        return read_card_branches(match, text)
    return read_branches(text)


CALLS: dict[str, Callable[..., dict[str, Any]]] = {
    "review_positions": review_positions, "review_judge": review_judge, "branch_view": branch_view,
    "analyse_position": analyse_position, "export_branches": export_branches, "import_branches": import_branches}


def puzzle_answer(match: Any, turn: int = 0, move: str = "", nodes: int = 12_000) -> dict[str, Any]:
    """次の一手: is ``move`` a good answer in the position after ``turn`` turns? It is when the mover's win
    rate after it falls less than a 疑問手's drop from the best move's (both searched with ``nodes``): the
    review would not mark it. ``exact`` says it is the engine's own move, ``best_move_text`` names that
    move (``best_text`` its whole line).
    ``{"correct", "exact", "best", "best_move_text", "best_text", "played", "why", "drop"}``."""
    _helping(match)
    state = _turn_state(match, turn)
    after_state = _branch_state(match, turn, [move])  # refuses an illegal move
    best = analyse(state, check_nodes(nodes), 1)
    before = winrate(best["score"])
    if searchable(after_state):
        after = 1 - winrate(analyse(after_state, nodes, 1)["score"])
    else:
        after = 1.0 if after_state.result and state.side in after_state.result[0] else 0.0
    drop = before - after
    exact = move == best["best"]
    correct = drop < review.DUBIOUS or exact
    why = ({"ja": "悪くない手です", "en": "is fine"} if correct
           else {"ja": f"勝率が{round(drop * 100)}%下がります", "en": f"loses {round(drop * 100)}% of win rate"})
    return {"correct": correct, "exact": exact, "best": best["best"], "best_move_text": _names(state, [best["best"]]),
            "best_text": _names(state, best["line"]),
            "played": _names(state, [move]), "text": _names(state, [move]), "why": why, "drop": round(drop, 3)}


CALLS["puzzle_answer"] = puzzle_answer
