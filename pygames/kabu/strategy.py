"""How the computer decides, from one seat's view JSON only (see VIEW.md).

* easy   — plays at the current price with a coin flip, uses tools at random.
* normal — values a share as price + the dividends still to come, buys below that value with
  limit orders it can pay for (never risking 清算), sells only above it, uses tools plainly.
* hard   — adds the expected price drift: its own event deck (contents known, order not), the
  opponent's deck (count known, contents estimated from the card pool, or the card seen with
  T06), the public order book (it takes mispriced opponent orders), dodges a likely bad next
  event, and times T04/T05/event targets for the relative gain over the opponent.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from pygames.core import Rng

from . import cards

EDGE = {"normal": 1.0, "hard": 0.5}
"""Units of expected gain a bot wants before it buys."""
PRIORITY_PREMIUM = 2
"""Units the hard bot bids above the price to win priority for scarce market shares."""
SELL_EDGE = {"normal": 2.0, "hard": 1.0}
"""Units above its value at which a bot offers its shares."""


@lru_cache(maxsize=None)
def _effect(card: str, issue: str) -> int:
    return cards.event_effect(card, [issue], None)[issue]


@lru_cache(maxsize=None)
def price_card_lift(price: int) -> float:
    """Expected change of one ④ price card at ``price``: zero, except that the one-unit floor
    lifts the mean for very cheap issues (the seven cards are equally likely)."""
    from .flow import PRICE_CARDS

    return sum(max(1, price + c) for c in PRICE_CARDS) / len(PRICE_CARDS) - price


@lru_cache(maxsize=None)
def _pool_mean(issue: str) -> float:
    pool = sorted(cards.catalog()["events"])
    return sum(_effect(c, issue) for c in pool) / len(pool)


class Knowledge:
    """The facts a bot reads off its view."""

    def __init__(self, v: dict[str, Any]) -> None:
        self.v = v
        self.seat = v["seat"]
        self.opp = 1 - self.seat
        t = v["turn"]
        self.turn, self.total, self.phase, self.active = t["index"], t["total"], t["phase"], t["active"]
        self.issues = {i["id"]: i for i in v["issues"]}
        self.me, self.them = v["players"][self.seat], v["players"][self.opp]
        self.cash = self.me["cash"]
        self.hand = [h["id"] for h in v["me"]["hand"]]
        self.deck = v["me"]["deck_remaining"]
        self.peeked = v["me"]["peeked_top"]
        self.pending = v["pending"] or {}

    def mine(self, issue: str) -> int:
        return self.me["holdings"].get(issue, 0)

    def theirs(self, issue: str) -> int:
        return self.them["holdings"].get(issue, 0)

    def dividend_turns(self) -> int:
        """⑦s still to come while a share is held from now."""
        return self.total - self.turn - 1 + (1 if self.phase <= 7 else 0)

    def draws_left(self, seat: int) -> int:
        """Event draws still to come for ``seat`` (own turns whose ⑧ is ahead)."""
        n = sum(1 for t in range(self.turn, self.total) if t % 2 == seat and (t > self.turn or self.phase < 8))
        deck = len(self.deck) if seat == self.seat else self.v["players"][seat]["deck_count"]
        return min(n, deck)

    def drift(self, issue: str, opponent: bool = True) -> float:
        """Expected price change to the end from events (price cards average zero): the own
        deck's known contents, and (``opponent``) the other deck estimated from the pool."""
        own = 0.0
        if self.deck:
            p = self.draws_left(self.seat) / len(self.deck)
            own = p * sum(_effect(c, issue) for c in self.deck)
        if not opponent:
            return own
        n = self.draws_left(self.opp)
        if self.peeked and n:
            return own + _effect(self.peeked, issue) + (n - 1) * _pool_mean(issue)
        return own + n * _pool_mean(issue)

    def next_event(self, issue: str) -> float:
        """Expected effect of the very next ⑧ on ``issue``."""
        nxt = self.turn + (1 if self.phase >= 8 else 0)
        if nxt >= self.total:
            return 0.0
        if nxt % 2 == self.seat:
            return sum(_effect(c, issue) for c in self.deck) / len(self.deck) if self.deck else 0.0
        if self.peeked:
            return float(_effect(self.peeked, issue))
        return _pool_mean(issue) if self.them["deck_count"] else 0.0

    def value(self, issue: str, level: str) -> float:
        """What one share is worth to hold to the end, in units."""
        info = self.issues[issue]
        v = info["price"] + info["dividend"] * self.dividend_turns() / 100
        v += self.drift(issue, opponent=level == "hard")
        if level == "hard":
            v += self.price_cards_left() * price_card_lift(info["price"])
        return v

    def price_cards_left(self) -> int:
        """④ draws still to come."""
        return self.total - self.turn - 1 + (1 if self.phase < 4 else 0)

    def book(self, issue: str, side: str, owner: int) -> list[dict[str, Any]]:
        return [o for o in self.v["book"][issue][side + "s"] if o["owner"] == owner]


def decide(v: dict[str, Any], legal: list[str], level: str, rng: Rng) -> str:
    """One action for the seat of ``v`` at ``level``; always one of ``legal`` or a limit order."""
    k = Knowledge(v)
    kind = k.pending.get("kind")
    if kind == "janken":
        return rng.choice([a for a in legal if a.startswith("janken")])
    if kind == "liquidate":
        return "liquidate auto"
    if level == "easy":
        return _easy(k, legal, rng)
    if kind == "orders":
        return _orders(k, legal, level)
    if kind == "t05":
        return "tool T05"
    if kind == "chart":
        return _chart(k)
    if kind == "t01":
        return _t01(k, level)
    if kind == "t02":
        return _t02(k, level, legal)
    if kind == "t04":
        return _t04(k, level)
    if kind == "target":
        return _target(k, level)
    return legal[0]


# --- easy ----------------------------------------------------------------------------------
def _easy(k: Knowledge, legal: list[str], rng: Rng) -> str:
    if k.pending.get("kind") != "orders":
        return rng.choice(legal)
    if rng.random() < 0.5:
        return "done"
    entry = k.pending["entry"]
    side = entry["side"]
    choices = [i for i in entry["issues"] if side == "sell" or k.issues[i]["market_qty"] > 0]
    if not choices:
        return "done"
    issue = rng.choice(choices)
    price = k.issues[issue]["price"]
    if side == "buy":
        if k.cash < price * 100:
            return "done"
        return f"buy {issue} limit {price} x1"
    return f"sell {issue} limit {price + rng.randint(0, 2)} x1"


# --- order phases ---------------------------------------------------------------------------
def _orders(k: Knowledge, legal: list[str], level: str) -> str:
    side = k.pending["side"]
    day_traded = k.pending.get("sellable")
    if day_traded and any(a.startswith("tool T03 ") for a in legal):
        # sell every share bought this turn at price + 1 (they can be bought back next turn)
        return "tool T03 " + " ".join(f"{i} x{q}" for i, q in sorted(day_traded.items()))
    if level == "hard" and "tool T06" in legal:
        return "tool T06"
    want = _desired_buys(k, level) if side == "buy" else _desired_sells(k, level)
    have = [o for i in k.issues for o in k.book(i, side, k.seat)]
    keys = [(o["issue"], o["kind"], o["price"], o["qty"]) for o in have]
    missing = list(want)
    for key, order in zip(keys, have):
        if key in missing:
            missing.remove(key)
        else:
            return f"cancel {order['id']}"
    for issue, _kind, price, qty in missing:
        return f"{side} {issue} limit {price} x{qty}"
    return "done"


def _desired_buys(k: Knowledge, level: str) -> list[tuple[str, str, int, int]]:
    """One limit buy per issue worth buying, within the cash on hand (no 清算 risk)."""
    edge = EDGE[level]
    lots = []
    for issue, info in k.issues.items():
        value = k.value(issue, level)
        for o in k.book(issue, "sell", k.opp):
            if o["kind"] == "limit" and o["price"] <= value - edge:
                lots.append(((value - o["price"]) / o["price"], issue, o["price"], o["qty"]))
        if info["market_qty"] and info["price"] <= value - edge:
            lots.append(((value - info["price"]) / info["price"], issue, info["price"], info["market_qty"]))
    lots.sort(key=lambda x: (-x[0], x[1], x[2]))
    budget = k.cash // 100
    plan: dict[str, list[int]] = {}
    for _ret, issue, price, qty in lots:
        limit, have = plan.get(issue, [0, 0])
        new_limit = max(limit, price)
        room = k.issues[issue]["total_qty"] - k.mine(issue) - have
        spent = sum(lim * q for iss, (lim, q) in plan.items() if iss != issue)
        afford = (budget - spent) // new_limit - have
        take = min(qty, room, afford)
        if take > 0:
            plan[issue] = [new_limit, have + take]
    if level == "hard":
        # Bid a little above the price: market fills are at the current price anyway (ruling 6),
        # and the higher limit wins price priority for scarce market shares (8-5).
        for issue, (lim, q) in list(plan.items()):
            premium = min(PRIORITY_PREMIUM, int(k.value(issue, level) - edge - lim))
            if premium > 0:
                spent = sum(l2 * q2 for i2, (l2, q2) in plan.items() if i2 != issue)
                if spent + (lim + premium) * q <= budget:
                    plan[issue] = [lim + premium, q]
    return [(i, "limit", lim, q) for i, (lim, q) in sorted(plan.items())]


def _desired_sells(k: Knowledge, level: str) -> list[tuple[str, str, int, int]]:
    """Hit opponent bids above value; offer the rest a little above value; hard also steps
    aside before a likely bad next event and sells into resting market buys."""
    out = []
    last_turn = k.turn == k.total - 1
    for issue in sorted(k.issues):
        held = k.mine(issue)
        if not held:
            continue
        value = k.value(issue, level)
        price = k.issues[issue]["price"]
        bids = k.book(issue, "buy", k.opp)
        limit_bids = sorted((o for o in bids if o["kind"] == "limit"), key=lambda o: -o["price"])
        if level == "hard" and any(o["kind"] == "mkt" for o in bids):
            q = min(held, sum(o["qty"] for o in bids if o["kind"] == "mkt"))
            out.append((issue, "limit", max(2 * price, math.ceil(value) + 1), q))
            held -= q
        elif limit_bids and limit_bids[0]["price"] >= value + (0.5 if level == "hard" else 1.0):
            q = min(held, limit_bids[0]["qty"])
            out.append((issue, "limit", limit_bids[0]["price"], q))
            held -= q
        if not held or last_turn:
            continue
        if (level == "hard" and k.phase == 10 and k.next_event(issue) <= -1.5
                and k.issues[issue]["dividend"] < 60):
            # leave before the next ⑧: after ④ it sells to the market at the new price; never
            # below the best bid, since a limit sell crossing a bid fills at the sell limit (8-4)
            best_bid = limit_bids[0]["price"] if limit_bids else 0
            out.append((issue, "limit", max(1, price - 3, best_bid), held))
        elif level != "hard":  # a resting take-profit forfeits dividends: hard holds instead
            out.append((issue, "limit", math.ceil(value + SELL_EDGE[level]), held))
    return out


# --- prompts ---------------------------------------------------------------------------------
def _net_shares(k: Knowledge) -> int:
    return sum(k.mine(i) - k.theirs(i) for i in k.issues)


def _chart(k: Knowledge) -> str:
    net = _net_shares(k)
    cards_ = k.pending["cards"]
    best = max(cards_, key=lambda c: (c * net - 0.2 * c, -c))
    return f"chart {best:+d}"


def _t01(k: Knowledge, level: str) -> str:
    sellable = k.pending.get("sellable", {})
    effect = k.pending["effect"]
    gains = {i: -effect[i] * q for i, q in sellable.items()}
    issue = max(sorted(gains), key=lambda i: gains[i])
    need = 3 if level == "normal" else (1 if k.total - k.turn <= 3 else 2)
    if gains[issue] >= need:
        return f"tool T01 {issue} x{sellable[issue]}"
    return "pass"


def _t02(k: Knowledge, level: str, legal: list[str]) -> str:
    sellable = k.pending.get("sellable", {})
    qty = sum(sellable.values())
    if qty >= 2 or k.total - k.turn <= 2:
        forms = [a for a in legal if a.startswith("tool T02") and a.count(" x") == len(sellable)]
        return forms[-1] if forms else "pass"
    return "pass"


def _t04(k: Knowledge, level: str) -> str:
    income = k.pending.get("income", 0)
    if level == "normal" or income >= 240 or k.dividend_turns() <= k.hand.count("T04"):
        return "tool T04"
    return "pass"


def _target(k: Knowledge, level: str) -> str:
    card = k.pending["card"]
    data = cards.event(card)
    ids = sorted(k.issues)
    if data.get("dividend_target"):
        return "target " + max(ids, key=lambda i: ((k.mine(i) - k.theirs(i)) * cards.stock(i)["dividend"],
                                                   cards.stock(i)["dividend"]))
    if data["target"] < 0:
        score = {i: (k.theirs(i) - k.mine(i), k.issues[i]["market_qty"] if level == "hard" else 0) for i in ids}
    else:
        score = {i: (k.mine(i) - k.theirs(i), -k.issues[i]["market_qty"] if level == "hard" else 0) for i in ids}
    return "target " + max(ids, key=lambda i: score[i])
