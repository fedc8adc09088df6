"""Computer players (easy / normal / hard).

Bots decide from ``view.build(state, seat)`` only (what that seat may see); anything hidden
(the opponent's deck order and hand) is reasoned about from public counts and the card pool.
"""

from __future__ import annotations

from typing import Any

from pygames.core import Rng

from . import actions, strategy, view
from .actions import max_order_qty
from .state import KabuState


def choose(game: Any, s: KabuState, seat: int, level: str, rng: Rng) -> str:
    """The bot's action at ``level``, decided from ``view.build(s, seat)`` only."""
    legal = actions.legal(s, seat)
    if not legal:
        raise ValueError("the bot has nothing to do")
    v = view.build(s, seat)
    return strategy.decide(v, legal, level, rng)


def random_action(s: KabuState, seat: int, legal: list[str], rng: Rng) -> str:
    """A random legal action (with random limit orders); used by easy bots and playout tests."""
    p = s.pending
    assert p is not None  # a player acts only while a prompt waits
    if p["kind"] == "orders" and rng.random() < 0.35:
        return "done"
    if p["kind"] == "orders" and rng.random() < 0.4:
        side = p["side"]
        issues = [i for i in s.issues if max_order_qty(s, seat, i, side) > 0]
        if issues:
            issue = rng.choice(issues)
            qty = 1 + rng.randbelow(max_order_qty(s, seat, issue, side))
            price = max(1, s.price[issue] + rng.randint(-3, 3))
            if side == "buy" and rng.random() < 0.15:
                price += rng.randint(50, 400)  # a reckless bid: exercises debt and liquidation
            return f"{side} {issue} limit {price} x{qty}"
    return rng.choice(legal)
