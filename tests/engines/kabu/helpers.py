"""Helpers to drive a kabu duel to a given point in tests."""

from __future__ import annotations

from typing import Any

from pygames.core import CHANCE
from pygames.kabu import GAME
from pygames.kabu.state import KabuState

PLAIN = {"stocks": ["S03", "S03", "S04", "S05", "S12"], "events": ["E02", "E02", "E04", "E06"], "tools": []}
"""A deck without tools, so no tool prompt interrupts the flow."""
PLAIN1 = {"stocks": ["S03", "S07", "S08", "S09", "S10"], "events": ["E01", "E04", "E06", "E09"], "tools": []}


def new(deck0: Any = None, deck1: Any = None, years: int = 1, version: str | None = None) -> KabuState:
    """A fresh duel (seat 0 先攻) with the given decks (default: tool-less decks), under the
    rulings of engine ``version`` (default: the current one; ``"1"``: the rulings before 15-19)."""
    opts = GAME.normalize_options({"years": years, "deck0": deck0 or PLAIN, "deck1": deck1 or PLAIN1}, 2, version)
    return GAME.initial_state(opts, 2)


def play(s: KabuState, *steps: str) -> KabuState:
    """Apply ``"0:buy S03 mkt x1"``-style steps; ``"c:price +1"`` for chance."""
    for step in steps:
        who, action = step.split(":", 1)
        seat = CHANCE if who == "c" else int(who)
        s = GAME.apply(s, seat, action)
    return s


def to_phase5(price: str = "+0", **kw: Any) -> KabuState:
    """Turn 0 (spring, 先攻) at ⑤ after the price card ``price``."""
    s = play(new(**kw), f"c:price {price}")
    assert s.phase == 5 and s.pending["kind"] == "orders"
    return s


def give(s: KabuState, seat: int, issue: str, qty: int = 1) -> KabuState:
    """A copy where ``seat`` has taken ``qty`` shares of ``issue`` from the market (test setup)."""
    s = s.clone()
    s.move_shares(issue, qty, None, seat)
    return s


def add_order(s: KabuState, seat: int, side: str, issue: str, kind: str, price: int | None, qty: int,
              phase_id: int = -1) -> KabuState:
    """A copy with a public open order already in the book (as if left from an earlier phase)."""
    s = s.clone()
    s.orders.append({"id": f"o{s.next_oid}", "owner": seat, "side": side, "issue": issue, "kind": kind,
                     "price": price, "qty": qty, "seq": s.next_seq, "phase_id": phase_id})
    s.snapshot.append(dict(s.orders[-1]))
    s.next_oid += 1
    s.next_seq += 1
    return s


def both_done(s: KabuState) -> KabuState:
    """Both players confirm the current order phase."""
    return play(s, "0:done", "1:done")


def orders_of(s: KabuState, seat: int) -> list[dict[str, Any]]:
    """Open orders of ``seat``."""
    return [o for o in s.orders if o["owner"] == seat]
