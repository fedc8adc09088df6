"""The immutable match state and the options that shape it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import KINDS
from .pieces import Tables, tables_for
from .position import Position

MAX_PLIES = 512


@dataclass(frozen=True, eq=False)
class Rules:
    """What the options fixed for the whole match."""

    ruleset: str  # "cards" | "hon"
    foul_loss: bool
    variant: str  # "standard" | "pickup" | "setup"
    pool: dict[str, dict[str, Any]]  # every card of the match by id
    declare: bool = False
    """入玉宣言 (27-point rule) may be declared (本将棋 only; engine version 2 on, see :mod:`.nyugyoku`)."""
    imported: dict[str, Any] | None = None
    """What an imported record says beyond its moves (:mod:`.imported`): its end and its comments."""

    @property
    def hon(self) -> bool:
        return self.ruleset == "hon"

    @property
    def can_declare(self) -> bool:
        """True if the 入玉宣言 action exists in this match."""
        return self.declare and self.ruleset == "hon"


@dataclass(frozen=True, eq=False)
class ShogiState:
    """A match state. ``phase``: setup | move | draw_pending | draw_choice | over."""

    rules: Rules
    board: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    side: int
    phase: str
    active: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    pending: str | None = None
    ply: int = 0
    move_no0: int = 1
    history: tuple[tuple[int, int, bool], ...] = ()
    record: tuple[dict[str, Any], ...] = ()
    last: dict[str, Any] | None = None
    last_to: int | None = None
    result: tuple[tuple[int, ...], str, str, str] | None = None
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def tables(self) -> Tables:
        """Move tables with the active cards applied."""
        t = self.cache.get("tables")
        if t is None:
            t = self.cache["tables"] = tables_for([self.rules.pool[c] for c in self.active])
        return t

    def position(self) -> Position:
        """A fresh mutable Position of this state."""
        return Position(list(self.board), [list(self.hands[0]), list(self.hands[1])], self.side, self.tables(),
                        hon=self.rules.hon)

    def active_by_kind(self) -> dict[str, str]:
        """Active card id per piece kind."""
        return {self.rules.pool[c]["kind"]: c for c in self.active}


def order_active(ids: list[str] | tuple[str, ...], pool: dict[str, dict[str, Any]]) -> tuple[str, ...]:
    """Active ids in kind order FU KY KE GI KI KA HI."""
    return tuple(sorted(ids, key=lambda i: KINDS.index(pool[i]["kind"])))


def position_key(board: tuple[int, ...], hands: tuple[tuple[int, ...], ...], side: int,
                 active: tuple[str, ...]) -> int:
    """Identity of a position for repetition (board, hands, side to move, active cards)."""
    return hash((board, hands, side, active))
