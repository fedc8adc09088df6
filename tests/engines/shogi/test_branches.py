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


def card_game() -> Match:
    """A seeded 集大成将棋 game with a draw turn between board moves 2 and 3, then a move of each side."""
    match = Match.new("shogi", {"ruleset": "cards"}, PEOPLE, 1)
    for a in ["7g7f", "3c3d", "draw", "draw:on", "8c8d", "2g2f"]:
        match.play(_mover(match), a)
    return match


def _mover(match: Match) -> int:
    return int(match.game.to_move(match.state)[0])


def test_card_game_branches_export_with_draws_and_read_back() -> None:
    """A card game's branches: one before the draw, one after it (its block starts with the draw's
    comment line, as the main line writes it), one from the last position; read back against the match."""
    match = card_game()
    assert match.record["actions"][-5:] == ["0:draw", "c:card:HI-honno", "0:draw:on", "1:8c8d", "0:2g2f"]
    # turns: 0 7g7f, 1 3c3d, 2 draw, 3 8c8d, 4 2g2f; 5 is the last position
    branches = [{"turn": 2, "moves": ["2g2f", "8c8d"]}, {"turn": 3, "moves": ["4a3b"]}, {"turn": 5, "moves": ["8d8e"]}]
    kif = studycalls.export_branches(match, branches)["kif"]
    assert "*▲ドロー「奔王龍」有効" in kif
    blocks = kif.split("\n\n")[1:]
    assert [b.split("\n")[0] for b in blocks] == ["変化：5手", "変化：3手", "変化：3手"]
    before_draw, after_draw = blocks[2], blocks[1]
    assert before_draw.split("\n")[1] == "   3 ２六歩(27)"
    assert after_draw.split("\n")[1:] == ["*▲ドロー「奔王龍」有効", "   3 ３二金(41)"]
    assert "   3 ８四歩(83)+" in kif  # the main line's move with a branch is marked
    back = studycalls.import_branches(kif, match)
    assert back["notice"] is None
    assert back["branches"] == branches
    # through the door, with the record
    out = webapi.game_call("shogi", "import_branches", {"text": kif, "record": json.loads(json.dumps(match.record))})
    assert out["branches"] == branches


def test_card_branches_from_another_game_are_refused() -> None:
    match = card_game()
    kif = studycalls.export_branches(match, [{"turn": 3, "moves": ["4a3b"]}])["kif"]
    other = Match.new("shogi", {"ruleset": "cards"}, PEOPLE, 1)
    for a in ["2g2f", "3c3d"]:
        other.play(_mover(other), a)
    with pytest.raises(GameError) as err:
        studycalls.import_branches(kif, other)
    assert err.value.code == "shogi.branch.other_game"
    # a block with a move that is not legal there is left out and counted
    bad = kif.replace("   3 ３二金(41)", "   3 ５五角(88)")
    back = studycalls.import_branches(bad, match)
    assert back["branches"] == [] and back["notice"]["params"] == {"skipped": 1}
