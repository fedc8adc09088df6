"""Fouls, promotion, king capture, draws (ドロー), the 2019 setup, variants, repetition and the ply cap."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from pygames.core import CHANCE, GameError
from pygames.core.match import Match
from pygames.shogi import GAME
from pygames.shogi.cards import BASIC_CARDS, BASIC_DECK

from .helpers import state, targets

HUMANS = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]
SIDEWAYS_FU = {"id": "FU-side", "name": "横歩", "kind": "FU",
               "faces": {"base": {"leaps": [[0, 1], [1, 0], [-1, 0]], "slides": [], "specials": []}, "promoted": None}}


# --- 二歩 ---------------------------------------------------------------------------------
def test_nifu_drop_is_refused_with_the_rule_named():
    st = state({"5g": "P"}, hands="P")
    assert "P*5e" not in GAME.legal_actions(st, 0) and "P*4e" in GAME.legal_actions(st, 0)
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, "P*5e")
    assert err.value.code == "shogi.foul.nifu" and "二歩" in err.value.message_ja


def test_nifu_ignores_promoted_pawns_and_enemy_pawns():
    st = state({"5g": "+P", "4g": "p"}, hands="P")
    legal = GAME.legal_actions(st, 0)
    assert "P*5e" in legal and "P*4e" in legal


def test_nifu_by_a_card_moving_a_pawn_sideways_checked_before_promotion():
    st = state({"5g": "P", "4f": "P", "5c": "P", "4e": "+P"}, custom_cards=[SIDEWAYS_FU], active=["FU-side"])
    legal = GAME.legal_actions(st, 0)
    assert "5g4g" not in legal and "5g6g" in legal
    assert "5c4c" not in legal and "5c4c+" not in legal  # 二歩 is judged before the pawn would promote
    assert "5c6c+" in legal
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, "5c4c+")
    assert err.value.code == "shogi.foul.nifu"


def test_nifu_foul_loss_and_foul_checked_before_king_capture():
    st = state({"5g": "P", "4g": "k", "4h": "P", "1a": "K"}, custom_cards=[SIDEWAYS_FU], active=["FU-side"],
               foul_loss=True)
    after = GAME.apply(st, 0, "5g4g")  # takes the king, but the move is 二歩: the foul is checked first
    out = GAME.outcome(after)
    assert out.winners == (1,) and out.details["code"] == "foul.nifu"


# --- promotion ----------------------------------------------------------------------------
def test_promotion_when_the_move_starts_or_ends_in_the_zone():
    st = state({"4c": "S", "5d": "S", "5f": "S"})
    legal = set(GAME.legal_actions(st, 0))
    assert {"4c3d", "4c3d+"} <= legal  # starts in the zone
    assert {"5d5c", "5d5c+"} <= legal  # ends in the zone
    assert "5f5e" in legal and "5f5e+" not in legal  # neither
    moves = {m["to"]: m["promotion"] for m in GAME.view(st, 0)["moves"]["5f"]}
    assert moves["5e"] == "impossible"
    assert {m["to"]: m["promotion"] for m in GAME.view(st, 0)["moves"]["4c"]}["3d"] == "optional"


def test_wrong_promotion_is_a_foul():
    st = state({"5f": "S", "5i": "G"})
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, "5f5e+")
    assert err.value.code == "shogi.foul.promotion"
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, "5i5h+")
    assert err.value.code == "shogi.cannot_promote"
    lost = GAME.apply(state({"5f": "S"}, foul_loss=True), 0, "5f5e+")
    assert GAME.outcome(lost).details["code"] == "foul.promotion" and GAME.outcome(lost).winners == (1,)


def test_cards_never_force_promotion_and_allow_dead_drops():
    st = state({"5b": "P", "3c": "N"}, hands="PLN")
    legal = set(GAME.legal_actions(st, 0))
    assert {"5b5a", "5b5a+", "3c2a", "3c2a+", "P*4a", "L*4a", "N*4b"} <= legal


# --- king capture, check, moving into check ---------------------------------------------
def test_capturing_the_king_wins():
    st = state({"5e": "k", "5i": "R", "1a": "K"})
    assert GAME.view(st, 1)["in_check"] == [False, True]
    out = GAME.outcome(GAME.apply(st, 0, "5i5e"))
    assert out.winners == (0,) and out.details["code"] == "king_captured"


def test_leaving_the_king_capturable_is_legal_in_cards_but_not_in_hon():
    pieces = {"5i": "K", "4a": "r", "1a": "k"}
    assert "5i4i" in GAME.legal_actions(state(pieces), 0)
    hon = state(pieces, ruleset="hon")
    assert "5i4i" not in GAME.legal_actions(hon, 0)
    with pytest.raises(GameError) as err:
        GAME.apply(hon, 0, "5i4i")
    assert err.value.code == "shogi.self_check"


def test_bad_action_strings_are_refused_and_change_nothing():
    st = state({"5g": "P"}, hands="P")
    before = (st.board, st.hands, st.side, st.ply)
    for action, code in [("zz", "shogi.bad_action"), ("5g5g", "shogi.bad_action"), ("K*5e", "shogi.bad_action"),
                         ("5e5d", "shogi.no_piece"), ("5g5e", "shogi.unreachable"), ("G*5e", "shogi.not_in_hand"),
                         ("P*5g", "shogi.occupied"), ("draw:on", "shogi.no_pending_draw")]:
        with pytest.raises(GameError) as err:
            GAME.apply(st, 0, action)
        assert err.value.code == code, action
    with pytest.raises(GameError):
        GAME.apply(st, 1, "5g5f")
    assert (st.board, st.hands, st.side, st.ply) == before


def test_resign():
    st = GAME.apply(state({"5g": "P"}), 0, "resign")
    assert GAME.outcome(st).winners == (1,) and GAME.to_move(st) == ()


# --- the draw turn ----------------------------------------------------------------------
def draw(st, card: str, choice: str):
    st = GAME.apply(st, st.side, "draw")
    assert GAME.to_move(st) == (CHANCE,)
    assert f"card:{card}" in dict(GAME.chance_outcomes(st))
    st = GAME.apply(st, CHANCE, f"card:{card}")
    assert st.phase == "draw_choice" and GAME.view(st, None)["pending_draw"]["card"]["id"] == card
    return GAME.apply(st, st.side, choice)


def test_draw_on_makes_the_card_active_and_passes_the_turn():
    st = state({"5g": "P"}, active=["FU-tetsu"])
    after = draw(st, "KE-hachiho", "draw:on")
    assert after.active == ("FU-tetsu", "KE-hachiho") and after.side == 1 and after.ply == 1
    assert after.record[-1]["ja"] == "▲ドロー「八方桂」有効"
    assert after.deck == tuple(sorted((Counter(st.deck) - Counter(["KE-hachiho"])).elements()))


def test_draw_on_replaces_the_active_card_of_the_same_kind():
    st = state({"5g": "P"}, active=["FU-tetsu", "KA-hoo"])
    after = draw(st, "FU-nakodo", "draw:on")
    assert after.active == ("FU-nakodo", "KA-hoo") and after.discard == ("FU-tetsu",)
    assert targets(replace(after, side=0, cache={}), "5g") == {"5f", "5h"}


def test_draw_off_discards():
    st = state({"5g": "P"}, active=["FU-tetsu"])
    after = draw(st, "KE-hachiho", "draw:off")
    assert after.active == ("FU-tetsu",) and after.discard == ("KE-hachiho",)


def test_nullify_discards_itself_then_the_chosen_active_card():
    st = state({"5g": "P"}, active=["FU-tetsu", "KE-kirin"])
    mid = GAME.apply(GAME.apply(st, 0, "draw"), CHANCE, "card:NULLIFY")
    assert mid.discard == ("NULLIFY",)
    assert GAME.legal_actions(mid, 0) == ["draw:off", "draw:nullify:FU-tetsu", "draw:nullify:KE-kirin"]
    after = GAME.apply(mid, 0, "draw:nullify:KE-kirin")
    assert after.active == ("FU-tetsu",) and after.discard == ("NULLIFY", "KE-kirin")
    with pytest.raises(GameError) as err:
        GAME.apply(mid, 0, "draw:nullify:KA-hoo")
    assert err.value.code == "shogi.bad_choice"


def test_nullify_with_no_active_card_can_only_be_off():
    st = state({"5g": "P"})
    mid = GAME.apply(GAME.apply(st, 0, "draw"), CHANCE, "card:NULLIFY")
    assert GAME.legal_actions(mid, 0) == ["draw:off"]


def test_no_draw_while_in_check():
    st = state({"5e": "k", "5i": "R", "1a": "K"}, side="w")
    assert "draw" not in GAME.legal_actions(st, 1)
    with pytest.raises(GameError) as err:
        GAME.apply(st, 1, "draw")
    assert err.value.code == "shogi.draw.in_check"
    assert GAME.view(st, 1)["draw_refusal"]["code"] == "shogi.draw.in_check"


def test_empty_deck_is_refilled_from_the_discard_at_once():
    st = state({"5g": "P"}, deck=["KE-hachiho"], discard=["FU-tetsu", "GI-dosho", "FU-tetsu"])
    mid = GAME.apply(GAME.apply(st, 0, "draw"), CHANCE, "card:KE-hachiho")
    assert sorted(mid.deck) == ["FU-tetsu", "FU-tetsu", "GI-dosho"] and mid.discard == ()
    after = GAME.apply(mid, 0, "draw:off")
    assert after.discard == ("KE-hachiho",)
    assert dict(GAME.chance_outcomes(GAME.apply(after, 1, "draw"))) == {"card:FU-tetsu": 2 / 3, "card:GI-dosho": 1 / 3}


def test_no_cards_left_means_no_draw():
    st = state({"5g": "P"}, deck=[], discard=[])
    assert "draw" not in GAME.legal_actions(st, 0)


def test_draw_chance_probabilities_follow_the_deck_multiset():
    st = GAME.apply(state({"5g": "P"}), 0, "draw")
    probs = dict(GAME.chance_outcomes(st))
    assert probs["card:NULLIFY"] == pytest.approx(2 / 32) and sum(probs.values()) == pytest.approx(1)


def test_draw_turn_is_an_undo_barrier():
    match = Match.new("shogi", {}, HUMANS, 3)
    match.play(0, "7g7f")
    match.play(1, "draw")
    assert match.undo_point(1) is None


# --- setup and variants -------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_2019_setup_draws_until_three_kinds(seed):
    match = Match.new("shogi", {}, HUMANS, seed)
    st = match.state
    kinds = [BASIC_CARDS[c]["kind"] for c in st.active]
    assert len(kinds) == 3 == len(set(kinds)) and "NULLIFY" not in kinds
    drawn = [a[len("c:card:"):] for a in match.record["actions"]]
    assert len(drawn) == 3 + len(st.discard) and set(drawn) == set(st.active) | set(st.discard)
    assert all(BASIC_CARDS[c]["kind"] in kinds + ["NULLIFY"] for c in st.discard)
    assert Counter(st.deck) + Counter(st.discard) + Counter(st.active) == Counter(BASIC_DECK)
    assert st.phase == "move" and st.side == 0


def test_pickup_variant_checks_the_ratio():
    deck = ["FU-tetsu"] * 3 + ["KY-hansha", "KY-hakku", "KE-kirin", "KE-kirin", "GI-dosho", "GI-mohyo", "KI-suizo",
                                "KI-kinjo", "KA-honcho", "KA-hoo", "HI-kogyo", "HI-honno", "NULLIFY"]
    match = Match.new("shogi", {"variant": "pickup", "deck": deck}, HUMANS, 1)
    st = match.state
    assert len(st.deck) + len(st.discard) + len(st.active) == 16
    with pytest.raises(GameError) as err:
        Match.new("shogi", {"variant": "pickup", "deck": deck[1:] + ["FU-tetsu"] * 0 + ["KY-hansha"]}, HUMANS, 1)
    assert err.value.code == "shogi.deck.ratio"
    with pytest.raises(GameError) as err:
        Match.new("shogi", {"variant": "pickup", "deck": deck[:15]}, HUMANS, 1)
    assert err.value.code == "shogi.deck.size"
    with pytest.raises(GameError) as err:
        Match.new("shogi", {"variant": "pickup", "deck": deck[:15] + ["nope"]}, HUMANS, 1)
    assert err.value.code == "shogi.deck.unknown_card"


def test_setup_variant():
    match = Match.new("shogi", {"variant": "setup", "active": ["HI-honno", "FU-tate"]}, HUMANS, 1)
    assert match.record["actions"] == [] and match.state.active == ("FU-tate", "HI-honno")
    assert "draw" not in GAME.legal_actions(match.state, 0)
    for active, code in [(["FU-tate", "FU-tetsu"], "shogi.setup.same_kind"), ([], "shogi.setup.count"),
                         (["NULLIFY"], "shogi.setup.nullify")]:
        with pytest.raises(GameError) as err:
            Match.new("shogi", {"variant": "setup", "active": active}, HUMANS, 1)
        assert err.value.code == code
    with pytest.raises(GameError) as err:
        Match.new("shogi", {"active": ["FU-tate"]}, HUMANS, 1)
    assert err.value.code == "shogi.option.active"


# --- repetition and the ply cap -----------------------------------------------------------
CYCLE = ["3c3a", "1a1b", "3a3b", "1b1a"] * 3 + ["3c3a"]  # after the 1st, 5th, 9th and 13th move: same position
CYCLE[4] = CYCLE[8] = CYCLE[12] = "3b3a"


def run(st, moves):
    for mv in moves:
        assert GAME.outcome(st) is None, mv
        st = GAME.apply(st, st.side, mv)
    return st


def test_cycle_is_not_over_one_move_early():
    st = run(state({"3c": "R", "1a": "k", "9i": "K", "9g": "P"}), CYCLE[:-1])
    assert GAME.outcome(st) is None and GAME.view(st, None)["repetition"] == 3


def test_fourfold_repetition_is_a_draw_in_cards():
    st = run(state({"3c": "R", "1a": "k", "9i": "K", "9g": "P"}), CYCLE)
    out = GAME.outcome(st)
    assert out is not None and out.is_draw and out.details["code"] == "repetition"
    assert GAME.view(st, None)["repetition"] == 4


def test_perpetual_check_loses_in_hon():
    st = run(state({"3c": "R", "1a": "k", "9i": "K", "9g": "P"}, ruleset="hon"), CYCLE)
    out = GAME.outcome(st)
    assert out.winners == (1,) and out.details["code"] == "perpetual_check"


def test_hon_repetition_without_checks_is_a_draw():
    moves = ["9i8i", "1a2a", "8i9i", "2a1a"] * 3  # the start position comes back for the 4th time
    st = run(state({"1a": "k", "9i": "K", "5g": "P", "5c": "p"}, ruleset="hon"), moves[:-1])
    assert GAME.outcome(st) is None
    st = GAME.apply(st, st.side, moves[-1])
    assert GAME.outcome(st).is_draw


def test_draw_at_512_plies():
    st = replace(state({"5g": "P"}), ply=511, cache={})
    out = GAME.outcome(GAME.apply(st, 0, "5g5f"))
    assert out.is_draw and out.details["code"] == "max_plies"
