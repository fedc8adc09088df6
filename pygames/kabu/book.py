"""The order book: priority (8-5/8-6) and matching (8-3, 8-4, 8-8, 8-9)."""

from __future__ import annotations

from typing import Any

from .state import UNIT_YEN, KabuState


def group_key(order: dict[str, Any]) -> str:
    """The janken group of a buy order: same issue, kind, price and phase (8-5)."""
    return f"{order['issue']}|{order['kind']}|{order['price']}|{order['phase_id']}"


def priority(order: dict[str, Any], ranks: dict[str, int]) -> tuple[int, int, int, int, int]:
    """Sort key: market first, then price (buy high / sell low), then time; a janken rank
    orders same-phase ties of buy orders (8-5, 8-6)."""
    market = 0 if order["kind"] == "mkt" else 1
    if order["side"] == "buy":
        price = -(order["price"] or 0)
        winner = ranks.get(group_key(order))
        rank = 0 if winner is None or winner == order["owner"] else 1
    else:
        price = order["price"] or 0
        rank = 0
    return (market, price, order["phase_id"], rank, order["seq"])


def sorted_orders(state: KabuState, issue: str, side: str, orders: list[dict[str, Any]] | None = None
                  ) -> list[dict[str, Any]]:
    """Open orders of one issue and side in exact priority order."""
    pool = state.orders if orders is None else orders
    return sorted((o for o in pool if o["issue"] == issue and o["side"] == side),
                  key=lambda o: priority(o, state.ranks))


def crosses(buy: dict[str, Any], sell: dict[str, Any]) -> bool:
    """Whether a buy and a sell of different players can fill (8-4)."""
    if buy["owner"] == sell["owner"]:
        return False  # ruling 7: no self-matching
    if buy["kind"] == "mkt" or sell["kind"] == "mkt":
        return True
    return buy["price"] >= sell["price"]


def fill_price(buy: dict[str, Any], sell: dict[str, Any], current: int) -> int:
    """8-4: market×limit at the limit; market×market at the current price; limit×limit at the sell limit."""
    if buy["kind"] == "mkt" and sell["kind"] == "mkt":
        return current
    if buy["kind"] == "mkt":
        return sell["price"]
    if sell["kind"] == "mkt":
        return buy["price"]
    return sell["price"]


def _reduce(state: KabuState, order: dict[str, Any], qty: int) -> None:
    order["qty"] -= qty
    if order["qty"] <= 0:
        state.orders.remove(order)


def _log_fill(state: KabuState, point: str, issue: str, qty: int, price: int, buyer: Any, seller: Any,
              how: str) -> None:
    state.fills.append({"turn": state.turn, "phase": state.phase, "point": point, "issue": issue, "qty": qty,
                        "price": price, "buyer": "market" if buyer is None else buyer,
                        "seller": "market" if seller is None else seller, "how": how})


def match_players(state: KabuState, point: str) -> None:
    """8-3 step 1: fill crossing orders between the two players; each fill sets the price (8-9)."""
    for issue in state.issues:
        while True:
            buys = sorted_orders(state, issue, "buy")
            sells = sorted_orders(state, issue, "sell")
            pair = next(((b, s) for b in buys for s in sells if crosses(b, s)), None)
            if pair is None:
                break
            buy, sell = pair
            qty = min(buy["qty"], sell["qty"], state.shares(sell["owner"], issue))
            if qty <= 0:  # cannot happen: sells never exceed holdings
                state.orders.remove(sell)
                continue
            price = fill_price(buy, sell, state.price[issue])
            yen = price * qty * UNIT_YEN
            state.cash[buy["owner"]] -= yen
            state.cash[sell["owner"]] += yen
            state.move_shares(issue, qty, sell["owner"], buy["owner"])
            state.bought[buy["owner"]][issue] = state.bought[buy["owner"]].get(issue, 0) + qty
            state.price[issue] = price
            _log_fill(state, point, issue, qty, price, buy["owner"], sell["owner"], "trade")
            _reduce(state, buy, qty)
            _reduce(state, sell, qty)


def market_sells(state: KabuState, point: str) -> None:
    """8-8: right after ④/⑧, market sells and limit sells with price ≥ limit go to the market
    at the current price; the price does not move (ruling 6)."""
    for issue in state.issues:
        current = state.price[issue]
        for order in sorted_orders(state, issue, "sell"):
            if order["kind"] == "mkt" or current >= order["price"]:
                qty = min(order["qty"], state.shares(order["owner"], issue))
                if qty > 0:
                    state.cash[order["owner"]] += current * qty * UNIT_YEN
                    state.flows["market_in"][order["owner"]] += current * qty * UNIT_YEN
                    state.move_shares(issue, qty, order["owner"], None)
                    _log_fill(state, point, issue, qty, current, None, order["owner"], "market")
                state.orders.remove(order)


def cancel_market(state: KabuState, side: str, point: str) -> None:
    """Ruling 15: what is left of market orders of ``side`` after their judging is cancelled."""
    for order in [o for o in state.orders if o["kind"] == "mkt" and o["side"] == side]:
        state.orders.remove(order)
        state.cancels.append({"turn": state.turn, "phase": state.phase, "point": point, "order": order["id"],
                              "owner": order["owner"], "side": side, "issue": order["issue"], "qty": order["qty"],
                              "reason": "market_one_judging"})


def janken_needed(state: KabuState, issue: str, eligible: list[dict[str, Any]], index: int) -> str | None:
    """The group key if the order at ``index`` is tied with the other player's same-phase order
    and together they want more shares than the market has (ruling 8)."""
    order = eligible[index]
    key = group_key(order)
    if key in state.ranks:
        return None
    group = [o for o in eligible if group_key(o) == key]
    if len({o["owner"] for o in group}) < 2:
        return None
    if sum(o["qty"] for o in group) <= state.market[issue]:
        return None
    return key


def market_buys(state: KabuState, point: str) -> str | None:
    """8-8: at the end of ⑤/⑨, buys fill from market inventory at the current price (market buys
    always, limit buys when limit ≥ price). Returns a janken group key if ranks are needed first."""
    for issue in state.issues:
        current = state.price[issue]
        while state.market[issue] > 0:
            eligible = [o for o in sorted_orders(state, issue, "buy")
                        if o["kind"] == "mkt" or o["price"] >= current]
            if not eligible:
                break
            key = janken_needed(state, issue, eligible, 0)
            if key is not None:
                return key
            order = eligible[0]
            qty = min(order["qty"], state.market[issue])
            yen = current * qty * UNIT_YEN
            state.cash[order["owner"]] -= yen
            state.flows["market_out"][order["owner"]] += yen
            state.move_shares(issue, qty, None, order["owner"])
            state.bought[order["owner"]][issue] = state.bought[order["owner"]].get(issue, 0) + qty
            _log_fill(state, point, issue, qty, current, order["owner"], None, "market")
            _reduce(state, order, qty)
    return None


def trim_sells(state: KabuState, seat: int, issue: str) -> None:
    """Keep a player's open sells of ``issue`` within their holdings, cutting the lowest priority first."""
    excess = sum(o["qty"] for o in state.orders if o["owner"] == seat and o["issue"] == issue
                 and o["side"] == "sell") - state.shares(seat, issue)
    if excess <= 0:
        return
    for order in reversed([o for o in sorted_orders(state, issue, "sell") if o["owner"] == seat]):
        cut = min(excess, order["qty"])
        _reduce(state, order, cut)
        excess -= cut
        if excess == 0:
            break


def special_sell(state: KabuState, seat: int, issue: str, qty: int, price: int, how: str) -> None:
    """A tool or liquidation sale to the market; it never moves the price (8-9)."""
    yen = price * qty * UNIT_YEN
    state.cash[seat] += yen
    state.flows["market_in"][seat] += yen
    state.move_shares(issue, qty, seat, None)
    _log_fill(state, "tool" if how != "liquidation" else "liquidation", issue, qty, price, None, seat, how)
    trim_sells(state, seat, issue)


def is_crossed(state: KabuState) -> bool:
    """True if two players' open orders could still fill against each other."""
    return any(crosses(b, s) for issue in state.issues for b in sorted_orders(state, issue, "buy")
               for s in sorted_orders(state, issue, "sell"))
