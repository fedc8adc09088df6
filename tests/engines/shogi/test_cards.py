"""Every card of the 基本セット moves as its faces say; specials; user cards; the card schema."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.shogi import GAME
from pygames.shogi.cards import BASIC_CARDS, BASIC_DECK, BASIC_SET, PROMOTED_NAME, validate_card, validate_cards
from pygames.shogi.pieces import CODES, STANDARD, USI_LETTER

from .helpers import parse_sq, sq_name, state, targets

LETTER = {"FU": "P", "KY": "L", "KE": "N", "GI": "S", "KI": "G", "KA": "B", "HI": "R",
          "TO": "+P", "NY": "+L", "NK": "+N", "NG": "+S", "UM": "+B", "RY": "+R"}


def expected(face: dict, frm: str, gote: bool) -> set[str]:
    """Squares reachable on an otherwise empty board from ``frm`` by a face's leaps and slides."""
    sq = parse_sq(frm)
    x, y = sq % 9, sq // 9
    out = set()
    for dx, dy in face["leaps"]:
        bx, by = (-dx, dy) if gote else (dx, -dy)
        if 0 <= x + bx < 9 and 0 <= y + by < 9:
            out.add(sq_name((y + by) * 9 + x + bx))
    for dx, dy in face["slides"]:
        bx, by = (-dx, dy) if gote else (dx, -dy)
        cx, cy = x + bx, y + by
        while 0 <= cx < 9 and 0 <= cy < 9:
            out.add(sq_name(cy * 9 + cx))
            cx, cy = cx + bx, cy + by
    return out


def effective(card: dict, face_name: str, piece: str) -> dict:
    face = card["faces"][face_name]
    if face.get("move") == "standard":
        std = STANDARD[CODES[piece]]
        return {"leaps": std["leaps"], "slides": std["slides"]}
    return face


CASES = [(cid, face_name) for cid, card in BASIC_CARDS.items() for face_name in ("base", "promoted")
         if card["faces"].get(face_name)]


def test_basic_set_is_32_cards_in_the_sources_mix():
    kinds = [BASIC_CARDS[c]["kind"] for c in BASIC_DECK]
    assert len(BASIC_DECK) == 32
    assert {k: kinds.count(k) for k in set(kinds)} == {"FU": 6, "KY": 4, "KE": 4, "GI": 4, "KI": 4, "KA": 4,
                                                      "HI": 4, "NULLIFY": 2}
    for card in BASIC_SET["cards"]:
        assert validate_card(card) == {k: v for k, v in card.items() if k in ("id", "name", "kind", "faces")} | (
            {"name_en": card["name_en"]} if "name_en" in card else {})


@pytest.mark.parametrize("cid,face_name", CASES)
@pytest.mark.parametrize("gote", [False, True])
def test_every_card_face_moves_as_printed(cid, face_name, gote):
    card = BASIC_CARDS[cid]
    piece = card["kind"] if face_name == "base" else PROMOTED_NAME[card["kind"]]
    letter = LETTER[piece].lower() if gote else LETTER[piece]
    st = state({"5e": letter, "8a": "k", "2i": "K"}, side="w" if gote else "b", active=[cid])
    face = effective(card, face_name, piece)
    assert targets(st, "5e") == expected(face, "5e", gote)
    # the card changes nothing while it is not active
    plain = state({"5e": letter, "8a": "k", "2i": "K"}, side="w" if gote else "b")
    assert targets(plain, "5e") == expected(STANDARD[CODES[piece]], "5e", gote)


def test_unprinted_face_keeps_standard_move():
    st = state({"5e": "+P"}, active=["FU-tetsu"])  # と of 鉄将歩 is unprinted: a gold's move
    assert targets(st, "5e") == expected(STANDARD[CODES["TO"]], "5e", False)
    st = state({"5e": "L"}, active=["KY-hakku"])  # 白駒香 changes only 成香
    assert targets(st, "5e") == {"5d", "5c", "5b", "5a"}


def test_card_affects_both_sides_pieces():
    st = state({"5e": "n"}, side="w", active=["KE-hachiho"])
    assert targets(st, "5e") == {"4g", "6g", "3f", "7f", "3d", "7d", "4c", "6c"}


def test_slides_are_blocked_and_leaps_jump():
    st = state({"5e": "R", "5c": "p", "4e": "P", "5f": "P"}, active=["HI-kogyo"])  # slides N/S, leaps E/W
    assert targets(st, "5e") == {"5d", "5c", "6e"}  # stops at the captured pawn, own pieces block
    st = state({"5e": "B", "5d": "p", "4e": "p", "6e": "P", "5f": "P"}, active=["KA-hoo"])  # 鳳凰角 leaps over
    assert targets(st, "5e") == {"5d", "4e", "3c", "7c", "3g", "7g"}


def test_view_lists_leap_or_slide_and_changed_faces():
    st = state({"5e": "R", "5a": "p"}, active=["HI-kogyo"])
    view = GAME.view(st, 0)
    kinds = {m["to"]: m["kind"] for m in view["moves"]["5e"]}
    assert kinds["4e"] == "leap" and kinds["5b"] == "slide" and kinds["5a"] == "slide"
    assert view["pieces"]["HI"]["changed"] and view["pieces"]["HI"]["card"] == "HI-kogyo"
    assert not view["pieces"]["RY"]["changed"]
    (active,) = view["cards"]["active"]
    assert active["changed"][0]["piece"] == "HI" and active["changed"][0]["moves"]["leaps"] == [[1, 0], [-1, 0]]


# --- specials --------------------------------------------------------------------------
def test_immune_to_slide_capture_is_a_foul_only_for_slides():
    st = state({"5d": "p", "5h": "R", "4e": "G"}, active=["FU-tate"])
    legal = GAME.legal_actions(st, 0)
    assert "5h5d" not in legal and "4e5d" in legal
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, "5h5d")
    assert err.value.code == "shogi.foul.immune_slide" and "矢印移動" in err.value.message_ja
    after = GAME.apply(st, 0, "4e5d")
    assert after.hands[0][1] == 1


def test_immune_to_leap_capture():
    st = state({"5d": "g", "5e": "P", "5h": "R"}, active=["KI-kinjo"])
    legal = GAME.legal_actions(st, 0)
    assert "5e5d" not in legal
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, "5e5d")
    assert err.value.code == "shogi.foul.immune_leap"
    st2 = state({"5d": "g", "5h": "R"}, active=["KI-kinjo"])
    assert "5h5d" in GAME.legal_actions(st2, 0)


def test_foul_loss_option_lets_the_foul_happen_and_lose():
    st = state({"5d": "g", "5e": "P"}, active=["KI-kinjo"], foul_loss=True)
    assert "5e5d" in GAME.legal_actions(st, 0)
    view = GAME.view(st, 0)
    assert [m for m in view["moves"]["5e"] if m["to"] == "5d"][0]["foul"]["code"] == "shogi.foul.immune_leap"
    after = GAME.apply(st, 0, "5e5d")
    out = GAME.outcome(after)
    assert out.winners == (1,) and out.details["code"] == "foul.immune_leap"


IMMOBILE = {"id": "KI-still", "name": "不動金", "kind": "KI",
            "faces": {"base": {"leaps": [], "slides": [], "specials": ["immobile"]}, "promoted": None}}


def test_immobile_piece_neither_moves_nor_attacks():
    st = state({"5e": "G", "5d": "k", "1i": "K"}, custom_cards=[IMMOBILE], active=["KI-still"])
    assert targets(st, "5e") == set()
    assert GAME.view(st, 0)["in_check"] == [False, False]


def test_target_reached_by_both_kinds_is_legal_if_either_kind_may_capture():
    both = {"id": "HI-both", "name": "両用飛", "kind": "HI",
            "faces": {"base": {"leaps": [[0, 1]], "slides": [[0, 1]], "specials": []}, "promoted": None}}
    shield = {"id": "FU-shield2", "name": "盾", "kind": "FU",
              "faces": {"base": {"move": "standard", "specials": ["immune_slide_capture"]}, "promoted": None}}
    st = state({"5e": "R", "5d": "p"}, custom_cards=[both, shield], active=["HI-both", "FU-shield2"])
    assert "5e5d" in GAME.legal_actions(st, 0)
    assert [m["kind"] for m in GAME.view(st, 0)["moves"]["5e"] if m["to"] == "5d"] == ["both"]


# --- user cards ------------------------------------------------------------------------
@pytest.mark.parametrize("card,code", [
    ("x", "shogi.card.not_object"),
    ({"id": "bad id!", "name": "a", "kind": "FU", "faces": {}}, "shogi.card.bad_id"),
    ({"id": "a", "name": "", "kind": "FU", "faces": {}}, "shogi.card.bad_name"),
    ({"id": "a", "name": "a", "kind": "OU", "faces": {}}, "shogi.card.bad_kind"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": None, "promoted": None}}, "shogi.card.no_face"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": {"leaps": [[0, 0]], "slides": []}}}, "shogi.card.bad_offsets"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": {"leaps": [[9, 1]], "slides": []}}}, "shogi.card.bad_offsets"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": {"leaps": [], "slides": [[2, 0]]}}}, "shogi.card.bad_offsets"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": {"leaps": [[0, 1], [0, 1]]}}}, "shogi.card.duplicate_offset"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": {"leaps": [[0, 1]], "specials": ["fly"]}}}, "shogi.card.bad_specials"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": {"leaps": [[0, 1]], "specials": ["immobile"]}}}, "shogi.card.bad_face"),
    ({"id": "a", "name": "a", "kind": "KI", "faces": {"promoted": {"leaps": [[0, 1]]}}}, "shogi.card.no_promoted_face"),
    ({"id": "a", "name": "a", "kind": "NULLIFY", "faces": {"base": {"leaps": [[0, 1]]}}}, "shogi.card.nullify_faces"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": {"move": "standard", "leaps": []}}}, "shogi.card.bad_face"),
    ({"id": "a", "name": "a", "kind": "FU", "faces": {"base": {"jump": 1}}}, "shogi.card.unknown_field"),
])
def test_user_card_errors_name_the_problem(card, code):
    with pytest.raises(GameError) as err:
        validate_card(card)
    assert err.value.code == code
    assert err.value.message_ja and err.value.message_en


def test_user_card_ids_must_be_new():
    with pytest.raises(GameError) as err:
        validate_cards([{**IMMOBILE, "id": "KE-hachiho"}])
    assert err.value.code == "shogi.card.duplicate_id"
    with pytest.raises(GameError):
        validate_cards([IMMOBILE, IMMOBILE])


def test_user_cards_in_the_setup_variant_through_options():
    opts = GAME.normalize_options({"variant": "setup", "custom_cards": [IMMOBILE], "active": ["KI-still", "KE-hachiho"]}, 2)
    st = GAME.initial_state(opts, 2)
    assert st.active == ("KE-hachiho", "KI-still") and st.phase == "move"
    assert "draw" not in GAME.legal_actions(st, 0)
    with pytest.raises(GameError) as err:
        GAME.normalize_options({"custom_cards": [{"id": "x"}]}, 2)
    assert err.value.code == "shogi.card.bad_name"


def test_usi_letters_cover_hand_pieces():
    assert set(USI_LETTER.values()) == set("PLNSGBRK")
