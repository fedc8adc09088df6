"""The state of a 四時の札遊び match (immutable; hashable for the solver's memo)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import EMPTY

BALANCED = -1
"""Star state 平衡状態: any star may come next (no star yet, or a 00 pair just formed)."""
PANIC_STATE = -2
"""Star state 恐慌状態: after a 恐慌組 any star may come next."""

Cell = tuple[int, bool, int]
"""A card in a market row: (kind or -1 for a gap left by 回収, veiled, shell number)."""


@dataclass(frozen=True)
class Rules:
    """The rule switches (競技者間調整) of a match."""

    reverse: bool = True          # 夜 and 恐慌 turn the order to 逆順
    star_order: bool = True       # 運行の原則 (跳躍 and 遡行 refused)
    goods: bool = True            # 商品 and 報酬
    back_to_front: bool = False   # the new shell's back card goes next to the previous front card
    deck: bool = False            # 山札 mode: a shuffled deck replaces the land
    closing: int = 10             # 閉場 after this many shells each (0: off)
    quick_start: bool = False     # 先手 decided by the seeded RNG
    open_hands: bool = False      # 詰み札: both hands and lands are open
    star_clears: bool = True      # a star or panic shell leaves no value to beat (ruling of 2026-12-01);
    #                               False: the literal reading, the next number shell must beat value 0
    free_add: bool = True         # without goods, land cards may be added to the hand freely on one's turn


@dataclass(frozen=True)
class State:
    """Everything about a match at one moment. Counts are per card kind (see ``cards``)."""

    rules: Rules
    phase: str = "pick"                      # pick | lead | play | over
    land: tuple[tuple[int, ...], tuple[int, ...]] = (EMPTY, EMPTY)   # the deck in 山札 mode
    hand: tuple[tuple[int, ...], tuple[int, ...]] = (EMPTY, EMPTY)
    merchant: tuple[bool, bool] = (True, True)   # 商人札 still face up
    rows: tuple[tuple[Cell, ...], tuple[Cell, ...]] = ((), ())
    picks: tuple[int, int] = (6, 6)          # opening-hand cards still to choose
    lead: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)  # secret 先手決め pairs
    lead_shown: tuple[tuple[int, int], ...] = ()   # revealed 先手決め values, one pair per try
    turn: int = 0
    to_beat: int | None = None               # the opponent's last value (None: any 数字組 may be placed)
    reverse: bool = False                    # 逆順
    star: int = BALANCED                     # BALANCED, PANIC_STATE or the last star placed
    tasks: tuple[tuple, ...] = ()            # pending steps: take/draw/merchant/recover/kaijo/end/pass
    veilable: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    placed: tuple[int, int] = (0, 0)
    goods: tuple[tuple, tuple] = ((), ())   # goods (name, positions, reward) of each seat's last shell
    last: tuple[int, tuple[int, ...]] | None = None           # (seat, row positions) of the last shell
    result: tuple[tuple[int, ...], str, int] | None = None     # (winners, reason code, seat concerned)
    extra: tuple = field(default=())         # reserved


def evolve(s: State, **changes: object) -> State:
    """A copy of ``s`` with some fields changed (a faster ``dataclasses.replace``; no validation)."""
    new = object.__new__(State)
    d = new.__dict__
    d.update(s.__dict__)
    d.update(changes)
    return new
