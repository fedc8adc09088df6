"""Offers a person can take and what a share can still earn (issue 24), in the view."""

from __future__ import annotations

import re

from pygames.kabu import GAME, view

from .helpers import add_order, give, play, to_phase5


def test_an_open_bid_of_the_opponent_is_an_offer_with_the_order_that_takes_it():
    s = give(to_phase5(), 0, "S05", 3)
    s = add_order(s, 1, "buy", "S05", "limit", 12, 2)
    v = view.build(s, 0)  # ⑤: a buy phase, so the bid can only be taken in ⑥
    [offer] = v["offers"]
    assert offer["side"] == "buy" and offer["take_side"] == "sell" and not offer["now"] and offer["action"] is None
    s = play(s, "0:done", "1:done")  # ⑥
    [offer] = view.build(s, 0)["offers"]
    assert offer["now"] and offer["action"] == "sell S05 limit 12 x2" and offer["vs_price"] == 2
    assert GAME.check_details(s, 0, offer["action"])["filled_qty"] == 2  # the ready order is legal and fills
    s = play(s, f"0:{offer['action']}", "0:done", "1:done")
    assert s.shares(1, "S05") == 2 and s.price["S05"] == 12  # filled with the opponent at its bid


def test_sealed_orders_are_not_offers_and_no_one_offers_to_themselves():
    s = give(to_phase5(), 1, "S05", 2)
    s = add_order(s, 0, "buy", "S04", "limit", 11, 1)
    s = play(s, "1:buy S03 limit 14 x1")  # sealed until the phase ends
    assert view.build(s, 0)["offers"] == []
    assert [o["issue"] for o in view.build(s, 1)["offers"]] == ["S04"]


def test_the_outlook_counts_dividends_left_and_the_viewers_own_events():
    s = to_phase5()
    o = view.build(s, 0)["outlook"]
    assert o["dividend_turns"] == 8 and o["price_cards_left"] == 7
    s05 = o["issues"]["S05"]
    assert s05["dividends_left_yen"] == 80 * 8
    # seat 0's deck (tests/helpers PLAIN): E02 ×2 (every issue −2), E04 (energy +2), E06
    assert {e["card"]: (e["delta"], e["copies"]) for e in s05["own_events"]} == {"E02": (-2, 2), "E04": (2, 1)}
    assert s05["own_events_units"] == -2.0  # all four cards are drawn in four own turns
    assert o["own_events_sure"]  # so the effect is certain, not an average
    other = view.build(s, 1)["outlook"]["issues"]["S05"]
    assert other["own_events"] != s05["own_events"]  # each player sees their own deck only


def test_the_preview_names_no_rule_numbers():
    s = give(to_phase5(), 1, "S03", 2)
    s = add_order(s, 1, "sell", "S03", "limit", 25, 1)
    d = GAME.check_details(s, 0, "buy S03 mkt x2")
    assert d["far"] and d["price_after"] == 25
    for text in (d["summary_ja"], d["summary_en"], d["warning_ja"], d["warning_en"]):
        assert not re.search(r"\d-\d|裁定|ruling", text), text


def test_an_absurd_order_is_no_offer():
    s = give(to_phase5(), 1, "S03", 2)
    s = add_order(s, 1, "sell", "S03", "limit", 9999, 1)
    assert view.build(s, 0)["offers"] == []


def test_the_outlook_is_no_certainty_when_the_deck_outlasts_the_draws():
    """Found playing by hand: 「平均 +5単位」 for a card sure to be drawn; an average only when it may not be."""
    s = to_phase5()
    s.deck[0] = s.deck[0] + ["E04", "E06", "E06"]  # seven cards, four own turns left
    o = view.build(s, 0)["outlook"]
    assert o["own_draws_left"] == 4 and o["own_deck_size"] == 7 and not o["own_events_sure"]
    assert o["issues"]["S05"]["own_events_units"] == round((-4 + 4) * 4 / 7, 1)
