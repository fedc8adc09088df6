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
BID_OVER = {"normal": 2, "hard": 3}
"""Units over the price of the highest bid a bot considers for the opponent's shares (it goes
down until the bid pays: an offer a person can take)."""
ASK_UNDER = {"normal": 2, "hard": 3}
"""Units under the price of the lowest ask a bot considers (it goes up until the ask pays)."""
TOOL_EDGE = {"normal": 1.0, "hard": 0.5}
"""Units per share a tool sale (T01-T03) must gain over the share's future."""
OVERCOMMIT = {"normal": 1.4, "hard": 1.8}
"""In ⑤ the bot asks for shares worth this many times its cash (it will not win every janken)."""


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
Order = tuple[str, "int | None", int]
"""(issue, limit price in units or None for a market order, quantity)."""


def _orders(k: Knowledge, legal: list[str], level: str) -> str:
    """Reconcile the bot's open orders of this phase's side with the orders it wants now:
    cancel what it no longer wants, place what is missing, then confirm. The wanted set
    depends only on what stays fixed during the phase, so this ends."""
    side = k.pending["side"]
    day_traded = k.pending.get("sellable")
    if day_traded and any(a.startswith("tool T03 ") for a in legal):
        sale = _sales("T03", k, level, day_traded)  # shares bought this turn, at price + 1 unit
        if sale:
            return sale
    if level == "hard" and "tool T06" in legal:
        return "tool T06"
    if "tool T07" in legal and k.turn >= k.total - 2 and side == "buy":
        return "tool T07"  # see the competing sealed buys of the last turns
    want = _wanted_buys(k, level) if side == "buy" else _wanted_sells(k, level)
    have = [o for i in sorted(k.issues) for o in k.book(i, side, k.seat)]
    missing = list(want)
    for order in have:
        key = (order["issue"], order["price"] if order["kind"] == "limit" else None, order["qty"])
        if key in missing:
            missing.remove(key)
        elif not order["sealed"]:
            return f"cancel {order['id']}"
    placed_now = {o["issue"] for o in have if o["sealed"]}
    for issue, price, qty in missing:
        if issue not in placed_now:  # never re-place what this phase already placed: the loop ends
            return f"{side} {issue} mkt x{qty}" if price is None else f"{side} {issue} limit {price} x{qty}"
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


def _budget_fit(lots: list[tuple[float, str, int | None, int, int]], cash_units: int,
                room: dict[str, int]) -> list[Order]:
    """The best lots (score, issue, limit or None, qty, unit cost) that cash (no debt, so no 清算)
    and the shares outside the account allow."""
    out: list[Order] = []
    left = cash_units
    for _score, issue, price, qty, cost in sorted(lots, key=lambda x: (-x[0], x[1], x[2] or 0)):
        take = min(qty, room[issue], left // max(cost, 1))
        if take > 0:
            out.append((issue, price, take))
            room[issue] -= take
            left -= take * cost
    return out


def _market_lot(k: Knowledge, issue: str, level: str) -> tuple[float, str, int | None, int, int] | None:
    """Compete for the market's shares of ``issue`` when they are cheap for what they still earn:
    a market buy (it comes before every limit buy, 8-5), unless the opponent's open sells that it
    would fill first are dear; then a limit buy at the price."""
    info = k.issues[issue]
    price = info["price"]
    carry = _rest(k, issue, level)
    if not info["market_qty"] or carry < EDGE[level] or (k.turn == k.total - 1 and k.phase == 9):
        return None
    value = price + carry
    dear = [o for o in k.book(issue, "sell", k.opp) if o["kind"] == "limit" and o["price"] > value - EDGE[level]]
    ret = carry / max(price, 1)
    cost = max([price] + [o["price"] for o in k.book(issue, "sell", k.opp) if o["kind"] == "limit" and not dear])
    return (ret + 1, issue, price if dear else None, info["market_qty"], cost)


def _wanted_buys(k: Knowledge, level: str) -> list[Order]:
    """Take the opponent's asks worth having, compete for the market's cheap shares, and bid
    for the opponent's shares as high as the bid still pays (often over the price: an offer a
    person can take)."""
    edge, _w = _params(level)
    lots: list[tuple[float, str, int | None, int, int]] = []
    for issue, info in sorted(k.issues.items()):
        price = info["price"]
        took = False
        for o in sorted(k.book(issue, "sell", k.opp), key=lambda o: o["price"] or 0):
            if o["kind"] != "limit" or abs(o["price"] - price) > REACH:
                continue
            gain = trade_gain(k, issue, level, True, o["price"], o["qty"])
            if gain >= edge * o["qty"]:
                lots.append((gain / o["qty"] / max(o["price"], 1) + 2, issue, o["price"], o["qty"], o["price"]))
                took = True
        lot = _market_lot(k, issue, level)
        if lot is not None:
            lots.append(lot)
            took = True
        if not took and k.theirs(issue):
            for bid in range(price + BID_OVER[level], max(price - REACH, 1) - 1, -1):  # the highest bid that pays
                gain = trade_gain(k, issue, level, True, bid, 1)
                if gain >= edge:
                    lots.append((gain / bid, issue, bid, min(2, k.theirs(issue)), bid))
                    break
    room = {i: info["total_qty"] - k.mine(i) for i, info in k.issues.items()}
    budget = k.cash // 100
    if k.phase == 5:
        # the opponent competes for the same shares (a janken decides ties): ask for more than cash
        # pays for; whatever debt is left is covered by sells in ⑥ (market after ⑧, before 清算)
        budget = int(budget * OVERCOMMIT[level])
    return _budget_fit(lots, budget, room)


def _wanted_sells(k: Knowledge, level: str) -> list[Order]:
    """Sell into the opponent's bids when it pays; offer shares as low as still pays (under the
    price when the share's future is poor); (hard) step aside before a likely bad event."""
    edge, _w = _params(level)
    out: list[Order] = _cover_debt(k, level)
    covered = {o[0] for o in out}
    last_turn = k.turn == k.total - 1
    for issue in sorted(k.issues):
        free = k.mine(issue) - sum(o[2] for o in out if o[0] == issue)
        if issue in covered:
            continue
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
        if (level == "hard" and k.phase == 10 and not last_turn and k.next_event(issue) <= -1.5
                and info["dividend"] < 60):
            out.append((issue, max(1, price - 3), free))  # leave before the next ⑧ (sold after ④)
            continue
        q = min(free, 2 if free >= 3 else 1)
        if -_rest(k, issue, level) * q * (1 + _w) < edge * q:
            continue  # an ask also fills to the market once the price reaches it: only a poor share
        for ask in range(max(1, price - ASK_UNDER[level]), price + REACH + 1):  # the lowest ask that pays
            if trade_gain(k, issue, level, False, ask, q) >= edge * q:
                out.append((issue, ask, q))
                break
    return out


WORST_EVENT = 4
"""The largest fall one event can bring (E07): a debt-covering sell is priced under it."""


def _cover_debt(k: Knowledge, level: str) -> list[Order]:
    """In ⑥ with cash below zero (after competing for the market): sell the shares that earn
    least, priced to reach the market after ⑧ whatever the event, so that no 清算 comes."""
    if k.phase != 6 or k.cash >= 0:
        return []
    income = sum(info["dividend"] * k.mine(i) for i, info in k.issues.items())
    need = -k.cash - income
    out: list[Order] = []
    for issue in sorted(k.issues, key=lambda i: (_rest(k, i, level) / max(k.issues[i]["price"], 1), i)):
        if need <= 0:
            break
        price = k.issues[issue]["price"]
        floor = max(1, price - WORST_EVENT)
        if not k.mine(issue) or any(o["price"] is None or o["price"] >= floor for o in k.book(issue, "buy", k.opp)):
            continue  # an opponent's bid would take it at the low limit
        qty = min(k.mine(issue), -(-need // (floor * 100)))
        out.append((issue, floor, qty))
        need -= qty * floor * 100
    return out


# --- prompts ---------------------------------------------------------------------------------
def _net_shares(k: Knowledge) -> int:
    return sum(k.mine(i) - k.theirs(i) for i in k.issues)


def _chart(k: Knowledge) -> str:
    net = _net_shares(k)
    cards_ = k.pending["cards"]
    best = max(cards_, key=lambda c: (c * net - 0.2 * c, -c))
    return f"chart {best:+d}"


def _worth_selling(k: Knowledge, level: str, premium: dict[str, float]) -> dict[str, float]:
    """Per issue, what a special sell to the market gains per share: the ``premium`` over the
    share's mark after the change, less the share's future (which the opponent may buy back);
    only the issues where that pays."""
    w = REL_WEIGHT[level]
    need = TOOL_EDGE[level]
    out = {}
    for issue, extra in premium.items():
        gain = extra - max(_rest(k, issue, level), 0.0) * (1 + w)
        if gain >= need:
            out[issue] = gain
    return out


def _t01(k: Knowledge, level: str) -> str:
    """Stop-loss: sell the issue whose fall is worth more than the shares' future."""
    sellable = k.pending.get("sellable", {})
    effect = k.pending["effect"]
    gains = _worth_selling(k, level, {i: float(min(-effect[i], k.issues[i]["price"] - 1)) for i in sellable})
    if not gains:
        return "pass"
    issue = max(sorted(gains), key=lambda i: gains[i] * sellable[i])
    return f"tool T01 {issue} x{sellable[issue]}"


def _sales(tool: str, k: Knowledge, level: str, sellable: dict[str, int]) -> str | None:
    """T02/T03 (price + 1 unit): every issue where that premium beats the shares' future."""
    gains = _worth_selling(k, level, {i: 1.0 for i in sellable})
    if not gains:
        return None
    return f"tool {tool} " + " ".join(f"{i} x{sellable[i]}" for i in sorted(gains))


def _t02(k: Knowledge, level: str, legal: list[str]) -> str:
    return _sales("T02", k, level, k.pending.get("sellable", {})) or "pass"


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
