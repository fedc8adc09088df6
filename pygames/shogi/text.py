"""The log text of 集大成将棋's actions in Japanese and English (``describe``)."""

from __future__ import annotations

from typing import Any

from pygames.core import CHANCE

from .cards import KIND_JA, NULLIFY
from .pieces import CODES, ENGLISH
from .rules import SEAT_EN
from .state import ShogiState


def _setup_fate(state: ShogiState, card: dict[str, Any] | None) -> tuple[str, str]:
    """What an opening draw does with its card (rules.play_setup_card): a new kind becomes active,
    anything else goes to the discard pile."""
    if card is None:
        return "", ""
    kind = card["kind"]
    if kind == NULLIFY:
        return "：捨て札へ（開始時には使いません）", " (discarded: not used at the start)"
    if any(state.rules.pool[c]["kind"] == kind for c in state.active):
        return (f"：捨て札へ（{KIND_JA[kind]}のカードはもう有効）",
                f" (discarded: a {ENGLISH[CODES[kind]].lower()} card is already active)")
    return "：有効", " (now active)"


def describe(state: ShogiState, seat: int, action: str, after: ShogiState | None) -> tuple[str, str]:
    """(Japanese, English) text of ``action`` by ``seat`` from ``state``; ``after`` is the state a
    board move led to (its record names the move), None for a refused one."""
    if seat == CHANCE:
        cid = action[5:]
        card = state.rules.pool.get(cid)
        name = card["name"] if card else cid
        name_en = (card.get("name_en") or name) if card else cid
        if state.phase == "setup":
            ja, en = _setup_fate(state, card)
            return f"開始時のカード「{name}」{ja}", f"Setup card: {name_en}{en}"
        return f"ドローしたカード「{name}」", f"Card drawn: {name_en}"
    if action == "draw":
        return f"{'▲△'[seat]}ドロー", f"{SEAT_EN[seat]} draws"
    if action == "resign":
        return f"{'▲△'[seat]}投了", f"{SEAT_EN[seat]} resigns"
    if action == "declare":
        return f"{'▲△'[seat]}入玉宣言", f"{SEAT_EN[seat]} declares a win (entering king)"
    if action == "timeout":
        return f"{'▲△'[seat]}時間切れ", f"{SEAT_EN[seat]}: time up"
    if after is None:
        return action, action
    rec = after.record[-1] if after.record else None
    return (rec["ja"], rec["en"]) if rec else (action, action)
