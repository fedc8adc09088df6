"""Section 8 of the source, rule by rule: when orders fill, with whom, at what price, in what order."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.kabu import GAME, book

from .helpers import add_order, both_done, give, orders_of, play, to_phase5


def fills(s, point=None):
    return [f for f in s.fills if point is None or f["point"] == point]


# --- 8-1 / 8-2: nothing fills while orders are entered; judging at fixed points --------------
def test_8_1_an_order_never_fills_when_entered():
    s = to_phase5()
    s = play(s, "0:buy S03 mkt x1")
    assert s.market["S03"] == 3 and s.shares(0, "S03") == 0 and s.cash[0] == 12000
    s = play(s, "0:done")
    assert s.market["S03"] == 3  # still waiting for the other player
    s = play(s, "1:done")
    assert s.market["S03"] == 2 and s.shares(0, "S03") == 1
    assert s.cash[0] == 12000 - 15 * 100


def test_8_2_market_sell_placed_in_6_waits_for_the_judging_after_8():
    s = give(to_phase5(), 1, "S03")
    s = both_done(s)  # end of ⑤
    s = play(s, "1:sell S03 mkt x1")
    s = both_done(s)  # end of ⑥: only player-to-player matching (8-8 note)
    assert s.shares(1, "S03") == 1 and [o["kind"] for o in orders_of(s, 1)] == ["mkt"]
    assert s.phase == 8  # ⑦ paid, waiting for the event draw
    s = play(s, "c:event E02")  # every issue −2: S03 15 → 13
    assert s.shares(1, "S03") == 0 and s.market["S03"] == 3
    fill = fills(s, "after8")[0]
    assert (fill["price"], fill["seller"], fill["buyer"]) == (13, 1, "market")


def test_8_2_judging_right_after_the_price_card():
    s = give(to_phase5(), 1, "S03")
    s = add_order(s, 1, "sell", "S03", "limit", 16, 1)
    s = both_done(both_done(s))  # ⑤, ⑥
    s = play(s, "c:event E06", "0:done", "1:done", "0:done", "1:done")  # ⑧ (S03 unaffected), ⑨, ⑩
    assert s.turn == 1 and s.shares(1, "S03") == 1  # 15 < 16: never sold
    s = play(s, "c:price +1")  # 16 ≥ 16 right after ④
    assert s.shares(1, "S03") == 0
    assert fills(s, "after4")[-1]["price"] == 16


# --- 8-3: the opponent first, then the market ------------------------------------------------
def test_8_3_buy_fills_against_the_opponent_before_the_market():
    s = give(to_phase5(), 1, "S03")
    s = add_order(s, 1, "sell", "S03", "limit", 14, 1)
    s = play(s, "0:buy S03 mkt x2")
    s = both_done(s)
    trade, market = fills(s, "end5")
    assert (trade["seller"], trade["price"], trade["how"]) == (1, 14, "trade")
    assert (market["seller"], market["price"]) == ("market", 14)  # the market fill uses the new price
    assert s.shares(0, "S03") == 2 and s.market["S03"] == 1
    assert s.cash[0] == 12000 - 1400 - 1400 and s.cash[1] == 12000 + 1400


# --- 8-4: prices between players --------------------------------------------------------------
@pytest.mark.parametrize("buy, sell, price", [
    (("mkt", None), ("limit", 13), 13),      # market × limit: the limit
    (("limit", 18), ("mkt", None), 18),      # limit × market: the limit
    (("mkt", None), ("mkt", None), 15),      # market × market: the current price
    (("limit", 17), ("limit", 16), 16),      # crossing limits: the sell limit
    (("limit", 16), ("limit", 16), 16),
])
def test_8_4_fill_price(buy, sell, price):
    s = give(to_phase5(), 1, "S03")
    s = add_order(s, 1, "sell", "S03", sell[0], sell[1], 1)
    s.market["S03"] = 0  # only the opponent can fill this buy
    s = play(s, f"0:buy S03 {buy[0]}" + (f" {buy[1]}" if buy[1] else "") + " x1")
    s = both_done(s)
    assert [(f["buyer"], f["seller"], f["price"]) for f in fills(s)] == [(0, 1, price)]
    assert s.price["S03"] == price  # 8-9: the last price


def test_8_4_limits_that_do_not_cross_stay_open_and_are_judged_again():
    s = give(to_phase5(), 1, "S03")
    s = add_order(s, 1, "sell", "S03", "limit", 17, 1)
    s.market["S03"] = 0
    s = play(s, "0:buy S03 limit 16 x1")
    s = both_done(s)
    assert not fills(s) and len(s.orders) == 2
    s = play(s, "1:cancel o1", "1:sell S03 limit 16 x1")
    s = both_done(s)  # end of ⑥: the new sell crosses the waiting buy
    assert [(f["point"], f["price"]) for f in fills(s)] == [("end6", 16)]
    assert not s.orders


def test_no_self_matching():
    s = give(to_phase5(), 0, "S03")
    s = add_order(s, 0, "sell", "S03", "limit", 10, 1)
    s.market["S03"] = 0
    s = both_done(play(s, "0:buy S03 limit 20 x1"))
    assert not fills(s) and len(s.orders) == 2
    assert not book.is_crossed(s)


# --- 8-5 / 8-6: priority and janken rank ------------------------------------------------------
def _buys(s, issue="S03"):
    return [(o["owner"], o["kind"], o["price"]) for o in book.sorted_orders(s, issue, "buy")]


def test_8_5_priority_market_then_price_then_time():
    s = to_phase5()
    s = add_order(s, 1, "buy", "S03", "limit", 12, 1, phase_id=-2)
    s = add_order(s, 1, "buy", "S03", "limit", 13, 1, phase_id=-2)
    s = add_order(s, 0, "buy", "S03", "limit", 12, 1, phase_id=-1)  # same price, later: behind
    s = add_order(s, 0, "buy", "S03", "mkt", None, 1, phase_id=-1)
    assert _buys(s) == [(0, "mkt", None), (1, "limit", 13), (1, "limit", 12), (0, "limit", 12)]
    s = add_order(s, 0, "sell", "S03", "limit", 20, 1)
    s = add_order(s, 1, "sell", "S03", "limit", 19, 1)
    s = add_order(s, 0, "sell", "S03", "mkt", None, 1)
    assert [(o["kind"], o["price"]) for o in book.sorted_orders(s, "S03", "sell")] == [
        ("mkt", None), ("limit", 19), ("limit", 20)]


def test_8_5_priority_decides_who_gets_scarce_market_shares():
    s = to_phase5()
    s.market["S03"] = 1
    s = play(s, "0:buy S03 limit 15 x1", "1:buy S03 limit 16 x1")
    s = both_done(s)
    assert s.shares(1, "S03") == 1 and s.shares(0, "S03") == 0
    assert fills(s)[0]["price"] == 15  # a market fill is at the current price, not the limit (ruling 6)


@pytest.mark.parametrize("version", ["1", None])
def test_8_5_janken_ranks_tied_same_phase_buys_and_a_draw_repeats(version):
    s = to_phase5(version=version)
    s.market["S03"] = 1
    s = play(s, "0:buy S03 mkt x1", "1:buy S03 mkt x1", "0:done", "1:done")
    assert s.pending["kind"] == "janken" and GAME.to_move(s) == (0, 1)
    assert s.pending["group"] == {"issue": "S03", "kind": "mkt", "price": None}
    s = play(s, "0:janken rock")
    assert GAME.view(s, 1)["me"]["janken"] is None  # the other hand stays sealed
    s = play(s, "1:janken rock")  # a draw: again
    assert s.pending["kind"] == "janken" and s.pending["rounds"] == 2
    s = play(s, "0:janken rock", "1:janken paper")
    assert s.shares(1, "S03") == 1 and s.shares(0, "S03") == 0
    assert s.phase == 6
    view = GAME.view(s, 0)
    if version == "1":
        # seat 0's order still waits; its group has one order left, so no rank is shown (8-6)
        assert [o["rank"] for o in view["book"]["S03"]["buys"]] == [None]
    else:  # ruling 15: the market buy's remainder is cancelled after its judging, and logged
        assert view["book"]["S03"]["buys"] == []
        assert [(c["owner"], c["issue"], c["qty"], c["point"]) for c in view["cancels"]] == [(0, "S03", 1, "end5")]


def test_8_6_rank_is_shown_while_the_tied_group_has_orders_of_both():
    s = to_phase5()
    s.market["S03"] = 1
    s = play(s, "0:buy S03 limit 15 x2", "1:buy S03 limit 15 x2", "0:done", "1:done", "0:janken scissors", "1:janken paper")
    assert s.shares(0, "S03") == 1
    rows = GAME.view(s, 1)["book"]["S03"]["buys"]
    assert [(r["owner"], r["rank"]) for r in rows] == [(0, 1), (1, 2)]


def test_no_janken_when_the_market_has_enough_for_both():
    s = to_phase5()
    s = both_done(play(s, "0:buy S03 mkt x1", "1:buy S03 mkt x1"))
    assert s.phase == 6 and s.shares(0, "S03") == 1 and s.shares(1, "S03") == 1


# --- 8-7: changes ---------------------------------------------------------------------------
def test_8_7_price_change_loses_time_priority():
    s = to_phase5()
    s = play(s, "0:buy S03 limit 12 x1", "1:buy S03 limit 13 x1", "1:change o2 limit 12")
    order = next(o for o in s.orders if o["id"] == "o2")
    assert order["seq"] > next(o for o in s.orders if o["id"] == "o1")["seq"]


def test_8_7_quantity_decrease_keeps_place_increase_loses_it():
    s = to_phase5()
    s = add_order(s, 0, "buy", "S03", "limit", 10, 2, phase_id=-2)
    s = add_order(s, 1, "buy", "S03", "limit", 10, 1, phase_id=-1)
    s = play(s, "0:change o1 x1")
    assert _buys(s)[0][0] == 0 and s.orders[0]["seq"] == 1
    s = play(s, "0:change o1 x3")
    assert [o["owner"] for o in book.sorted_orders(s, "S03", "buy")] == [1, 0]


def test_8_7_sell_quantity_cannot_change():
    s = give(to_phase5(), 0, "S03", 2)
    s = both_done(s)
    s = play(s, "0:sell S03 limit 30 x2")
    with pytest.raises(GameError) as e:
        play(s, "0:change o1 x1")
    assert e.value.code == "kabu.order.sell_quantity" and "買い注文だけ" in e.value.message_ja and "8-7" not in e.value.message_ja
    s = play(s, "0:change o1 limit 29")
    assert s.orders[0]["price"] == 29


@pytest.mark.parametrize("action, code", [
    ("sell S03 mkt x1", "kabu.order.wrong_phase"),      # ⑤ is for buy orders only
    ("buy S99 mkt x1", "kabu.order.unknown_issue"),
    ("buy S03 limit 0 x1", "kabu.order.bad_price"),
    ("buy S03 mkt x4", "kabu.order.too_many"),           # only 3 shares of S03 exist
    ("buy S03 mkt x0", "kabu.order.bad_quantity"),
    ("buy S03 mkt", "kabu.bad_action"),
    ("cancel o9", "kabu.order.unknown_order"),
    ("tool T01 S03 x1", "kabu.tool.not_in_hand"),
    ("janken rock", "kabu.not_now"),
    ("buy  S03 mkt x1", "match.action.spaces"),
    ("buy S03 limit 012 x1", "match.action.leading_zero"),
    ("buy S03 mkt x²", "match.action.not_ascii"),
    ("buy S03 limit ②3 x1", "match.action.not_ascii"),
])
def test_bad_orders_are_refused_and_change_nothing(action, code):
    s = to_phase5()
    before = s.clone().__dict__
    with pytest.raises(GameError) as e:
        GAME.apply(s, 0, action)
    assert e.value.code == code and e.value.message_ja and e.value.message_en
    assert s.__dict__ == before


def test_phase_sides_buy_orders_cannot_be_touched_in_a_sell_phase():
    s = to_phase5()
    s = both_done(play(s, "0:buy S03 limit 5 x1"))
    assert s.phase == 6
    for action in ("cancel o1", "change o1 limit 6", "buy S03 mkt x1"):
        with pytest.raises(GameError) as e:
            play(s, "0:" + action)
        assert e.value.code == "kabu.order.wrong_phase"


def test_sell_orders_only_for_own_free_shares():
    s = give(to_phase5(), 0, "S03", 1)
    s = both_done(s)
    s = play(s, "0:sell S03 limit 30 x1")
    with pytest.raises(GameError) as e:
        play(s, "0:sell S03 mkt x1")
    assert e.value.code == "kabu.order.not_enough_shares" and e.value.params["most"] == 0


# --- 8-8: market timings ------------------------------------------------------------------------
def test_8_8_limit_buy_fills_from_market_at_current_price_when_limit_reaches_it():
    s = to_phase5()
    s = both_done(play(s, "0:buy S03 limit 20 x1", "1:buy S04 limit 11 x1"))
    assert s.shares(0, "S03") == 1 and fills(s)[0]["price"] == 15
    assert s.shares(1, "S04") == 0  # 11 < 12: waits


def test_8_8_limit_sell_goes_to_market_after_4_only_when_price_reaches_limit():
    s = give(to_phase5(), 0, "S05", 1)
    s = add_order(s, 0, "sell", "S05", "limit", 9, 1)
    s = both_done(s)  # end ⑤: sells never go to the market here
    assert s.shares(0, "S05") == 1
    s = both_done(s)  # end ⑥: nor here
    assert s.shares(0, "S05") == 1
    s = play(s, "c:event E04")  # energy +2 → 12 ≥ 9
    f = fills(s, "after8")[0]
    assert (f["price"], f["buyer"]) == (12, "market")  # at the current price, not the limit


# --- 8-9: last price ---------------------------------------------------------------------------
def test_8_9_market_fills_do_not_move_the_price():
    s = to_phase5()
    s = both_done(play(s, "0:buy S03 limit 40 x2"))
    assert s.price["S03"] == 15


def test_book_is_not_crossed_after_a_judging_point():
    s = give(give(to_phase5(), 1, "S03", 2), 0, "S04", 1)
    s = add_order(s, 1, "sell", "S03", "limit", 14, 2)
    s = add_order(s, 0, "sell", "S04", "mkt", None, 1)
    s = play(s, "0:buy S03 limit 14 x1", "1:buy S04 limit 3 x1")
    s = both_done(s)
    assert not book.is_crossed(s)
    assert s.price["S04"] == 3  # market sell × limit buy: the buy limit (8-4), and the price follows (8-9)


def test_limit_prices_are_free_of_the_current_price():
    s = to_phase5()
    s = play(s, "0:buy S03 limit 9999 x1", "1:buy S04 limit 1 x1")
    assert [o["price"] for o in s.orders] == [9999, 1]


def test_8_8_a_market_buy_fills_from_the_market_at_the_end_of_5_not_after_4():
    """Version-1 rulings: a market buy waited across judgings."""
    s = give(to_phase5(version="1"), 0, "S03", 3)  # every S03 share is seat 0's: the market has none
    s = both_done(play(s, "1:buy S03 mkt x1"))  # nothing to buy: it waits (public)
    s = both_done(s)
    s = both_done(both_done(play(s, "c:event E06")))
    assert s.turn == 1 and s.step == "p4_draw"
    s = s.clone()
    s.move_shares("S03", 1, 0, None)  # one share back in the market before turn 2's price card
    s = play(s, "c:price +1")
    assert s.shares(1, "S03") == 0 and s.phase == 5  # not at the judging after ④
    s = both_done(s)
    assert s.shares(1, "S03") == 1 and fills(s)[-1]["price"] == 16 and fills(s)[-1]["point"] == "end5"


def test_8_4_market_order_against_a_limit_always_fills_at_the_limit():
    """成行×指値：指値価格で約定（必ず）: under version 1 even a far limit priced a waiting market order."""
    s = give(to_phase5(version="1"), 0, "S03", 3)
    s = both_done(play(s, "1:buy S03 mkt x1"))  # waits: no market inventory
    s = both_done(play(s, "0:sell S03 limit 99 x1"))
    assert [(f["point"], f["price"], f["buyer"]) for f in fills(s)] == [("end6", 99, 1)]
    assert s.price["S03"] == 99 and s.cash[1] == 12000 - 9900 + 40  # + the ⑦ dividend on that share


@pytest.mark.parametrize("action", ["buy S03 mkt x4", "tool T01 S03 x1"])
def test_error_messages_name_cards_by_name_not_id(action):
    s = to_phase5()
    with pytest.raises(GameError) as e:
        GAME.apply(s, 0, action)
    card = "S03" if action.startswith("buy") else "T01"
    data = GAME.view(s, 0)["catalog"]["stocks" if card == "S03" else "tools"][card]
    assert data["name_ja"] in e.value.message_ja and data["name_en"] in e.value.message_en
    assert card not in e.value.message_ja and card not in e.value.message_en


# --- ruling 15: a market order lives for one judging --------------------------------------------
def test_ruling_15_an_unfilled_market_buy_is_cancelled_so_a_later_sealed_sell_cannot_price_it():
    """The defect: market buy unfilled in ⑨ (market empty), the opponent's sealed limit sell at 9999 in ⑩
    filled against it (cash 12,000 → −987,900 yen). Now the buy is cancelled at the end of ⑨."""
    s = give(to_phase5(), 0, "S03", 3)  # every S03 share is seat 0's: the market has none
    s = both_done(both_done(s))  # ⑤ ⑥
    s = play(s, "c:event E06")  # ⑧ (S03 unaffected)
    s = both_done(play(s, "1:buy S03 mkt x1"))  # ⑨: nothing to buy
    assert [o for o in s.orders if o["owner"] == 1] == []
    assert s.cancels[-1] == {"turn": 0, "phase": 9, "point": "end9", "order": "o1", "owner": 1, "side": "buy",
                             "issue": "S03", "qty": 1, "reason": "market_one_judging"}
    cash = s.cash[1]
    s = both_done(play(s, "0:sell S03 limit 9999 x1"))  # ⑩
    assert not [f for f in s.fills if f["how"] == "trade"]
    assert s.turn == 1 and s.cash[1] == cash + 4000 and s.shares(1, "S03") == 0  # only turn 2's salary


def test_ruling_15_a_market_buy_still_takes_the_visible_sell_and_the_market_in_its_own_judging():
    s = give(to_phase5(), 1, "S03")
    s = add_order(s, 1, "sell", "S03", "limit", 14, 1)
    s = both_done(play(s, "0:buy S03 mkt x3"))  # opponent first (14), then the market's 2 shares at 14
    assert [(f["seller"], f["qty"], f["price"]) for f in fills(s, "end5")] == [(1, 1, 14), ("market", 2, 14)]
    assert s.orders == [] and s.cancels == []  # everything filled: nothing to cancel


def test_ruling_15_a_market_sell_lives_until_the_market_timing_after_its_phase():
    s = give(to_phase5(), 1, "S03", 2)
    s = add_order(s, 0, "buy", "S03", "limit", 9, 1)  # a public bid below the price
    s = both_done(s)  # ⑤: 9 < 15, the bid rests
    s = both_done(play(s, "1:sell S03 mkt x2"))  # ⑥: fills the bid at its limit (8-4), the rest waits
    assert [(f["buyer"], f["price"]) for f in fills(s, "end6")] == [(0, 9)]
    assert [o["qty"] for o in orders_of(s, 1)] == [1]
    s = play(s, "c:event E02")  # ⑧: 9 (the last fill, 8-9) − 2, then the market timing sells the rest at 7
    assert [(f["buyer"], f["price"]) for f in fills(s, "after8")] == [("market", 7)]
    assert orders_of(s, 1) == []
