"""The duel's flow ③–⑩, events, tools with their timings, 清算 and the end."""

from __future__ import annotations

import pytest

from pygames.core import CHANCE, GameError
from pygames.kabu import GAME

from .helpers import PLAIN, PLAIN1, both_done, give, new, play, to_phase5

STOCKS0, STOCKS1 = PLAIN["stocks"], PLAIN1["stocks"]


def deck(stocks, events, tools):
    return {"stocks": stocks, "events": events, "tools": tools}


def finish_turn(s, event=None):
    """From ⑤ of a turn with no tools: confirm every phase (optionally forcing the event)."""
    s = both_done(both_done(s))
    if s.step == "p8_draw":
        s = play(s, f"c:event {event or GAME.chance_outcomes(s)[0][0].split()[1]}")
    return both_done(both_done(s))


def test_salary_each_turn_for_both_and_the_year_has_eight_turns():
    s = new()
    turns = 0
    while not s.finished:
        s = play(s, "c:price +0")
        s = finish_turn(s)
        turns += 1
    assert turns == 8 and s.flows["salary"] == [32000, 32000]
    outcome = GAME.outcome(s)
    assert outcome.scores == (s.total(0), s.total(1)) and GAME.to_move(s) == ()


@pytest.mark.parametrize("years", [2, 3])
def test_longer_duels(years):
    ev = {2: ["E02", "E02", "E04", "E04", "E06", "E06", "E09", "E09"],
          3: ["E02", "E02", "E04", "E04", "E06", "E06", "E09", "E09", "E07", "E07", "E11", "E11"]}[years]
    s = new(deck(STOCKS0, ev, []), deck(STOCKS1, ev, []), years=years)
    turns = 0
    while not s.finished:
        s = play(s, "c:price +0")
        s = both_done(both_done(s))
        s = play(s, f"c:{GAME.chance_outcomes(s)[0][0]}")
        if s.pending["kind"] == "target":
            s = play(s, f"{s.active}:target S03")
        s = both_done(both_done(s))
        turns += 1
    assert turns == 8 * years and not s.deck[0] and not s.deck[1]


def test_faq_events_beyond_four_are_never_drawn_in_one_year():
    s = new(deck(STOCKS0, ["E02", "E04", "E06", "E09", "E11"], []))
    while not s.finished:
        s = play(s, "c:price +0")
        s = finish_turn(s)
    assert len(s.drawn[0]) == 4 and len(s.deck[0]) == 1


def _has_cjk(text):
    return any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


def test_english_turn_labels_have_no_japanese_through_the_end():
    s = new()
    labels = set()
    while not s.finished:
        s = play(s, "c:price +0")
        labels.add(GAME.view(s, 0)["turn"]["label_en"])
        s = finish_turn(s)
    end = GAME.view(s, 0)["turn"]
    labels.add(end["label_en"])
    assert end["label_en"].endswith("· Duel over") and end["label_ja"].endswith("終了")
    assert not any(_has_cjk(label) for label in labels), labels


def test_progress_label():
    s = new()
    for _ in range(2):
        s = finish_turn(play(s, "c:price +0"))
    s = play(s, "c:price +0")
    assert GAME.progress(s) == {"turn": 2, "ja": "夏・先攻 ⑤", "en": "Summer · First · ⑤"}


def test_a_finished_duels_progress_says_how_long_it_was_not_that_it_is_over():
    """The saved list puts its own 終了 / Finished badge before the progress (it read 「終了 冬・後攻 終了」)."""
    s = new()
    while not s.finished:
        s = finish_turn(play(s, "c:price +0"))
    progress = GAME.progress(s)
    assert (progress["ja"], progress["en"]) == ("1年・8ターン", "1 year, 8 turns")


def test_price_card_moves_every_issue_with_a_floor_of_one_unit():
    s = new()
    s.price["S07"] = 2
    s = play(s, "c:price -3")
    assert s.price["S07"] == 1 and s.price["S03"] == 12 and s.price["S10"] == 8


def test_dividends_at_7_and_t04_doubles_them():
    s = new(deck(STOCKS0, PLAIN["events"], ["T04"]))
    s = give(give(play(s, "c:price +0"), 0, "S04", 1), 1, "S05", 2)
    s = both_done(both_done(s))
    assert s.pending["kind"] == "t04" and s.pending["waiting"] == [0]
    cash = list(s.cash)
    s = play(s, "0:tool T04")
    assert s.cash[0] - cash[0] == 2 * 60 and s.cash[1] - cash[1] == 2 * 80
    assert s.dividends[-1] == {"turn": 0, "paid": [120, 160], "doubled": [True, False]}


def test_the_t04_prompt_says_how_many_results_are_left_after_it():
    s = new(deck(STOCKS0, PLAIN["events"], ["T04"]))
    s = both_done(both_done(give(play(s, "c:price +0"), 0, "S04", 1)))
    seen = []
    while not s.finished:
        if s.pending and s.pending["kind"] == "t04":
            seen.append(GAME.view(s, 0)["pending"]["results_left"])
            s = play(s, "0:pass")
        elif s.pending and s.pending["kind"] == "orders":
            s = both_done(s)
        else:
            s = play(s, f"c:{GAME.chance_outcomes(s)[0][0]}")
    assert seen == [7, 6, 5, 4, 3, 2, 1, 0]


def test_e11_doubles_an_issue_dividend_for_the_rest_of_the_duel():
    s = new(deck(STOCKS0, ["E11", "E02", "E04", "E06"], []))
    s = give(play(s, "c:price +0"), 1, "S04", 1)
    s = both_done(both_done(s))
    s = play(s, "c:event E11")
    assert s.pending["kind"] == "target" and GAME.to_move(s) == (0,)
    s = play(s, "0:target S04")
    s = both_done(both_done(s))
    s = play(s, "c:price +0")
    s = both_done(both_done(s))
    assert s.dividends[-1]["paid"][1] == 120
    assert GAME.view(s, 1)["issues"][1]["dividend_doubled"]


def test_an_event_target_says_what_each_issue_would_do_to_whom():
    """The drawer of 不祥事発覚 (−4) or 増配発表 sees, per issue, the price or dividend after, who holds it and
    what each player gains or loses by it in yen (the price floor of one unit included)."""
    s = new(deck(STOCKS0, ["E07", "E02", "E04", "E06"], []))
    s = give(give(give(play(s, "c:price +0"), 1, "S04", 2), 0, "S03", 1), 1, "S12", 1)
    s = both_done(both_done(s))
    s.price["S12"] = 3
    s = play(s, "c:event E07")
    for seat in (0, 1):  # holdings are public: both see the same choices
        targets = {t["issue"]: t for t in GAME.view(s, seat)["pending"]["targets"]}
        assert set(targets) == set(s.issues)
        assert targets["S04"] == {"issue": "S04", "price": 12, "after": 8, "dividend": 60, "dividend_after": 60,
                                  "dividends_left": 7, "held": [0, 2], "yen": [0, -800]}
        assert (targets["S03"]["held"], targets["S03"]["yen"]) == ([1, 0], [-400, 0])
        assert (targets["S12"]["after"], targets["S12"]["yen"]) == (1, [0, -200])  # the floor: 3 → 1, not −1
    s = new(deck(STOCKS0, ["E11", "E02", "E04", "E06"], []))
    s = both_done(both_done(give(play(s, "c:price +0"), 1, "S04", 2)))
    s = play(s, "c:event E11")
    s04 = next(t for t in GAME.view(s, 0)["pending"]["targets"] if t["issue"] == "S04")
    assert (s04["price"], s04["after"], s04["dividend"], s04["dividend_after"]) == (12, 12, 60, 120)
    assert s04["yen"] == [0, 60 * 7 * 2]  # seven ⑦ still to come after this turn's, two shares
    assert "targets" not in GAME.view(both_done(play(s, "0:target S04")), 0)["pending"]


@pytest.mark.parametrize("card, target, expect", [
    ("E05", None, {"S04": 14, "S03": 16, "S12": 17}),           # finance +2, others +1
    ("E10", None, {"S10": 14, "S03": 12, "S04": 9}),            # construction net +3, others −3
    ("E07", "S12", {"S12": 12, "S03": 15}),                      # the drawer's pick −4
    ("E09", None, {"S03": 17, "S09": 8, "S12": 16}),             # export +2, retail −1
])
def test_event_effects(card, target, expect):
    s = new(deck(STOCKS0, [card, "E02", "E02", "E04"], []))
    s = both_done(both_done(play(s, "c:price +0")))
    s = play(s, f"c:event {card}")
    if target:
        s = play(s, f"0:target {target}")
    assert {i: s.price[i] for i in expect} == expect
    assert s.phase == 9


def test_t05_draw_two_price_cards_and_choose():
    s = new(deck(STOCKS0, PLAIN["events"], ["T05"]))
    assert s.pending["kind"] == "t05" and GAME.to_move(s) == (0,)
    s = play(s, "0:tool T05", "c:price -3", "c:price +2")
    assert s.pending["kind"] == "chart" and s.pending["cards"] == [-3, 2]
    with pytest.raises(GameError):
        play(s, "0:chart +1")
    s = play(s, "0:chart +2")
    assert s.price["S03"] == 17 and s.last_price_card["chart"] == [-3, 2]
    assert "T05" in s.tools_used[0]


def test_the_chart_choices_follow_the_order_the_cards_were_drawn():
    """Found playing by hand: the buttons listed +2, +3 while the cards showed +3, +2."""
    s = new(deck(STOCKS0, PLAIN["events"], ["T05"]))
    s = play(s, "0:tool T05", "c:price +3", "c:price +2")
    assert s.pending["cards"] == [3, 2]
    assert GAME.legal_actions(s, 0) == ["chart +3", "chart +2"]


def test_t01_sells_before_the_drop_at_the_old_price():
    s = new(deck(STOCKS0, PLAIN["events"], ["T01"]))
    s = give(s, 0, "S03", 2)
    s = play(s, "c:price -2")
    assert s.pending["kind"] == "t01" and s.pending["waiting"] == [0]
    with pytest.raises(GameError) as e:
        play(s, "0:tool T01 S03 x3")
    assert e.value.code == "kabu.tool.too_many"
    s = play(s, "0:tool T01 S03 x1")
    assert s.cash[0] == 12000 + 1500 and s.price["S03"] == 13 and s.shares(0, "S03") == 1
    assert s.fills[-1]["how"] == "T01" and s.fills[-1]["price"] == 15


def test_t01_is_not_offered_when_nothing_of_yours_falls():
    s = new(deck(STOCKS0, PLAIN["events"], ["T01"]))
    s = play(give(s, 0, "S03", 1), "c:price +1")
    assert s.pending["kind"] == "orders"


def test_t02_sells_raised_shares_at_new_price_plus_one():
    s = new(deck(STOCKS0, ["E12", "E02", "E02", "E04"], []), deck(STOCKS1, PLAIN1["events"], ["T02"]))
    s = give(play(s, "c:price +0"), 1, "S12", 1)
    s = both_done(both_done(s))
    s = play(s, "c:event E12")
    assert s.pending["kind"] == "t02" and s.price["S12"] == 21
    s = play(s, "1:tool T02 S12 x1")
    assert s.fills[-1]["price"] == 22 and s.price["S12"] == 21  # 8-9: the special sell leaves the price


def test_t03_day_trade_only_shares_bought_this_turn_in_own_10():
    s = new(deck(STOCKS0, PLAIN["events"], ["T03"]))
    s = give(play(s, "c:price +0"), 0, "S04", 1)  # held from before: not "bought this turn"
    s = both_done(play(s, "0:buy S03 mkt x1"))
    s = both_done(s)
    s = play(s, "c:event E06")
    with pytest.raises(GameError) as e:
        play(s, "0:tool T03 S03 x1")
    assert e.value.code == "kabu.tool.wrong_timing"  # ⑨ is not ⑩
    s = both_done(s)
    with pytest.raises(GameError) as e:
        play(s, "0:tool T03 S04 x1")
    assert e.value.code == "kabu.tool.bad_issue"
    s = play(s, "0:tool T03 S03 x1")
    assert s.shares(0, "S03") == 0 and s.fills[-1]["price"] == 16


def test_t06_peeks_at_the_opponents_next_event_and_only_the_user_sees_it():
    s = new(deck(STOCKS0, PLAIN["events"], ["T06"]), deck(STOCKS1, ["E01", "E04", "E06", "E09"], []))
    s = play(s, "c:price +0", "0:tool T06")
    assert GAME.to_move(s) == (CHANCE,)
    assert {a for a, _ in GAME.chance_outcomes(s)} == {"top E01", "top E04", "top E06", "top E09"}
    s = play(s, "c:top E09")
    assert GAME.view(s, 0)["me"]["peeked_top"] == "E09" and GAME.view(s, 1)["me"]["peeked_top"] is None
    assert "E09" not in str(GAME.describe_action(s, CHANCE, "top E09"))
    s = finish_turn(s, "E02")
    s = both_done(both_done(play(s, "c:price +0")))
    assert GAME.chance_outcomes(s) == [("event E09", 1.0)]


def test_t07_shows_the_opponents_sealed_orders():
    s = new(deck(STOCKS0, PLAIN["events"], []), deck(STOCKS1, PLAIN1["events"], ["T07"]))
    s = play(s, "c:price +0", "0:buy S03 limit 14 x1")
    view1 = GAME.view(s, 1)
    assert view1["book"]["S03"]["buys"] == [] and view1["opponent_sealed"] is None
    s = play(s, "1:tool T07")
    assert [o["price"] for o in GAME.view(s, 1)["opponent_sealed"]] == [14]
    assert GAME.view(s, 0)["opponent_sealed"] is None
    assert GAME.is_undo_barrier(s, 1, "tool T07")


def test_liquidation_sells_at_price_minus_three_until_cash_is_not_negative():
    s = give(to_phase5(), 0, "S03", 2)
    s = both_done(both_done(s))
    s = play(s, "c:event E06", "0:done", "1:done")
    s.cash[0] = -2000
    s = play(s, "0:done", "1:done")
    assert s.phase == 11 and s.pending["kind"] == "liquidate" and GAME.to_move(s) == (0,)
    s = play(s, "0:liquidate S03")
    assert s.cash[0] == -2000 + 1200 and s.price["S03"] == 15
    s = play(s, "0:liquidate auto")
    assert s.turn == 1 and s.shares(0, "S03") == 0
    assert s.cash[0] == -800 + 1200 + 4000  # the second share, then the next turn's salary


def test_bankrupt_when_liquidation_cannot_cover():
    s = give(to_phase5(), 0, "S07", 1)
    s = both_done(both_done(s))
    s = play(s, "c:event E06", "0:done", "1:done")
    s.cash[0] = -2000
    s = play(s, "0:done", "1:done", "0:liquidate auto")
    outcome = GAME.outcome(s)
    assert s.finished and outcome.winners == (1,) and outcome.details == {"bankrupt": 0}


def test_bankrupt_at_once_with_no_shares():
    s = both_done(both_done(to_phase5()))
    s = play(s, "c:event E06", "0:done", "1:done")
    s.cash[1] = -1
    s = play(s, "0:done", "1:done")
    assert GAME.outcome(s).winners == (0,)


def test_view_hides_hands_decks_and_sealed_orders():
    s = new(deck(STOCKS0, PLAIN["events"], ["T01"]), deck(STOCKS1, PLAIN1["events"], ["T07"]))
    s = play(s, "c:price +0", "0:buy S03 limit 14 x1", "1:buy S04 mkt x1")
    v0, v1, spectator = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert [t["id"] for t in v0["me"]["hand"]] == ["T01"] and v1["players"][0]["hand_count"] == 1
    assert "T01" not in str({k: v for k, v in v1.items() if k != "catalog"})
    assert v0["me"]["deck_remaining"] == sorted(PLAIN["events"])
    assert v0["book"]["S04"]["buys"] == [] and v1["book"]["S03"]["buys"] == []
    assert v0["book"]["S03"]["buys"][0]["sealed"] and spectator["me"] is None
    s = both_done(s)
    assert GAME.view(s, 1)["book"]["S03"]["buys"][0]["price"] == 14  # public once the phase ends


def test_outcome_reason_gives_both_totals_in_yen():
    s = new()
    while not s.finished:
        s = finish_turn(play(s, "c:price +0"))
    out = GAME.outcome(s)
    for seat in (0, 1):
        assert f"{s.total(seat):,}円" in out.reason_ja and f"¥{s.total(seat):,}" in out.reason_en
    # the winner by the generic seat name the page replaces with the name it shows (あなた, a typed
    # name…), never by the seat's role, which the result's headline and table do not use
    s.cash[1] += 700  # the second player ahead: its seat is named, never 後攻
    out = GAME.outcome(s)
    (winner,) = out.winners
    assert out.reason_ja.startswith(f"総資産でプレイヤー{winner + 1}の勝ち（{max(s.total(0), s.total(1)):,}円 対 ")
    assert out.reason_en.startswith(f"Player {winner + 1} had more total assets (¥{max(s.total(0), s.total(1)):,} vs ")
    assert "先攻" not in out.reason_ja and "後攻" not in out.reason_ja and "First" not in out.reason_en


def test_the_result_says_where_each_total_came_from():
    """The end says why: start cash and salary, dividends and the gain on shares (paid, received, held at
    the price) add up to each total, trades with the opponent counted on both sides."""
    s = to_phase5()
    s = play(s, "0:buy S03 mkt x2", "1:buy S07 mkt x1", "0:done", "1:done", "0:sell S03 limit 17 x1", "1:done",
             "0:done")
    s = play(s, "c:event E04", "0:done", "1:buy S03 limit 17 x1", "1:done", "0:done", "1:done")
    while not s.finished:
        s = finish_turn(play(s, "c:price +1"))
    parts = GAME.view(s, 0)["result"]["breakdown"]
    for seat, b in enumerate(parts):
        assert b["start"] + b["salary"] + b["dividends"] + b["shares_gain"] == b["total"] == s.total(seat)
        assert b["start"] + b["salary"] + b["dividends"] + b["sold"] - b["bought"] == b["cash"] == s.cash[seat]
        assert b["shares_gain"] == b["sold"] + b["stock_value"] - b["bought"] and b["salary"] == 32000
    # seat 0 bought two at 15 from the market and sold one at 17 to seat 1, which bought S07 at 8
    assert (parts[0]["bought"], parts[0]["sold"]) == (3000, 1700) and (parts[1]["bought"], parts[1]["sold"]) == (2500, 0)
    # ⑦ of the first turn comes before the trade at the end of ⑨: two S03 for seat 0, one S07 for seat 1
    assert parts[0]["dividends"] == 2 * 40 + 7 * 40 and parts[1]["dividends"] == 30 + 7 * (40 + 30)
    assert parts[0]["stock_value"] == s.stock_value(0) > 0 and GAME.view(to_phase5(), 0)["result"] is None


# --- ruling 17: double bankruptcy draws; the order of answers never decides ------------------
def _both_in_debt(version, shares0=("S07", 1), shares1=("S09", 1), debt1=5000):
    s = to_phase5(version=version)
    for seat, held in ((0, shares0), (1, shares1)):
        if held:
            s = give(s, seat, *held)
    s = both_done(both_done(s))
    s = play(s, "c:event E06", "0:done", "1:done")
    s.cash[0], s.cash[1] = -5000, -debt1  # one cheap share each cannot cover 5,000 yen
    return play(s, "0:done", "1:done")


@pytest.mark.parametrize("first", [0, 1])
def test_ruling_17_both_players_unable_to_cover_is_a_draw_whoever_answers_first(first):
    s = _both_in_debt(None)
    assert s.pending["kind"] == "liquidate" and GAME.to_move(s) == (0, 1)
    s = play(s, f"{first}:liquidate auto")
    assert not s.finished  # the first to answer does not lose on the spot
    s = play(s, f"{1 - first}:liquidate auto")
    out = GAME.outcome(s)
    assert out.is_draw and s.bankrupt == -1 and GAME.view(s, 0)["result"]["winner"] is None
    # the reason says what happened (it said 「総資産が同じで引き分け」 with two different totals)
    assert "破産" in out.reason_ja and "総資産が同じ" not in out.reason_ja, out.reason_ja
    assert "debt after liquidation" in out.reason_en and out.termination == "both_bankrupt", out.reason_en


@pytest.mark.parametrize("first", [0, 1])
def test_ruling_17_version_1_records_keep_the_first_answer_losing(first):
    s = _both_in_debt("1")
    s = play(s, f"{first}:liquidate auto")
    assert GAME.outcome(s).winners == (1 - first,)


def test_ruling_17_no_shares_and_in_debt_is_judged_with_the_other_after_liquidation():
    """The defect: one player in debt with no shares made the other win without being liquidated."""
    s = _both_in_debt(None, shares0=None)
    assert GAME.to_move(s) == (1,)  # seat 0 has nothing to sell; seat 1 must still liquidate
    s = play(s, "1:liquidate auto")
    assert GAME.outcome(s).is_draw
    s = _both_in_debt(None, shares0=None, shares1=("S03", 2), debt1=2000)  # 2 × (15 − 3) units cover it
    s = play(s, "1:liquidate auto")
    assert GAME.outcome(s).winners == (1,) and s.cash[1] >= 0
    old = _both_in_debt("1", shares0=None)
    assert GAME.outcome(old).winners == (1,) and old.shares(1, "S09") == 1  # v1: never liquidated


# --- ruling 18: T05 draws two different cards ------------------------------------------------
def test_ruling_18_chart_analysis_draws_two_different_cards():
    s = new(deck(STOCKS0, PLAIN["events"], ["T05"]))
    s = play(s, "0:tool T05", "c:price -3")
    outcomes = dict(GAME.chance_outcomes(s))
    assert "price -3" not in outcomes and len(outcomes) == 6 and abs(sum(outcomes.values()) - 1) < 1e-12
    with pytest.raises(GameError):
        GAME.apply(s, CHANCE, "price -3")  # the defect: [−3, −3]
    old = play(new(deck(STOCKS0, PLAIN["events"], ["T05"]), version="1"), "0:tool T05", "c:price -3", "c:price -3")
    assert old.pending["cards"] == [-3, -3]  # version-1 records replay as they were drawn


# --- ruling 19: ASCII digits only -------------------------------------------------------------
@pytest.mark.parametrize("action", ["buy S03 limit １２ x1", "buy S03 limit 12 x１", "buy S03 limit ² x1",
                                    "buy S03 mkt x²", "buy S03 limit ②3 x1", "buy S03 limit 012 x1",
                                    "buy S03 mkt x01", "buy S03 limit ١٢ x1"])
def test_ruling_19_numbers_are_ascii_digits_without_leading_zeros(action):
    s = to_phase5()
    with pytest.raises(GameError) as e:
        GAME.apply(s, 0, action)
    assert e.value.code in ("kabu.order.bad_price", "kabu.bad_action", "match.action.not_ascii",
                            "match.action.leading_zero")
    assert s.orders == []


def test_ruling_19_version_1_records_keep_leading_zeros_and_odd_digits_never_crash():
    s = to_phase5(version="1")
    s = GAME.apply(s, 0, "buy S03 limit 012 x1")  # v1 read leading zeros (non-ASCII: refused by the core grammar)
    assert s.orders[0]["price"] == 12
    for action in ("buy S03 mkt x²", "buy S03 limit ②3 x1", "buy S03 limit １２ x1"):
        with pytest.raises(GameError):
            GAME.apply(s, 0, action)


def test_a_finished_duel_shows_no_order_as_open():
    """Orders left unfilled when the duel ends died with it: the final position's book is empty for both
    sides, though the state still holds them (the book as it stood is in the record's replay before the end)."""
    from pygames.core import Rng
    from pygames.core.playout import playout, random_choice

    left = 0
    for seed in range(8):
        rng = Rng.derive(seed, "book at the end")
        s, _ = playout(GAME, GAME.initial_state(GAME.normalize_options({}, 2), 2), random_choice(GAME, rng), rng,
                       seat_rng=rng, max_steps=5000)
        assert s.finished
        left += len(s.orders)
        for seat in (0, 1, None):
            book = GAME.view(s, seat)["book"]
            assert all(not rows["buys"] and not rows["sells"] for rows in book.values()), (seed, seat)
    assert left > 0, "no playout ended with an order still in the book: the test shows nothing"
