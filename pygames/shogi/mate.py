"""A checkmate search for 本将棋 (USI ``go mate``): every attacking move gives check, the defender tries
every legal reply; iterative deepening by odd plies finds the shortest mate and the defender's longest
resistance within it. Stops on a node budget, a clock or an abort flag (checked every few hundred nodes)."""

from __future__ import annotations

import time
from collections.abc import Callable

from .pieces import HI, KA, KY
from .position import DROP0, Position

CHECK_EVERY = 256
MAX_PLIES = 63


class MateSearch:
    """One ``go mate`` question for the side to move of ``pos`` (changed in place, restored)."""

    def __init__(self, pos: Position, budget: int = 10**9, deadline: float | None = None,
                 aborted: Callable[[], bool] | None = None) -> None:
        self.pos = pos
        self.budget = budget
        self.deadline = deadline
        self.aborted = aborted
        self.nodes = 0
        self.next_check = CHECK_EVERY
        self.stopped = False
        self.cut = False  # True once some line was cut by the depth limit in this iteration
        self.fails: dict[tuple[object, ...], int] = {}  # OR position -> plies proven not enough (-1: never)

    def _key(self) -> tuple[object, ...]:
        p = self.pos
        return (tuple(p.board), tuple(p.hands[0]), tuple(p.hands[1]), p.side)

    def _tick(self) -> bool:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check = self.nodes + CHECK_EVERY
            if (self.nodes > self.budget or (self.aborted is not None and self.aborted())
                    or (self.deadline is not None and time.monotonic() > self.deadline)):
                self.stopped = True
        return self.stopped

    def checks(self) -> list[int]:
        """The legal moves of the side to move that give check (drops far from the enemy king and off its
        lines are skipped before they are tried)."""
        pos = self.pos
        out: list[int] = []
        ek = pos.kings[pos.side ^ 1]
        if ek < 0:
            return out
        kx, ky = ek % 9, ek // 9
        for m in pos.legal_moves():
            frm = m & 127
            if frm >= DROP0:
                to = (m >> 7) & 127
                dx, dy = abs(to % 9 - kx), abs(to // 9 - ky)
                code = frm - DROP0
                if code in (KY, HI):
                    near = dx == 0 or (code == HI and dy == 0)
                elif code == KA:
                    near = dx == dy
                else:
                    near = dx <= 1 and dy <= 2
                if not near:
                    continue
            cap = pos.do(m)
            if pos.in_check():
                out.append(m)
            pos.undo(m, cap)
        return out

    def attack(self, plies: int) -> list[int] | None:
        """The mating line within ``plies`` (odd) for the side to move, or None."""
        if self._tick():
            return None
        key = self._key()
        failed = self.fails.get(key)
        if failed is not None and (failed < 0 or failed >= plies):
            if failed >= 0:
                self.cut = True
            return None
        pos = self.pos
        cut_before = self.cut
        self.cut = False
        best: list[int] | None = None
        for m in self.checks():
            cap = pos.do(m)
            line = self.defend(plies - 1)
            pos.undo(m, cap)
            if self.stopped:
                return None
            if line is not None:
                best = [m] + line
                break
        cut_here = self.cut
        self.cut = cut_before or cut_here
        if best is None:
            self.fails[key] = plies if cut_here else -1
        return best

    def defend(self, plies: int) -> list[int] | None:
        """The longest defence when every reply is mated within ``plies`` more (even), else None."""
        if self._tick():
            return None
        pos = self.pos
        replies = pos.legal_moves()
        if not replies:
            return []
        if plies <= 0:
            self.cut = True
            return None
        longest: list[int] | None = None
        for m in replies:
            cap = pos.do(m)
            line = self.attack(plies - 1)
            pos.undo(m, cap)
            if self.stopped or line is None:
                return None
            if longest is None or len(line) + 1 > len(longest):
                longest = [m] + line
        return longest

    def solve(self, max_plies: int = MAX_PLIES) -> tuple[str, list[int]]:
        """("mate", moves) | ("nomate", []) once proven | ("timeout", []) when stopped or too deep."""
        if self.pos.in_check(self.pos.side ^ 1):
            return "nomate", []
        for plies in range(1, max_plies + 1, 2):
            self.cut = False
            line = self.attack(plies)
            if self.stopped:
                return "timeout", []
            if line is not None:
                return "mate", line
            if not self.cut:
                return "nomate", []
        return "timeout", []
