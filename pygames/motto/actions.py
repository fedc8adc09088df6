"""Action strings of モットコイン: reading them and listing the legal ones."""

from __future__ import annotations

from typing import Any

from pygames.core.grammar import is_number

from . import state as st
from .bids import canonical, stronger_bids
from .messages import err
from .state import RECOVER, MottoState


def parse(action: str) -> tuple[str, Any]:
    """A bidding action as ``("pass", None)`` or ``("bid", faces)``; GameError otherwise."""
    if action == "pass":
        return "pass", None
    if action.startswith("bid "):
        return "bid", parse_bid(action)
    raise err("bad_action", f"「{action[:30]}」という手はありません（書き方は bid 6,5 か pass）",
              f"There is no action '{action[:30]}' (write bid 6,5 or pass)", action=action[:40])


def parse_bid(action: str) -> tuple[int, ...]:
    """Faces of ``bid 6,6,1``; GameError if malformed or not in canonical (high-to-low) order."""
    body = action[4:]
    parts = body.split(",") if body else []
    if not parts or len(parts) > 12 or not all(is_number(p) and len(p) == 1 for p in parts):
        raise err("bid.syntax", "入札は「bid 6,6,1」のように目をカンマで区切って書きます",
                  "Write a bid as 'bid 6,6,1': the faces separated by commas", action=action[:40])
    faces = tuple(int(p) for p in parts)
    if not all(1 <= f <= 6 for f in faces):
        raise err("bid.bad_face", "ダイスの目は1〜6です", "Dice faces are 1 to 6", action=action[:40])
    if canonical(faces) != action:
        raise err("bid.not_canonical", f"目は大きい順に書いてください（{canonical(faces)}）",
                  f"List the faces from high to low: {canonical(faces)}", canonical=canonical(faces))
    return faces


def legal(s: MottoState, seat: int) -> list[str]:
    """The legal actions of ``seat`` (the protocol has checked that it is to move)."""
    if s.phase == RECOVER:
        return [f"recover {cid}" for cid in st.lowest_choices(s, seat)]
    standing = s.offers[s.high] if s.high is not None else None
    return ["pass", *stronger_bids(s.free[seat], standing)]
