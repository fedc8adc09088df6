"""The one grammar of action strings, shared by every game's parser.

An action is printable ASCII words separated by single spaces, with no space before or after
and at most :data:`MAX_ACTION_CHARS` characters; a number in it is ASCII digits without leading
zeros (``0`` itself excepted). Only such canonical strings are ever recorded: anything else is
refused with a ``match.action.*`` error that names the broken rule, so a fullwidth ``１２``, a
``②``, a stray newline or ``007`` never reaches a game's rules (nor a Python exception).
"""

from __future__ import annotations

from typing import Any

from .errors import GameError, refuse

MAX_ACTION_CHARS = 200
"""The longest action any game writes (kabu's multi-issue sale is the longest, well below)."""
MAX_DIGITS = 9
"""No number in an action is longer: a bigger one is refused before ``int`` sees it."""


def check_action(action: Any) -> str:
    """``action`` if it is a canonical action string, else GameError naming the broken rule."""
    if not isinstance(action, str):
        raise refuse("match.bad_action")
    if not action:
        raise refuse("match.action.empty", action=action)
    if len(action) > MAX_ACTION_CHARS:
        raise refuse("match.action.too_long", action=action[:60], length=len(action), limit=MAX_ACTION_CHARS)
    for ch in action:
        if not " " <= ch <= "~":
            raise refuse("match.action.not_ascii", action=action[:60], char=f"U+{ord(ch):04X}")
    if action[0] == " " or action[-1] == " " or "  " in action:
        raise refuse("match.action.spaces", action=action[:60])
    return action


def tokens(action: Any) -> list[str]:
    """The words of a canonical action (see :func:`check_action`)."""
    return check_action(action).split(" ")


def is_number(text: str) -> bool:
    """True for a canonical natural number: ASCII digits, no leading zero, at most MAX_DIGITS."""
    return (0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()
            and (text == "0" or text[0] != "0"))


def number(text: str, action: str, minimum: int = 0, maximum: int = 10**MAX_DIGITS - 1) -> int:
    """The canonical natural number ``text`` in ``minimum..maximum``; GameError naming the rule.
    (Games with their own range rule, e.g. kabu's price limits, check the range themselves.)"""
    if not text.isascii() or not text.isdigit():
        raise refuse("match.action.not_a_number", action=action[:60], token=text[:12])
    if len(text) > 1 and text[0] == "0":
        raise refuse("match.action.leading_zero", action=action[:60], token=text[:12])
    if len(text) > MAX_DIGITS or not minimum <= int(text) <= maximum:
        raise refuse("match.action.out_of_range", action=action[:60], token=text[:12], min=minimum, max=maximum)
    return int(text)


def not_canonical(action: str, token: str, canonical: str) -> GameError:
    """The error for a readable but non-canonical spelling (e.g. ``m`` for the code ``M``)."""
    return refuse("match.action.not_canonical", action=action[:60], token=token[:12], canonical=canonical)
