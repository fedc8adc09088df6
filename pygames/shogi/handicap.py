"""駒落ち at new game: the handicaps offered against the computer or a person, by option value.

上手 (the side giving the handicap) is 後手 and moves first; its start positions are the 手合割 of
:mod:`pygames.shogi.formats.handicaps` (what KIF files name), so an export writes 手合割 by itself.
"""

from __future__ import annotations

from pygames.core.errors import refuse

from .formats.handicaps import HANDICAPS

NONE = "none"
CHOICES: tuple[tuple[str, str, str], ...] = (
    (NONE, "平手（駒落ちなし）", "Even (no handicap)"),
    ("lance", "香落ち", "Lance handicap"),
    ("right_lance", "右香落ち", "Right lance handicap"),
    ("bishop", "角落ち", "Bishop handicap"),
    ("rook", "飛車落ち", "Rook handicap"),
    ("rook_lance", "飛香落ち", "Rook and lance handicap"),
    ("two", "二枚落ち", "Two-piece handicap"),
    ("three", "三枚落ち", "Three-piece handicap"),
    ("four", "四枚落ち", "Four-piece handicap"),
    ("five", "五枚落ち", "Five-piece handicap"),
    ("left_five", "左五枚落ち", "Left five-piece handicap"),
    ("six", "六枚落ち", "Six-piece handicap"),
    ("eight", "八枚落ち", "Eight-piece handicap"),
    ("ten", "十枚落ち", "Ten-piece handicap"),
)
"""(option value, name in Japanese, name in English) in the order the design lists them."""
NAME_JA = {v: ja for v, ja, _en in CHOICES}
UPPER = 1
"""The seat of 上手 (後手), who moves first in a handicap game."""


def handicap_sfen(value: str) -> str | None:
    """The start SFEN of a handicap option value (None for an even game)."""
    if value == NONE:
        return None
    name = NAME_JA.get(value)
    if name is None:
        raise refuse("shogi.option.handicap", key="handicap")
    return HANDICAPS[name]
