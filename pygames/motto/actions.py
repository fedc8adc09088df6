"""Action strings of モットコイン: reading them and listing the legal ones."""

from __future__ import annotations

from typing import Any

from pygames.core.grammar import is_number

from . import state as st
from .bids import canonical, stronger_bids
from . import messages  # noqa: F401  (registers the catalogue)
from pygames.core.errors import refuse
from .state import RECOVER, MottoState


def parse(action: str) -> tuple[str, Any]:
    """A bidding action as ``("pass", None)`` or ``("bid", faces)``; GameError otherwise."""
    if action == "pass":
        return "pass", None
    if action.startswith("bid "):
        return "bid", parse_bid(action)
    raise refuse("motto.bad_action", action=action[:40])


def parse_bid(action: str) -> tuple[int, ...]:
    """Faces of ``bid 6,6,1``; GameError if malformed or not in canonical (high-to-low) order."""
    body = action[4:]
    parts = body.split(",") if body else []
    if not parts or len(parts) > 12 or not all(is_number(p) and len(p) == 1 for p in parts):
        raise refuse("motto.bid.syntax", action=action[:40])
    faces = tuple(int(p) for p in parts)
    if not all(1 <= f <= 6 for f in faces):
        raise refuse("motto.bid.bad_face", action=action[:40])
    if canonical(faces) != action:
        raise refuse("motto.bid.not_canonical", canonical=canonical(faces))
    return faces


def legal(s: MottoState, seat: int) -> list[str]:
    """The legal actions of ``seat`` (the protocol has checked that it is to move)."""
    if s.phase == RECOVER:
        return [f"recover {cid}" for cid in st.lowest_choices(s, seat)]
    standing = s.offers[s.high] if s.high is not None else None
    return ["pass", *stronger_bids(s.free[seat], standing)]
