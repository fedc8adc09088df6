"""Typed errors with stable codes and messages in Japanese and English."""

from __future__ import annotations

from typing import Any, Callable


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


Catalogue = dict[str, tuple[str, str]]
"""A game's refusal codes, each with its Japanese and English template (``str.format`` fields
named after the params)."""

Filler = Callable[[dict[str, Any]], tuple[dict[str, Any], dict[str, Any]]]
"""A game's hook for :func:`refuse`: from the params, (the template's fields, the params to keep),
e.g. a card kind named in both languages for the text and written as its code in the params."""

_CATALOGUE: Catalogue = {}
_FILLERS: dict[str, Filler] = {}


def register(prefix: str, catalogue: Catalogue, filler: Filler | None = None) -> Catalogue:
    """Add a game's catalogue (every code starts with ``prefix`` and a dot); returns it."""
    for code in catalogue:
        if not code.startswith(prefix + ".") or code in _CATALOGUE and _CATALOGUE[code] != catalogue[code]:
            raise ValueError(f"catalogue code {code!r} is not {prefix}.* or is registered twice")
    _CATALOGUE.update(catalogue)
    if filler is not None:
        _FILLERS[prefix] = filler
    return catalogue


def catalogued(code: str) -> bool:
    """True if ``code`` is in a registered catalogue."""
    return code in _CATALOGUE


def refuse(code: str, /, **params: Any) -> GameError:
    """The GameError for a catalogued ``code``: its templates filled from ``params``."""
    ja, en = _CATALOGUE[code]
    filler = _FILLERS.get(code.split(".", 1)[0])
    fields, kept = filler(params) if filler else (params, params)
    return GameError(code, ja.format(**fields), en.format(**fields), **kept)
