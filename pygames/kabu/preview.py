"""Ruling 16: before an order is confirmed, its worst case against the orders its owner can see.

The order is matched, alone for its owner, against the opponent's visible orders (public ones, and
the sealed ones of this phase after T07) exactly as the judging would (8-3, 8-4, 8-8, 8-9): a buy at
the end of its phase, then the market inventory at the price the fills left; a sell at the end of
its phase, then the market timing after the next ④/⑧ with the largest fall that can come first.
"""

from __future__ import annotations

import math
from typing import Any

from pygames.core.grammar import check_action

from . import actions, book, cards, flow, rules
from .state import FAR_SHARE, FAR_UNITS, UNIT_YEN, KabuState

PRICE_CARD_WORST = min(flow.PRICE_CARDS)


def _visible_opponent_orders(s: KabuState, seat: int) -> list[dict[str, Any]]:
    opp = 1 - seat
    if s.peek_orders[seat]:  # T07: the opponent's live orders of this phase too
        return [dict(o) for o in s.orders if o["owner"] == opp]
    return [dict(o) for o in s.snapshot if o["owner"] == opp]


def far_from(current: int) -> int:
    """Units away from ``current`` at which a fill counts as far (the warning)."""
    return max(FAR_UNITS, math.ceil(FAR_SHARE * current))


def _worst_event_drop(s: KabuState, seat: int, issue: str) -> int:
    """The largest fall of ``issue`` the coming ⑧ can bring (0 if nothing can lower it)."""
    drawer = s.active
    top = s.top[drawer]
    pool: list[str]
    if s.top_seen[drawer] == seat and top is not None:
        pool = [top]
    elif drawer == seat:
        pool = list(s.deck[seat])
    else:
        pool = sorted(cards.catalog()["events"]) if s.deck[drawer] else []
    drops = [min(0, cards.event_effect(c, [issue], None)[issue]) for c in pool]
    if any("target" in cards.event(c) and cards.event(c)["target"] < 0 for c in pool):
        drops += [min(0, cards.event_effect(c, [issue], issue)[issue]) for c in pool if "target" in cards.event(c)]
    return min(drops, default=0)


def worst_case(s: KabuState, seat: int, action: str) -> dict[str, Any] | None:
    """The worst case of a ``buy``/``sell``/``change`` order action (GameError if it is illegal);
    None for other actions."""
    tokens = check_action(action).split(" ")  # the core grammar first, as Game.apply does
    if not tokens or tokens[0] not in ("buy", "sell", "change"):
        rules.apply_action(s.clone(), seat, actions.parse(action), action)  # still say why it is refused, if it is
        return None
    after = s.clone()
    rules.apply_action(after, seat, actions.parse(action), action)
    oid = tokens[1] if tokens[0] == "change" else f"o{after.next_oid - 1}"
    order = next(dict(o) for o in after.orders if o["id"] == oid)
    issue, side, qty = order["issue"], order["side"], order["qty"]
    current = s.price[issue]
    sim = after.clone()
    sim.orders = [order] + _visible_opponent_orders(s, seat)
    sim.ranks = dict(s.ranks)
    start = len(sim.fills)
    point = flow.JUDGING[s.phase]
    book.match_players(sim, point)
    price_after = sim.price[issue]
    later = None
    if side == "buy":
        while True:
            key = book.market_buys(sim, point)
            if key is None:
                break
            sim.ranks[key] = seat  # winning the janken is the worst case in yen
    elif not (s.phase == 10 and s.turn == s.total_turns - 1):  # the last ⑩ has no market timing after it
        fall = PRICE_CARD_WORST if s.phase == 10 else _worst_event_drop(s, seat, issue)
        later = "after4" if s.phase == 10 else "after8"
        sim.price[issue] = max(1, sim.price[issue] + fall)
        book.market_sells(sim, later)
    mine = [f for f in sim.fills[start:] if f["issue"] == issue and (f["buyer"] if side == "buy" else f["seller"]) == seat]
    filled = sum(f["qty"] for f in mine)
    units = sum(f["price"] * f["qty"] for f in mine)
    prices = [f["price"] for f in mine]
    worst = (max(prices) if side == "buy" else min(prices)) if prices else None
    limit = order["price"]
    rest = "none"
    last = s.phase == 10 and s.turn == s.total_turns - 1
    if qty - filled > 0:
        rest = "cancelled" if order["kind"] == "mkt" and s.rules["market_one_judging"] and side == "buy" else "waits"
        rest = "expires" if last else rest
    if rest == "waits" and order["kind"] == "limit" and side == "buy":
        worst = max(worst or 0, limit)  # a waiting limit buy never pays more than its limit
    gap = far_from(current)
    far = worst is not None and (worst - current >= gap if side == "buy" else current - worst >= gap)
    if rest == "waits" and order["kind"] == "mkt":
        far = True  # version 1: a waiting market order is priced by whatever the opponent names later
    fills = [{"qty": f["qty"], "price": f["price"], "with": "market" if f["how"] == "market" else "opponent",
              "point": f["point"]} for f in mine]
    out = {"action": action, "side": side, "issue": issue, "kind": order["kind"], "limit": limit, "qty": qty,
           "current": current, "fills": fills, "filled_qty": filled, "unfilled_qty": qty - filled, "rest": rest,
           "worst_price": worst, "total_units": units, "total_yen": units * UNIT_YEN,
           "price_after": price_after, "far": far, "far_units": gap,
           "market_timing": later}
    out.update(_texts(out))
    return out


def _name(issue: str, lang: str) -> str:
    return cards.stock(issue)[f"name_{lang}"]


def _shares(n: int) -> str:
    return f"{n} share" if n == 1 else f"{n} shares"


def _why_far(p: dict[str, Any]) -> tuple[str, str]:
    """Why the worst price is far from the current one: the player's own limit, the opponent's limit
    (a market order fills at it), or the market after a price card or event moves the price."""
    worst = [f for f in p["fills"] if f["price"] == p["worst_price"]]
    if p["kind"] == "limit":
        return "指値が現在の株価から離れています", "your limit is far from the price"
    if not worst or any(f["with"] == "opponent" for f in worst):
        return "成行注文は相手の指値で約定します", "a market order fills at the other side's limit"
    return ("市場との約定は④・⑧で株価が動いたあとの株価です",
            "a market fill takes the price after the price card or event moves it")


def _texts(p: dict[str, Any]) -> dict[str, str]:
    """The preview as one line per language, and the warning when it is far from the price."""
    buy = p["side"] == "buy"
    by_ja = {"opponent": "相手", "market": "市場"}
    parts_ja = [f"{by_ja[f['with']]}{'から' if buy else 'へ'}{f['qty']}株@{f['price']:,}" for f in p["fills"]]
    parts_en = [f"{f['qty']} {'from' if buy else 'to'} {'the opponent' if f['with'] == 'opponent' else 'the market'}"
                f" @ {f['price']:,}" for f in p["fills"]]
    if p["fills"]:
        one = len({f["price"] for f in p["fills"]}) == 1
        worst_ja = "" if one else ("最高" if buy else "最低")
        worst_en = "" if one else ("at most " if buy else "at least ")
        ja = (f"最悪の場合: {p['filled_qty']}株が{worst_ja}{p['worst_price']:,}単位で約定、"
              f"{'支払い' if buy else '受け取り'}{p['total_yen']:,}円（{'、'.join(parts_ja)}）。")
        en = (f"Worst case: {_shares(p['filled_qty'])} fill at {worst_en}"
              f"{p['worst_price']:,} units, {'paying' if buy else 'receiving'} ¥{p['total_yen']:,} ({', '.join(parts_en)}).")
        if p["price_after"] != p["current"]:
            ja += f"相手との約定で株価は{p['current']:,}→{p['price_after']:,}単位になります。"
            en += f" The fill with the opponent sets the price: {p['current']:,} → {p['price_after']:,} units."
    else:
        ja = "見えている注文とは、このフェーズの判定では約定しません。"
        en = "Against the orders you can see, nothing fills at this phase's judging."
    left = p["unfilled_qty"]
    if left and p["rest"] == "cancelled" and not p["fills"]:
        ja += "この注文は判定のあと取り消されます（成行注文はその回の約定判定だけ有効）。"
        en += " It is then cancelled (a market order lives for one judging)."
    elif left and p["rest"] == "cancelled":
        ja += f"残り{left}株は取り消されます（成行注文はその回の約定判定だけ有効）。"
        en += f" The other {_shares(left)} {'is' if left == 1 else 'are'} cancelled (a market order lives for one judging)."
    elif left and p["rest"] == "expires":
        ja += f"残り{left}株はこのあと約定の機会がなく、デュエルが終わります。"
        en += f" The other {_shares(left)} have no later judging: the duel ends."
    elif left and p["kind"] == "limit":
        ja += f"残り{left}株は指値{p['limit']:,}単位で注文待ちになります。"
        en += f" The other {_shares(left)} wait at the limit of {p['limit']:,} units."
    elif left:
        ja += f"残り{left}株は注文待ちになり、後で出される指値で約定するおそれがあります。"
        en += f" The other {_shares(left)} wait and may later fill at any limit the opponent names."
    warn_ja = warn_en = ""
    if p["far"]:
        name_ja, name_en = _name(p["issue"], "ja"), _name(p["issue"], "en")
        if p["worst_price"] is not None:
            why_ja, why_en = _why_far(p)
            warn_ja = (f"注意: {name_ja}の現在の株価{p['current']:,}単位から{p['far_units']}単位以上離れた"
                       f"{p['worst_price']:,}単位で約定するおそれがあります（{why_ja}）。")
            warn_en = (f"Warning: {name_en} may fill at {p['worst_price']:,} units, {p['far_units']}+ units from the "
                       f"current {p['current']:,} ({why_en}).")
        else:
            warn_ja = f"注意: 注文待ちの成行は、後で出される{name_ja}の指値で約定するおそれがあります。"
            en_tail = "a waiting market order may fill later at any limit the opponent names."
            warn_en = f"Warning: {name_en}: {en_tail}"
    return {"summary_ja": ja, "summary_en": en, "warning_ja": warn_ja, "warning_en": warn_en}
