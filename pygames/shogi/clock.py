"""Optional clocks (持ち時間 + 秒読み). The screen keeps the time; when the side to move's time is up
it plays the action ``timeout`` (legal only in a match with a clock), which ends the game as 切れ負け.
The computer keeps to its clock by its node budget: a deterministic share of its time at a nominal
speed, so the same match replays the same moves on any machine."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pygames.core.errors import refuse

from .rules import MARK, SEAT_EN, SEAT_JA, _finish
from .state import ShogiState

MAX_MAIN = 36_000  # seconds (10 hours)
MAX_BYOYOMI = 600
NOMINAL_NODES_PER_SECOND = 50_000
"""The expert's speed assumed for its budget (the browser worker does ≈50–90k nodes/s, docs/shogi-strength.md)."""
MOVES_LEFT = 40
"""The main time is spread as if this many moves were left."""


def check_clock(value: Any) -> tuple[int, int] | None:
    """``{"main": seconds, "byoyomi": seconds}`` (or None: no clock) as (main, byoyomi)."""
    if value is None:
        return None
    bad = refuse("shogi.option.clock", key="clock", max_main=MAX_MAIN, max_byoyomi=MAX_BYOYOMI)
    if not isinstance(value, dict) or set(value) - {"main", "byoyomi"}:
        raise bad
    main, byo = value.get("main", 0), value.get("byoyomi", 0)
    for v, top in ((main, MAX_MAIN), (byo, MAX_BYOYOMI)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= top:
            raise bad
    if main + byo <= 0:
        raise bad
    return main, byo


def clock_json(clock: tuple[int, int] | None) -> dict[str, int] | None:
    """The clock option as the view and records write it."""
    return None if clock is None else {"main": clock[0], "byoyomi": clock[1]}


def bot_nodes(clock: tuple[int, int] | None, budget: int) -> int:
    """The computer's node budget under ``clock``: at most ``budget``, else what fits in 80% of the
    byoyomi plus the main time spread over MOVES_LEFT moves (at least 1,000 nodes)."""
    if clock is None:
        return budget
    main, byo = clock
    seconds = 0.8 * byo + main / MOVES_LEFT
    return max(1_000, min(budget, int(seconds * NOMINAL_NODES_PER_SECOND)))


def timeout(state: ShogiState) -> ShogiState:
    """The side to move's time is up: it loses (切れ負け)."""
    if state.rules.clock is None:
        raise refuse("shogi.no_clock", action="timeout")
    seat = state.side
    rec = {"ply": state.ply + 1, "seat": seat, "usi": "timeout", "ja": f"{MARK[seat]}時間切れ", "en": "Time up"}
    return _finish(replace(state, record=state.record + (rec,)), (1 - seat,), "timeout",
                   f"{SEAT_JA[seat]}の時間切れ: {SEAT_JA[1 - seat]}の勝ち", f"{SEAT_EN[seat]} ran out of time: {SEAT_EN[1 - seat]} wins")
