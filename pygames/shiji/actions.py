"""Action strings of 四時の札遊び: reading them (the shared strict grammar) and writing them."""

from __future__ import annotations

from typing import Any

from ..core.grammar import not_canonical, number, tokens
from .cards import CODES, parse_card
from .messages import refuse

VERBS = ("pick", "lead", "veil", "place", "take", "recover", "accept", "add")


def parse(action: Any) -> tuple[str, tuple[int, ...]]:
    """Split an action string into (verb, numbers); cards become kinds. GameError if unreadable."""
    if not isinstance(action, str) or len(action) > 40:
        raise refuse("shiji.action.syntax", str(action)[:40])
    parts = tokens(action)  # the shared grammar: ASCII, single spaces
    if not parts or parts[0] not in VERBS:
        raise refuse("shiji.action.syntax", action)
    verb, args = parts[0], parts[1:]
    out = []
    for a in args:
        if verb in ("veil", "recover"):
            if not a.isdigit() or len(a) > 3:
                raise refuse("shiji.action.syntax", action)
            out.append(number(a, action))
        else:
            k = parse_card(a)
            if k is None:
                raise refuse("shiji.action.syntax", action)
            if CODES[k] != a:  # an alias (m, S, 朝): only the code is recorded
                raise not_canonical(action, a, CODES[k])
            out.append(k)
    arity = {"pick": (1,), "lead": (2,), "veil": (1,), "place": (2, 3), "take": (1,), "recover": (1,), "accept": (0,),
             "add": (1,)}
    if len(out) not in arity[verb]:
        raise refuse("shiji.action.syntax", action)
    return verb, tuple(out)


def fmt_place(kinds: tuple[int, ...]) -> str:
    """Canonical text of a placement."""
    return "place " + " ".join(CODES[k] for k in kinds)


def lead_pairs(hand: tuple[int, ...]) -> list[tuple[int, int]]:
    """The 数字組 a hand can show for 先手決め."""
    nums = [k for k in range(10) if hand[k]]
    return [(a, b) for a in nums for b in nums if a != b or hand[a] >= 2]
