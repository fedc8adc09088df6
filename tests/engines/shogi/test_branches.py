"""検討 branches: exported as KIF 変化 and read back; the study calls through the webapi door."""

from __future__ import annotations

import json

import pytest

from pygames import webapi
from pygames.core import GameError
from pygames.core.match import Match
from pygames.shogi import studycalls

PEOPLE = [{"type": "human", "name": "a"}, {"type": "human", "name": "b"}]
MAIN = ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"]
BRANCHES = [{"turn": 2, "moves": ["6g6f", "8c8d", "7i6h"]}, {"turn": 4, "moves": ["6g6f", "8d8e"]},
            {"turn": 5, "moves": ["2b8h+", "7i8h"]}]


def game() -> Match:
    match = Match.new("shogi", {"ruleset": "hon"}, PEOPLE, 1)
    for a in MAIN:
        match.play(match.state.side, a)
    return match


def test_branches_export_as_kif_variations_and_read_back() -> None:
    kif = studycalls.export_branches(game(), BRANCHES)["kif"]
    assert "変化：3手" in kif and "変化：5手" in kif and "変化：6手" in kif
    assert "   3 ２六歩(27)+" in kif  # the main line's move with a branch is marked
    assert "   6 ８八角成(22)" in kif and "   7 同　銀(79)" in kif
    back = studycalls.import_branches(kif)
    assert back["main"] == MAIN and back["notice"] is None
    assert back["branches"] == BRANCHES
    # the main line still imports as before (the variations skipped, with a notice)
    rec = webapi.game_call("shogi", "import_record", {"text": kif})
    assert rec["record"]["actions"] == [f"{i % 2}:{a}" for i, a in enumerate(MAIN)]


def test_nested_variation_reads_as_a_branch_from_the_main_line() -> None:
    kif = studycalls.export_branches(game(), [BRANCHES[0]])["kif"]
    kif += "\n変化：5手\n   5 ７八銀(79)\n"  # a branch of the branch at move 5
    back = studycalls.import_branches(kif)
    assert {"turn": 2, "moves": ["6g6f", "8c8d", "7i7h"]} in back["branches"]


def test_illegal_branch_is_refused_and_changes_nothing() -> None:
    match = game()
    before = json.dumps(match.record)
    with pytest.raises(GameError) as err:
        studycalls.export_branches(match, [{"turn": 1, "moves": ["7g7f"]}])
    assert err.value.code == "shogi.branch.illegal"
    with pytest.raises(GameError):
        studycalls.branch_view(match, 99, [])
    with pytest.raises(GameError):
        studycalls.branch_view(match, 0, "7g7f")  # type: ignore[arg-type]
    assert json.dumps(match.record) == before


def test_study_calls_through_the_webapi() -> None:
    record = json.loads(json.dumps(game().record))
    out = json.loads(webapi.dispatch("game_call", json.dumps(
        {"game": "shogi", "name": "analyse_position", "args": {"record": record, "turn": 5, "nodes": 3000}})))
    assert out["searchable"] and out["candidates"][0]["text"]["ja"].startswith("△")
    view = json.loads(webapi.dispatch("game_call", json.dumps(
        {"game": "shogi", "name": "branch_view", "args": {"record": record, "turn": 5, "branch": ["2b8h+"]}})))
    assert view["view"]["side_to_move"] == 0 and view["names"]["ja"].startswith("△８八角成")
    bad = json.loads(webapi.dispatch("game_call", json.dumps(
        {"game": "shogi", "name": "review_positions", "args": {"record": record, "start": 0, "count": 2, "nodes": "x"}})))
    assert bad["error"]["code"] == "shogi.analysis.nodes"
