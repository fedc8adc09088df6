"""Ruling 16: an order's worst case against the visible orders, before it is confirmed."""

from __future__ import annotations

import json

import pytest

from pygames import webapi
from pygames.core import GameError
from pygames.kabu import preview

from .helpers import add_order, both_done, give, play, to_phase5


def _phase9_with_absurd_sell():
    """The defect's scenario: in ⑨ the opponent's public limit sell at 9,999 units (market empty)."""
    s = give(to_phase5(), 1, "S03", 3)
    s = both_done(both_done(s))
    s = play(s, "c:event E06")
    return add_order(s, 1, "sell", "S03", "limit", 9999, 1)


def test_a_market_buy_against_an_absurd_visible_sell_warns_with_units_and_yen():
    p = preview.worst_case(_phase9_with_absurd_sell(), 0, "buy S03 mkt x2")
    assert p["fills"] == [{"qty": 1, "price": 9999, "with": "opponent", "point": "end9"}]
    assert (p["worst_price"], p["total_yen"], p["price_after"]) == (9999, 999900, 9999)
    assert p["far"] and "9,999" in p["warning_ja"] and "9,999" in p["warning_en"]
    assert p["rest"] == "cancelled" and p["unfilled_qty"] == 1 and "取り消されます" in p["summary_ja"] and "裁定" not in p["summary_ja"]


def test_the_price_a_fill_leaves_prices_the_market_fills_of_the_same_judging():
    """8-8/8-9 stay: after a fill at 30 with the opponent, the market's shares fill at 30 too."""
    s = give(to_phase5(), 1, "S03")
    s = add_order(s, 1, "sell", "S03", "limit", 30, 1)
    p = preview.worst_case(s, 0, "buy S03 mkt x3")
    assert [(f["with"], f["qty"], f["price"]) for f in p["fills"]] == [("opponent", 1, 30), ("market", 2, 30)]
    assert p["total_yen"] == 9000 and p["far"]


def test_a_limit_buy_at_the_price_does_not_warn_and_never_costs_more_than_its_limit():
    s = to_phase5()
    p = preview.worst_case(s, 0, "buy S03 limit 15 x2")
    assert p["fills"] == [{"qty": 2, "price": 15, "with": "market", "point": "end5"}] and not p["far"]
    p = preview.worst_case(s, 0, "buy S03 limit 12 x1")  # below the price: it waits
    assert p["fills"] == [] and p["rest"] == "waits" and p["worst_price"] == 12 and not p["far"]


def test_a_market_sell_into_a_low_visible_bid_warns():
    s = give(to_phase5(), 0, "S03", 2)
    s = add_order(s, 1, "buy", "S03", "limit", 2, 1)
    s = both_done(s)  # ⑥ (the bid at 2 < 15 rests)
    p = preview.worst_case(s, 0, "sell S03 mkt x2")
    assert p["fills"][0] == {"qty": 1, "price": 2, "with": "opponent", "point": "end6"} and p["far"]
    assert p["fills"][1]["with"] == "market" and p["market_timing"] == "after8"


def test_an_illegal_order_is_refused_with_its_rule():
    with pytest.raises(GameError) as e:
        preview.worst_case(to_phase5(), 0, "buy S03 limit １２ x1")
    assert e.value.code == "match.action.not_ascii"  # the core grammar, as when it is sent


def test_the_web_api_check_gives_the_preview_and_nothing_is_applied():
    record = json.loads(webapi.dispatch("new_match", json.dumps({"game": "kabu", "seed": 3})))["record"]
    view = json.loads(webapi.dispatch("view", json.dumps({"record": record, "seat": 0})))
    if view["view"]["pending"]["kind"] == "t05":  # the ready deck holds チャート分析: not now
        record = json.loads(webapi.dispatch("apply", json.dumps({"record": record, "seat": 0, "action": "pass"})))["record"]
        view = json.loads(webapi.dispatch("view", json.dumps({"record": record, "seat": 0})))
    assert view["view"]["pending"]["kind"] == "orders"
    issue = view["view"]["pending"]["entry"]["issues"][0]
    out = json.loads(webapi.dispatch("check", json.dumps({"record": record, "seat": 0, "action": f"buy {issue} mkt x1"})))
    assert out["ok"] and out["details"]["issue"] == issue and out["details"]["summary_en"].startswith("Worst case")
    assert json.loads(webapi.dispatch("check", json.dumps({"record": record, "seat": 0, "action": "done"})))["details"] is None
    bad = json.loads(webapi.dispatch("check", json.dumps({"record": record, "seat": 0, "action": "buy S99 mkt x1"})))
    assert bad["error"]["code"] == "kabu.order.unknown_issue"
    after = json.loads(webapi.dispatch("view", json.dumps({"record": record, "seat": 0})))
    assert after["ply"] == view["ply"]


def test_a_sell_in_the_last_sell_phase_never_reaches_the_market():
    s = give(to_phase5(), 0, "S03", 1)
    s.turn = s.total_turns - 1  # the last turn (first player's ⑤ stands in for it)
    s = both_done(both_done(s))  # ⑤ ⑥
    s = play(s, "c:event E06", "0:done", "1:done")  # ⑧ ⑨ → ⑩
    assert s.phase == 10
    p = preview.worst_case(s, 0, "sell S03 mkt x1")
    assert p["fills"] == [] and p["market_timing"] is None and p["rest"] == "expires" and not p["far"]
