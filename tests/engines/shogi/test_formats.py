"""SFEN, USI, Japanese move text and KIF: examples and seeded fuzzed round-trips."""

from __future__ import annotations

import re

import pytest

from pygames.core import GameError
from pygames.shogi import GAME, rules
from pygames.shogi.calls import import_record, import_sfen
from pygames.shogi.formats.kif import HANDICAPS, export_kif, import_kif
from pygames.shogi.formats.usi import Board
from pygames.shogi.position import move_usi, parse_usi
from pygames.shogi.sfen import STARTPOS, make_sfen, parse_sfen

from .helpers import play_random, state

FUZZ_GAMES = 6


def ja(st, action: str) -> str:
    return GAME.apply(st, st.side, action).record[-1]["ja"]


# --- Japanese move text ---------------------------------------------------------------------
def test_basic_japanese_texts():
    st = state({}, ruleset="hon")
    board = Board.from_sfen("startpos", ruleset="hon")
    for usi, text in [("7g7f", "▲７六歩"), ("3c3d", "△３四歩"), ("8h2b+", "▲２二角成"), ("3a2b", "△同　銀"),
                      ("B*4e", "▲４五角")]:
        board.push(usi)
        assert board.state.record[-1]["ja"] == text
    assert st.record == ()


@pytest.mark.parametrize("pieces,action,text", [
    ({"6i": "G", "4i": "G"}, "4i5h", "▲５八金右"),
    ({"6i": "G", "4i": "G"}, "6i5h", "▲５八金左"),
    ({"4i": "G", "6h": "G"}, "4i5h", "▲５八金上"),
    ({"4i": "G", "6h": "G"}, "6h5h", "▲５八金寄"),
    ({"5g": "G", "4i": "G"}, "5g5h", "▲５八金引"),
    ({"5i": "S", "4i": "S"}, "4i4h", "▲４八銀直"),
    ({"5i": "S", "4i": "S"}, "5i4h", "▲４八銀左"),
    ({"6i": "G", "4i": "G", "5i": "G"}, "5i5h", "▲５八金直"),
    ({"6i": "G", "4i": "G", "6h": "G"}, "6i5h", "▲５八金左上"),
    ({"6i": "G", "4i": "G", "6h": "G"}, "6h5h", "▲５八金寄"),
    ({"4d": "S"}, "4d4c", "▲４三銀不成"),
    ({"4d": "S"}, "4d4c+", "▲４三銀成"),
])
def test_disambiguation(pieces, action, text):
    assert ja(state({**pieces, "9a": "k", "1a": "K"}, ruleset="cards"), action) == text


def test_disambiguation_from_gote_side():
    st = state({"6a": "g", "4a": "g", "9i": "K", "1i": "k"}, side="w")
    assert ja(st, "6a5b") == "△５二金右" and ja(st, "4a5b") == "△５二金左"


def test_english_text():
    board = Board.from_sfen("startpos", ruleset="hon")
    for usi, text in [("7g7f", "P-76"), ("3c3d", "P-34"), ("8h2b+", "Bx22+"), ("3a2b", "Sx22"), ("B*4e", "B*45")]:
        board.push(usi)
        assert board.state.record[-1]["en"] == text


def test_english_origin_only_when_ambiguous():
    st = state({"6i": "G", "4i": "G", "9a": "k", "1a": "K"}, ruleset="cards")
    assert GAME.apply(st, 0, "4i5h").record[-1]["en"] == "G49-58"
    st = state({"4i": "G", "9a": "k", "1a": "K"}, ruleset="cards")
    assert GAME.apply(st, 0, "4i5h").record[-1]["en"] == "G-58"


@pytest.mark.parametrize("pieces,hands,action,text", [
    ({"5i": "K", "5a": "k"}, "G", "G*5e", "▲５五金"),          # no board gold anywhere: no 打
    ({"5i": "K", "5a": "k", "4f": "G"}, "G", "G*5e", "▲５五金打"),  # the gold on 4f could go to 5e
    ({"5i": "K", "5a": "k", "4h": "G"}, "G", "G*5e", "▲５五金"),   # a gold that cannot reach 5e: no 打
    ({"5i": "K", "5a": "k", "5f": "+S"}, "S", "S*5e", "▲５五銀"),  # 成銀 is another name
    ({"5i": "K", "5a": "k", "5f": "S"}, "S", "S*5e", "▲５五銀打"),
])
def test_drop_word_only_when_a_board_piece_could_reach(pieces, hands, action, text):
    assert ja(state(pieces, hands=hands, ruleset="hon"), action) == text


def test_illegal_move_message_uses_board_square_names():
    st = state({"5i": "K", "5a": "k", "8h": "R"}, ruleset="hon")
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, "8h2c")
    assert "８八の飛は２三へ動けません" in err.value.message_ja and "on 88 cannot move to 23" in err.value.message_en


# --- SFEN / USI ------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["", "startpos2", "9/9/9 b - 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
                                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
                                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
                                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1",
                                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1"])
def test_bad_sfen_is_refused(bad):
    with pytest.raises(GameError) as err:
        parse_sfen(bad)
    assert err.value.code == "shogi.sfen.invalid"


def test_sfen_round_trip_and_usi_over_random_games():
    def check(st):
        sfen = make_sfen(st.board, st.hands, st.side, st.move_no0 + st.ply)
        board, hands, side, n = parse_sfen(sfen)
        assert (tuple(board), tuple(map(tuple, hands)), side) == (st.board, st.hands, st.side)
        assert make_sfen(board, hands, side, n) == sfen
        if st.phase == "move":
            for usi, (m, _foul) in rules.moves_table(st).items():
                assert move_usi(parse_usi(usi) | (m >> 15) << 15) == usi
            if st.rules.hon:
                assert set(Board.from_sfen(sfen, ruleset="hon").legal_moves()) == set(rules.moves_table(st))
    for seed in range(FUZZ_GAMES):
        play_random(seed, {"ruleset": "hon"}, max_actions=120, check=check)
        play_random(seed, {}, max_actions=120, check=check)


def test_sfen_with_hands_and_promoted_pieces():
    text = "l+N1gk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1B1S3R1/LN1GKGSNL b BS 23"
    board, hands, side, n = parse_sfen(text)
    assert make_sfen(board, hands, side, n) == text and hands[0][4] == 1 and n == 23


# --- KIF --------------------------------------------------------------------------------------
SAMPLE = """# ---- Kifu for Windows V7 棋譜ファイル ----
開始日時：2020/01/01 10:00
手合割：平手
先手：A
後手：B
手数----指手---------消費時間--
*対局開始のコメント
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ３四歩(33)   ( 0:02/00:00:02)
   3 ２二角成(88)   ( 0:03/00:00:04)+
   4 同　銀(31)   ( 0:01/00:00:03)
# a comment
   5 ４五角打   ( 0:05/00:00:09)
   6 ３三角   ( 0:05/00:00:09)
   7 ３四角   ( 0:05/00:00:09)
   8 ４四歩(43)   ( 0:05/00:00:09)
   9 投了
まで8手で後手の勝ち

変化：4手
   4 同　飛(82)
"""


def test_kif_import_of_a_real_looking_file():
    data = import_kif(SAMPLE)
    assert data["moves"] == ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*3c", "4e3d", "4c4d"]
    assert data["result"] == "投了" and data["sfen"] == STARTPOS
    assert data["notice"]["code"] == "shogi.import.variations_skipped"  # the 変化 after the main line
    assert import_kif(SAMPLE.split("変化")[0])["notice"] is None


def test_kif_import_record_keeps_the_resignation():
    rec = import_record(SAMPLE, seed=2)["record"]
    assert rec["actions"][-1] == "0:resign" and len(rec["actions"]) == 9


def test_kif_import_without_source_squares_and_with_funari():
    text = "手合割：平手\n1 ７六歩\n2 ３四歩\n3 ２二角不成\n4 同　銀\n"
    assert import_kif(text)["moves"] == ["7g7f", "3c3d", "8h2b", "3a2b"]


def test_kif_import_handicap_and_errors():
    data = import_kif("手合割：香落ち\n手数----指手--\n   1 ３四歩(33)\n   2 ７六歩(77)\n")
    assert data["sfen"] == HANDICAPS["香落ち"] and data["moves"] == ["3c3d", "7g7f"]
    bad = import_kif("手合割：平手\n1 ７五歩(77)\n")  # illegal at once: no moves, a notice saying why
    assert bad["moves"] == [] and bad["notice"]["code"] == "shogi.import.illegal_move" and "1手目" in bad["notice"]["ja"]
    bad = import_kif("手合割：平手\n1 同　歩\n")
    assert bad["moves"] == [] and bad["notice"]["params"]["cause"] == "shogi.import.no_previous"
    with pytest.raises(GameError) as err:
        import_kif("手合割：九枚落ち\n1 ７六歩(77)\n")
    assert err.value.code == "shogi.kif.invalid" and "九枚落ち" in err.value.message_ja


def test_kif_round_trip_over_random_hon_games():
    for seed in range(FUZZ_GAMES):
        st, log = play_random(seed, {"ruleset": "hon"}, max_actions=150)
        states, s = [], GAME.initial_state(GAME.normalize_options({"ruleset": "hon"}, 2), 2)
        for seat, action in log:
            states.append(s)
            s = GAME.apply(s, seat, action)
        states.append(s)
        text = export_kif(states, log, [{"name": "A"}, {"name": "B"}], GAME.outcome(s))
        assert import_kif(text)["moves"] == [a for _, a in log]


def test_kif_round_trip_of_a_custom_position_through_bod():
    sfen = "l+N1gk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1B1S3R1/LN1GKGSNL w BS 1"
    rec = import_record(f"sfen {sfen} moves 2b3c", seed=1)["record"]
    from pygames.shogi.calls import export_kif as export
    from pygames.core.match import Match
    match = Match.from_record(rec)
    text = export(match)["kif"]
    assert "後手番" in text and "先手の持駒：角　銀" in text and "後手の持駒：なし" in text
    again = import_record(text, seed=1)["record"]
    assert again["actions"] == rec["actions"] == ["1:2b3c"]
    assert again["options"]["sfen"] == make_sfen(*parse_sfen(sfen)[:3])


def test_card_game_kif_has_draws_as_comments():
    from pygames.core.match import Match
    from pygames.shogi.calls import export_kif as export
    match = Match.new("shogi", {}, [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}], 3)
    match.play(0, "7g7f")
    match.play(1, "draw")
    match.play(1, "draw:off")
    match.play(0, "2g2f")
    text = export(match)["kif"]
    card = match.state.rules.pool[match.record["actions"][-3][len("c:card:"):]]["name"]
    assert f"*△ドロー「{card}」無効" in text and "*有効カード：" in text
    # board moves are numbered without gaps (a draw turn is only a comment), as standard viewers expect
    assert re.search(r"^   1 ７六歩\S*\(77\)$", text, re.M) and re.search(r"^   2 ２六歩\S*\(27\)$", text, re.M)
    assert "#集大成将棋の棋譜" in text


def test_import_sfen_position_command():
    data = import_sfen("position startpos moves 7g7f 3c3d")
    assert data["actions"] == ["7g7f", "3c3d"] and data["options"]["sfen"] == STARTPOS


def test_japanese_text_names_each_legal_move_uniquely_and_reads_back():
    from pygames.shogi.formats.japanese import move_ja
    from pygames.shogi.formats.jimport import resolve

    def check(st):
        if st.phase != "move" or st.ply % 5:
            return
        pos = st.position()
        texts = {}
        for usi, (m, _f) in rules.moves_table(st).items():
            text = move_ja(pos, m, st.last_to, mark=False)
            assert text not in texts, (text, usi, texts.get(text))
            texts[text] = usi
            if st.rules.hon:
                assert resolve(st, text.replace("　", ""), st.last_to) == usi
    for seed in range(FUZZ_GAMES):
        play_random(seed, {"ruleset": "hon"}, max_actions=100, check=check)
        play_random(seed, {"variant": "setup", "active": ["FU-tetsu", "GI-mohyo", "KI-suizo", "HI-honno"]},
                    max_actions=100, check=check)


@pytest.mark.parametrize("text", ["これは棋譜ではありません", "", "hello\nworld"])
def test_text_that_is_no_kif_is_refused(text):
    with pytest.raises(GameError) as info:
        import_record(text)
    assert info.value.code.startswith("shogi.") and "KIF" in info.value.message_en


def test_header_only_kif_still_opens_the_start_position():
    data = import_kif("開始日時：2026/11/30\n先手：A\n後手：B\n")
    assert data["moves"] == [] and data["sfen"] == STARTPOS
