"""Every worked example of the source glossary, and the rulings of the design file, as tests."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.shiji import GAME
from pygames.shiji import rules as R
from pygames.shiji.cards import EVENING, MORNING, NIGHT, NOON, from_codes
from pygames.shiji.state import BALANCED, PANIC_STATE, Rules

from .helpers import play, position, take_any



LAND = {"deck": False}
"""本式（土地）: the tests below were written for the land game (山札 is the default since v3)."""

def refused(s, action, code, seat=None):
    seat = s.turn if seat is None else seat
    with pytest.raises(GameError) as err:
        GAME.apply(s, seat, action)
    assert err.value.code == code, err.value.code
    assert err.value.message_ja and err.value.message_en
    return err.value


# --- 連結: 34 then 55 gives 345 step + 55 pair + 55 ten = 7 cards ---------------------------
def test_renketsu_34_then_55_gives_seven_cards():
    s = position([["5", "5", "7"], ["9", "9", "8"]], rows=(["3", "4"], ["2", "1"]), to_beat=21)
    s = play(s, "place 5 5")
    assert s.tasks[0] == ("take", 0, 7)
    assert sorted(g[0] for g in s.goods[0]) == ["pair", "step", "ten"]
    assert sum(g[2] for g in s.goods[0]) == 7
    s = take_any(s)
    assert R.hand_size(s, 0) == 1 + 7 and s.turn == 1


def test_goods_kinds_and_wrapping_steps():
    for row, new, reward in [(["8", "9"], ("0", "7"), 3), (["9", "0"], ("1", "7"), 3), (["0", "9"], ("8", "4"), 3),
                             (["1", "0"], ("9", "7"), 3), (["6"], ("4", "7"), 2), (["2"], ("2", "7"), 2),
                             (["3", "5"], ("7", "7"), 2), (["3", "5"], ("8", "7"), 0)]:
        cells = ["M", row[0]] if len(row) == 1 else row   # a star before a single card breaks adjacency
        s = position([list(new) + ["5"], ["9", "9"]], rows=(cells, []))
        s = play(s, f"place {new[0]} {new[1]}")
        assert sum(g[2] for g in s.goods[0]) == reward, (row, new)


def test_star_veil_and_gap_break_adjacency():
    s = position([["5", "6", "1"], ["9", "9"]], rows=(["4", "M"], []), star=MORNING)
    assert play(s, "place 5 6").goods[0] == ()          # 4 | M | 5 6: the star breaks 4-5-6
    s = position([["5", "6", "1"], ["9", "9"]], rows=(["1", "~4"], []))
    assert play(s, "place 5 6").goods[0] == ()          # a veiled 4 breaks adjacency


def test_no_reward_when_going_out():
    s = position([["5", "5"], ["9", "9", "1"]], rows=(["3", "4"], []), to_beat=21)
    s = play(s, "place 5 5")
    assert GAME.outcome(s).winners == (0,) and s.result[1] == "agari"
    assert R.hand_size(s, 0) == 0 and sum(g[2] for g in s.goods[0]) == 7


# --- 00 特例 -----------------------------------------------------------------------------
def test_reverse_01_then_00_pair_gives_ascending_01():
    s = position([["0", "1", "7"], ["9", "8", "7"]], rows=(["5", "0"], ["0", "1"]), to_beat=1, reverse=True,
                 star=NIGHT, merchant=(False, True))
    s2 = play(s, "place 0 1")
    assert not s2.reverse and s2.star == BALANCED and s2.to_beat == 1
    # without the 0 at the end of the row, 01 does not beat 01 in reverse
    t = position([["0", "1", "7"], ["9", "8", "7"]], rows=(["0", "5"], ["0", "1"]), to_beat=1, reverse=True,
                  star=NIGHT, merchant=(False, True))
    refused(t, "place 0 1", "shiji.place.not_superior")


def test_009_in_reverse_turns_ascending_and_asks_for_better_than_09():
    s = position([["0", "9", "4", "4"], ["0", "8", "1", "6"]], rows=(["3", "0"], ["2", "5"]), to_beat=5,
                 reverse=True, star=NIGHT, merchant=(False, True))
    s = take_any(play(s, "place 0 9"))
    assert not s.reverse and s.to_beat == 9 and s.turn == 1
    refused(s, "place 0 8", "shiji.place.not_superior")
    assert "place 1 0" in GAME.legal_actions(s, 1)


def test_99_pair_does_not_reverse():
    s = position([["9", "9", "4"], ["1", "2"]], rows=(["1", "2"], []), to_beat=50)
    s = take_any(play(s, "place 9 9"))
    assert not s.reverse


def test_00_pair_frees_the_star_cycle():
    # 特例（跳躍・遡行）: previous back 0 and a front 0 make a 00 pair, so any star may follow
    s = position([["0", "E", "4"], ["9", "9", "3"]], rows=(["5", "0"], []), star=MORNING, merchant=(False, True))
    refused(position([["1", "E", "4"], ["9", "9", "3"]], rows=(["5", "0"], []), star=MORNING),
            "place 1 E", "shiji.place.jump")
    s = take_any(play(s, "place 0 E"))
    assert s.star == EVENING


# --- 運行の原則 --------------------------------------------------------------------------
def test_star_cycle_jump_backward_and_first_star():
    base = dict(hands=[["M", "D", "E", "N", "5"], ["9", "9"]])
    assert "place N 5" in GAME.legal_actions(position(**base), 0)          # first star: any
    s = position(**base, star=MORNING)
    refused(s, "place E 5", "shiji.place.jump")
    refused(s, "place N 5", "shiji.place.backward")
    refused(s, "place M 5", "shiji.place.same_star")
    assert "place D 5" in GAME.legal_actions(s, 0)
    refused(position(**base), "place D M", "shiji.place.star_pair_order")
    assert "place M D" in GAME.legal_actions(position(**base), 0)
    s = position(**base, star=PANIC_STATE)
    assert {"place E 5", "place N 5"} <= set(GAME.legal_actions(s, 0))


def test_star_shell_taxes_the_opponent_and_night_reverses():
    s = position([["N", "5", "3", "4"], ["9", "8", "7"]], to_beat=97, star=EVENING)
    s = play(s, "place N 5")
    assert s.tasks[0] == ("take", 1, 1) and s.reverse and s.to_beat is None   # 相殺: nothing to beat
    s = take_any(s)
    assert R.hand_size(s, 1) == 4
    # 秩序化: Morning after Night makes the order ascending again
    s2 = position([["M", "5", "3", "4"], ["9", "8", "7"]], to_beat=0, star=NIGHT, reverse=True)
    s2 = take_any(play(s2, "place M 5"))
    assert not s2.reverse


def test_two_stars_tax_two():
    s = position([["E", "N", "3", "4"], ["9", "8", "7"]], star=NOON)
    s = play(s, "place E N")
    assert s.tasks[0] == ("take", 1, 2) and s.reverse and s.star == NIGHT


def test_star_shell_can_earn_a_reward():
    s = position([["5", "M", "7", "7"], ["9", "8", "7"]], rows=(["3", "4"], []))
    s = play(s, "place 5 M")
    assert s.tasks[0] == ("take", 0, 3) and s.tasks[1] == ("take", 1, 1)


# --- 恐慌 ----------------------------------------------------------------------------------
def test_panic_exchange_recover_reverse():
    s = position([["X", "5", "6", "2"], ["9", "8", "7"]], rows=([], ["1", "2", "~3", "~4"]), to_beat=78)
    s = play(s, "place X 5")
    assert s.hand[0][0] == 1 and not s.merchant[0]            # 交換: merchant 0 to hand
    assert s.reverse and s.star == PANIC_STATE
    assert GAME.to_move(s) == (1,) and GAME.legal_actions(s, 1) == ["recover 2", "recover 3"]
    refused(s, "recover 0", "shiji.recover.not_veiled", seat=1)
    s = play(s, "recover 3")
    assert s.hand[1][4] == 1 and s.rows[1][3][0] == -1 and s.turn == 1


def test_panic_without_veiled_cards_recovers_nothing():
    s = position([["X", "5", "6", "2"], ["9", "8", "7"]], rows=([], ["1", "2"]))
    s = play(s, "place 5 X")
    assert s.turn == 1 and not s.tasks and R.hand_size(s, 1) == 3


# --- ヴェール -------------------------------------------------------------------------------
def test_veil_rules():
    s = position([["5", "5", "9", "8"], ["9", "8", "7", "6"]], rows=(["3", "4"], ["0", "2"]), to_beat=2)
    s = take_any(play(s, "place 5 5"))
    s = play(s, "place 6 7")
    assert s.turn == 0 and set(s.veilable[0]) == {0, 1, 2, 3}
    assert {"veil 0", "veil 3"} <= set(GAME.legal_actions(s, 0))
    s = play(s, "veil 3")
    assert s.rows[0][3][1] and GAME.view(s, 1)["players"][0]["row"][3]["card"] is None
    refused(s, "veil 3", "shiji.veil.already")
    refused(s, "veil 7", "shiji.veil.no_card")
    assert s.turn == 0   # veiling does not end the turn


def test_veil_refusals_zero_pair_star_not_goods():
    s = position([["0", "4", "7", "6"], ["9", "8", "7", "6"]], rows=(["M", "0"], []), star=MORNING,
                 merchant=(False, True))
    s = take_any(play(s, "place 0 4"))
    assert s.veilable[0] == ()
    s = play(s, "place 6 7")
    refused(s, "veil 1", "shiji.veil.zero_pair")
    refused(s, "veil 0", "shiji.veil.not_number")
    refused(s, "veil 3", "shiji.veil.not_goods")


def test_veil_only_most_recent_goods():
    s = position([["7", "1", "2", "6"], ["9", "8", "7", "6", "5"]], rows=(["4", "4", "M", "9"], []), star=MORNING)
    s = take_any(play(s, "place 2 7"))
    s = take_any(play(s, "place 5 6"))
    refused(s, "veil 0", "shiji.veil.not_recent")


# --- 雷霆 and 解除 -------------------------------------------------------------------------
def test_raitei_wins_in_ascending():
    s = position([["0", "0", "1"], ["9", "9", "5"]], to_beat=99, merchant=(False, True))
    assert "place 1 0 0" in GAME.legal_actions(s, 0)
    s = play(s, "place 1 0 0")
    assert GAME.outcome(s).winners == (0,) and s.result[1] == "raitei"


def test_raitei_refused_in_reverse_after_01_to_99():
    s = position([["0", "0", "1"], ["9", "9", "5"]], to_beat=1, reverse=True, star=NIGHT, merchant=(False, True))
    refused(s, "place 1 0 0", "shiji.place.raitei_reverse")
    s = position([["0", "0", "1"], ["9", "9", "5"]], to_beat=0, reverse=True, star=NIGHT, merchant=(False, True))
    assert "place 1 0 0" in GAME.legal_actions(s, 0)
    refused(position([["0", "0", "2"], ["9", "9"]], merchant=(False, True)), "place 2 0 0", "shiji.place.three_cards")


def test_kaijo_cancels_raitei_into_a_draw():
    s = position([["0", "0", "1"], ["0", "0"]], to_beat=50, merchant=(False, False))
    s = play(s, "place 1 0 0")
    assert GAME.outcome(s) is None and GAME.to_move(s) == (1,)
    assert GAME.legal_actions(s, 1) == ["place 0 0", "accept"]
    drawn = play(s, "place 0 0")
    assert GAME.outcome(drawn).is_draw and drawn.result[1] == "kaijo"
    assert GAME.outcome(play(s, "accept")).winners == (0,)


# --- losses --------------------------------------------------------------------------------
def test_rot_when_reward_pushes_hand_above_ten():
    s = position([["5", "5", "1", "1", "2", "2", "3", "6", "7", "8"], ["9"]], rows=(["3", "4"], ["9"]), to_beat=9)
    s = play(s, "place 5 5")
    assert GAME.outcome(s).winners == (1,) and s.result[1] == "rot"


def test_bankrupt_when_land_too_small():
    from dataclasses import replace
    s = position([["5", "5", "1"], ["9", "9"]], rows=(["3", "4"], []))
    s = replace(s, land=(from_codes(["7", "8"]), s.land[1]))   # only two land cards for a reward of 7
    s = play(s, "place 5 5")
    assert s.result[1] == "bankrupt" and GAME.outcome(s).winners == (1,)


def test_siege_and_two_cards_with_a_star():
    s = position([["5", "6", "7"], ["1", "2", "3"]], to_beat=None)
    s = play(s, "place 7 6")
    assert s.result[1] == "siege" and GAME.outcome(s).winners == (0,)
    s = position([["5", "6", "7"], ["1", "M"]])
    s = play(s, "place 5 6")
    assert s.result[1] == "forbidden_two" and GAME.outcome(s).winners == (0,)



def test_a_two_card_loss_names_the_cards_and_shows_them():
    """Lost by the two-card rule, the ending says which two cards did it and both sides see them (the
    loser's hand is shown, as at 閉場): it said only 「プレイヤー2は残り２枚に星札・恐慌札があり上がれません」,
    over a hidden hand of 2, so a person whose opponent lost could not see why, nor a loser which card."""
    s = position([["5", "6", "7"], ["1", "M"]])
    s = play(s, "place 5 6")
    out = GAME.outcome(s)
    assert s.result[1] == "forbidden_two" and out.winners == (0,)
    assert out.reason_ja == "プレイヤー2の残り２枚（1・朝）に星札・恐慌札があり上がれません（包囲・禁止行為）", out.reason_ja
    assert out.reason_en == "Player 2's last two cards (1 and Morning) include a star or Panic (siege: cannot go out)"
    assert out.details["hand"] == ["1", "M"]
    for viewer in (0, 1, None):
        assert GAME.view(s, viewer)["players"][1]["hand"] == ["1", "M"], viewer
    assert GAME.view(s, 1)["players"][0]["hand"] is None        # the winner's hand stays theirs

def test_forbidden_to_go_out_with_star_shell():
    s = position([["M", "5"], ["1", "2"]])
    assert R.place_problem(s, 0, (MORNING, 5))[0] == "shiji.place.forbidden_last"


# --- 閉場 ----------------------------------------------------------------------------------
def test_closing_fewer_numbers_wins_and_star_in_hand_loses():
    from dataclasses import replace
    s = position([["1", "2", "3"], ["4", "5", "6", "7"]], to_beat=10)
    s = replace(s, placed=(9, 10))
    s = play(s, "place 2 1")
    assert s.result[1] == "closing" and GAME.outcome(s).winners == (0,)
    s = position([["1", "2", "M", "5"], ["4", "5", "6", "7", "8"]], to_beat=10)
    s = replace(s, placed=(9, 10))
    s = take_any(play(s, "place 2 1"))
    assert GAME.outcome(s).winners == (1,)


# --- 競技者間調整 ---------------------------------------------------------------------------
def test_option_no_reverse_no_star_order_no_goods():
    s = position([["N", "5", "3"], ["9", "8"]], rules=Rules(reverse=False), star=EVENING)
    assert not take_any(play(s, "place N 5")).reverse
    s = position([["E", "5", "3"], ["9", "8"]], rules=Rules(star_order=False), star=MORNING)
    assert "place E 5" in GAME.legal_actions(s, 0)
    s = position([["5", "5", "1"], ["9", "8", "1"]], rows=(["3", "4"], []), rules=Rules(goods=False))
    s = play(s, "place 5 5")
    assert s.goods[0] == () and s.turn == 1 and R.hand_size(s, 0) == 1


def test_option_back_next_to_front():
    # the new shell goes to the left: visually [4 6][1 2], so the back card 6 touches the old front 1
    s = position([["4", "6", "9"], ["1", "1"]], rows=(["1", "2"], []), rules=Rules(back_to_front=True))
    # stored reversed per shell: the row "1 2" was written as stored; new shell 4 6 stores (6, 4)
    s2 = play(s, "place 4 6")
    assert s2.rows[0][-2:] == ((6, False, 1), (4, False, 1))
    view = GAME.view(s2, 0)["players"][0]["row"]
    assert [c["card"]["code"] for c in view] == ["4", "6", "2", "1"]


def test_option_deck_mode_draws_are_chance():
    opts = GAME.normalize_options({"deck": True}, 2)
    s = GAME.initial_state(opts, 2)
    assert GAME.to_move(s) == (-1,)
    outcomes = GAME.chance_outcomes(s)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and all(a.startswith("draw 0 ") for a, _ in outcomes)
    assert GAME.view(s, 1)["players"][0]["land"] is None and GAME.view(s, 0)["players"][0]["land"] is None


def test_lead_choice_is_secret_and_decides_first():
    s = GAME.initial_state(GAME.normalize_options(LAND, 2), 2)
    for seat, cards in ((0, "1 2 3 4 5 6"), (1, "9 8 7 M N X")):
        for c in cards.split():
            s = GAME.apply(s, seat, f"pick {c}")
    assert s.phase == "lead" and GAME.to_move(s) == (0, 1)
    s = GAME.apply(s, 0, "lead 6 5")
    assert GAME.view(s, 1)["players"][0]["hand"] is None and GAME.to_move(s) == (1,)
    with pytest.raises(GameError) as err:
        GAME.apply(s, 1, "lead N 9")
    assert err.value.code == "shiji.lead.not_numbers"
    s = GAME.apply(s, 1, "lead 9 8")
    assert s.phase == "play" and s.turn == 1 and s.lead_shown == ((65, 98),)


def test_bad_actions_are_refused_with_codes():
    s = position([["1", "2", "3"], ["4", "5"]])
    refused(s, "fly", "shiji.action.syntax")
    refused(s, "place 1", "shiji.action.syntax")
    refused(s, "place 9 9", "shiji.place.not_in_hand")
    refused(s, "take 1", "shiji.action.wrong_time")
    refused(s, "place X 1", "shiji.place.not_in_hand")
    s2 = position([["1", "2", "3"], ["4", "5"]], to_beat=40)
    refused(s2, "place 3 2", "shiji.place.not_superior")


def test_only_canonical_codes_are_accepted_and_logs_hide_secret_choices():
    s = position([["M", "5", "3"], ["9", "8", "7"]])
    GAME.apply(s, 0, "place M 5")
    for alias, code in (("place 朝 5", "match.action.not_ascii"), ("place ≥ 5", "match.action.not_ascii"),
                        ("place m 5", "match.action.not_canonical"), ("place M 5\n", "match.action.not_ascii"),
                        ("place M  5", "match.action.spaces"), ("place M 5 ", "match.action.spaces")):
        refused(s, alias, code)
    s0 = GAME.initial_state(GAME.normalize_options(LAND, 2), 2)
    ja, en = GAME.describe_action(s0, 0, "pick N")
    assert "夜" not in ja and "N" not in en.replace("an opening", "")


def test_lead_ties_choose_again_then_chance_decides():
    s = GAME.initial_state(GAME.normalize_options(LAND, 2), 2)
    for seat in (0, 1):
        for c in "1 2 3 4 5 6".split():
            s = GAME.apply(s, seat, f"pick {c}")
    for _ in range(3):
        assert GAME.to_move(s) == (0, 1)
        s = GAME.apply(GAME.apply(s, 0, "lead 6 5"), 1, "lead 6 5")
    assert GAME.to_move(s) == (-1,) and len(s.lead_shown) == 3
    s = GAME.apply(s, -1, "first 1")
    assert s.phase == "play" and s.turn == 1


def test_quick_start_is_a_chance_node():
    s = GAME.initial_state(GAME.normalize_options({**LAND, "quick_start": True}, 2), 2)
    for seat in (0, 1):
        for c in "1 2 3 4 5 6".split():
            s = GAME.apply(s, seat, f"pick {c}")
    assert GAME.to_move(s) == (-1,)
    assert dict(GAME.chance_outcomes(s)) == {"first 0": 0.5, "first 1": 0.5}


# --- ruling of 2026-12-01: a star or panic shell clears the value to beat ----------------------
def test_after_night_any_number_shell_may_answer():
    s = position([["N", "5", "3", "4"], ["9", "8", "7", "1"]], to_beat=37, star=EVENING)
    s = take_any(play(s, "place N 5"))
    assert s.reverse and s.to_beat is None
    legal = set(GAME.legal_actions(s, 1))
    assert {"place 9 8", "place 1 7", "place 7 1"} <= legal
    s = play(s, "place 9 8")                # it still sets the order for what follows: reverse, lower wins
    assert "place 3 4" in GAME.legal_actions(s, 0) and s.to_beat == 98


def test_literal_reading_keeps_value_zero_to_beat():
    rules = Rules(star_clears=False)
    s = position([["N", "5", "3", "4"], ["9", "8", "7", "1"]], to_beat=37, star=EVENING, rules=rules)
    s = take_any(play(s, "place N 5"))
    assert s.reverse and s.to_beat == 0
    # in reverse nothing is below 00: with no 朝, 恐慌 or 00 pair the reply is besieged
    assert s.result is not None and s.result[1] == "siege" and s.result[2] == 1


def test_the_ruling_is_an_option_and_old_records_keep_the_literal_reading():
    options = GAME.normalize_options({}, 2)
    assert options["literal_zero"] is False and options["free_add"] is True
    old = GAME.normalize_options({}, 2, engine_version="1")
    assert old["literal_zero"] is True and old["free_add"] is False
    assert GAME.initial_state(old, 2).rules.star_clears is False
    assert [r["key"] for r in GAME.older_rulings(old)] == ["literal_zero", "free_add"]
    with pytest.raises(GameError) as err:
        GAME.normalize_options({"literal_zero": False}, 2, engine_version="1")
    assert err.value.code == "match.unknown_option"


# --- warnings: a legal placement that loses is named with its rule ---------------------------
def test_warning_two_cards_with_a_star_left():
    # the case: 9 and 恐慌 left after the placement
    s = position([["9", "X", "3", "4"], ["9", "9", "8"]], to_beat=12)
    assert "place 3 4" in GAME.legal_actions(s, 0)
    w = GAME.check_details(s, 0, "place 3 4")["warning"]
    assert w["code"] == "shiji.warn.two_with_star" and "恐慌" in w["ja"] and "Panic" in w["en"]
    assert w["params"]["cards"] == ["9", "X"]
    assert GAME.check_details(s, 0, "place X 3")["warning"] is None
    assert GAME.check_details(s, 0, "place 4 3")["warning"] is not None        # the same two cards remain
    s = position([["9", "8", "3", "4"], ["9", "9", "8"]], to_beat=12)
    assert GAME.check_details(s, 0, "place 3 4")["warning"] is None


def test_warning_one_card_left_and_rot_at_once():
    s = position([["9", "8", "3"], ["9", "9", "8"]], to_beat=12)
    assert GAME.check_details(s, 0, "place 9 8")["warning"]["code"] == "shiji.warn.one_card"
    # 34 then 55: 7 cards of reward on a hand of 6 → above 10
    s = position([["5", "5", "1", "2", "6", "7", "8", "9"], ["9", "9", "8"]], rows=(["3", "4"], []))
    w = GAME.check_details(s, 0, "place 5 5")["warning"]
    assert w["code"] == "shiji.warn.loses_now" and w["params"]["reason"] == "rot" and "腐敗" in w["ja"]
    with pytest.raises(GameError) as err:
        GAME.check_details(s, 0, "place 1 1")
    assert err.value.code == "shiji.place.not_in_hand"


def test_view_lists_shells_with_kind_value_and_warning():
    s = position([["9", "X", "3", "4"], ["9", "9", "8"]], to_beat=12)
    v = GAME.view(s, 0)
    shells = {e["action"]: e for e in v["shells"]}
    assert shells["place 3 4"]["kind"] == "number" and shells["place 3 4"]["value"] == 34
    assert shells["place 3 4"]["legal"] and shells["place 3 4"]["warning"]["code"] == "shiji.warn.two_with_star"
    assert shells["place X 3"]["kind"] == "panic" and shells["place X 3"]["value"] is None
    assert not shells["place 0 9"]["legal"] if "place 0 9" in shells else True
    bad = shells["place 3 9"]                              # 39 beats 12: legal, but leaves 4·恐慌
    assert bad["legal"] and bad["warning"]["code"] == "shiji.warn.two_with_star"
    s2 = position([["9", "X", "3", "4"], ["9", "9", "8"]], to_beat=95)
    low = {e["action"]: e for e in GAME.view(s2, 0)["shells"]}["place 3 4"]
    assert not low["legal"] and low["refusal"]["code"] == "shiji.place.not_superior" and low["warning"] is None
    assert GAME.view(s, 1)["shells"] == []                 # not the other seat's turn


# --- 商品・報酬なし: land cards may be added freely ---------------------------------------------
def test_without_goods_land_cards_may_be_added_freely():
    rules = Rules(goods=False)
    s = position([["1", "2"], ["3", "4", "5"]], to_beat=98, rules=rules)
    s = R.start_turn(s)
    assert s.result is None                   # not besieged while cards may still be added
    legal = GAME.legal_actions(s, 0)
    assert "add 9" in legal and not any(a.startswith("place") for a in legal)
    s = play(s, "add 9", "add 9")
    assert "place 9 9" in GAME.legal_actions(s, 0) and s.turn == 0
    refused(position([["1", "2"], ["3", "4"]], to_beat=10), "add 9", "shiji.add.not_allowed")


def test_round_counter_counts_rounds_both_completed():
    s = position([["9", "8", "7", "6", "5", "4"], ["1", "2", "3", "4", "5", "6"]], to_beat=None)
    assert GAME.view(s, 0)["round"]["text"] == "0 / 10"
    s = play(s, "place 5 4")           # seat 0: 54
    assert GAME.view(s, 0)["round"]["done"] == 0
    s = take_any(play(s, "place 6 5"))  # seat 1: 65
    assert GAME.view(s, 0)["round"]["text"] == "1 / 10"


def test_english_texts_are_english():
    """Every refusal, warning and ending reads in English without Japanese terms (the rules page
    gives each term's Japanese name: siege 包囲, thunder 雷霆, …)."""
    import re

    from pygames.shiji.messages import ENDINGS, NOW, REFUSALS, WARN_REASONS, WARNINGS

    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    texts = {**REFUSALS, **WARNINGS, **WARN_REASONS, **NOW, **ENDINGS}
    assert len(texts) > 40
    for key, (ja, en) in texts.items():
        assert japanese.search(ja), key
        assert not japanese.search(en), (key, en)


def test_a_new_match_is_played_from_the_deck_and_old_records_keep_the_land():
    """The ruling of 2026-12-03: 山札 by default, 本式（土地） one option away; a record of v1/v2 that
    lacks the key was played on the land, and an explicit value is kept as it is."""
    assert GAME.normalize_options({}, 2)["deck"] is True
    assert GAME.initial_state(GAME.normalize_options({}, 2), 2).rules.deck is True
    assert GAME.initial_state(GAME.normalize_options(LAND, 2), 2).rules.deck is False
    for version in ("1", "2"):
        assert GAME.normalize_options({}, 2, engine_version=version)["deck"] is False
        assert GAME.normalize_options({"deck": True}, 2, engine_version=version)["deck"] is True


def test_warnings_read_only_the_placers_side():
    """The same placement gets the same warning whatever the opponent hides (here one hand would
    lose at the start of its turn, the other would not)."""
    a = position([["9", "X", "3", "4"], ["1", "N"]], to_beat=12)
    b = position([["9", "X", "3", "4"], ["9", "8"]], to_beat=12)
    assert GAME.check_details(a, 0, "place 3 4")["warning"] == GAME.check_details(b, 0, "place 3 4")["warning"] is not None


def test_two_card_rule_a_turn_ahead_and_no_one_card_warning_in_deck_mode():
    # 朝 was the last star: 夕 and 夜 must wait, so four cards 5·7·夕·夜 leave two with a star whatever is placed
    s = position([["5", "7", "E", "N", "9", "8"], ["9", "9", "8"]], to_beat=12, star=MORNING)
    w = GAME.check_details(s, 0, "place 9 8")["warning"]
    assert w["code"] == "shiji.warn.two_ahead" and "４枚" in w["ja"] and "four cards" in w["en"]
    # with 昼 allowed, 昼·夕 in cycle order or 昼 with a number gets out of it
    s = position([["5", "7", "D", "E", "9", "8"], ["9", "9", "8"]], to_beat=12, star=MORNING)
    assert GAME.check_details(s, 0, "place 9 8")["warning"] is None
    deck = position([["9", "8", "3"], ["9", "9", "8"]], to_beat=12, rules=Rules(deck=True))
    assert GAME.check_details(deck, 0, "place 9 8")["warning"] is None      # one card: in 山札 mode that player draws 2


def test_check_details_names_the_answers_left_and_the_cards_added():
    # land: after 3·4 the hand 1·9 beats nothing above 91 (no star, no 恐慌); the opponent may hold
    # any card this player has not seen (91 ties and 92-99 win: nothing in hand answers them)
    s = position([["3", "4", "1", "9"], ["9", "9", "8"]], to_beat=12)
    d = GAME.check_details(s, 0, "place 3 4")
    assert d["warning"] is None and d["caution"]["code"] == "shiji.warn.no_answer"
    assert "返せません" in d["caution"]["ja"] and d["caution"]["params"]["examples"][0] == "91"
    assert d["caution"]["params"]["count"] < d["caution"]["params"]["total"]
    # keeping 恐慌 as an answer: nothing unanswerable
    s = position([["3", "4", "X", "2", "5"], ["9", "9", "8"]], to_beat=12)
    assert GAME.check_details(s, 0, "place 3 4")["caution"] is None
    # goods say that cards are added and why; a star shell says the opponent pays the tax
    s = position([["5", "5", "1", "2", "E"], ["9", "9", "8"]], rows=(["3", "4"], []))
    adds = GAME.check_details(s, 0, "place 5 5")["adds"]
    assert adds[0]["kind"] == "reward" and adds[0]["count"] == 7 and "報酬" in adds[0]["ja"]
    adds = GAME.check_details(s, 0, "place E 1")["adds"]
    assert [(x["kind"], x["seat"], x["count"]) for x in adds] == [("tax", 1, 1)]
    deck = position([["5", "5", "1", "2"], ["9", "9", "8"]], rows=(["3", "4"], []), rules=Rules(deck=True))
    adds = GAME.check_details(deck, 0, "place 5 5")["adds"]
    assert adds[0]["count"] == 2 and "山札" in adds[0]["ja"]


def test_a_zero_pair_refusal_says_the_order_turns_ascending_first():
    """Issue 25 (puzzle L1-01): the status says 逆順, yet 0·0 is compared in ascending order."""
    # the row ends with a 0: a front 0 makes the 00 pair, so 04 is compared in ascending order
    s = position([["0", "4", "5", "9"], ["9", "9", "8"]], rows=(["7", "0"], []), to_beat=71, reverse=True,
                 merchant=(False, True))
    with pytest.raises(GameError) as err:
        GAME.apply(s, 0, "place 0 4")
    assert err.value.code == "shiji.place.zero_pair_ascending"
    assert "00 が揃うと昇順に戻ってから比べます" in err.value.message_ja and "ascending first" in err.value.message_en
    view = GAME.view(s, 0)
    assert view["order"] == "desc" and view["order_note"]["ja"] == "00 が揃うと昇順に戻ってから比べます"
    entry = next(e for e in view["shells"] if e["action"] == "place 0 4")
    assert entry["refusal"]["code"] == "shiji.place.zero_pair_ascending"
    with pytest.raises(GameError) as err:       # no 00 pair: the plain refusal, in reverse order
        GAME.apply(s, 0, "place 9 5")
    assert err.value.code == "shiji.place.not_superior" and "逆順" in err.value.message_ja


def test_a_shell_that_makes_a_00_pair_says_the_stars_are_free():
    """Found in play (山札, seed 1807 against つよい): after the person's 朝 the computer placed 0・夕 beside
    its own 0, a 00 pair that frees the stars; the line said only 「星組 0・夕」, so 夕 after 朝 read as a
    skipped 昼 (a broken 運行の原則)."""
    from pygames.shiji.cards import MORNING
    s = position([["0", "E", "4", "3"], ["9", "9", "8", "8"]], rows=(["9", "0"], ["5", "M"]), star=MORNING,
                 merchant=(False, True))
    assert "place 0 E" in GAME.legal_actions(s, 0) and "place 4 E" not in GAME.legal_actions(s, 0)
    assert GAME.describe_action(s, 0, "place 0 E") == ("星組 0・夕（00の双札で平衡状態）",
                                                       "Star shell 0·Evening (a 00 pair: stars balanced)")
    assert GAME.describe_action(s, 0, "place 0 4") == ("数字組 0・4（値 04、00の双札で平衡状態）",
                                                       "Number shell 0·4 (value 04; a 00 pair: stars balanced)")
    assert GAME.describe_action(s, 0, "place 4 3") == ("数字組 4・3（値 43）", "Number shell 4·3 (value 43)")
