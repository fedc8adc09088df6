"""The log text of 集大成将棋's actions in Japanese and English (``describe``)."""

from __future__ import annotations

from pygames.core import CHANCE

from .rules import SEAT_EN
from .state import ShogiState


def describe(state: ShogiState, seat: int, action: str, after: ShogiState | None) -> tuple[str, str]:
    """(Japanese, English) text of ``action`` by ``seat`` from ``state``; ``after`` is the state a
    board move led to (its record names the move), None for a refused one."""
    if seat == CHANCE:
        cid = action[5:]
        card = state.rules.pool.get(cid)
        name = card["name"] if card else cid
        name_en = (card.get("name_en") or name) if card else cid
        if state.phase == "setup":
            return f"開始時のカード「{name}」", f"Setup card: {name_en}"
        return f"ドローしたカード「{name}」", f"Card drawn: {name_en}"
    if action == "draw":
        return f"{'▲△'[seat]}ドロー", f"{SEAT_EN[seat]} draws"
    if action == "resign":
        return f"{'▲△'[seat]}投了", f"{SEAT_EN[seat]} resigns"
    if after is None:
        return action, action
    rec = after.record[-1] if after.record else None
    return (rec["ja"], rec["en"]) if rec else (action, action)
