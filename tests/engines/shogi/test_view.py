"""The view JSON keeps the shape promised in pygames/shogi/VIEW.md."""

from __future__ import annotations

import json

from pygames.core import CHANCE
from pygames.core.match import Match
from pygames.shogi import GAME

from .helpers import state

KEYS = {"ruleset", "variant", "foul_loss", "phase", "side_to_move", "ply", "max_plies", "board", "hands", "in_check",
        "kings", "sfen", "last_move", "pieces", "cards", "pending_draw", "can_draw", "draw_refusal", "moves", "drops",
        "record", "repetition", "title", "labels", "comments_at_start",
        "handicap", "clock", "drawing"}
HUMANS = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]


def test_view_shape_of_a_fresh_card_match():
    match = Match.new("shogi", {}, HUMANS, 11)
    view = GAME.view(match.state, 0)
    json.dumps(view)
    assert set(view) == KEYS
    assert view["board"][0][0] == {"p": "KY", "o": 1} and view["board"][8][4] == {"p": "OU", "o": 0}
    assert view["hands"][0] == {"HI": 0, "KA": 0, "KI": 0, "GI": 0, "KE": 0, "KY": 0, "FU": 0}
    assert view["kings"] == ["5i", "5a"] and view["phase"] == "move" and view["can_draw"]
    assert len(view["cards"]["active"]) == 3 and view["cards"]["deck_count"] == sum(view["cards"]["deck"].values())
    assert view["cards"]["deck_count"] + view["cards"]["discard_count"] + 3 == 32
    assert set(view["pieces"]) == {"FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"}
    assert view == GAME.view(match.state, None) == GAME.view(match.state, 1)  # no secrets in shogi
    assert {m["to"] for m in view["moves"]["7g"]} >= {"7f"}
    assert view["drawing"] is None


def test_a_draw_whose_card_is_not_drawn_yet_is_named():
    """Between 'draw' and its card (a remote match waits there for the friend's value) the view
    names the draw turn as the next move-list entry; once the card is chosen the record has it."""
    match = Match.new("shogi", {}, HUMANS, 11)
    st = GAME.apply(GAME.apply(match.state, 0, "7g7f"), 1, "draw")
    view = GAME.view(st, 1)
    assert view["phase"] == "draw_pending" and len(view["record"]) == 1
    assert view["drawing"] == {"ply": 2, "seat": 1, "ja": "△ドロー（カードはまだ決まっていません）",
                               "en": "Gote draws (the card is not decided yet)"}
    card = GAME.chance_outcomes(st)[0][0]
    chosen = GAME.apply(GAME.apply(st, -1, card), 1, "draw:off")
    assert GAME.view(chosen, 0)["drawing"] is None and GAME.view(chosen, 0)["record"][-1]["ply"] == 2


def test_view_after_moves_drops_and_a_draw():
    st = state({"5g": "P", "4c": "S"}, hands="GP", active=["FU-tetsu"])
    view = GAME.view(st, 0)
    assert {d["to"] for d in view["drops"]["FU"]} == {sq for sq in {f"{f}{r}" for f in "12346789" for r in "abcdefghi"}
                                                      if sq not in ("9a", "1i", "4c")}
    assert len(view["drops"]["KI"]) == 81 - 4
    after = GAME.apply(st, 0, "4c3d+")
    v2 = GAME.view(after, 1)
    assert v2["last_move"] == {"usi": "4c3d+", "from": "4c", "to": "3d", "seat": 0, "drop": None, "promoted": True,
                               "captured": None}
    assert v2["record"][-1]["ja"] == "▲３四銀成" and v2["board"][3][6] == {"p": "NG", "o": 0}
    mid = GAME.apply(GAME.apply(after, 1, "draw"), CHANCE, "card:GI-dosho")
    v3 = GAME.view(mid, 1)
    assert v3["phase"] == "draw_choice" and v3["pending_draw"]["choices"] == ["draw:on", "draw:off"]
    assert v3["moves"] == {} and v3["pending_draw"]["card"]["changed"][0]["piece"] == "GI"
    done = GAME.apply(mid, 1, "draw:on")
    assert GAME.view(done, 0)["last_move"] == {"draw": "GI-dosho", "choice": "on", "target": None, "seat": 1}


def test_title_and_labels_follow_the_ruleset():
    hon = GAME.view(Match.new("shogi", {"ruleset": "hon"}, HUMANS, 1).state, 0)
    cards = GAME.view(Match.new("shogi", {}, HUMANS, 1).state, 0)
    assert hon["title"] == {"ja": "本将棋", "en": "Shogi"} and cards["title"]["ja"] == "集大成将棋"
    assert hon["labels"]["ranks"]["ja"][0] == "一" and hon["labels"]["files"][0] == "9"
