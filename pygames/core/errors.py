"""Typed errors with stable codes and messages in Japanese and English."""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """A refused input: a bad action, option, save or link.

    ``code`` is stable (e.g. ``"shogi.nifu"``) so tests and the UI can rely on it; ``params``
    holds the facts of the case; ``message_ja``/``message_en`` say which rule and why.
    """

    def __init__(self, code: str, message_ja: str, message_en: str, **params: Any) -> None:
        super().__init__(f"{code}: {message_en}")
        self.code = code
        self.message_ja = message_ja
        self.message_en = message_en
        self.params = params

    def to_json(self) -> dict[str, Any]:
        """The error as the JSON object the web API returns."""
        return {"code": self.code, "message_ja": self.message_ja, "message_en": self.message_en,
                "params": self.params}


def illegal_action(game: str, action: str, why_ja: str = "", why_en: str = "", **params: Any) -> GameError:
    """The generic error for an action that is not legal now."""
    ja = f"その手は指せません: {action}" + (f"（{why_ja}）" if why_ja else "")
    en = f"That action is not legal now: {action}" + (f" ({why_en})" if why_en else "")
    return GameError(f"{game}.illegal_action", ja, en, action=action, **params)
