"""振り返り (review) of a record: every turn's position is searched (a few at a time, so the screen can
show progress and stop and resume), then the moves are marked from the change in the mover's win rate.

A turn's position is the state before a person or the computer acted (a move, a draw or resigning);
its score is for the side to move. The move of turn k is judged by the mover's win rate before it
(the best move's) against after it (minus the opponent's score in the next turn's position):

- 悪手 (blunder): the mover's win rate falls by BLUNDER or more;
- 疑問手 (dubious): it falls by DUBIOUS or more;
- 好手 (good move): the move is the search's best, it was not already decided (win rate between
  DECIDED and 1 - DECIDED), and the next-best move would have lost at least DUBIOUS of win rate
  (the next-best move's score is an upper bound from the search, so the gap is at least that).

The review's results go into the saved record's metadata (``meta.review``), never into its actions.
"""

from __future__ import annotations

from typing import Any

from pygames.core import GameError
from pygames.core.errors import refuse
from pygames.core.match import Match
from pygames.core.record import parse_action

from . import rules
from .analysis import analyse, check_nodes, searchable, winrate
from .bots import WIN

BLUNDER = 0.20
DUBIOUS = 0.10
DECIDED = 0.05
DEFAULT_NODES = 8_000
MAX_BATCH = 8
VERSION = 1
KINDS = {"blunder": ("悪手", "Blunder"), "dubious": ("疑問手", "Dubious"), "good": ("好手", "Good move")}


def turn_states(match: Match) -> list[tuple[int, Any, int, str]]:
    """(action index, state before it, seat, action) of each turn by a player, in order."""
    out = []
    for i, raw in enumerate(match.record["actions"]):
        seat, action = parse_action(raw)
        state = match.states[i]
        if seat >= 0 and state.phase == "move":
            out.append((i, state, seat, action))
    return out


def positions(match: Match) -> list[Any]:
    """The states the review scores: before each turn, then the final state."""
    return [s for _i, s, _seat, _a in turn_states(match)] + [match.state]


def _score_final(state: Any) -> int:
    """The side to move's score where nothing is searched: a finished game or a card being drawn."""
    if state.result is not None:
        winners = state.result[0]
        if not winners:
            return 0
        return WIN if state.side in winners else -WIN
    return 0


def review_positions(match: Match, start: int = 0, count: int = 4, nodes: int = DEFAULT_NODES) -> dict[str, Any]:
    """Search positions ``start`` .. ``start + count - 1`` of the review: ``{"total", "positions": [...]}``
    where each position has ``index``, ``side`` (to move), ``score`` (for 先手), ``best``, ``line`` and
    ``alt`` (the next-best move's score bound for the side to move, or None)."""
    nodes = check_nodes(nodes)
    states = positions(match)
    total = len(states)
    for name, value, top in (("start", start, total), ("count", count, MAX_BATCH)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise refuse("shogi.review.range", key=name)
    out = []
    for index in range(start, min(total, start + count)):
        state = states[index]
        entry: dict[str, Any] = {"index": index, "side": state.side, "best": None, "line": [], "alt": None}
        if searchable(state):
            res = analyse(state, nodes, candidates=1)
            score = res["score"]
            entry.update(best=res["best"], line=res["line"], depth=res["depth"])
            entry["alt"] = res["alt"]
        else:
            score = _score_final(state)
        entry["score"] = score if state.side == 0 else -score
        out.append(entry)
    return {"total": total, "positions": out}


def judge(match: Match, scores: Any) -> dict[str, Any]:
    """Marks and counts from the searched positions (as :func:`review_positions` returned them, in
    order of ``index``): ``{"turns": [...], "counts": {seat: {kind: n}}, "winrates": [...]}``."""
    states = positions(match)
    turns = turn_states(match)
    if not isinstance(scores, list) or len(scores) != len(states):
        raise refuse("shogi.review.scores", why="review.missing")
    for i, e in enumerate(scores):
        if not isinstance(e, dict) or e.get("index") != i or isinstance(e.get("score"), bool) \
                or not isinstance(e.get("score"), int):
            raise refuse("shogi.review.scores", why="review.invalid")
    black = [winrate(e["score"]) for e in scores]  # 先手's win rate at each position
    counts = {0: dict.fromkeys(KINDS, 0), 1: dict.fromkeys(KINDS, 0)}
    out = []
    for k, (_i, state, seat, action) in enumerate(turns):
        before = black[k] if seat == 0 else 1 - black[k]
        after = black[k + 1] if seat == 0 else 1 - black[k + 1]
        best = scores[k].get("best")
        kind = None
        if action in ("draw", "resign") or best is None:
            kind = None if action != "draw" else _draw_kind(before, after)
        elif before - after >= BLUNDER:
            kind = "blunder"
        elif before - after >= DUBIOUS:
            kind = "dubious"
        elif action == best and DECIDED < before < 1 - DECIDED and scores[k].get("alt") is not None \
                and before - _wr(scores[k]["alt"]) >= DUBIOUS:
            kind = "good"
        turn: dict[str, Any] = {"turn": k + 1, "seat": seat, "action": action, "before": round(before, 3),
                                "after": round(after, 3), "kind": kind}
        if kind:
            counts[seat][kind] += 1
            turn["ja"], turn["en"] = KINDS[kind]
        if kind in ("blunder", "dubious") and best and best != action:
            turn["better"] = best
            turn["line"] = list(scores[k].get("line") or [])[:8]
            turn["better_text"] = _names(state, turn["line"])
        out.append(turn)
    return {"version": VERSION, "turns": out, "counts": {str(s): c for s, c in counts.items()},
            "winrates": [round(w, 3) for w in black]}


def _wr(score: Any) -> float:
    return winrate(score) if isinstance(score, int) and not isinstance(score, bool) else 1.0


def _draw_kind(before: float, after: float) -> str | None:
    """A draw turn (card game) is judged like a move."""
    if before - after >= BLUNDER:
        return "blunder"
    if before - after >= DUBIOUS:
        return "dubious"
    return None


def _names(state: Any, line: list[str]) -> dict[str, str]:
    """The line in words, ja and en (「▲７六歩 △３四歩 …」)."""
    ja, en = [], []
    cur = state
    for usi in line:
        try:
            nxt = rules.play_move(cur, usi)
        except GameError:
            break
        rec = nxt.record[-1] if nxt.record else None
        if not rec:
            break
        ja.append(rec["ja"])
        en.append(rec["en"])
        cur = nxt
        if not searchable(cur):
            break
    return {"ja": " ".join(ja), "en": " ".join(en)}
