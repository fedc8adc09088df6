"""入玉宣言 (the 27-point rule) in 本将棋: conditions, the action, the computer, records, old records."""

from __future__ import annotations

import json

import pytest

from pygames.core import GameError, Rng
from pygames.core.match import Match
from pygames.shogi import GAME, actions, nyugyoku, rules
from pygames.shogi.calls import export_record, import_record
from pygames.shogi.start import state_from_sfen

SENTE_28 = "+R+B1GKG3/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/9/4k4 b R2Sp 1"
"""先手's king on ５一, 13 pieces in the camp: 飛馬 10 + 金2 + と9 = 21 points, 飛 5 + 銀2 in hand: 28."""
SENTE_27 = "+R+B1GKG3/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/9/4k4 b RSp 1"
GOTE_27 = "4K4/9/9/9/9/9/9/+p+p+p+p+p+p+p+p+p/3gkg1+b+r w rsP 1"
GOTE_26 = "4K4/9/9/9/9/9/9/+p+p+p+p+p+p+p+p+p/3gkg1+b+r w rP 1"
IN_CHECK = "+R+B1GK2r1/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/9/4k4 b 2Sp 1"
NINE_PIECES = "+R+B1GKG3/+P+P+P+P+P4/9/9/9/9/9/9/4k4 b R2S2N2L4P 1"
OUTSIDE = "+R+B1G1G3/+P+P+P+P+P+P+P+P+P/9/4K4/9/9/9/9/4k4 b R2Sp 1"
HUMAN_BOT = [{"name": "人", "type": "human"}, {"name": "COM", "type": "bot", "level": "easy"}]


def _state(sfen: str, **kw: object):
    return state_from_sfen(sfen, "hon", **kw)  # type: ignore[arg-type]


def test_the_points_and_the_thresholds_of_each_side():
    s = _state(SENTE_28)
    assert nyugyoku.tally(s.board, s.hands, 0) == (True, 13, 28)
    assert "declare" in actions.legal(s)
    s = _state(SENTE_27)
    err = rules.declare_refusal(s)
    assert err is not None and err.code == "shogi.declare.points" and err.params["need"] == 28
    assert "declare" not in actions.legal(s)
    s = _state(GOTE_27)
    assert nyugyoku.tally(s.board, s.hands, 1) == (True, 13, 27)
    assert rules.declare_refusal(s) is None
    err = rules.declare_refusal(_state(GOTE_26))
    assert err is not None and err.code == "shogi.declare.points" and err.params == {"points": 26, "need": 27}


@pytest.mark.parametrize("sfen,code", [
    (IN_CHECK, "shogi.declare.in_check"), (NINE_PIECES, "shogi.declare.pieces"),
    (OUTSIDE, "shogi.declare.king_not_in_camp"), (SENTE_27, "shogi.declare.points")])
def test_each_condition_refuses_with_its_coded_reason(sfen, code):
    state = _state(sfen)
    with pytest.raises(GameError) as info:
        GAME.apply(state, state.side, "declare")
    assert info.value.code == code and info.value.message_ja and info.value.message_en
    assert state.phase == "move" and not state.record  # nothing changed


def test_a_right_declaration_wins_and_a_wrong_one_loses_with_fouls_on():
    state = GAME.apply(_state(SENTE_28), 0, "declare")
    out = GAME.outcome(state)
    assert out is not None and out.winners == (0,) and out.details["code"] == "declaration"
    assert state.record[-1]["usi"] == "declare" and "入玉宣言" in state.record[-1]["ja"]
    wrong = _state(SENTE_27, foul_loss=True)
    state = GAME.apply(wrong, 0, "declare")
    out = GAME.outcome(state)
    assert out is not None and out.winners == (1,) and out.details["code"] == "foul.declaration"


def test_no_declaration_in_the_card_game_nor_in_an_old_record():
    cards = state_from_sfen(SENTE_28, "cards")
    assert "declare" not in actions.legal(cards)
    with pytest.raises(GameError) as info:
        GAME.apply(cards, 0, "declare")
    assert info.value.code == "shogi.declare.off"
    # a record of engine version 1 (before the ruling) replays without it, and the ruling is named
    match = Match.new("shogi", {"ruleset": "hon", "sfen": SENTE_28}, HUMAN_BOT, 1)
    old = json.loads(json.dumps(match.record))
    old["engine_version"] = "1"
    del old["options"]["declare"]
    replayed = Match.from_record(old)
    assert replayed.record["options"]["declare"] is False
    assert "declare" not in GAME.legal_actions(replayed.state, 0)
    assert [r["key"] for r in GAME.older_rulings(replayed.record["options"])] == ["declare"]


def test_the_computer_declares_when_it_holds():
    for level in GAME.bot_levels:
        assert GAME.bot_action(_state(SENTE_28), 0, level, Rng(3)) == "declare"
        assert GAME.bot_action(_state(GOTE_27), 1, level, Rng(3)) == "declare"
    assert GAME.bot_action(_state(SENTE_27), 0, "easy", Rng(3)) != "declare"


def test_records_write_and_read_the_declaration():
    match = Match.new("shogi", {"ruleset": "hon", "sfen": SENTE_28}, HUMAN_BOT, 1)
    match.play(0, "8a7a")
    match.play(1, "5i4i")
    match.play(0, "declare")
    kif = export_record(match, "kifu")["text"]
    assert "   3 入玉勝ち" in kif and "まで2手で先手の入玉勝ち" in kif
    csa = export_record(match, "csa")["text"]
    assert csa.rstrip().endswith("%KACHI")
    for text in (kif, csa, export_record(match, "ki2u")["text"]):
        back = import_record(text)
        assert back["result"] == "入玉勝ち"
        assert back["record"]["actions"][-1] == "0:declare"
