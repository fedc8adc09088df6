"""The refusals of 集大成将棋: stable codes with the rule and the reason in both languages."""

from __future__ import annotations

from typing import Any

from pygames.core.errors import GameError


def err(code: str, ja: str, en: str, **params: Any) -> GameError:
    """A refused action of shogi: stable code, the rule and the reason in both languages."""
    return GameError(f"shogi.{code}", ja, en, **params)


FOULS = {
    "nifu": ("二歩は禁じ手です: 同じ筋に自分の成っていない歩があります（二歩の判定は成りより先です）",
             "Two pawns (nifu) is a foul: you already have an unpromoted pawn on that file (checked before promotion)"),
    "immune_leap": ("その駒は射程移動では取れません（カードの特殊効果）: 取ると反則負けです",
                    "That piece cannot be captured by a leap (射程移動, a card's special): capturing it is a foul"),
    "immune_slide": ("その駒は矢印移動では取れません（カードの特殊効果）: 取ると反則負けです",
                     "That piece cannot be captured by a slide (矢印移動, a card's special): capturing it is a foul"),
    "promotion": ("成れるのは敵陣で移動を始めるか終えるときだけです: 成り／不成の間違いは反則負けです",
                  "You may promote only when the move starts or ends in the enemy camp: a wrong promotion is a foul"),
}


def foul_error(code: str, action: str) -> GameError:
    """The refusal of a foul (default rules: fouls are prevented and explained)."""
    ja, en = FOULS[code]
    return err(f"foul.{code}", ja, en, action=action, foul=code)


def foul_json(code: str | None) -> dict[str, str] | None:
    """A foul as the view shows it."""
    if code is None:
        return None
    ja, en = FOULS[code]
    return {"code": f"shogi.foul.{code}", "ja": ja, "en": en}


TERMINATIONS = ("checkmate", "no_moves", "perpetual_check", "repetition", "max_plies", "king_captured", "resign",
                *(f"foul.{code}" for code in FOULS))
"""The ``Outcome.termination`` codes (also ``details["code"]``): how a match of shogi ends."""
