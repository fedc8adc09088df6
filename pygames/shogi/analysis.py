"""検討 (analysis) of one position with the expert's search: the score, the best line and up to three
candidate moves, under a node budget (so the same budget gives the same answer on every machine).

It runs the expert's iterative deepening without the opening's seeded bonus, so a position always
gets the same answer; the line is read back from the search's transposition table. The candidates
after the first are searched again with a full window at the last completed depth, so their scores
are exact for that depth (the first search only bounds them).
"""

from __future__ import annotations

import math
from typing import Any

from pygames.core import Rng
from pygames.core.errors import refuse

from . import rules
from .bots import WIN
from .position import move_usi
from .search import INF, MAX_DEPTH, Expert, position_hash
from .state import ShogiState

MIN_NODES = 500
MAX_NODES = 2_000_000
LINE_PLIES = 8
MATE = WIN // 2
"""Scores beyond ±MATE mean a king is lost within the search (shown as 詰み)."""
WINRATE_SCALE = 600.0
"""The win rate of a score s (side to move): 1 / (1 + e^(-s/600)); 100 points are a pawn."""


def winrate(score: int) -> float:
    """The side to move's chance of winning for an evaluation, 0..1."""
    if score >= MATE:
        return 1.0
    if score <= -MATE:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / WINRATE_SCALE))


def check_nodes(nodes: Any) -> int:
    """A node budget from a caller; GameError unless an int in [MIN_NODES, MAX_NODES]."""
    if isinstance(nodes, bool) or not isinstance(nodes, int) or not MIN_NODES <= nodes <= MAX_NODES:
        raise refuse("shogi.analysis.nodes", min=MIN_NODES, max=MAX_NODES)
    return nodes


def searchable(state: ShogiState) -> bool:
    """True when a side is to choose a move (not over, not a card being drawn or chosen)."""
    return state.phase == "move" and state.result is None


def _line(state: ShogiState, first: str, tt: dict[int, tuple[int, int, int, int]]) -> list[str]:
    """The best line from ``first``: each next move is the one the table holds for the position."""
    line = [first]
    cur = rules.play_move(state, first)
    while len(line) < LINE_PLIES and searchable(cur):
        entry = tt.get(position_hash(cur.position()))
        if entry is None or not entry[3]:
            break
        usi = move_usi(entry[3] & 32767)
        table = rules.moves_table(cur)
        if usi not in table or table[usi][1] is not None:
            break
        line.append(usi)
        cur = rules.play_move(cur, usi)
    return line


def analyse(state: ShogiState, nodes: int, candidates: int = 1) -> dict[str, Any]:
    """The position's score for the side to move, its best move and line, and up to ``candidates``
    moves with their scores and lines. ``{"score", "best", "line", "candidates", "depth", "nodes"}``;
    a position without a legal move scores as lost (``best`` None)."""
    nodes = check_nodes(nodes)
    if not searchable(state):
        raise refuse("shogi.analysis.no_move")
    table = rules.moves_table(state)
    order = sorted(a for a in table if table[a][1] is None)
    if not order:
        return {"score": -WIN, "best": None, "line": [], "candidates": [], "alt": None, "depth": 0, "nodes": 0}
    Rng(0).shuffle(order)  # the same order every time (the search itself is deterministic)
    pos = state.position()
    search = Expert(nodes, not state.rules.hon, pos)
    moves = [table[a][0] for a in order]
    moves.sort(key=lambda m: -(search._mvv_lva(pos, m) if pos.board[(m >> 7) & 127] else 0))
    best_scored: list[tuple[int, int]] = [(0, moves[0])]
    done = 0
    for depth in range(1, MAX_DEPTH + 1):
        scored, complete = search.root(pos, moves, depth)
        if not complete:
            if scored and scored[0][1] == moves[0]:
                best_scored = [max(scored, key=lambda sm: sm[0])] + best_scored[1:]
            break
        done = depth
        best_scored = scored
        rest = [m for _, m in scored]
        moves = rest + [m for m in moves if m not in set(rest)]
        if scored[0][0] >= WIN - 64 or scored[0][0] <= -WIN + 64:
            break
    out: list[dict[str, Any]] = []
    top = best_scored[:max(1, min(3, candidates))]
    for i, (score, m) in enumerate(top):
        if i > 0 and done:  # the first search only bounded it: an exact score at the same depth
            search.budget, search.stopped = search.nodes + max(nodes // 4, MIN_NODES), False
            undo = search.play(pos, m)
            exact = -search.negamax(pos, done - 1, -INF, INF, 1)
            search.unplay(pos, m, undo)
            if search.stopped:
                break
            score = exact
        usi = move_usi(m & 32767)
        out.append({"move": usi, "score": score, "line": _line(state, usi, search.tt)})
    out[1:] = sorted(out[1:], key=lambda c: -c["score"])
    best = out[0]
    alt = best_scored[1][0] if done and len(best_scored) > 1 else None
    return {"score": best["score"], "best": best["move"], "line": best["line"], "candidates": out,
            "alt": alt, "depth": done, "nodes": search.nodes}
