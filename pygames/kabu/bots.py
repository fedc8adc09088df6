"""Computer players (easy / normal / hard) and the finite action list.

Bots decide from ``view.build(state, seat)`` only (what that seat may see); anything hidden
(the opponent's deck order and hand) is reasoned about from public counts and the card pool.
"""

from __future__ import annotations

from typing import Any

from pygames.core import Rng

from . import flow
from .actions import HANDS, max_order_qty
from .state import KabuState


def _sales_forms(tool: str, sellable: dict[str, int]) -> list[str]:
    forms = [f"tool {tool} {i} x{n}" for i, q in sorted(sellable.items()) for n in range(1, q + 1)]
    if len(sellable) > 1:
        forms.append(f"tool {tool} " + " ".join(f"{i} x{q}" for i, q in sorted(sellable.items())))
    return forms


def enumerate_actions(s: KabuState, seat: int) -> list[str]:
    """Legal actions of ``seat`` now; limit orders (free price) are left out (VIEW.md)."""
    p = s.pending
    if p is None or seat not in p["waiting"]:
        return []
    kind = p["kind"]
    if kind == "orders":
        if s.done[seat]:
            return []
        side = p["side"]
        out = ["done"]
        for issue in s.issues:
            for n in range(1, max_order_qty(s, seat, issue, side) + 1):
                out.append(f"{side} {issue} mkt x{n}")
        for o in s.orders:
            if o["owner"] != seat or o["side"] != side:
                continue
            out.append(f"cancel {o['id']}")
            if o["kind"] == "limit":
                out.append(f"change {o['id']} mkt")
            if side == "buy":
                most = o["qty"] + max(max_order_qty(s, seat, o["issue"], "buy"), 0)
                out += [f"change {o['id']} x{m}" for m in range(1, most + 1) if m != o["qty"]]
        if s.phase == 10 and seat == s.active and "T03" in s.hand[seat]:
            out += _sales_forms("T03", flow.t03_sellable(s, seat))
        if seat == s.active and "T06" in s.hand[seat] and s.deck[1 - seat] and s.top_seen[1 - seat] != seat:
            out.append("tool T06")
        if "T07" in s.hand[seat] and not s.peek_orders[seat]:
            out.append("tool T07")
        return out
    if kind in ("t05", "t04"):
        return [f"tool T0{kind[2]}", "pass"]
    if kind == "chart":
        return [f"chart {v:+d}" for v in sorted(set(p["cards"]))]
    if kind == "t01":
        return ["pass"] + [f"tool T01 {i} x{n}" for i, q in sorted(flow.t01_sellable(s, seat).items())
                           for n in range(1, q + 1)]
    if kind == "t02":
        return ["pass"] + _sales_forms("T02", flow.t02_sellable(s, seat))
    if kind == "target":
        return [f"target {i}" for i in s.issues]
    if kind == "janken":
        return [f"janken {h}" for h in HANDS]
    if kind == "liquidate":
        return ["liquidate auto"] + [f"liquidate {i}" for i in sorted(s.holdings[seat])]
    return []


def choose(game: Any, s: KabuState, seat: int, level: str, rng: Rng) -> str:
    """The bot's action at ``level``, decided from ``view.build(s, seat)`` only."""
    from . import strategy, view  # late import: strategy imports this module

    legal = enumerate_actions(s, seat)
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
