"""What a person playing a whole duel by hand (session 9, vs hard) found missing or misleading."""

from __future__ import annotations

from pygames.kabu import GAME, view

from .helpers import add_order, give, play, to_phase5


def test_a_decided_janken_is_in_the_view_with_every_round_and_its_winner():
    s = to_phase5()
    s.market["S03"] = 1
    s = play(s, "0:buy S03 mkt x1", "1:buy S03 mkt x1", "0:done", "1:done")
    assert view.build(s, 0)["jankens"] == []  # nothing decided yet
    s = play(s, "0:janken rock", "1:janken rock", "0:janken rock", "1:janken paper")
    [j] = view.build(s, 0)["jankens"]
    assert j == {"turn": 0, "phase": 5, "issue": "S03", "kind": "mkt", "price": None,
                 "hands": [["rock", "rock"], ["rock", "paper"]], "winner": 1}
    assert view.build(s, 1)["jankens"] == [j]  # both hands are public once it is decided
    assert s.shares(1, "S03") == 1  # the winner's order filled first


def test_an_offer_already_answered_by_the_viewers_order_says_so():
    s = give(to_phase5(), 0, "S05", 3)
    s = add_order(s, 1, "buy", "S05", "limit", 12, 2)
    s = play(s, "0:done", "1:done")  # ⑥: the bid can be taken now
    [offer] = view.build(s, 0)["offers"]
    assert offer["now"] and offer["placed"] == 0
    s = play(s, "0:sell S05 limit 12 x2")
    [offer] = view.build(s, 0)["offers"]
    assert offer["placed"] == 2 and not offer["now"]  # answered: no second tap offered
    s = play(s, "0:sell S05 limit 13 x1")  # a dearer ask does not take the bid
    assert view.build(s, 0)["offers"][0]["placed"] == 2


def test_a_far_limit_warns_about_the_limit_not_about_market_orders():
    s = give(to_phase5(), 1, "S05", 1)
    s = add_order(s, 1, "sell", "S05", "limit", 22, 1)
    d = GAME.check_details(s, 0, "buy S05 limit 22 x1")  # price 10: a fill at 22 is far from it
    assert d["far"] and d["worst_price"] == 22
    assert "指値が現在の株価から離れています" in d["warning_ja"] and "成行" not in d["warning_ja"]
    assert "your limit is far" in d["warning_en"] and "market order" not in d["warning_en"]
    m = GAME.check_details(s, 0, "buy S05 mkt x1")  # a market buy fills at the opponent's limit
    assert "成行注文は相手の指値で約定します" in m["warning_ja"] and "other side's limit" in m["warning_en"]
