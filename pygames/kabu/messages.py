"""The refusals of 株式デュエル: stable codes with the rule and the reason in both languages."""

from __future__ import annotations

from typing import Any

from pygames.core import GameError


def err(code: str, ja: str, en: str, **params: Any) -> GameError:
    """A refused action: stable code, the rule and the reason in both languages."""
    return GameError(f"kabu.{code}", ja, en, **params)


TERMINATIONS = ("assets", "equal_assets", "bankrupt", "both_bankrupt")
"""The ``Outcome.termination`` codes: won or drawn on total assets, or one or both players bankrupt."""
