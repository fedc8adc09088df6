"""The one grammar of action strings, shared by every game's parser.

An action is printable ASCII words separated by single spaces, with no space before or after
and at most :data:`MAX_ACTION_CHARS` characters; a number in it is ASCII digits without leading
zeros (``0`` itself excepted). Only such canonical strings are ever recorded: anything else is
refused with a ``match.action.*`` error that names the broken rule, so a fullwidth ``１２``, a
``②``, a stray newline or ``007`` never reaches a game's rules (nor a Python exception).
"""

from __future__ import annotations

from typing import Any

from .errors import GameError

MAX_ACTION_CHARS = 200
"""The longest action any game writes (kabu's multi-issue sale is the longest, well below)."""
MAX_DIGITS = 9
"""No number in an action is longer: a bigger one is refused before ``int`` sees it."""


def _refuse(rule: str, ja: str, en: str, action: str, **params: Any) -> GameError:
    return GameError(f"match.action.{rule}", f"手の書き方が違います: {ja}", f"Malformed action: {en}",
                     action=action[:60], **params)


def check_action(action: Any) -> str:
    """``action`` if it is a canonical action string, else GameError naming the broken rule."""
    if not isinstance(action, str):
        raise GameError("match.bad_action", "手が文字列ではありません", "The action is not a string")
    if not action:
        raise _refuse("empty", "空の手です", "the action is empty", action)
    if len(action) > MAX_ACTION_CHARS:
        raise _refuse("too_long", f"{MAX_ACTION_CHARS}文字までです（{len(action)}文字）",
                      f"at most {MAX_ACTION_CHARS} characters ({len(action)} given)", action, length=len(action))
    for ch in action:
        if not " " <= ch <= "~":
            raise _refuse("not_ascii", f"半角英数字と記号だけで書きます（U+{ord(ch):04X}「{_shown(ch)}」は使えません）",
                          f"only ASCII letters, digits and signs (U+{ord(ch):04X} '{_shown(ch)}' is not allowed)",
                          action, char=f"U+{ord(ch):04X}")
    if action[0] == " " or action[-1] == " " or "  " in action:
        raise _refuse("spaces", "語と語の間は半角スペース1つで、前後に空白は入れません",
                      "words are separated by single spaces, with none before or after", action)
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
        raise _refuse("not_a_number", f"「{text[:12]}」は半角数字の数ではありません",
                      f"'{text[:12]}' is not a number in ASCII digits", action, token=text[:12])
    if len(text) > 1 and text[0] == "0":
        raise _refuse("leading_zero", f"数の頭に0は付けません（{text[:12]}）",
                      f"numbers have no leading zeros ({text[:12]})", action, token=text[:12])
    if len(text) > MAX_DIGITS or not minimum <= int(text) <= maximum:
        raise _refuse("out_of_range", f"数は{minimum}〜{maximum}です（{text[:12]}）",
                      f"numbers here are {minimum}-{maximum} ({text[:12]})", action, token=text[:12],
                      min=minimum, max=maximum)
    return int(text)


def not_canonical(action: str, token: str, canonical: str) -> GameError:
    """The error for a readable but non-canonical spelling (e.g. ``m`` for the code ``M``)."""
    return _refuse("not_canonical", f"「{token[:12]}」ではなく「{canonical}」と書きます",
                   f"write '{canonical}', not '{token[:12]}'", action, token=token[:12], canonical=canonical)


def _shown(ch: str) -> str:
    """A character as it can be shown in a message (control characters as their code)."""
    return ch if ch.isprintable() else f"\\u{ord(ch):04x}"
