"""Scripted people: the simple things a person does against the computer (issue 24).

Each strategy sees only its seat's view (``view.build``) and answers every prompt. In an order
phase it enters its whole list of orders (computed when the phase opens) one by one, then confirms.
Used by ``bench/kabu_vs_people.py`` and the grabber test.

* ``grabber``  — every buy phase a market buy of every issue the market still has, as far as
  cash allows; never sells.
* ``taker``    — the grabber, and it also takes any computer quote that beats the price by a unit
  (a bid at price + 1 or more, an ask at price − 1 or less).
* ``pass``     — confirms every phase without an order.
* ``dividend`` — buys the issues with the best dividend for their price (market buys, best first,
  as far as cash allows); never sells.
* ``pump``     — pump and dump: grabs the market, bids high for one share of what it holds most
  (pushing the price up through a fill with the computer), then sells everything at price + 2.
"""

from __future__ import annotations

from typing import Any

from pygames.core import Rng
from pygames.kabu import view
from pygames.kabu.state import KabuState

STRATEGIES = ("grabber", "taker", "pass", "dividend", "pump")


class Person:
    """One scripted person; ``act`` is a playout chooser for its seat."""

    def __init__(self, strategy: str, seed: int) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(strategy)
        self.strategy = strategy
        self.rng = Rng.derive(seed, "person")
        self.queue: list[str] = []
        self.phase_key: tuple[int, int] | None = None

    def act(self, s: KabuState, seat: int) -> str:
        v = view.build(s, seat)
        p = v["pending"]
        kind = p["kind"]
        if kind == "janken":
            return f"janken {self.rng.choice(['rock', 'paper', 'scissors'])}"
        if kind == "liquidate":
            return "liquidate auto"
        if kind == "target":
            held = v["players"][seat]["holdings"]
            return "target " + max(sorted(i["id"] for i in v["issues"]), key=lambda i: held.get(i, 0))
        if kind == "chart":
            return f"chart {max(p['cards']):+d}"
        if kind != "orders":
            return "pass"
        key = (s.turn, s.phase)
        if key != self.phase_key:
            self.phase_key = key
            self.queue = self.orders(v, seat, p["side"]) + ["done"]
        return self.queue.pop(0)

    # --- orders -----------------------------------------------------------------------
    def orders(self, v: dict[str, Any], seat: int, side: str) -> list[str]:
        if self.strategy == "pass":
            return []
        issues = {i["id"]: i for i in v["issues"]}
        me = v["players"][seat]
        cash = me["cash"] // 100
        out: list[str] = []
        room = dict(v["pending"]["entry"]["max_qty"])
        if side == "buy":
            if self.strategy in ("taker", "pump"):
                for issue, info in sorted(issues.items()):
                    for o in v["book"][issue]["sells"]:
                        if o["owner"] != seat and o["kind"] == "limit" and o["price"] <= info["price"] - (
                                1 if self.strategy == "taker" else -2) and cash >= o["price"] * o["qty"] \
                                and room[issue] >= o["qty"]:
                            room[issue] -= o["qty"]
                            out.append(f"buy {issue} limit {o['price']} x{o['qty']}")
                            cash -= o["price"] * o["qty"]
            order = sorted(issues)
            if self.strategy == "dividend":
                order = sorted(issues, key=lambda i: (-issues[i]["dividend"] / issues[i]["price"], i))
            for issue in order:
                info = issues[issue]
                qty = min(info["market_qty"], cash // max(info["price"], 1), room[issue])
                if self.strategy == "pump" and v["turn"]["index"] % 2 == 1:
                    qty = 0  # the pump phase: no grabbing
                if qty > 0:
                    out.append(f"buy {issue} mkt x{qty}")
                    cash -= qty * info["price"]
                    room[issue] -= qty
            if self.strategy == "pump" and me["holdings"] and v["turn"]["index"] % 2 == 1:
                issue = max(sorted(me["holdings"]), key=lambda i: me["holdings"][i])
                if room[issue] > 0:
                    out.append(f"buy {issue} limit {issues[issue]['price'] + 3} x1")
            return out
        held = dict(me["holdings"])
        for issue in issues:
            for o in v["book"][issue]["sells"]:
                if o["owner"] == seat:
                    held[issue] = held.get(issue, 0) - o["qty"]
        if self.strategy == "taker":
            for issue, info in sorted(issues.items()):
                for o in v["book"][issue]["buys"]:
                    q = min(held.get(issue, 0), o["qty"])
                    if o["owner"] != seat and o["kind"] == "limit" and o["price"] >= info["price"] + 1 and q > 0:
                        out.append(f"sell {issue} limit {o['price']} x{q}")
                        held[issue] -= q
        if self.strategy == "pump" and v["turn"]["index"] % 2 == 1:
            offered = {o["issue"] for i in issues for o in v["book"][i]["sells"] if o["owner"] == seat}
            for issue, q in sorted(held.items()):
                if q > 0 and issue not in offered:
                    out.append(f"sell {issue} limit {issues[issue]['price'] + 2} x{q}")
        return out
