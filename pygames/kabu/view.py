"""What one seat may see: secrets (sealed orders, hands, decks, janken picks) removed."""

from __future__ import annotations

from typing import Any

from . import book, cards, flow, offers, text
from .actions import max_order_qty
from .state import (
    LIQUIDATION_DISCOUNT,
    MAX_LIMIT,
    MIN_PRICE,
    SPECIAL_SELL_PREMIUM,
    START_CASH,
    UNIT_YEN,
    KabuState,
)


def _visible_orders(s: KabuState, seat: int | None) -> list[dict[str, Any]]:
    """The viewer's own orders live; the opponent's as public when the phase opened."""
    if s.pending is None or s.pending["kind"] != "orders":
        return [dict(o) for o in s.orders]
    before = {o["id"]: o for o in s.snapshot}
    result = []
    for o in s.orders:
        if o["owner"] == seat:
            old = before.get(o["id"])
            result.append(dict(o, sealed=old is None or old != o))
    result += [dict(o) for o in s.snapshot if o["owner"] != seat]
    return result


def _book(s: KabuState, orders: list[dict[str, Any]]) -> dict[str, Any]:
    out = {}
    for issue in s.issues:
        sides = {}
        for side in ("buy", "sell"):
            rows = []
            for o in book.sorted_orders(s, issue, side, orders):
                row = {"id": o["id"], "owner": o["owner"], "side": side, "issue": issue, "kind": o["kind"],
                       "price": o["price"], "qty": o["qty"], "seq": o["seq"], "phase_id": o["phase_id"], "rank": None,
                       "sealed": bool(o.get("sealed", False))}
                key = book.group_key(o)
                if side == "buy" and key in s.ranks:
                    owners = {x["owner"] for x in orders if x["side"] == "buy" and book.group_key(x) == key}
                    if len(owners) > 1:
                        row["rank"] = 1 if s.ranks[key] == o["owner"] else 2
                rows.append(row)
            sides[side + "s"] = rows
        out[issue] = sides
    return out


def _entry(s: KabuState, seat: int) -> dict[str, Any]:
    side = "buy" if s.phase in (5, 9) else "sell"
    max_qty = {i: max(max_order_qty(s, seat, i, side), 0) for i in s.issues}
    return {"side": side, "issues": [i for i in s.issues if max_qty[i] > 0], "max_qty": max_qty,
            "min_price": MIN_PRICE, "max_price": MAX_LIMIT,
            "changeable": [o["id"] for o in s.orders if o["owner"] == seat and o["side"] == side],
            "qty_change": side == "buy"}


def _pending(s: KabuState, seat: int | None) -> dict[str, Any] | None:
    p = s.pending
    if p is None:
        return None
    out: dict[str, Any] = {"kind": p["kind"], "seats": list(p["seats"]), "waiting_for": list(p["waiting"])}
    kind = p["kind"]
    if kind == "orders":
        out["side"] = p["side"]
        if seat in (0, 1):
            out["entry"] = _entry(s, seat)
            if s.phase == 10 and seat == s.active and "T03" in s.hand[seat]:
                out["sellable"] = flow.t03_sellable(s, seat)
    elif kind == "chart":
        out["cards"] = list(p["cards"])
    elif kind in ("t01", "t02"):
        out.update(effect=dict(p["effect"]), source=p["source"], card=p.get("card"))
        if seat is not None and seat in p["seats"]:
            out["sellable"] = flow.t01_sellable(s, seat) if kind == "t01" else flow.t02_sellable(s, seat)
    elif kind == "target":
        out["card"] = p["card"]
        out["targets"] = flow.target_choices(s)
    elif kind == "janken":
        out["group"] = dict(p["group"])
        out["rounds"] = s.janken_rounds
        out["history"] = [list(h) for h in p.get("history", [])]
    elif kind == "liquidate" and seat in (0, 1) and s.cash[seat] < 0:
        out["deficit"] = -s.cash[seat]
        out["sellable"] = dict(s.holdings[seat])
        out["sale_price"] = {i: max(s.price[i] - LIQUIDATION_DISCOUNT, 0) for i in s.holdings[seat]}
        out["discount"] = LIQUIDATION_DISCOUNT
    elif kind == "t04" and seat in (0, 1):
        out["income"] = flow.dividend_income(s, seat)
        out["results_left"] = s.total_turns - s.turn - 1  # the ⑦ still to come after this one
    return out


def breakdown(s: KabuState, seat: int) -> dict[str, int]:
    """Where ``seat``'s total assets came from, in yen: ``start`` + ``salary`` + ``dividends``
    + ``shares_gain`` = ``total``, where ``shares_gain`` = ``sold`` + ``stock_value`` − ``bought``
    (every fill: market, opponent, tool sales and 清算 at their own prices)."""
    bought = sum(f["qty"] * f["price"] * UNIT_YEN for f in s.fills if f["buyer"] == seat)
    sold = sum(f["qty"] * f["price"] * UNIT_YEN for f in s.fills if f["seller"] == seat)
    value = s.stock_value(seat)
    return {"start": START_CASH, "salary": s.flows["salary"][seat], "dividends": s.flows["dividends"][seat],
            "bought": bought, "sold": sold, "stock_value": value, "shares_gain": sold + value - bought,
            "cash": s.cash[seat], "total": s.total(seat)}


def usable_now(s: KabuState, seat: int, tool: str) -> bool:
    """Whether ``tool`` could be used by ``seat`` at this moment (for highlighting the hand)."""
    p = s.pending
    if p is None or seat not in p["waiting"]:
        return False
    kind = p["kind"]
    if tool in ("T01", "T02", "T04", "T05"):
        return kind == tool.replace("T0", "t0")
    if kind != "orders" or s.done[seat]:
        return False
    if tool == "T03":
        return s.phase == 10 and seat == s.active and bool(flow.t03_sellable(s, seat))
    if tool == "T06":
        return seat == s.active and bool(s.deck[1 - seat]) and s.top_seen[1 - seat] != seat
    return tool == "T07" and not s.peek_orders[seat]


def build(s: KabuState, seat: int | None) -> dict[str, Any]:
    """The view JSON documented in VIEW.md."""
    cat = cards.catalog()
    orders = _visible_orders(s, seat)
    issues = []
    for i in s.issues:
        st = cat["stocks"][i]
        start = s.turn_start_price.get(i, s.price[i])
        issues.append({"id": i, "name_ja": st["name_ja"], "name_en": st["name_en"], "sector": st["sector"],
                       "sector_ja": cat["sectors"][st["sector"]]["ja"], "sector_en": cat["sectors"][st["sector"]]["en"],
                       "price": s.price[i], "start_price": st["price"], "turn_start_price": start,
                       "change": s.price[i] - start, "dividend": st["dividend"] * s.div_mult[i],
                       "dividend_doubled": s.div_mult[i] > 1, "market_qty": s.market[i], "total_qty": s.total_qty[i]})
    players = []
    for p in (0, 1):
        players.append({"seat": p, "role_ja": text.ROLES[p][0], "role_en": text.ROLES[p][1], "cash": s.cash[p],
                        "holdings": dict(sorted(s.holdings[p].items())), "stock_value": s.stock_value(p),
                        "total": s.total(p), "hand_count": len(s.hand[p]), "tools_used": list(s.tools_used[p]),
                        "deck_count": len(s.deck[p]), "events_drawn": list(s.drawn[p]),
                        "bought_this_turn": dict(s.bought[p]),
                        "done": bool(s.pending and s.pending["kind"] == "orders" and s.done[p])})
    me = None
    if seat in (0, 1):
        opp = 1 - seat
        me = {"hand": [{"id": t, "usable_now": usable_now(s, seat, t)} for t in s.hand[seat]],
              "deck_remaining": sorted(s.deck[seat]),
              "peeked_top": s.top[opp] if s.top_seen[opp] == seat else None,
              "janken": s.janken[seat] if s.pending and s.pending["kind"] == "janken" else None}
    sealed = None
    if seat in (0, 1) and s.peek_orders[seat] and s.pending and s.pending["kind"] == "orders":
        side = s.pending["side"]
        sealed = [dict(o) for o in s.orders if o["owner"] != seat and o["side"] == side]
    result = None
    if s.finished:
        totals = [s.total(0), s.total(1)]
        winner = None
        if s.bankrupt in (0, 1):
            winner = 1 - s.bankrupt
        elif s.bankrupt is None and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        result = {"totals": totals, "winner": winner, "bankrupt": s.bankrupt,
                  "breakdown": [breakdown(s, 0), breakdown(s, 1)]}
    return {"unit_yen": UNIT_YEN, "seat": seat, "rulings": dict(s.rules),
            "constants": {"unit_yen": UNIT_YEN, "min_price": MIN_PRICE, "max_limit": MAX_LIMIT,
                          "liquidation_discount": LIQUIDATION_DISCOUNT, "special_sell_premium": SPECIAL_SELL_PREMIUM}, "years": s.years, "turn": text.turn_info(s),
            "phase_track": text.phase_track(), "issues": issues, "price_history": list(s.price_history),
            "asset_history": list(s.asset_history), "book": _book(s, [] if s.finished else orders), "players": players, "me": me,
            "opponent_sealed": sealed, "pending": _pending(s, seat), "last_price_card": s.last_price_card,
            "price_cards": list(s.price_cards),
            "events": list(s.events), "tool_log": list(s.tool_log), "fills": list(s.fills),
            "dividends": list(s.dividends), "cancels": list(s.cancels), "jankens": list(s.jankens), "result": result, "catalog": cat,
            "offers": offers.offers(s, seat, orders), "outlook": offers.outlook(s, seat)}
