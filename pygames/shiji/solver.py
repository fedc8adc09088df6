"""Exact 詰み札 solver: can a seat force a win within N of its own placements (open hands)?

An AND-OR search over every legal action (placements, veils, cards taken from land, 回収, 解除)
with a memo keyed by (state, placements left). Used to prove shipped puzzles, to grade them by
depth and to pick the opponent's replies in puzzle play (the longest resistance).
"""

from __future__ import annotations

from typing import Any

from ..core import CHANCE
from .state import State

MAX_DEPTH = 4
"""Deepest search the puzzle tools ask for (own placements)."""


class TooBig(Exception):
    """The search went past its node budget."""


class Solver:
    """A memoised forced-win prover for one game definition."""

    def __init__(self, game: Any, max_nodes: int | None = None) -> None:
        self.game = game
        self.memo: dict[tuple[State, int, int], bool] = {}
        self.nodes = 0
        self.max_nodes = max_nodes

    def wins(self, s: State, me: int, n: int) -> bool:
        """True if ``me`` can force a win from ``s`` within ``n`` more own placements."""
        if s.result is not None:
            return me in s.result[0]
        key = (s, me, n)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise TooBig(self.nodes)
        movers = self.game.to_move(s)
        if movers == (CHANCE,) or not movers:
            self.memo[key] = False
            return False
        seat = movers[0]
        playing = not s.tasks and s.phase == "play"
        if seat == me and playing and n == 0:
            # out of placements on our own turn; the opponent's turn is still searched, since a
            # reply where every option loses (rot, bankruptcy) is a win for us
            self.memo[key] = False
            return False
        actions = self.game.legal_actions(s, seat)
        if seat == me:
            result = any(self.wins(self.game.apply(s, seat, a), me, n - (a.startswith("place") and playing))
                         for a in self._order(actions))
        else:
            result = all(self.wins(self.game.apply(s, seat, a), me, n) for a in actions)
        self.memo[key] = result
        return result

    @staticmethod
    def _order(actions: list[str]) -> list[str]:
        """Placements first (most wins come from them), veils last."""
        return sorted(actions, key=lambda a: (a.startswith("veil"), a))

    def winning_moves(self, s: State, me: int, n: int) -> list[str]:
        """Every first action of ``me`` that forces a win within ``n`` own placements."""
        playing = not s.tasks and s.phase == "play"
        return [a for a in self.game.legal_actions(s, me)
                if self.wins(self.game.apply(s, me, a), me, n - (a.startswith("place") and playing))]

    def depth(self, s: State, me: int, limit: int = MAX_DEPTH) -> int | None:
        """The fewest own placements in which ``me`` forces a win, or None within ``limit``."""
        for n in range(1, limit + 1):
            if self.wins(s, me, n):
                return n
        return None

    def defence(self, s: State, defender: int, limit: int = MAX_DEPTH) -> str:
        """The defender's reply that refutes the attacker if possible, else resists the longest: the
        attacker's fastest forced win is the furthest away; among equals a reply that does not lose
        at once, then the one that leaves the attacker the fewest winning moves (ties: the first in
        the engine's order, so the reply is deterministic)."""
        attacker = 1 - defender
        best, best_score = None, None
        for a in self.game.legal_actions(s, defender):
            child = self.game.apply(s, defender, a)
            if child.result is not None and defender in child.result[0]:
                return a
            d = self.depth(child, attacker, limit)
            survives = child.result is None
            playing = not child.tasks and child.phase == "play" and self.game.to_move(child) == (attacker,)
            wins = len(self.winning_moves(child, attacker, d)) if d is not None and survives and playing else 0
            score = (limit + 1 if d is None else d, survives, -wins)
            if best_score is None or score > best_score:
                best, best_score = a, score
        assert best is not None
        return best

    def best_action(self, s: State, seat: int, limit: int = MAX_DEPTH) -> str:
        """Open-hands play: the first move of the fastest forced win, else the best defence."""
        playing = not s.tasks and s.phase == "play"
        for n in range(1, limit + 1) if playing else range(limit + 1):
            moves = self.winning_moves(s, seat, n)
            if moves:
                return min(moves, key=lambda a: (a.startswith("veil"), a))
        return self.defence(s, seat, limit)

    def line(self, s: State, me: int, n: int, max_plies: int = 40) -> list[tuple[int, str]]:
        """A principal variation: the attacker's winning moves and the defender's best replies."""
        out = []
        for _ in range(max_plies):
            if s.result is not None:
                break
            movers = self.game.to_move(s)
            if not movers or movers == (CHANCE,):
                break
            seat = movers[0]
            playing = not s.tasks and s.phase == "play"
            if seat == me:
                moves = self.winning_moves(s, me, n)
                if not moves:
                    break
                action = min(moves, key=lambda a: (a.startswith("veil"), a))   # skip optional veils
                if action.startswith("place") and playing:
                    n -= 1
            else:
                action = self.defence(s, seat, max(n, 1))
            out.append((seat, action))
            s = self.game.apply(s, seat, action)
        return out
