"""Replaying an imported 本将棋 record move by move: a bad move ends the import with a notice."""

from __future__ import annotations

from typing import Any

from pygames.core.errors import GameError, refuse
from pygames.core.grammar import check_action

from .. import rules
from ..sfen import STARTPOS
from ..start import checked_sfen, state_from_sfen

# end words of KIF/KI2 (and the CSA % words mapped to them): (ja, en)
END_WORDS = {
    "投了": ("投了", "resigned"), "中断": ("中断", "suspended"), "千日手": ("千日手", "repetition (sennichite)"),
    "持将棋": ("持将棋", "impasse (jishōgi)"), "詰み": ("詰み", "checkmate"), "切れ負け": ("切れ負け", "lost on time"),
    "時間切れ": ("切れ負け", "lost on time"), "反則勝ち": ("反則勝ち", "won by the opponent's foul"),
    "反則負け": ("反則負け", "lost by a foul"), "入玉勝ち": ("入玉勝ち", "won by entering king"),
    "不戦勝": ("不戦勝", "won by default"), "不戦敗": ("不戦敗", "lost by default"),
    "封じ手": ("封じ手", "sealed move (adjourned)"), "不詰": ("不詰", "no mate"), "引き分け": ("引き分け", "draw"),
}


MAX_COMMENTS = 2000
MAX_COMMENT = 500
LOSER_WORDS = ("反則負け", "切れ負け", "時間切れ", "投了", "詰み", "不戦敗")
"""End words whose side to move is the loser (as records write them at the loser's turn)."""
WINNER_WORDS = ("反則勝ち", "入玉勝ち", "不戦勝")
"""End words whose side to move is the winner."""
DRAW_WORDS = ("千日手", "持将棋", "引き分け")


def notice(code: str, ja: str, en: str, **params: Any) -> dict[str, Any]:
    """A notice shown after an import that did not read everything."""
    return {"code": f"shogi.import.{code}", "ja": ja, "en": en, "params": params}


class Replay:
    """The game state of an import in progress (本将棋 rules, every move checked)."""

    def __init__(self, sfen: str | None) -> None:
        self.composed: dict[str, Any] | None = None  # the notice of a start that breaks a rule (a composition)
        try:
            self.start = checked_sfen(sfen or STARTPOS, hon=True)
        except GameError as err:
            if err.code not in ("shogi.sfen.nifu", "shogi.sfen.dead_piece"):
                raise
            self.start = checked_sfen(sfen or STARTPOS, hon=True, composed=True)
            rule_ja = err.message_ja.removeprefix("SFENが不正です: ")
            rule_en = err.message_en.removeprefix("Invalid SFEN: ")
            self.composed = notice("composed_start", f"開始局面が本将棋のルールに反しています（{rule_ja}）。"
                                   "作品などの棋譜として、そのまま読み込みました",
                                   f"The start position breaks a rule of shogi ({rule_en}); it was loaded as it is, "
                                   "as a composed record", rule=err.code.rsplit(".", 1)[-1])
        self.state = state_from_sfen(self.start, "hon")
        self.moves: list[str] = []
        self.prev_to: int | None = None
        self.notice: dict[str, Any] | None = None
        self.stop_why = ("", "")  # the rules' reason for the move that stopped the import (in brackets), if not a repeat
        self.comments: list[list[Any]] = []  # [ply, text]: a comment after that many moves (0: before the first)
        self.loser: int | None = None  # the side the record names as the loser, when it names one
        self.winner_named: int | None = None

    def comment(self, text: str) -> None:
        """Keep a comment line of the record at the current move."""
        text = text.strip()
        if text and len(self.comments) < MAX_COMMENTS:
            self.comments.append([len(self.moves), text[:MAX_COMMENT]])

    @property
    def sfen(self) -> str:
        """The start position."""
        return self.start

    def over(self) -> bool:
        """True once the game has ended (checkmate): later moves cannot be played."""
        return self.state.phase != "move"

    def play(self, usi: str) -> None:
        """Play one USI move (GameError if illegal)."""
        entry = rules.moves_table(self.state).get(usi)
        if self.state.phase != "move":
            raise refuse("shogi.game_over")
        check_action(usi)
        self.state = rules.play_move(self.state, usi)
        self.moves.append(usi)
        if entry is not None:
            self.prev_to = (entry[0] >> 7) & 127

    def stop(self, number: int, token: str, err: GameError | None = None) -> None:
        """Record why the import stopped at move ``number`` (the moves before it are kept)."""
        illegal_ja, illegal_en = f"{number}手目「{token[:16]}」は指せない手", f"Move {number} '{token[:16]}' is illegal"
        # the rules' own reason, unless it only says the same again (「５五歩」は指せない手です)
        said = err is not None and f"「{token[:16]}」は指せない手" in err.message_ja
        why_ja = f"（{err.message_ja}）" if err and not said else ""
        why_en = f" ({err.message_en})" if err and not said else ""
        if self.moves:
            ja = f"{illegal_ja}なので、その前の{len(self.moves)}手までを読み込みました{why_ja}"
            loaded = "the first move was" if len(self.moves) == 1 else f"the first {len(self.moves)} moves were"
            en = f"{illegal_en}, so {loaded} loaded{why_en}"
        else:
            ja, en = f"{illegal_ja}です{why_ja}", f"{illegal_en}{why_en}"
        self.notice = notice("illegal_move", ja, en, ply=number, token=token[:16], cause=err.code if err else None)
        self.stop_why = (why_ja, why_en)

    def result(self, word: str | None) -> dict[str, str] | None:
        """The end word as ``{"word", "ja", "en"}``."""
        if not word:
            return None
        ja, en = END_WORDS.get(word, (word, word))
        return {"word": ja, "ja": ja, "en": en}

    def winner(self, word: str | None) -> int | None:
        """The winning side of the record's end (what it names, else the end word at the side to move);
        None for a draw, a suspended game or no end."""
        if self.loser is not None:
            return 1 - self.loser
        if self.winner_named is not None:
            return self.winner_named
        if word is None or self.notice is not None:
            return None
        side = self.state.side
        if word in LOSER_WORDS:
            return 1 - side
        if word in WINNER_WORDS:
            return side
        return None

    def data(self, fmt: str, word: str | None, names: list[str] | None = None) -> dict[str, Any]:
        """What every importer returns."""
        winner = self.winner(word)
        text: dict[str, Any] | None = self.result(word)
        if text is not None and winner is not None:
            side_ja, side_en = ("先手", "Sente") if winner == 0 else ("後手", "Gote")
            text = {**text, "winner": winner, "ja": f"{text['ja']}（{side_ja}の勝ち）",
                    "en": f"{text['en']} ({side_en} wins)"}
        return {"format": fmt, "sfen": self.sfen, "moves": list(self.moves), "result": word,
                "result_text": text, "winner": winner, "comments": [list(c) for c in self.comments],
                "composed": self.composed is not None, "notice": self.notice or self.composed,
                "names": names or ["", ""]}
