"""How the computer decides, from one seat's view JSON only (see VIEW.md).

The order phases are a market maker's: every phase the bot wants a set of limit orders and
reconciles its open orders with it (cancel what it no longer wants, place what is missing, confirm).
A fill is judged by :func:`trade_gain`: the shares' future (dividends, expected moves) and the
re-marking of every share held, since a player-to-player fill sets the price (8-9).

* easy   — one limit order near the price in most phases, tools at random.
* normal — values a share as price + the dividends to come + its own deck's events; takes the
  opponent's orders and the market's shares worth having, leaves a bid two units under the price
  and offers shares from two units over it, sells one back to the market when it holds much.
* hard   — the same with tighter quotes (one unit), the opponent's deck estimated from the card
  pool (or the card seen with T06) and the price floor's lift, counts half of the opponent's gain
  from a fill against its own (it plays for the difference), steps aside before a likely bad event,
  and times T04/T05/event targets for the relative gain over the opponent.
All of them only ever place limit orders they can pay for in cash (never risking 清算) and answer
opponent orders within REACH units of the price.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pygames.core import Rng

from . import cards
from .flow import PRICE_CARDS

EDGE = {"normal": 0.5, "hard": 0.5}
"""Units of expected gain per share a bot wants from a fill."""
REL_WEIGHT = {"normal": 0.0, "hard": 0.5}
"""How much of the opponent's gain from a fill the bot counts against its own (hard plays for
the difference of the totals; normal for its own total)."""
REACH = 6
"""The bots answer opponent orders at most this many units from the price (a sane screen)."""
BID_OFFSET = {"normal": 2, "hard": 1}
"""Units under the price of the highest resting bid a bot leaves for the opponent to sell into
(it goes down to REACH until one pays)."""
ASK_OFFSET = {"normal": 2, "hard": 1}
"""Units over the price of the lowest ask a bot offers (it goes up to REACH until one pays)."""
SELL_BACK_CARRY = {"normal": 2.0, "hard": 3.0}
"""A bot holding much of an issue sells one back to the market when the share's future is worth
less than this many units."""


@cache
def _effect(card: str, issue: str) -> int:
    return cards.event_effect(card, [issue], None)[issue]


@cache
def price_card_lift(price: int) -> float:
    """Expected change of one ④ price card at ``price``: zero, except that the one-unit floor
    lifts the mean for very cheap issues (the seven cards are equally likely)."""

    return sum(max(1, price + c) for c in PRICE_CARDS) / len(PRICE_CARDS) - price


@cache
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
    """One order near the price in most phases (never twice in a phase), else confirm."""
    if k.pending.get("kind") != "orders":
        return rng.choice(legal)
    entry = k.pending["entry"]
    side = entry["side"]
    if any(o["sealed"] for i in k.issues for o in k.book(i, side, k.seat)) or rng.random() < 0.35:
        return "done"
    choices = [i for i in entry["issues"] if side == "sell" or k.cash >= k.issues[i]["price"] * 100]
    if not choices:
        return "done"
    issue = rng.choice(choices)
    price = k.issues[issue]["price"]
    if side == "buy":
        return f"buy {issue} limit {max(1, price + rng.randint(-2, 1))} x1"
    return f"sell {issue} limit {price + rng.randint(0, 3)} x1"


# --- order phases ---------------------------------------------------------------------------
Order = tuple[str, int, int]
"""(issue, limit price in units, quantity): bots only place limit orders."""


def _orders(k: Knowledge, legal: list[str], level: str) -> str:
    """Reconcile the bot's open orders of this phase's side with the orders it wants now:
    cancel what it no longer wants, place what is missing, then confirm. The wanted set
    depends only on what stays fixed during the phase, so this ends."""
    side = k.pending["side"]
    day_traded = k.pending.get("sellable")
    if day_traded and any(a.startswith("tool T03 ") for a in legal):
        # sell every share bought this turn at price + 1 (they can be bought back next turn)
        return "tool T03 " + " ".join(f"{i} x{q}" for i, q in sorted(day_traded.items()))
    if level == "hard" and "tool T06" in legal:
        return "tool T06"
    if "tool T07" in legal and k.turn >= k.total - 2 and side == "buy":
        return "tool T07"  # see the competing sealed buys of the last turns
    want = _wanted_buys(k, level) if side == "buy" else _wanted_sells(k, level)
    have = [o for i in sorted(k.issues) for o in k.book(i, side, k.seat)]
    missing = list(want)
    for order in have:
        key = (order["issue"], order["price"], order["qty"])
        if order["kind"] == "limit" and key in missing:
            missing.remove(key)
        elif not order["sealed"] or order["kind"] == "mkt":
            return f"cancel {order['id']}"
    placed_now = {o["issue"] for o in have if o["sealed"]}
    for issue, price, qty in missing:
        if issue not in placed_now:  # never re-place what this phase already placed: the loop ends
            return f"{side} {issue} limit {price} x{qty}"
    return "done"


def _params(level: str) -> tuple[float, float]:
    """(edge, weight of the opponent's gain) per level: hard plays for the difference."""
    return EDGE[level], REL_WEIGHT[level]


def _rest(k: Knowledge, issue: str, level: str) -> float:
    """What a share is worth beyond its price until the end (dividends, events, the price floor)."""
    return k.value(issue, level) - k.issues[issue]["price"]


def trade_gain(k: Knowledge, issue: str, level: str, buy: bool, price: int, qty: int) -> float:
    """Units gained by a fill of ``qty`` shares at ``price`` with the opponent: the shares' future
    (dividends, expected moves), and the re-marking of every share held, since a player-to-player
    fill sets the price (8-9); hard counts what the opponent gains against it."""
    _edge, w = _params(level)
    current = k.issues[issue]["price"]
    held, theirs = k.mine(issue), k.theirs(issue)
    carry = _rest(k, issue, level) * qty * (1 + w)
    return (held - w * theirs) * (price - current) + (carry if buy else -carry)


def _budget_fit(lots: list[tuple[float, str, int, int]], cash_units: int, room: dict[str, int]) -> list[Order]:
    """The best lots that cash (no debt, so no 清算) and the shares outside the account allow."""
    out: list[Order] = []
    left = cash_units
    for _gain, issue, price, qty in sorted(lots, key=lambda x: (-x[0], x[1], x[2])):
        take = min(qty, room[issue], left // max(price, 1))
        if take > 0:
            out.append((issue, price, take))
            room[issue] -= take
            left -= take * price
    return out


def _wanted_buys(k: Knowledge, level: str) -> list[Order]:
    """Take the opponent's asks and the market's shares worth having; otherwise bid a little
    under the price, where the opponent can sell to the bot."""
    edge, _w = _params(level)
    lots: list[tuple[float, str, int, int]] = []
    last_phase = k.turn == k.total - 1 and k.phase == 9
    for issue, info in sorted(k.issues.items()):
        price = info["price"]
        took = False
        for o in sorted(k.book(issue, "sell", k.opp), key=lambda o: o["price"] or 0):
            if o["kind"] != "limit" or abs(o["price"] - price) > REACH:
                continue
            gain = trade_gain(k, issue, level, True, o["price"], o["qty"])
            if gain >= edge * o["qty"]:
                lots.append((gain / o["qty"] + 10, issue, o["price"], o["qty"]))
                took = True
        carry = _rest(k, issue, level)
        if info["market_qty"] and carry >= edge * (0.5 if level == "hard" else 1.0) and not last_phase:
            lift = 1 if level == "hard" and k.theirs(issue) + k.mine(issue) < info["total_qty"] - info["market_qty"] + 2 else 0
            lots.append((carry + 5, issue, price + lift, info["market_qty"]))
            took = True
        if not took and k.mine(issue) < info["total_qty"]:
            for step in range(BID_OFFSET[level], REACH + 1):  # the highest bid under the price that pays
                bid = price - step
                gain = trade_gain(k, issue, level, True, bid, 1) if bid >= 1 else -1.0
                if gain >= edge:
                    lots.append((gain, issue, bid, 1))
                    break
    room = {i: info["total_qty"] - k.mine(i) for i, info in k.issues.items()}
    return _budget_fit(lots, k.cash // 100, room)


def _wanted_sells(k: Knowledge, level: str) -> list[Order]:
    """Sell into the opponent's bids when it pays; offer shares a little over the price; sell
    back to the market when holding much, and (hard) step aside before a likely bad event."""
    edge, _w = _params(level)
    out: list[Order] = []
    last_turn = k.turn == k.total - 1
    for issue in sorted(k.issues):
        free = k.mine(issue)
        if not free:
            continue
        info = k.issues[issue]
        price = info["price"]
        for o in sorted(k.book(issue, "buy", k.opp), key=lambda o: -(o["price"] or 0)):
            if o["kind"] != "limit" or abs(o["price"] - price) > REACH or not free:
                continue
            q = min(free, o["qty"])
            if trade_gain(k, issue, level, False, o["price"], q) >= edge * q:
                out.append((issue, o["price"], q))
                free -= q
        if not free:
            continue
        carry = _rest(k, issue, level)
        if (level == "hard" and k.phase == 10 and not last_turn and k.next_event(issue) <= -1.5
                and info["dividend"] < 60):
            out.append((issue, max(1, price - 3), free))  # leave before the next ⑧ (sold after ④)
            continue
        much = free >= max(3, (info["total_qty"] + 1) // 2)
        if much and carry < SELL_BACK_CARRY[level] and not last_turn:
            out.append((issue, price, 1))  # back to the market at the next ④/⑧, at the price then
            free -= 1
        if not free:
            continue
        for step in range(ASK_OFFSET[level], REACH + 1):  # the lowest ask over the price that pays
            ask = price + step
            q = min(free, 2 if much else 1)
            if trade_gain(k, issue, level, False, ask, q) >= edge * q:
                out.append((issue, ask, q))
                break
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
