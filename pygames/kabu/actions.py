"""Player actions: reading the canonical strings and listing the legal ones."""

from __future__ import annotations

from pygames.core import GameError
from pygames.core.errors import refuse
from pygames.core.grammar import number

from . import flow
from . import messages  # noqa: F401  (registers the catalogue)
from .state import MAX_LIMIT, KabuState

HANDS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}


def parse(action: str) -> list[str]:
    """The tokens of a player action (verb first); GameError if it is not written as one."""
    if not isinstance(action, str) or not action or len(action) > 200 or action != action.strip() or "  " in action:
        raise bad_syntax(str(action))
    return action.split(" ")


def bad_syntax(action: str) -> GameError:
    """The refusal of an action that is not written as one."""
    return refuse("kabu.bad_action", action=action[:60])


def read_number(token: str, strict: bool, action: str = "") -> int | None:
    """A whole number written in ``token``, or None. ``strict`` (ruling 19): the core grammar's
    canonical number (ASCII digits, no leading zero; its ``match.action.*`` error names the rule).
    Otherwise (version-1 records) the digits as v1 read them, leading zeros included."""
    if not token.isascii() or not token.isdigit():
        return None
    return number(token, action) if strict else int(token)


def parse_qty(token: str, action: str, strict: bool = True) -> int:
    """``xN`` → N (1..999)."""
    qty = read_number(token[1:], strict, action) if len(token) >= 2 and token[0] == "x" and len(token) <= 5 else None
    if qty is None:
        raise bad_syntax(action)
    if qty < 1:
        raise refuse("kabu.order.bad_quantity", qty=qty)
    return qty


def parse_price(token: str, action: str, strict: bool = True) -> int:
    """A limit price in whole units, 1..MAX_LIMIT (ASCII digits: ruling 19)."""
    price = read_number(token, strict, action) if len(token) <= 6 else None
    if price is None:
        raise refuse("kabu.order.bad_price", price=token[:8])
    if not 1 <= price <= MAX_LIMIT:
        raise refuse("kabu.order.bad_price", price=price)
    return price


def parse_sales(tokens: list[str], action: str, strict: bool = True) -> dict[str, int]:
    """``S03 x2 S05 x1`` → {"S03": 2, "S05": 1}."""
    if not tokens or len(tokens) % 2:
        raise bad_syntax(action)
    sales: dict[str, int] = {}
    for issue, qty in zip(tokens[::2], tokens[1::2]):
        if issue in sales:
            raise bad_syntax(action)
        sales[issue] = parse_qty(qty, action, strict)
    return sales


def _open_qty(s: KabuState, seat: int, issue: str, side: str, skip: str | None = None) -> int:
    return sum(o["qty"] for o in s.orders if o["owner"] == seat and o["issue"] == issue and o["side"] == side
               and o["id"] != skip)


def max_order_qty(s: KabuState, seat: int, issue: str, side: str, skip: str | None = None) -> int:
    """The most shares a new/changed order may ask for: buys up to the shares that exist outside
    your account; sells up to your shares not already offered (no short selling)."""
    if side == "buy":
        return s.total_qty[issue] - s.shares(seat, issue) - _open_qty(s, seat, issue, "buy", skip)
    return s.shares(seat, issue) - _open_qty(s, seat, issue, "sell", skip)


def _sales_forms(tool: str, sellable: dict[str, int]) -> list[str]:
    forms = [f"tool {tool} {i} x{n}" for i, q in sorted(sellable.items()) for n in range(1, q + 1)]
    if len(sellable) > 1:
        forms.append(f"tool {tool} " + " ".join(f"{i} x{q}" for i, q in sorted(sellable.items())))
    return forms


def legal(s: KabuState, seat: int) -> list[str]:
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
        return [f"chart {v:+d}" for v in dict.fromkeys(p["cards"])]  # in the order the cards were drawn
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
