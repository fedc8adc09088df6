"""What the viewer can take and what a share can still earn (issue 24), for the view.

* ``offers``: the opponent's public limit orders as offers the viewer can take, with the ready
  order that takes them when this phase allows it (a buy phase takes asks, a sell phase bids).
* ``outlook``: per issue, what one share held from now can still earn this duel from what the
  viewer knows: the dividends still to be paid, the price cards still to come, and the viewer's
  own event cards still in the deck (their sure effect on that issue, and the ones the viewer aims);
  ``own_events_sure`` when every card left in the deck will be drawn (the effect is certain, not an average).
"""

from __future__ import annotations

from typing import Any

from . import cards
from .actions import max_order_qty
from .state import UNIT_YEN, KabuState


OFFER_REACH = 6
"""An order further than this many units (or half the price) from the price is no offer to take:
it stays in the book (and the preview warns about it), but is not put forward by the prompt."""


def offers(s: KabuState, seat: int | None, visible: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The opponent's public limit orders near the price, best for the viewer first."""
    if seat not in (0, 1):
        return []
    p = s.pending
    side_now = p["side"] if p and p["kind"] == "orders" and seat in p["waiting"] and not s.done[seat] else None
    out = []
    for o in visible:
        if o["owner"] == seat or o["kind"] != "limit" or o.get("sealed"):
            continue
        take = "sell" if o["side"] == "buy" else "buy"
        placed = _placed(s, seat, o, take)
        most = max(0, min(o["qty"] - placed, max_order_qty(s, seat, o["issue"], take)))
        price = s.price[o["issue"]]
        if abs(o["price"] - price) > max(OFFER_REACH, price // 2):
            continue
        now = side_now == take and most > 0
        out.append({"order": o["id"], "owner": o["owner"], "side": o["side"], "issue": o["issue"], "price": o["price"],
                    "qty": o["qty"], "current": price, "vs_price": o["price"] - price, "take_side": take,
                    "take_qty": most, "now": now, "placed": placed,
                    "action": f"{take} {o['issue']} limit {o['price']} x{most}" if now else None,
                    "yen": o["price"] * UNIT_YEN})
    out.sort(key=lambda x: (not x["now"], -x["vs_price"] if x["side"] == "buy" else x["vs_price"], x["issue"], x["order"]))
    return out


def _placed(s: KabuState, seat: int, offer: dict[str, Any], take: str) -> int:
    """Shares of the viewer's own open orders that would take ``offer`` (opposite side, same issue,
    a market order or a limit that crosses it): the offer is already answered for that many."""
    def crosses(o: dict[str, Any]) -> bool:
        return o["kind"] == "mkt" or (o["price"] <= offer["price"] if take == "sell" else o["price"] >= offer["price"])
    return sum(o["qty"] for o in s.orders
               if o["owner"] == seat and o["issue"] == offer["issue"] and o["side"] == take and crosses(o))


def _draws_left(s: KabuState, seat: int) -> int:
    """Event draws still to come for ``seat`` (its turns whose ⑧ is ahead), at most its deck."""
    n = sum(1 for t in range(s.turn, s.total_turns) if t % 2 == seat and (t > s.turn or s.phase < 8))
    return min(n, len(s.deck[seat]))


def outlook(s: KabuState, seat: int | None) -> dict[str, Any]:
    """Per issue: dividends still to come for one share held from now, price cards to come and
    (for a player) their own events' effect on it. Only what the viewer knows."""
    dividend_turns = max(0, s.total_turns - s.turn - 1 + (1 if s.phase <= 7 else 0))
    price_cards = max(0, s.total_turns - s.turn - 1 + (1 if s.phase < 4 else 0))
    deck = list(s.deck[seat]) if seat in (0, 1) else []
    draws = _draws_left(s, seat) if seat in (0, 1) else 0
    aimed = sorted({c for c in deck if "target" in cards.event(c) or cards.event(c).get("dividend_target")})
    per_issue = {}
    for issue in s.issues:
        dividend = cards.stock(issue)["dividend"] * s.div_mult[issue]
        moves: list[dict[str, Any]] = []
        sure = 0
        for card in sorted(set(deck)):
            if card in aimed:
                continue
            delta = cards.event_effect(card, [issue], None)[issue]
            if delta:
                moves.append({"card": card, "delta": delta, "copies": deck.count(card)})
                sure += delta * deck.count(card)
        expected = sure * draws / len(deck) if deck else 0.0
        per_issue[issue] = {"dividend_yen": dividend, "dividends_left_yen": dividend * dividend_turns,
                            "own_events": moves, "own_events_units": round(expected, 1),
                            "earn_yen": dividend * dividend_turns + round(expected * UNIT_YEN)}
    return {"dividend_turns": dividend_turns, "price_cards_left": price_cards, "own_draws_left": draws,
            "own_deck_size": len(deck), "own_events_sure": bool(deck) and draws >= len(deck), "own_aimed": aimed, "issues": per_issue}
