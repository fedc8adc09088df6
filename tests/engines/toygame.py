"""A tiny game for testing the shared machinery: dice race with a secret bonus card.

Each seat is dealt a hidden bonus (chance), then seats alternate: ``roll`` (chance die 1-3
added to the total) or ``stop``. First to reach 10 (total + bonus) wins; if both stop, higher wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pygames.core import CHANCE, Game, Outcome, Rng
from pygames.core.errors import illegal_action
from pygames.core.game import OptionSpec


@dataclass(frozen=True)
class ToyState:
    bonus: tuple[int | None, int | None] = (None, None)
    totals: tuple[int, int] = (0, 0)
    turn: int = 0
    pending_roll: bool = False
    stopped: tuple[bool, bool] = (False, False)
    target: int = 10


class ToyGame(Game[ToyState]):
    name = "toy"
    title_ja = "おもちゃ"
    title_en = "Toy"
    option_specs = (OptionSpec("target", "目標", "Target", "int", 10, minimum=5, maximum=30),)

    def initial_state(self, options: dict[str, Any], seats: int) -> ToyState:
        return ToyState(target=options["target"])

    def to_move(self, s: ToyState) -> tuple[int, ...]:
        if self.outcome(s):
            return ()
        if None in s.bonus or s.pending_roll:
            return (CHANCE,)
        return (s.turn,)

    def chance_outcomes(self, s: ToyState) -> list[tuple[str, float]]:
        if self.to_move(s) != (CHANCE,):
            return []
        if None in s.bonus:
            return [(f"bonus{v}", 1 / 3) for v in (0, 1, 2)]
        return [(f"die{v}", 1 / 3) for v in (1, 2, 3)]

    def _legal_actions(self, s: ToyState, seat: int) -> list[str]:
        return ["roll", "stop"]

    def _apply(self, s: ToyState, seat: int, action: str) -> ToyState:
        if seat == CHANCE:
            if action.startswith("bonus"):
                b = list(s.bonus)
                b[b.index(None)] = int(action[5:])
                return replace(s, bonus=tuple(b))
            t = list(s.totals)
            t[s.turn] += int(action[3:])
            return replace(s, totals=tuple(t), pending_roll=False, turn=self._next(s))
        if action not in self.legal_actions(s, seat):
            raise illegal_action(self.name, action)
        if action == "roll":
            return replace(s, pending_roll=True)
        st = list(s.stopped)
        st[seat] = True
        return replace(s, stopped=tuple(st), turn=self._next(replace(s, stopped=tuple(st))))

    def _next(self, s: ToyState) -> int:
        other = 1 - s.turn
        return s.turn if s.stopped[other] else other

    def score(self, s: ToyState, seat: int) -> int:
        return s.totals[seat] + (s.bonus[seat] or 0)

    def outcome(self, s: ToyState) -> Outcome | None:
        if None in s.bonus:
            return None
        scores = (self.score(s, 0), self.score(s, 1))
        for seat in (0, 1):
            if scores[seat] >= s.target:
                return Outcome((seat,), scores)
        if all(s.stopped):
            if scores[0] == scores[1]:
                return Outcome((), scores)
            return Outcome((0,) if scores[0] > scores[1] else (1,), scores)
        return None

    def view(self, s: ToyState, seat: int | None) -> dict[str, Any]:
        return {"totals": list(s.totals), "bonus": [b if seat == i else None for i, b in enumerate(s.bonus)]}

    def extra_calls(self) -> dict[str, Any]:
        return {"scores": lambda match: {"scores": [self.score(match.state, i) for i in (0, 1)]}}

    def bot_action(self, s: ToyState, seat: int, level: str, rng: Rng) -> str:
        return "roll" if level == "hard" or rng.randbelow(2) else "stop"


GAME = ToyGame()
