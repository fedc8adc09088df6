"""The four confusions of the match played by hand (notes/shiji-match-by-hand.md): the deal told
as one line, 先手決め's words, and the 山札 warning that a one-card hand can be taxed into the
two-card rule."""

from __future__ import annotations

from pygames import webapi
from pygames.shiji import GAME
from pygames.shiji.state import Rules

from .helpers import position

DECK = Rules(deck=True)


def test_the_deal_is_one_line_of_the_events():
    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "normal"}]
    record = webapi.new_match("shiji", None, 7, players)["record"]
    assert len([a for a in record["actions"] if a.startswith("c:draw")]) == 12
    events = webapi.look(record, 0)["events"]
    deal = [e for e in events if e["action"] == "deal"]
    assert len(deal) == 1 and not any(e["action"].startswith("draw") for e in events)
    assert deal[0]["ja"] == "配札：山札からそれぞれ6枚" and "6 cards each" in deal[0]["en"] and deal[0]["ply"] == 12
    # the full log still has every ply (replay and the move list step through them)
    assert len(webapi.log(record)["log"]) == len(record["actions"])


def test_a_later_draw_is_not_part_of_the_deal():
    entries = [{"ply": 13, "seat": -1, "action": "draw 0 5", "ja": "a", "en": "a"}]
    assert GAME.summarize_events(entries) == entries


def test_a_lead_pair_says_what_it_decides_not_that_it_can_be_placed():
    players = [{"name": "", "type": "human"}, {"name": "", "type": "human"}]
    record = webapi.new_match("shiji", None, 7, players)["record"]
    view = webapi.view(record, 0)["view"]
    assert view["phase"] == "lead"
    entry = view["shells"][0]
    assert entry["action"].startswith("lead ")
    assert "先手" in entry["note"]["ja"] and f"{entry['value']:02d}" in entry["note"]["ja"]
    assert "並べ" not in entry["note"]["ja"] and "starts" in entry["note"]["en"]


def test_deck_mode_warns_that_one_card_can_be_taxed_into_the_two_card_rule():
    s = position([["9", "8", "3"], ["9", "9", "8"]], to_beat=12, rules=DECK)
    d = GAME.check_details(s, 0, "place 9 8")
    assert d["warning"] is None
    assert d["caution"]["code"] == "shiji.warn.one_card_tax" and "税" in d["caution"]["ja"] and "tax" in d["caution"]["en"]
    # a star kept alone: any star shell's tax makes two cards with a star
    s = position([["9", "8", "E"], ["9", "9", "8"]], to_beat=12, rules=DECK)
    d = GAME.check_details(s, 0, "place 9 8")
    assert d["caution"]["code"] == "shiji.warn.one_star_tax" and d["caution"]["params"]["cards"] == ["E"]
    assert "夕" in d["caution"]["ja"] and "Evening" in d["caution"]["en"]
    # two cards left: nothing to say; on the land the one-card warning is the rule's own (siege)
    s = position([["9", "8", "3", "4"], ["9", "9", "8"]], to_beat=12, rules=DECK)
    assert GAME.check_details(s, 0, "place 9 8")["caution"] is None
    land = position([["9", "8", "3"], ["9", "9", "8"]], to_beat=12)
    assert GAME.check_details(land, 0, "place 9 8")["warning"]["code"] == "shiji.warn.one_card"


def test_the_one_card_caution_does_not_depend_on_the_opponents_hand():
    a = position([["9", "8", "3"], ["M", "9", "8"]], to_beat=12, rules=DECK)
    b = position([["9", "8", "3"], ["1", "2", "4"]], to_beat=12, rules=DECK)
    assert GAME.check_details(a, 0, "place 9 8") == GAME.check_details(b, 0, "place 9 8")
