"""The turn ③–⑩, 清算 and the end: automatic steps run until a decision or a chance node."""

from __future__ import annotations

from typing import Any

from . import book, cards
from .state import (
    LIQUIDATION_DISCOUNT,
    LIQUIDATION_PHASE,
    MIN_PRICE,
    OVER_PHASE,
    SALARY,
    START_CASH,
    UNIT_YEN,
    KabuState,
)

PRICE_CARDS = (-3, -2, -1, 0, 1, 2, 3)
"""The seven price cards of ④, reshuffled every draw (ruling 3)."""
JUDGING = {4: "after4", 8: "after8", 5: "end5", 6: "end6", 9: "end9", 10: "end10"}


def new_state(years: int, decks: list[dict[str, list[str]]], rules: dict[str, bool] | None = None) -> KabuState:
    """Setup ①②: cash, the market of all ten stock cards, hands and event decks."""
    s = KabuState()
    if rules is not None:
        s.rules = dict(rules)
    s.years, s.total_turns = years, 8 * years
    counts: dict[str, int] = {}
    for deck in decks:
        for card in deck["stocks"]:
            counts[card] = counts.get(card, 0) + 1
    s.issues = sorted(counts)
    s.total_qty = dict(counts)
    s.market = dict(counts)
    s.price = {i: cards.stock(i)["price"] for i in s.issues}
    s.div_mult = {i: 1 for i in s.issues}
    s.cash = [START_CASH, START_CASH]
    s.hand = [sorted(d["tools"]) for d in decks]
    s.deck = [sorted(d["events"]) for d in decks]
    s.price_history = [{"turn": 0, "point": "start", "prices": dict(s.price)}]
    s.asset_history = [{"turn": -1, "totals": [START_CASH, START_CASH]}]
    advance(s)
    return s


def phase_id(s: KabuState) -> int:
    """A number for the current order phase (orders entered in the same phase tie for janken)."""
    return s.turn * 4 + {5: 0, 6: 1, 9: 2, 10: 3}.get(s.phase, 0)


def _prompt(s: KabuState, kind: str, seats: list[int], **data: Any) -> bool:
    if not seats:
        return False
    s.pending = {"kind": kind, "seats": list(seats), "waiting": list(seats), **data}
    return True


def lowered(s: KabuState) -> dict[str, int]:
    """Issues the revealed effect actually lowers (after the one-unit floor)."""
    return {i: d for i, d in s.effect.items() if max(MIN_PRICE, s.price[i] + d) < s.price[i]}


def raised(s: KabuState) -> dict[str, int]:
    """Issues the applied effect raised (valid after ``apply_effect``)."""
    return {i: d for i, d in s.effect.items() if d > 0}


def t01_sellable(s: KabuState, seat: int) -> dict[str, int]:
    """Shares T01 may sell now: those of issues the revealed effect lowers."""
    return {i: s.shares(seat, i) for i in lowered(s) if s.shares(seat, i)}


def t02_sellable(s: KabuState, seat: int) -> dict[str, int]:
    """Shares T02 may sell now: those of issues the event raised."""
    return {i: s.shares(seat, i) for i in raised(s) if s.shares(seat, i)}


def t03_sellable(s: KabuState, seat: int) -> dict[str, int]:
    """Shares T03 may sell: bought this turn and still held."""
    return {i: min(q, s.shares(seat, i)) for i, q in s.bought[seat].items() if min(q, s.shares(seat, i)) > 0}


def dividend_income(s: KabuState, seat: int) -> int:
    """Dividends (yen) ``seat`` would receive at ⑦ now, before T04."""
    return sum(cards.stock(i)["dividend"] * s.div_mult[i] * q for i, q in s.holdings[seat].items())


def advance(s: KabuState) -> None:
    """Run automatic steps until someone must decide, chance must draw, or the duel is over."""
    while s.pending is None and not s.finished and not _needs_chance(s):
        _STEPS[s.step](s)


def _needs_chance(s: KabuState) -> bool:
    return s.step in ("p4_draw", "p8_draw") or s.peek_chance is not None


def _turn_start(s: KabuState) -> None:
    s.phase = 3
    for seat in (0, 1):
        s.cash[seat] += SALARY
        s.flows["salary"][seat] += SALARY
    s.bought = [{}, {}]
    s.turn_start_price = dict(s.price)
    s.phase, s.chart, s.chart_wanted = 4, [], 1
    s.step = "p4_t05"


def _p4_t05(s: KabuState) -> None:
    s.step = "p4_draw"
    _prompt(s, "t05", [s.active] if "T05" in s.hand[s.active] else [])


def _reveal(s: KabuState, effect: dict[str, int], source: str, card: str | None, target: str | None) -> None:
    s.effect, s.effect_source, s.effect_card, s.effect_target = effect, source, card, target
    s.step = "t01"


def price_card_drawn(s: KabuState, value: int) -> None:
    """Chance at ④: one price card (two with T05, then the drawer chooses)."""
    s.chart.append(value)
    if len(s.chart) < s.chart_wanted:
        return
    if s.chart_wanted == 2:
        s.step = "p4_chart"
        _prompt(s, "chart", [s.active], cards=list(s.chart))
        return
    apply_price_card(s, value)


def apply_price_card(s: KabuState, value: int) -> None:
    """The price card's value is known: reveal it to all issues."""
    s.last_price_card = {"turn": s.turn, "value": value, "chart": list(s.chart) if s.chart_wanted == 2 else None}
    s.price_cards.append(s.last_price_card)
    _reveal(s, {i: value for i in s.issues}, "price", None, None)


def _t01(s: KabuState) -> None:
    s.step = "apply_effect"
    seats = [p for p in (0, 1) if "T01" in s.hand[p] and t01_sellable(s, p)]
    _prompt(s, "t01", seats, effect=dict(s.effect), source=s.effect_source, card=s.effect_card)


def _apply_effect(s: KabuState) -> None:
    for issue, delta in s.effect.items():
        s.price[issue] = max(MIN_PRICE, s.price[issue] + delta)
    if s.effect_source == "event":
        s.step = "t02"
    else:
        s.step = "judge"


def _t02(s: KabuState) -> None:
    s.step = "judge"
    seats = [p for p in (0, 1) if "T02" in s.hand[p] and t02_sellable(s, p)]
    _prompt(s, "t02", seats, effect=dict(s.effect), source="event", card=s.effect_card)


def _judge(s: KabuState) -> None:
    """Judging point right after ④ or ⑧: players first, then sells to the market (8-2, 8-3, 8-8)."""
    point = JUDGING[s.phase]
    book.match_players(s, point)
    book.market_sells(s, point)
    if s.rules["market_one_judging"]:
        book.cancel_market(s, "sell", point)
    s.price_history.append({"turn": s.turn, "point": point, "prices": dict(s.price)})
    _open_orders(s, 5 if s.phase == 4 else 9)


def _open_orders(s: KabuState, phase: int) -> None:
    s.phase = phase
    s.step = "orders"
    s.snapshot = [dict(o) for o in s.orders]
    s.done = [False, False]
    s.peek_orders = [False, False]
    _prompt(s, "orders", [0, 1], side="buy" if phase in (5, 9) else "sell")


def close_orders(s: KabuState) -> None:
    """Both players confirmed: the phase-end judging (8-2), which may stop for a janken."""
    s.pending = None
    s.step = "close"


def _close(s: KabuState) -> None:
    point = JUDGING[s.phase]
    book.match_players(s, point)
    if s.phase in (5, 9):
        key = book.market_buys(s, point)
        if key is not None:
            issue, kind, price, pid = key.split("|")
            s.janken = [None, None]
            s.janken_rounds = 1
            _prompt(s, "janken", [0, 1], key=key,
                    group={"issue": issue, "kind": kind, "price": None if price == "None" else int(price)})
            return
        if s.rules["market_one_judging"]:
            book.cancel_market(s, "buy", point)
    s.snapshot = []
    s.peek_orders = [False, False]
    if s.phase == 5:
        _open_orders(s, 6)
    elif s.phase == 9:
        _open_orders(s, 10)
    elif s.phase == 6:
        s.phase, s.step = 7, "p7"
    else:
        s.phase, s.step = LIQUIDATION_PHASE, "liquidation"


def _p7(s: KabuState) -> None:
    s.step = "pay"
    seats = [p for p in (0, 1) if "T04" in s.hand[p] and dividend_income(s, p) > 0]
    s.t04 = [False, False]
    _prompt(s, "t04", seats)


def _pay(s: KabuState) -> None:
    paid, doubled = [0, 0], [False, False]
    for seat in (0, 1):
        doubled[seat] = s.t04[seat]
        paid[seat] = dividend_income(s, seat) * (2 if doubled[seat] else 1)
        s.cash[seat] += paid[seat]
        s.flows["dividends"][seat] += paid[seat]
    s.t04 = [False, False]
    s.dividends.append({"turn": s.turn, "paid": paid, "doubled": doubled})
    s.phase, s.step = 8, "p8_draw"
    if not s.deck[s.active]:
        _open_orders(s, 9)


def event_drawn(s: KabuState, card: str) -> None:
    """Chance at ⑧: the active player's top event card."""
    seat = s.active
    s.deck[seat].remove(card)
    s.top[seat], s.top_seen[seat] = None, None
    s.drawn[seat].append(card)
    data = cards.event(card)
    if "target" in data or data.get("dividend_target"):
        s.step = "p8_target"
        _prompt(s, "target", [seat], card=card)
        return
    resolve_event(s, card, None)


def target_choices(s: KabuState) -> list[dict[str, Any]]:
    """What each issue would do as the target of the pending event (E07/E08/E11), for the drawer to choose:
    the price after (its floor included) or, for a dividend event, the dividend per share for the ⑦s still to
    come, the shares each player holds and what the choice changes in yen for each of them."""
    assert s.pending is not None and s.pending["kind"] == "target"
    card = s.pending["card"]
    data = cards.event(card)
    dividends_left = s.total_turns - s.turn - 1  # this turn's ⑦ is paid
    out = []
    for issue in s.issues:
        held = [s.shares(0, issue), s.shares(1, issue)]
        price, dividend = s.price[issue], cards.stock(issue)["dividend"] * s.div_mult[issue]
        if data.get("dividend_target"):
            after, dividend_after = price, dividend * 2
            per_share = (dividend_after - dividend) * dividends_left
        else:
            after, dividend_after = max(MIN_PRICE, price + cards.event_effect(card, [issue], issue)[issue]), dividend
            per_share = (after - price) * UNIT_YEN
        out.append({"issue": issue, "price": price, "after": after, "dividend": dividend, "dividend_after": dividend_after,
                    "dividends_left": dividends_left, "held": held, "yen": [per_share * q for q in held]})
    return out


def resolve_event(s: KabuState, card: str, target: str | None) -> None:
    """The event's effect is fixed (target chosen): log it and open the T01 window."""
    data = cards.event(card)
    if data.get("dividend_target"):
        assert target is not None
        s.div_mult[target] *= 2
        effect: dict[str, int] = {}
    else:
        effect = {i: d for i, d in cards.event_effect(card, s.issues, target).items() if d}
    s.events.append({"turn": s.turn, "seat": s.active, "card": card, "target": target, "effect": dict(effect)})
    _reveal(s, effect, "event", card, target)


def _liquidation(s: KabuState) -> None:
    if s.rules["bankruptcy_draw"]:
        # ruling 17: everyone in debt liquidates first; then who is still negative decides
        s.step = "liq_result"
        _prompt(s, "liquidate", [p for p in (0, 1) if s.cash[p] < 0 and s.holdings[p]])
        return
    s.step = "turn_end"
    for seat in (0, 1):
        if s.cash[seat] < 0 and not s.holdings[seat]:
            s.bankrupt = seat if s.bankrupt is None else -1
    if s.bankrupt is not None:
        finish(s)
        return
    seats = [p for p in (0, 1) if s.cash[p] < 0]
    _prompt(s, "liquidate", seats)


def _liq_result(s: KabuState) -> None:
    """Ruling 17: both still negative after 清算 → a draw; exactly one → that one loses."""
    failed = [p for p in (0, 1) if s.cash[p] < 0]
    if failed:
        s.bankrupt = failed[0] if len(failed) == 1 else -1
        finish(s)
        return
    s.step = "turn_end"


def liquidate_one(s: KabuState, seat: int, issue: str) -> None:
    """Sell one share to the market at max(price − 3, 0) units (清算, ruling 10)."""
    price = max(s.price[issue] - LIQUIDATION_DISCOUNT, 0)
    book.special_sell(s, seat, issue, 1, price, "liquidation")


def liquidation_order(s: KabuState, seat: int) -> list[str]:
    """Default order of liquidation: highest sale value first, then issue id."""
    return sorted(s.holdings[seat], key=lambda i: (-max(s.price[i] - LIQUIDATION_DISCOUNT, 0), i))


def _turn_end(s: KabuState) -> None:
    s.price_history.append({"turn": s.turn, "point": "end", "prices": dict(s.price)})
    s.asset_history.append({"turn": s.turn, "totals": [s.total(0), s.total(1)]})
    s.turn += 1
    if s.turn >= s.total_turns:
        finish(s)
    else:
        s.step = "turn_start"


def finish(s: KabuState) -> None:
    s.phase = OVER_PHASE
    s.step = "over"
    s.pending = None
    s.finished = True


_STEPS = {"turn_start": _turn_start, "p4_t05": _p4_t05, "t01": _t01, "apply_effect": _apply_effect, "t02": _t02,
          "judge": _judge, "close": _close, "p7": _p7, "pay": _pay, "liquidation": _liquidation, "liq_result": _liq_result,
          "turn_end": _turn_end}

