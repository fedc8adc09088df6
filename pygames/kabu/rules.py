"""The transitions of player actions, with rule-citing errors (the strings are read by actions.py)."""

from __future__ import annotations

from typing import Any

from pygames.core import GameError
from pygames.core.errors import refuse

from . import book, cards, flow
from . import messages  # noqa: F401  (registers the catalogue)
from .actions import BEATS, HANDS, bad_syntax, max_order_qty, parse_price, parse_qty, parse_sales
from .state import PHASE_SIDE, SPECIAL_SELL_PREMIUM, KabuState


def _check_issue(s: KabuState, issue: str) -> None:
    if issue not in s.issues:
        raise refuse("kabu.order.unknown_issue", issue=issue[:8])


def _pending(s: KabuState, seat: int, kinds: tuple[str, ...], action: str) -> dict[str, Any]:
    p = s.pending
    if p is None or p["kind"] not in kinds or seat not in p["waiting"]:
        raise refuse("kabu.not_now", action=action[:40], pending=p["kind"] if p else None)
    return p


def _answered(s: KabuState, seat: int) -> bool:
    """Mark ``seat`` as answered; True when nobody is left to answer."""
    assert s.pending is not None
    s.pending["waiting"].remove(seat)
    if s.pending["waiting"]:
        return False
    s.pending = None
    return True


# --- orders (phases ⑤⑥⑨⑩) -------------------------------------------------------------
def _side_check(s: KabuState, side: str, action: str) -> None:
    want = PHASE_SIDE[s.phase]
    if side != want:
        raise refuse("kabu.order.wrong_phase", side=side, phase=s.phase)


def _qty_check(s: KabuState, seat: int, issue: str, side: str, qty: int, skip: str | None = None) -> None:
    most = max_order_qty(s, seat, issue, side, skip)
    if qty > most:
        if side == "sell":
            raise refuse("kabu.order.not_enough_shares", issue=issue, qty=qty, most=max(most, 0))
        raise refuse("kabu.order.too_many", issue=issue, qty=qty, most=max(most, 0))


def place(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """``buy|sell Sxx mkt xN`` / ``buy|sell Sxx limit P xN``."""
    if len(tokens) not in (4, 5) or tokens[2] not in ("mkt", "limit") or (tokens[2] == "mkt") != (len(tokens) == 4):
        raise bad_syntax(action)
    side, issue, kind = tokens[0], tokens[1], tokens[2]
    _side_check(s, side, action)
    _check_issue(s, issue)
    strict = s.rules["ascii_digits"]
    price = parse_price(tokens[3], action, strict) if kind == "limit" else None
    qty = parse_qty(tokens[-1], action, strict)
    _qty_check(s, seat, issue, side, qty)
    s.orders.append({"id": f"o{s.next_oid}", "owner": seat, "side": side, "issue": issue, "kind": kind,
                     "price": price, "qty": qty, "seq": s.next_seq, "phase_id": flow.phase_id(s)})
    s.next_oid += 1
    s.next_seq += 1


def _own_order(s: KabuState, seat: int, oid: str) -> dict[str, Any]:
    for order in s.orders:
        if order["id"] == oid and order["owner"] == seat:
            return order
    raise refuse("kabu.order.unknown_order", order=oid[:8])


def change(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """8-7: a price change (or kind change) or a quantity increase re-sequences; a decrease keeps its place."""
    if len(tokens) < 3:
        raise bad_syntax(action)
    order = _own_order(s, seat, tokens[1])
    _side_check(s, order["side"], action)
    rest = tokens[2:]
    kind, price, qty = order["kind"], order["price"], order["qty"]
    if rest[0] == "mkt":
        kind, price, rest = "mkt", None, rest[1:]
    elif rest[0] == "limit":
        if len(rest) < 2:
            raise bad_syntax(action)
        kind, price, rest = "limit", parse_price(rest[1], action, s.rules["ascii_digits"]), rest[2:]
    if len(rest) > 1:
        raise bad_syntax(action)
    if rest:
        qty = parse_qty(rest[0], action, s.rules["ascii_digits"])
        if order["side"] == "sell" and qty != order["qty"]:
            raise refuse("kabu.order.sell_quantity", order=order["id"])
    if (kind, price, qty) == (order["kind"], order["price"], order["qty"]):
        raise refuse("kabu.order.no_change", order=order["id"])
    if qty > order["qty"]:
        _qty_check(s, seat, order["issue"], order["side"], qty, skip=order["id"])
    resequence = (kind, price) != (order["kind"], order["price"]) or qty > order["qty"]
    order.update(kind=kind, price=price, qty=qty)
    if resequence:
        order["seq"] = s.next_seq
        order["phase_id"] = flow.phase_id(s)
        s.next_seq += 1


def cancel(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """``cancel oN``: only orders of the phase's side (⑤⑨ buys, ⑥⑩ sells)."""
    if len(tokens) != 2:
        raise bad_syntax(action)
    order = _own_order(s, seat, tokens[1])
    _side_check(s, order["side"], action)
    s.orders.remove(order)


def order_phase(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """An action while entering orders."""
    p = s.pending
    if p is None or p["kind"] != "orders" or seat not in (0, 1):
        raise refuse("kabu.order.not_now", action=action[:40])
    if s.done[seat]:
        raise refuse("kabu.order.already_done")
    verb = tokens[0]
    if verb in ("buy", "sell"):
        place(s, seat, tokens, action)
    elif verb == "change":
        change(s, seat, tokens, action)
    elif verb == "cancel":
        cancel(s, seat, tokens, action)
    elif verb == "done":
        if len(tokens) != 1:
            raise bad_syntax(action)
        s.done[seat] = True
        p["waiting"] = [x for x in p["waiting"] if x != seat]
        if all(s.done):
            flow.close_orders(s)


# --- tools -----------------------------------------------------------------------------
def _use(s: KabuState, seat: int, tool: str, **detail: Any) -> None:
    s.hand[seat].remove(tool)
    s.tools_used[seat].append(tool)
    s.tool_log.append({"turn": s.turn, "phase": s.phase, "seat": seat, "tool": tool, **detail})


def _wrong_timing(tool: str) -> GameError:
    return refuse("kabu.tool.wrong_timing", tool=tool)


def _sell_set(s: KabuState, seat: int, sales: dict[str, int], allowed: dict[str, int], tool: str) -> None:
    for issue, qty in sales.items():
        if issue not in allowed:
            raise refuse("kabu.tool.bad_issue", tool=tool, issue=issue[:8], allowed=list(allowed))
        if qty > allowed[issue]:
            raise refuse("kabu.tool.too_many", tool=tool, issue=issue, most=allowed[issue], qty=qty)


def use_tool(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """``tool Txx [args]``: each tool once, at the timing on its card."""
    if len(tokens) < 2:
        raise bad_syntax(action)
    tool = tokens[1]
    if tool not in cards.catalog()["tools"]:
        raise refuse("kabu.tool.unknown", tool=tool[:8])
    if tool not in s.hand[seat]:
        raise refuse("kabu.tool.not_in_hand", tool=tool)
    args = tokens[2:]
    p = s.pending
    kind = p["kind"] if p and seat in p["waiting"] else None
    if tool in ("T05", "T04"):
        if kind != tool.replace("T0", "t0") or args:
            raise _wrong_timing(tool) if not args else bad_syntax(action)
        _use(s, seat, tool)
        if tool == "T05":
            s.chart_wanted = 2
        else:
            s.t04[seat] = True
        if _answered(s, seat):
            flow.advance(s)
        return
    if tool in ("T01", "T02"):
        if kind != tool.replace("T0", "t0"):
            raise _wrong_timing(tool)
        sales = parse_sales(args, action, s.rules["ascii_digits"])
        if tool == "T01" and len(sales) != 1:
            raise refuse("kabu.tool.one_issue", tool=tool)
        allowed = flow.t01_sellable(s, seat) if tool == "T01" else flow.t02_sellable(s, seat)
        _sell_set(s, seat, sales, allowed, tool)
        prices = {i: s.price[i] + (SPECIAL_SELL_PREMIUM if tool == "T02" else 0) for i in sales}
        for issue, qty in sales.items():
            book.special_sell(s, seat, issue, qty, prices[issue], tool)
        _use(s, seat, tool, sales=sales, price=prices)
        if _answered(s, seat):
            flow.advance(s)
        return
    if kind != "orders" or s.done[seat]:
        raise _wrong_timing(tool)
    if tool == "T03":
        if s.phase != 10 or seat != s.active:
            raise _wrong_timing(tool)
        sales = parse_sales(args, action, s.rules["ascii_digits"])
        _sell_set(s, seat, sales, flow.t03_sellable(s, seat), tool)
        prices = {i: s.price[i] + SPECIAL_SELL_PREMIUM for i in sales}
        for issue, qty in sales.items():
            book.special_sell(s, seat, issue, qty, prices[issue], tool)
            s.bought[seat][issue] -= qty
        _use(s, seat, tool, sales=sales, price=prices)
        return
    if args:
        raise bad_syntax(action)
    if tool == "T06":
        opp = 1 - seat
        if seat != s.active:
            raise _wrong_timing(tool)
        if not s.deck[opp]:
            raise refuse("kabu.tool.empty_deck", tool=tool)
        if s.top_seen[opp] == seat:
            raise refuse("kabu.tool.already_known", tool=tool)
        _use(s, seat, tool)
        s.peek_chance = seat
    elif tool == "T07":
        if s.peek_orders[seat]:
            raise refuse("kabu.tool.orders_known", tool=tool)
        _use(s, seat, tool)
        s.peek_orders[seat] = True


def peek_drawn(s: KabuState, card: str) -> None:
    """Chance after T06: the opponent's top event card is fixed (and only the user sees it)."""
    seat = s.peek_chance
    assert seat is not None
    s.top[1 - seat], s.top_seen[1 - seat] = card, seat
    s.peek_chance = None


# --- prompts -----------------------------------------------------------------------------
def pass_(s: KabuState, seat: int, action: str) -> None:
    """Decline a tool prompt."""
    _pending(s, seat, ("t05", "t01", "t02", "t04"), action)
    if _answered(s, seat):
        flow.advance(s)


def chart(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """T05: choose which of the two drawn price cards applies."""
    p = _pending(s, seat, ("chart",), action)
    if len(tokens) != 2:
        raise bad_syntax(action)
    try:
        value = int(tokens[1])
    except ValueError:
        raise bad_syntax(action) from None
    if value not in p["cards"] or tokens[1] != f"{value:+d}":
        raise refuse("kabu.tool.bad_choice", cards=p["cards"])
    _answered(s, seat)
    flow.apply_price_card(s, value)
    flow.advance(s)


def target(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """The drawer picks the issue of E07/E08/E11."""
    p = _pending(s, seat, ("target",), action)
    if len(tokens) != 2:
        raise bad_syntax(action)
    _check_issue(s, tokens[1])
    _answered(s, seat)
    flow.resolve_event(s, p["card"], tokens[1])
    flow.advance(s)


def janken(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """Sealed janken for tied buy orders; a draw repeats (ruling 8)."""
    p = _pending(s, seat, ("janken",), action)
    if len(tokens) != 2 or tokens[1] not in HANDS:
        raise refuse("kabu.janken.bad_hand", hand=action[:20])
    s.janken[seat] = tokens[1]
    p["waiting"].remove(seat)
    if p["waiting"]:
        return
    a, b = s.janken
    p["history"] = p.get("history", []) + [[a, b]]
    if a == b:
        s.janken = [None, None]
        s.janken_rounds += 1
        p["waiting"] = [0, 1]
        p["rounds"] = s.janken_rounds
        return
    assert a is not None
    winner = 0 if BEATS[a] == b else 1
    s.ranks[p["key"]] = winner
    s.jankens.append({"turn": s.turn, "phase": s.phase, **p["group"], "hands": p["history"], "winner": winner})
    s.janken = [None, None]
    s.pending = None
    flow.advance(s)


def liquidate(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """清算: sell one share (or ``auto``) at price − 3 units until cash ≥ 0."""
    _pending(s, seat, ("liquidate",), action)
    if len(tokens) != 2:
        raise bad_syntax(action)
    if tokens[1] == "auto":
        while s.cash[seat] < 0 and s.holdings[seat]:
            flow.liquidate_one(s, seat, flow.liquidation_order(s, seat)[0])
    else:
        if s.shares(seat, tokens[1]) <= 0:
            raise refuse("kabu.liquidate.no_shares", issue=tokens[1][:8])
        flow.liquidate_one(s, seat, tokens[1])
    if s.cash[seat] >= 0:
        if _answered(s, seat):
            flow.advance(s)
    elif not s.holdings[seat]:
        if s.rules["bankruptcy_draw"]:  # ruling 17: decided once everyone has liquidated
            if _answered(s, seat):
                flow.advance(s)
            return
        s.bankrupt = seat  # still negative with nothing left to sell: loses at once
        flow.finish(s)


def apply_action(s: KabuState, seat: int, tokens: list[str], action: str) -> None:
    """Dispatch one player action (read by :func:`.actions.parse`) onto ``s`` (a fresh copy);
    GameError if illegal."""
    verb = tokens[0]
    if verb in ("buy", "sell", "change", "cancel", "done"):
        order_phase(s, seat, tokens, action)
    elif verb == "tool":
        use_tool(s, seat, tokens, action)
    elif verb == "pass" and len(tokens) == 1:
        pass_(s, seat, action)
    elif verb == "chart":
        chart(s, seat, tokens, action)
    elif verb == "target":
        target(s, seat, tokens, action)
    elif verb == "janken":
        janken(s, seat, tokens, action)
    elif verb == "liquidate":
        liquidate(s, seat, tokens, action)
    else:
        raise bad_syntax(action)
