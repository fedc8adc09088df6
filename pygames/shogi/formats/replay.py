"""Replaying an imported 本将棋 record move by move: a bad move ends the import with a notice."""

from __future__ import annotations

from typing import Any

from pygames.core.errors import GameError
from pygames.core.grammar import check_action

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


def notice(code: str, ja: str, en: str, **params: Any) -> dict[str, Any]:
    """A notice shown after an import that did not read everything."""
    return {"code": f"shogi.import.{code}", "ja": ja, "en": en, "params": params}


class Replay:
    """The game state of an import in progress (本将棋 rules, every move checked)."""

    def __init__(self, sfen: str | None) -> None:
        self.start = checked_sfen(sfen or STARTPOS, hon=True)
        self.state = state_from_sfen(self.start, "hon")
        self.moves: list[str] = []
        self.prev_to: int | None = None
        self.notice: dict[str, Any] | None = None

    @property
    def sfen(self) -> str:
        """The start position."""
        return self.start

    def over(self) -> bool:
        """True once the game has ended (checkmate): later moves cannot be played."""
        return self.state.phase != "move"

    def play(self, usi: str) -> None:
        """Play one USI move (GameError if illegal)."""
        from .. import rules
        entry = rules.moves_table(self.state).get(usi)
        if self.state.phase != "move":
            raise GameError("shogi.game_over", "対局は終わっています", "The game is over")
        check_action(usi)
        self.state = rules.play_move(self.state, usi)
        self.moves.append(usi)
        if entry is not None:
            self.prev_to = (entry[0] >> 7) & 127

    def stop(self, number: int, token: str, err: GameError | None = None) -> None:
        """Record why the import stopped at move ``number`` (the moves before it are kept)."""
        why_ja = f"（{err.message_ja}）" if err else ""
        why_en = f" ({err.message_en})" if err else ""
        self.notice = notice("illegal_move", f"{number}手目「{token[:16]}」は指せない手なので、その前の{len(self.moves)}手までを読み込みました{why_ja}",
                             f"Move {number} '{token[:16]}' is illegal, so the first {len(self.moves)} moves were loaded{why_en}",
                             ply=number, token=token[:16], cause=err.code if err else None)

    def result(self, word: str | None) -> dict[str, str] | None:
        """The end word as ``{"word", "ja", "en"}``."""
        if not word:
            return None
        ja, en = END_WORDS.get(word, (word, word))
        return {"word": ja, "ja": ja, "en": en}

    def data(self, fmt: str, word: str | None, names: list[str] | None = None) -> dict[str, Any]:
        """What every importer returns."""
        return {"format": fmt, "sfen": self.sfen, "moves": list(self.moves), "result": word,
                "result_text": self.result(word),
                "notice": self.notice, "names": names or ["", ""]}
