"""駒落ち at new game: each handicap starts from its standard SFEN with 上手 (後手) to move."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.core.match import Match
from pygames.shogi.handicap import CHOICES
from pygames.shogi.sfen import make_sfen



PLAYERS = [{"type": "human", "name": ""}, {"type": "bot", "level": "easy", "name": ""}]
_BOTTOM = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
# The standard SFENs of each handicap (as lishogi and the shogi GUIs write them), typed out here
# independently of the engine's table.
STANDARD = {
    "lance": "lnsgkgsn1/1r5b1" + _BOTTOM,
    "right_lance": "1nsgkgsnl/1r5b1" + _BOTTOM,
    "bishop": "lnsgkgsnl/1r7" + _BOTTOM,
    "rook": "lnsgkgsnl/7b1" + _BOTTOM,
    "rook_lance": "lnsgkgsn1/7b1" + _BOTTOM,
    "two": "lnsgkgsnl/9" + _BOTTOM,
    "three": "lnsgkgsn1/9" + _BOTTOM,
    "four": "1nsgkgsn1/9" + _BOTTOM,
    "five": "2sgkgsn1/9" + _BOTTOM,
    "left_five": "1nsgkgs2/9" + _BOTTOM,
    "six": "2sgkgs2/9" + _BOTTOM,
    "eight": "3gkg3/9" + _BOTTOM,
    "ten": "4k4/9" + _BOTTOM,
}


def test_every_offered_handicap_is_tested() -> None:
    assert {v for v, _ja, _en in CHOICES} - {"none"} == set(STANDARD)


@pytest.mark.parametrize("value", sorted(STANDARD))
@pytest.mark.parametrize("ruleset", ["hon", "cards"])
def test_handicap_start_position(value: str, ruleset: str) -> None:
    match = Match.new("shogi", {"ruleset": ruleset, "handicap": value}, PLAYERS, 7)
    first = match.states[-1] if ruleset == "hon" else match.state
    assert make_sfen(first.board, first.hands, first.side, 1) == STANDARD[value]
    assert match.state.side == 1 and match.game.to_move(match.state) == (1,)  # 上手 moves first


def test_even_game_is_the_normal_start() -> None:
    match = Match.new("shogi", {"ruleset": "hon"}, PLAYERS, 7)
    assert make_sfen(match.state.board, match.state.hands, match.state.side, 1).startswith(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")


def test_handicap_and_sfen_together_are_refused() -> None:
    with pytest.raises(GameError) as err:
        Match.new("shogi", {"ruleset": "hon", "handicap": "rook", "sfen": "startpos"}, PLAYERS, 7)
    assert err.value.code == "shogi.option.handicap_sfen"
    with pytest.raises(GameError):
        Match.new("shogi", {"ruleset": "hon", "handicap": "queen"}, PLAYERS, 7)


def test_a_version_1_record_replays_and_may_not_carry_a_handicap() -> None:
    match = Match.new("shogi", {"ruleset": "hon"}, PLAYERS, 7)
    match.play(0, "7g7f")
    old = dict(match.record, engine_version="1")
    v2_only = ("handicap", "clock", "declare", "record")
    old["options"] = {k: v for k, v in old["options"].items() if k not in v2_only}
    again = Match.from_record(old)
    assert again.state.ply == 1 and again.record["options"]["handicap"] == "none"
    bad = dict(old, options=dict(old["options"], handicap="rook"))
    with pytest.raises(GameError):
        Match.from_record(bad)


def test_handicap_game_exports_its_name_in_kif() -> None:
    from pygames.shogi.calls import export_kif
    match = Match.new("shogi", {"ruleset": "hon", "handicap": "two"}, PLAYERS, 7)
    match.play(1, "5a4b")
    assert "手合割：二枚落ち" in export_kif(match)["kif"]
