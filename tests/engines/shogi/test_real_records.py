"""Every real record (issue 26): EUC-JP, CSA statements split on commas, composed starts, the end of a foul
with the right winner, ±ILLEGAL_ACTION, comments kept and written back, 本将棋 titled as such, results
written as records write them. Files: corpus/ (real, sources in corpus/README.md) and corpus/ours/ (ours)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pygames import webapi
from pygames.core import GameError
from pygames.core.match import Match
from pygames.shogi import GAME
from pygames.shogi.calls import export_record, import_record, import_sfen
from pygames.shogi.formats.decode import decode_bytes

CORPUS = Path(__file__).parent / "corpus"
HUMANS = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]


def load(name: str) -> tuple[dict, Match]:
    path = CORPUS / name
    text, _enc = decode_bytes(path.read_bytes(), path.name)
    data = import_record(text, filename=path.name)
    return data, Match.from_record(data["record"])


def test_an_euc_jp_csa_with_several_statements_a_line():
    raw = (CORPUS / "jkf-2005_YAMADA_GPS.csa").read_bytes()
    text, enc = decode_bytes(raw, "jkf-2005_YAMADA_GPS.csa")
    assert enc == "euc-jp" and "山田将棋" in text
    assert "+7776FU  ,T0" in text  # a move, its time and comments on one line
    data, match = load("jkf-2005_YAMADA_GPS.csa")
    assert len(data["record"]["actions"]) == 107 and data["record"]["actions"][0] == "0:7g7f"
    assert match.record["players"][1]["name"].startswith("山田将棋")
    assert GAME.outcome(match.state).winners == (0,)


@pytest.mark.parametrize("name", ["jkf-9fu.kif", "jkf-9fu.ki2", "jkf-9fu.csa", "jkf-9fu_komabetsu.csa"])
def test_a_composed_start_loads_with_a_notice_naming_the_rule(name):
    data, match = load(name)
    notice = data["notice"]
    assert notice["code"] == "shogi.import.composed_start" and notice["params"]["rule"] == "nifu"
    assert "二歩" in notice["ja"] and "nifu" in notice["en"]
    assert len(match.record["actions"]) == 61 and GAME.outcome(match.state).details["code"] == "checkmate"
    assert match.record["options"]["record"]["composed"] is True
    # a new match still starts only from a legal position
    sfen = match.record["options"]["sfen"]
    with pytest.raises(GameError) as err:
        import_sfen(f"sfen {sfen}")
    assert err.value.code == "shogi.sfen.nifu"
    with pytest.raises(GameError):
        Match.new("shogi", {"ruleset": "hon", "sfen": sfen}, HUMANS, 1)


def test_the_end_of_a_foul_names_the_right_winner():
    # ours: move 9 is a 二歩 and the record says only 「まで9手で後手の勝ち」: 後手 wins by 先手's foul
    data, match = load("ours/foul-nifu-last-move.kif")
    assert data["notice"]["code"] == "shogi.import.illegal_move" and data["notice"]["params"]["ply"] == 9
    assert data["winner"] == 1 and data["result"] == "反則負け"
    out = GAME.outcome(match.state)
    assert out.winners == (1,) and out.details["code"] == "record.foul" and match.state.ply == 8
    kif = export_record(match, "kifu")["text"]
    assert "まで8手で先手の反則負け" in kif
    assert webapi.summary(match.record)["progress"]["ja"] == "まで8手で先手の反則負け"
    # a まで line names the loser (Kifu for Windows)
    data, match = load("jkf-illegal.kif")
    assert data["winner"] == 1 and GAME.outcome(match.state).winners == (1,)
    # a record that gives no end keeps none: the moves before the bad one load, and the game goes on
    bare = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五歩(57)\n"
    data = import_record(bare)
    assert data["winner"] is None and data["result"] is None and len(data["record"]["actions"]) == 2
    assert not Match.from_record(data["record"]).is_over()


@pytest.mark.parametrize("name,winner", [
    ("jkf-illegal_win.csa", 0),  # %-ILLEGAL_ACTION at 先手's turn: 後手's foul
    ("ours/plus-illegal-action.csa", 1),  # %+ILLEGAL_ACTION at 後手's turn: 先手's foul
    ("jkf-illegal_lose.csa", 1),  # %ILLEGAL_MOVE: the side to move (先手)
])
def test_illegal_action_names_its_side(name, winner):
    data, match = load(name)
    assert data["winner"] == winner and GAME.outcome(match.state).winners == (winner,)
    again = import_record(export_record(match, "csa")["text"])
    assert again["winner"] == winner
    assert Match.from_record(again["record"]).state.result[0] == (winner,)


def test_comments_are_kept_shown_at_their_move_and_written_back():
    data, match = load("jkf-last_comment.kif")
    assert data["comments"] == [[2, "コメント"]]
    view = GAME.view(match.state, 0)
    assert view["record"][1]["comments"] == ["コメント"] and "comments" not in view["record"][0]
    kif = export_record(match, "kifu")["text"].splitlines()
    assert kif[kif.index(next(ln for ln in kif if ln.startswith("   2 "))) + 1] == "*コメント"
    csa = export_record(match, "csa")["text"].splitlines()
    assert csa[csa.index("-3334FU") + 1] == "'*コメント"
    for fmt in ("kifu", "csa", "ki2u"):
        assert import_record(export_record(match, fmt)["text"])["comments"] == [[2, "コメント"]], fmt
    data, match = load("ours/foul-nifu-last-move.kif")
    assert data["comments"] == [[0, "序盤の定跡"], [2, "居飛車の出だし"]]
    assert GAME.view(match.state, 0)["comments_at_start"] == ["序盤の定跡"]
    data, _match = load("ours/plus-illegal-action.csa")
    assert data["comments"] == [[1, "先手の初手"]]


def test_a_floodgate_declaration_is_a_declaration():
    data, match = load("jkf-floodgate-aobazero-viper-kachi.csa")
    assert data["result"] == "入玉勝ち" and data["record"]["actions"][-1] == "0:declare"
    assert len(data["record"]["actions"]) == 401
    assert GAME.outcome(match.state).details["code"] == "declaration"
    assert webapi.summary(match.record)["progress"]["ja"] == "まで400手で先手の入玉勝ち"


def test_the_saved_list_names_the_game_and_writes_the_result_as_records_do():
    _data, match = load("jkf-jt201409130101.kif")
    summary = webapi.summary(match.record)
    assert summary["title"] == {"ja": "本将棋", "en": "Shogi"}
    assert summary["progress"]["ja"] == "まで107手で先手の勝ち"
    cards = Match.new("shogi", {}, HUMANS, 3)
    assert webapi.summary(cards.record)["title"]["ja"] == "集大成将棋"


@pytest.mark.parametrize("bad", [{"end": {"word": "勝ち", "winner": 0, "ply": 1}}, {"comments": [[0, 5]]},
                                 {"comments": [["1", "x"]]}, {"end": {"word": "反則負け", "winner": 2, "ply": 1}},
                                 {"composed": "yes"}, {"other": 1}, [1]])
def test_a_bad_record_option_is_refused_with_a_code(bad):
    with pytest.raises(GameError) as err:
        Match.new("shogi", {"ruleset": "hon", "record": bad}, HUMANS, 1)
    assert err.value.code == "shogi.option.record"
