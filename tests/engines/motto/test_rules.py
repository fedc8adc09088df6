"""Every ruling of shared/design/motto.md, and refused inputs that change nothing."""

from itertools import combinations

import pytest

from pygames.core import CHANCE, GameError
from pygames.motto import GAME
from pygames.motto.coins import COINS, coin, dice_per_player
from pygames.motto.odds import end_chance
from pygames.motto.scoring import score
from pygames.motto.state import AUCTION, DRAW, OVER, RECOVER, MottoState

from .helpers import at_auction, play, snapshot


@pytest.mark.parametrize("n,dice", [(3, 9), (4, 8), (5, 7)])
def test_setup_by_player_count(n, dice):
    s = GAME.initial_state({}, n)
    assert dice_per_player(n) == dice
    for seat in range(n):
        assert s.holdings[seat] == [f"S{seat + 1}"] and s.locked[seat] == {f"S{seat + 1}": [4, 3, 2]}
        assert s.free[seat] == dice - 3
    assert len(s.supply) == 7 - n and len(s.deck) == 24
    assert GAME.to_move(s) == (CHANCE,)


def test_coin_list_agrees_with_the_source():
    nos = sorted(c.no for c in COINS.values() if c.no)
    assert nos == list(range(1, 25))
    normal = [c.value for c in COINS.values() if c.kind == "coin"]
    assert min(normal) == 11 and max(normal) == 30 and len(set(normal)) == len(normal)
    assert sorted(c.no for c in COINS.values() if c.kind == "fork") [-1] == 24
    assert len([c for c in COINS.values() if c.kind == "fork"]) == 4
    assert [c.no for c in COINS.values() if c.fluctuation == "recover"] == [4, 5, 6, 7]
    assert [c.no for c in COINS.values() if c.double] == [4, 5]
    assert (coin(23).value, coin(23).fluctuation, coin(23).crash) == (30, -2, -10)
    assert len([c for c in COINS.values() if c.kind == "stable"]) == 7


def test_first_half_reveals_two_sets_the_higher_aside_and_auctions_the_lower():
    s = GAME.initial_state({}, 4)
    outcomes = GAME.chance_outcomes(s)
    assert len(outcomes) == 24 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    s = GAME.apply(s, CHANCE, "draw 12")
    assert s.phase == DRAW and s.revealed == [12]
    s = GAME.apply(s, CHANCE, "draw 8")
    assert s.phase == AUCTION and s.coin == 8 and s.aside == [12] and s.turn == 0


def test_second_half_draws_the_set_aside_coins_one_at_a_time():
    s = MottoState(3)
    s.deck, s.aside = [], [13, 20, 24]
    assert [a for a, _ in GAME.chance_outcomes(s)] == ["draw 13", "draw 20", "draw 24"]
    s = GAME.apply(s, CHANCE, "draw 20")
    assert s.half == 2 and s.coin == 20 and s.aside == [13, 24]


def test_hard_pass_leaves_the_auction_for_good_and_play_goes_clockwise():
    s = at_auction(4, 1)
    s = play(s, (0, "bid 3"), (1, "pass"), (2, "bid 4"))
    assert s.turn == 3
    s = play(s, (3, "bid 5"))
    assert s.turn == 0  # seat 1 passed and is skipped from now on
    s = play(s, (0, "pass"))
    assert s.turn == 2
    with pytest.raises(GameError):
        GAME.apply(s, 1, "bid 6")
    s = play(s, (2, "pass"))
    assert s.phase == DRAW and s.holdings[3][-1] == "1" and s.opener == 3  # the winner opens next


def test_raise_replaces_the_previous_offer_and_may_use_all_free_dice_again():
    s = at_auction(3, 2)  # 6 free dice each
    s = play(s, (0, "bid 1,1,1,1,1,1"), (1, "bid 2"), (2, "pass"), (0, "bid 6,6,6,6,6,6"))
    assert s.offers[0] == (6, 6, 6, 6, 6, 6)
    s = play(s, (1, "pass"))
    assert s.locked[0]["2"] == [6] * 6 and s.free[0] == 0


def test_dice_on_coins_cannot_be_bid():
    s = at_auction(3, 2)
    before = snapshot(s)
    with pytest.raises(GameError) as err:
        GAME.apply(s, 0, "bid 1,1,1,1,1,1,1")
    assert err.value.code == "motto.bid.not_enough_dice" and err.value.params["free"] == 6
    assert snapshot(s) == before


def test_a_player_with_no_free_dice_can_only_pass():
    s = at_auction(3, 2)
    s.free[1] = 0
    s = play(s, (0, "bid 1"))
    assert GAME.legal_actions(s, 1) == ["pass"]


@pytest.mark.parametrize("action,code", [
    ("bid", "motto.bad_action"), ("bid ", "match.action.spaces"), ("bid ②", "match.action.not_ascii"), ("bid 7", "motto.bid.bad_face"),
    ("bid 0", "motto.bid.bad_face"), ("bid 1,6", "motto.bid.not_canonical"), ("bid 6,,1", "motto.bid.syntax"),
    ("bid x", "motto.bid.syntax"), ("raise", "motto.bad_action"), ("recover S1", "motto.bad_action"),
    ("bid 5", "motto.bid.too_weak"), ("bid 6,1", "motto.bid.too_weak")])
def test_bad_actions_are_refused_with_a_reason_and_change_nothing(action, code):
    s = play(at_auction(3, 2), (0, "bid 6,1"))
    before = snapshot(s)
    with pytest.raises(GameError) as err:
        GAME.apply(s, 1, action)
    assert err.value.code == code and err.value.message_ja and err.value.message_en
    assert snapshot(s) == before
    assert action not in GAME.legal_actions(s, 1)


def test_legal_bids_are_exactly_the_stronger_ones():
    s = play(at_auction(5, 2), (0, "bid 6,1"))
    legal = GAME.legal_actions(s, 1)
    assert legal[0] == "pass" and "bid 6,2" in legal and "bid 6,1,1" in legal and "bid 6,1" not in legal
    for action in legal[1:]:
        GAME.apply(s, 1, action)  # every listed action is accepted


def test_all_pass_removes_the_coin_lowers_every_die_and_keeps_the_opener():
    s = at_auction(3, 5, opener=1)
    s.locked[0]["S1"] = [1, 1, 5]
    s = play(s, (1, "pass"), (2, "pass"), (0, "pass"))
    assert s.removed == [5] and s.opener == 1 and s.phase == DRAW
    assert s.locked[0]["S1"] == [4] and s.free[0] == 6 + 2
    assert s.locked[1]["S2"] == [3, 2, 1]
    assert s.last["kind"] == "all_pass"


def test_the_last_player_standing_may_still_bid_if_nobody_has():
    s = at_auction(3, 1)
    s = play(s, (0, "pass"), (1, "pass"))
    assert s.turn == 2
    s = play(s, (2, "bid 1"))
    assert s.holdings[2][-1] == "1"


def test_red_fluctuation_raises_the_others_dice_but_never_above_6():
    s = at_auction(3, 20)  # red +2
    s.locked[1]["S2"] = [6, 5, 1]
    s = play(s, (0, "bid 1"), (1, "pass"), (2, "pass"))
    assert s.locked[1]["S2"] == [6, 6, 3] and s.locked[2]["S3"] == [6, 5, 4]
    assert s.locked[0]["S1"] == [4, 3, 2]


def test_fluctuation_hits_every_coin_of_the_others_stable_included():
    s = at_auction(3, 13)  # blue -3
    s.holdings[1].append("9")
    s.locked[1]["9"] = [6, 3]
    s = play(s, (0, "bid 1"), (1, "pass"), (2, "pass"))
    assert s.locked[1] == {"S2": [1], "9": [3]} and s.free[1] == 6 + 3


def test_recover_one_lowest_die_is_automatic_when_the_lowest_is_on_one_coin():
    s = at_auction(3, 6)  # 最小1個回収, single
    s = play(s, (0, "bid 1"), (1, "pass"), (2, "pass"))
    assert s.phase == DRAW
    assert s.locked[1]["S2"] == [4, 3] and s.locked[2]["S3"] == [4, 3] and s.free[1] == 7
    assert s.locked[0]["S1"] == [4, 3, 2]


def test_recover_choice_when_the_lowest_dice_sit_on_different_coins():
    # Our reading: the victim chooses which of its lowest dice returns (their crash rates differ).
    s = at_auction(3, 7)
    s.holdings[1].append("22")
    s.locked[1]["22"] = [2, 5]
    s = play(s, (0, "bid 1"), (1, "pass"), (2, "pass"))
    assert s.phase == RECOVER and GAME.to_move(s) == (1,)
    assert GAME.legal_actions(s, 1) == ["recover S2", "recover 22"]
    assert s.locked[2]["S3"] == [4, 3]  # seat 2 had no tie: done at once
    before = snapshot(s)
    with pytest.raises(GameError) as err:
        GAME.apply(s, 1, "recover 9")
    assert err.value.code == "motto.recover.not_lowest" and snapshot(s) == before
    s = play(s, (1, "recover 22"))
    assert s.locked[1]["22"] == [5] and s.locked[1]["S2"] == [4, 3, 2] and s.phase == DRAW
    assert s.last["recovered"][1] == "22"


def test_double_auction_runner_up_takes_a_stable_coin_and_neither_fluctuates():
    s = at_auction(4, 4)  # double auction, 最小1個回収
    s = play(s, (0, "bid 2"), (1, "bid 3"), (2, "pass"), (3, "pass"), (0, "bid 3,1"), (1, "pass"))
    assert s.holdings[0][-1] == "4" and s.locked[0]["4"] == [3, 1]
    assert s.holdings[1][-1] == "S5" and s.locked[1]["S5"] == [3] and s.supply == ["S6", "S7"]
    assert s.free[1] == 8 - 3 - 1 and s.locked[1]["S2"] == [4, 3, 2]
    assert s.locked[2]["S3"] == [4, 3] and s.locked[3]["S4"] == [4, 3]  # the others recover
    assert s.last["runner"] == 1


def test_double_auction_with_no_stable_coin_left_gives_the_runner_up_nothing():
    s = at_auction(5, 5)
    s.supply = []
    s = play(s, (0, "bid 2"), (1, "bid 3"), (2, "pass"), (3, "pass"), (4, "pass"), (0, "pass"))
    assert s.holdings[1][-1] == "5" and s.holdings[0] == ["S1"] and s.free[0] == 4
    assert s.locked[0]["S1"] == [4, 3, 2]  # still counted as a winner: no fluctuation


def test_double_auction_runner_up_must_have_bid():
    s = at_auction(3, 4)
    s = play(s, (0, "pass"), (1, "bid 2"), (2, "pass"))
    assert s.last["runner"] is None and len(s.supply) == 4
    assert s.locked[0]["S1"] == [4, 3] and s.locked[2]["S3"] == [4, 3]


def test_the_fourth_hard_fork_ends_the_game_before_it_is_auctioned():
    s = MottoState(4)
    s.forks_up = 3
    s.deck = [24, 22]
    s = GAME.apply(s, CHANCE, "draw 24")
    s = GAME.apply(s, CHANCE, "draw 22")
    assert s.coin == 22 and s.aside == [24]  # No.24 is never the lower of a pair
    s = play(s, (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert s.phase == DRAW and s.half == 2
    s = GAME.apply(s, CHANCE, "draw 24")
    assert s.phase == OVER and s.end == "fork" and s.end_coin == 24 and s.coin is None
    assert GAME.to_move(s) == () and GAME.outcome(s) is not None


def test_forks_count_when_they_come_up_even_if_nobody_bids():
    s = at_auction(3, 3)
    assert s.forks_up == 1
    s = play(s, (0, "pass"), (1, "pass"), (2, "pass"))
    assert s.forks_up == 1 and s.removed == [3]


def test_game_ends_when_the_second_half_runs_out():
    s = at_auction(3, 1)
    s.deck, s.aside = [], []
    s = play(s, (0, "bid 1"), (1, "pass"), (2, "pass"))
    assert s.phase == OVER and s.end == "exhausted"


def test_scoring_merge_min_and_crash_in_order():
    held = ["S1", "1", "5", "11", "23", "10"]  # values 11, 15, 18 chain (gaps 4, 3); 30 alone; a fork
    sheet = score(held, {"S1": [2], "10": [3, 1], "5": [5]}, gap=4)
    assert [(r["value"], r["count"]) for r in sheet["stacks"]] == [(18, 3), (30, 1)]
    assert sheet["stacks"][0]["crash"] == coin(11).crash == -6  # the top coin's crash counts
    assert sheet["min"] == 18
    assert [(x["kind"], x["points"]) for x in sheet["specials"]] == [("stable", 18), ("fork", 36)]
    assert sheet["loss"] == 5 * -6 + 2 * -2 + 4 * -7
    assert sheet["total"] == 54 + 30 + 18 + 36 + sheet["loss"]
    # With three players the gap is 3: 15 and 18 join, 11 stays apart and becomes MIN.
    three = score(held, {}, gap=3)
    assert [(r["value"], r["count"]) for r in three["stacks"]] == [(11, 1), (18, 2), (30, 1)]
    assert three["min"] == 11
    assert score(["S1", "3"], {"S1": [4]}, gap=4)["total"] == -8  # no normal coin: MIN 0


def test_equal_totals_share_the_win():
    s = MottoState(3)
    s.phase, s.end = OVER, "exhausted"
    out = GAME.outcome(s)
    assert out.winners == (0, 1, 2) and out.scores == (-18, -18, -18)


def _pairs_brute_force(deck, need):
    pairs = list(combinations(deck, 2))
    return sum(coin(min(p)).kind == "fork" for p in pairs) / len(pairs) if need else 0.0


def test_end_chance_matches_a_brute_force_count():
    s = MottoState(4)
    assert end_chance(s) == 0.0
    s.forks_up = 3
    s.deck = [3, 5, 10, 17, 24, 23]
    assert end_chance(s) == pytest.approx(_pairs_brute_force(s.deck, True))
    s.revealed = [12]
    assert end_chance(s) == pytest.approx(sum(coin(min(12, d)).kind == "fork" for d in s.deck) / 6)
    s.deck, s.revealed, s.aside = [], [], [24, 1, 2, 9]
    assert end_chance(s) == 0.25
    s.aside = []
    assert end_chance(s) == 1.0
    view = GAME.view(at_auction(3, 1), None)
    assert view["end_chance"] == 0.0 and view["forks_up"] == 0 and view["aside_size"] == 0


def test_log_text_names_the_sale_and_its_consequences():
    s = play(at_auction(4, 4), (0, "bid 2"), (1, "bid 3"), (2, "pass"), (3, "pass"))
    ja, en = GAME.describe_action(s, 0, "pass")
    # seats by the generic プレイヤー2 / Player 2 that the page shows as the seat's name
    assert "プレイヤー2がNo.4（価値12）を3で落札" in ja and "プレイヤー1がステーブルコインを2で獲得" in ja
    assert "Player 2 wins No.4 (value 12) with 3" in en and "Player 1 takes a stable coin with 2" in en
    assert GAME.describe_action(MottoState(3), CHANCE, "draw 24") == ("No.24 ハードフォークをめくった",
                                                                     "Revealed No.24 HARD FORK")
    t = play(at_auction(3, 1), (0, "pass"), (1, "pass"))
    assert "全員パス" in GAME.describe_action(t, 2, "pass")[0]


def test_web_api_check_explains_a_weak_bid_without_applying_it():
    import json

    from pygames import webapi
    players = [{"name": "", "type": "human"}] * 3
    record = json.loads(webapi.dispatch("new_match", json.dumps(
        {"game": "motto", "seed": 1, "players": players, "options": {"start": "1"}})))["record"]
    view = json.loads(webapi.dispatch("view", json.dumps({"record": record, "seat": 0})))
    assert view["legal"][0] == "pass" and "bid 1" in view["legal"] and view["view"]["phase"] == "auction"
    record = json.loads(webapi.dispatch("apply", json.dumps({"record": record, "seat": 0, "action": "bid 6"})))["record"]
    answer = json.loads(webapi.dispatch("check", json.dumps({"record": record, "seat": 1, "action": "bid 5,5,5"})))
    assert answer["error"]["code"] == "motto.bid.too_weak" and answer["error"]["params"]["standing"] == [6]
    ok = json.loads(webapi.dispatch("check", json.dumps({"record": record, "seat": 1, "action": "bid 6,1"})))
    assert ok == {"ok": True, "details": None}
    assert json.loads(webapi.dispatch("view", json.dumps({"record": record})))["view"]["standing"] == {"seat": 0, "bid": [6]}


# --- the start player (engine version 2) ----------------------------------------------------
def _new(options, seed=5, n=4):
    import json

    from pygames import webapi
    players = [{"name": "", "type": "human"}] * n
    return json.loads(webapi.dispatch("new_match", json.dumps(
        {"game": "motto", "seed": seed, "players": players, "options": options})))


def test_start_player_is_drawn_by_lot_by_default_and_logged():
    import json

    from pygames import webapi
    starts = set()
    for seed in range(12):
        record = _new({}, seed)["record"]
        assert record["options"] == {"start": "random"} and record["engine_version"] == "2"
        assert record["actions"][0].startswith("c:start ")
        k = int(record["actions"][0][8:])
        view = json.loads(webapi.dispatch("view", json.dumps({"record": record, "seat": None})))
        assert view["view"]["start_player"] == k - 1 and view["view"]["opener"] == k - 1
        assert view["to_move"] == [k - 1]  # the start player opens the first auction
        log = json.loads(webapi.dispatch("log", json.dumps({"record": record})))["log"]
        assert log[0]["ja"] == f"抽選でスタートプレイヤーはプレイヤー{k}に決まった"
        assert log[0]["en"] == f"Drawn by lot: Player {k} is the start player"
        starts.add(k)
    assert len(starts) > 1  # the lot really varies with the seed


@pytest.mark.parametrize("start", ["1", "3"])
def test_start_player_chosen_at_setup_opens_the_first_auction(start):
    out = _new({"start": start}, n=3)
    assert not out["record"]["actions"][0].startswith("c:start")
    s = GAME.initial_state({"start": start}, 3)
    assert s.starter == s.opener == int(start) - 1 and GAME.to_move(s) == (CHANCE,)
    s = GAME.apply(GAME.apply(s, CHANCE, "draw 12"), CHANCE, "draw 8")
    assert s.turn == int(start) - 1


@pytest.mark.parametrize("start", ["4", "0", "x", 2])
def test_start_player_outside_the_table_is_refused(start):
    err = _new({"start": start}, n=3)["error"]
    assert err["code"] in ("motto.bad_start", "match.bad_option"), err
    with pytest.raises(GameError):
        GAME.apply(GAME.initial_state({"start": "random"}, 3), CHANCE, "start 4")


def test_game_end_is_in_the_log():
    s = at_auction(3, 1)
    s.forks_up = 3
    s.deck, s.revealed = [24], []
    s.phase = DRAW
    ja, en = GAME.describe_action(s, CHANCE, "draw 24")
    assert ja.endswith("4枚目のハードフォークでゲーム終了") and en.endswith("The 4th hard fork ends the game")


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_setup_offers_exactly_the_start_seats_the_engine_accepts(seats):
    spec = next(o.to_json() for o in GAME.option_specs if o.key == "start")
    offered = [c["value"] for c in spec["choices"] if not c["min_seats"] or c["min_seats"] <= seats]
    assert offered == ["random", *(str(k) for k in range(1, seats + 1))]
    for c in spec["choices"]:
        accepted = "error" not in _new({"start": c["value"]}, n=seats)
        assert accepted == (c["value"] in offered), c["value"]


def test_a_finished_games_progress_says_how_long_it_was_not_that_it_is_over():
    """The saved list puts its own 終了 / Finished badge before the progress: the progress of a finished
    game is the number of auctions alone (it read 「終了 終了（競り23回）」, "Finished Finished (23 auctions)")."""
    s = MottoState(4)
    s.phase, s.auctions = OVER, 23
    progress = GAME.progress(s)
    assert (progress["ja"], progress["en"], progress["turn"]) == ("競り23回", "23 auctions", 23)
