"""Record import details: every 手合割, header quirks, 封じ手, end words, tsume, illegal records, KI2/CSA."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.shogi.calls import import_record
from pygames.shogi.formats.handicaps import ALIASES, HANDICAPS, handicap_sfen
from pygames.shogi.formats.records import detect, import_text
from pygames.shogi.sfen import STARTPOS, parse_sfen


@pytest.mark.parametrize("name", list(HANDICAPS) + list(ALIASES))
def test_every_handicap_loads_and_uwate_moves_first(name):
    data = import_text(f"手合割：{name}\n手数----指手---------消費時間--\n")
    sfen = handicap_sfen(name)
    assert data["sfen"] == sfen and data["notice"] is None
    if name != "平手":
        assert parse_sfen(sfen)[2] == 1  # 上手 (後手) to move


def test_handicap_piece_counts():
    removed = {"三枚落ち": 3, "五枚落ち": 5, "左五枚落ち": 5, "六枚落ち": 6, "左七枚落ち": 7, "右七枚落ち": 7, "八枚落ち": 8}
    for name, n in removed.items():
        assert sum(1 for p in parse_sfen(HANDICAPS[name])[0] if p < 0) == 20 - n, name
    assert HANDICAPS["五枚落ち"] != HANDICAPS["左五枚落ち"]


def test_handicap_with_comment_and_spaces():
    data = import_text("手合割：平手#ふつうの対局\n1 ７六歩(77)\n")
    assert data["sfen"] == STARTPOS and data["moves"] == ["7g7f"]
    assert import_text("手合割：　香落ち　　\n1 ３四歩(33)\n")["moves"] == ["3c3d"]


def test_tesuu_line_of_a_board_diagram_does_not_end_the_header():
    text = ("後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
            + "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" + "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n" * 7
            + "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n"
            "手数＝12  ▲５八金  まで\n後手番\n手数----指手---------消費時間--\n  13 ５二玉(51)\n")
    data = import_text(text)
    assert data["sfen"].split()[1] == "w" and data["moves"] == ["5a5b"]


def test_sealed_move_line_is_skipped_and_play_goes_on():
    text = "手合割：平手\n1 ７六歩(77)\n2 封じ手\n2 ３四歩(33)\n3 ２六歩(27)\n"
    assert import_text(text)["moves"] == ["7g7f", "3c3d", "2g2f"]


@pytest.mark.parametrize("word", ["投了", "中断", "千日手", "持将棋", "詰み", "反則勝ち", "反則負け", "切れ負け", "入玉勝ち"])
def test_end_words(word):
    data = import_text(f"手合割：平手\n1 ７六歩(77)\n2 {word}\n")
    assert data["moves"] == ["7g7f"] and data["result"] == word and data["result_text"]["en"]


def test_illegal_record_loads_up_to_the_foul_with_a_notice():
    text = "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ７五歩(77)\n4 ８四歩(83)\n"
    out = import_record(text, seed=0)
    assert [a.split(":", 1)[1] for a in out["record"]["actions"]] == ["7g7f", "3c3d"]
    assert out["notice"]["code"] == "shogi.import.illegal_move" and out["notice"]["params"]["ply"] == 3
    assert "3手目" in out["notice"]["ja"] and "2手" in out["notice"]["ja"] and "Move 3" in out["notice"]["en"]


def test_a_record_whose_first_move_is_illegal_says_so_once():
    """Nothing loaded: the refusal names the move, without "no line reads as KIF" nor "the first 0 moves"
    nor the same reason twice in nested brackets; one move loaded: "the first move was loaded"."""
    with pytest.raises(GameError) as refused:
        import_text("手数----指手---------消費時間--\n   1 ５五歩(56)\n", "x.kif")
    ja, en = refused.value.message_ja, refused.value.message_en
    assert ja == "棋譜を読めません: 1手目「５五歩(56)」は指せない手です", ja
    assert en == "Cannot read the record: move 1 '５五歩(56)' is illegal", en
    one = import_text("手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ５五歩(53)\n", "x.kif")["notice"]
    assert "その前の1手までを読み込みました" in one["ja"] and "so the first move was loaded" in one["en"], one


def test_tsume_without_attacker_king():
    text = ("後手の持駒：残り全部\n".replace("残り全部", "なし") + "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
            + "| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n" + "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n" * 8
            + "+---------------------------+\n先手の持駒：金二\n手数----指手---------消費時間--\n1 １二金打\n")
    data = import_text(text)
    assert data["moves"] == ["G*1b"] and data["notice"] is None


@pytest.mark.parametrize("text", ["▲７六歩 △３四歩 ▲２六歩", "▲７六歩    △３四歩\n▲２二角成  △同　銀\nまで4手で中断\n"])
def test_ki2_moves(text):
    data = import_text(text)
    assert data["format"] == "ki2" and data["moves"][:2] == ["7g7f", "3c3d"]


@pytest.mark.parametrize("text", ["▲７六歩x △３四歩", "▲Ｘ六歩", "先手：A\n▲９九玉"])
def test_ki2_that_cannot_be_read_is_never_an_empty_game(text):
    try:
        data = import_text(text)
    except GameError as err:
        assert err.code.startswith("shogi.")
        return
    assert data["moves"] or data["notice"]  # some moves, or a notice saying why none


@pytest.mark.parametrize("text", ["これは棋譜ではありません", "", "hello\nworld", "▲", "1 2 3"])
def test_text_that_is_no_record_is_refused(text):
    with pytest.raises(GameError) as err:
        import_text(text)
    assert err.value.code.startswith("shogi.")


def test_csa_positions_and_drops():
    text = "V2.2\nN+a\nN-b\nPI82HI22KA\n-\n-5142OU\n+7776FU\n%TORYO\n"
    data = import_text(text)
    assert data["format"] == "csa" and data["names"] == ["a", "b"] and data["moves"] == ["5a4b", "7g7f"]
    tsume = "P-11OU\nP+00KI00KI\n+\n+0012KI\n%TSUMI\n"
    assert import_text(tsume)["moves"] == ["G*1b"]
    al = "P-11OU\nP+00KI\nP-00AL\n+\n+0012KI\n"
    assert import_text(al)["sfen"].split()[2].startswith("G")


def test_csa_illegal_move_notice():
    data = import_text("PI\n+\n+7776FU\n-7776FU\n")
    assert data["moves"] == ["7g7f"] and data["notice"]["params"]["ply"] == 2


def test_detect():
    assert detect("position startpos moves 7g7f") == "sfen" and detect("x", "a.csa") == "csa"
    assert detect("PI\n+\n+7776FU\n") == "csa" and detect("▲７六歩") == "kif"
