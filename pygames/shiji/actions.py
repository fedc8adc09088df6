"""Action strings of 四時の札遊び: reading them (the shared strict grammar), writing them and listing
the legal ones."""

from __future__ import annotations

from typing import Any

from ..core.grammar import not_canonical, number, tokens
from .cards import CODES, NUM_KINDS, parse_card
from . import rules as R
from ..core.errors import refuse
from .rules import lead_pairs
from .state import State

VERBS = ("pick", "lead", "veil", "place", "take", "recover", "accept", "add")


def parse(action: Any) -> tuple[str, tuple[int, ...]]:
    """Split an action string into (verb, numbers); cards become kinds. GameError if unreadable."""
    if not isinstance(action, str) or len(action) > 40:
        raise refuse("shiji.action.syntax", action=str(action)[:40])
    parts = tokens(action)  # the shared grammar: ASCII, single spaces
    if not parts or parts[0] not in VERBS:
        raise refuse("shiji.action.syntax", action=action)
    verb, args = parts[0], parts[1:]
    out = []
    for a in args:
        if verb in ("veil", "recover"):
            if not a.isdigit() or len(a) > 3:
                raise refuse("shiji.action.syntax", action=action)
            out.append(number(a, action))
        else:
            k = parse_card(a)
            if k is None:
                raise refuse("shiji.action.syntax", action=action)
            if CODES[k] != a:  # an alias (m, S, 朝): only the code is recorded
                raise not_canonical(action, a, CODES[k])
            out.append(k)
    arity = {"pick": (1,), "lead": (2,), "veil": (1,), "place": (2, 3), "take": (1,), "recover": (1,), "accept": (0,),
             "add": (1,)}
    if len(out) not in arity[verb]:
        raise refuse("shiji.action.syntax", action=action)
    return verb, tuple(out)


def fmt_place(kinds: tuple[int, ...]) -> str:
    """Canonical text of a placement."""
    return "place " + " ".join(CODES[k] for k in kinds)


def legal(s: State, seat: int) -> list[str]:
    """The legal actions of ``seat``, who is to move."""
    if s.tasks:
        kind = s.tasks[0][0]
        if kind == "take":
            return [f"take {CODES[k]}" for k in range(NUM_KINDS) if s.land[seat][k]]
        if kind == "recover":
            return [f"recover {i}" for i, (k, v, _) in enumerate(s.rows[seat]) if v and k >= 0]
        return ["place 0 0", "accept"]          # 解除
    if s.phase == "pick":
        return [f"pick {CODES[k]}" for k in range(NUM_KINDS) if s.land[seat][k]]
    if s.phase == "lead":
        return [f"lead {CODES[a]} {CODES[b]}" for a, b in lead_pairs(s.hand[seat])]
    adds = [f"add {CODES[k]}" for k in range(NUM_KINDS) if s.land[seat][k]] if R.can_add(s, seat) else []
    return [f"veil {p}" for p in s.veilable[seat]] + adds + [fmt_place(k) for k in R.placements(s, seat)]
