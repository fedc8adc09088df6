"""The log text of 集大成将棋's actions in Japanese and English (``describe``)."""

from __future__ import annotations

from typing import Any

from pygames.core import CHANCE, GameError

from .cards import KIND_JA, NULLIFY
from .pieces import CODES, ENGLISH
from . import rules
from .rules import SEAT_EN
from .state import ShogiState


def _setup_fate(before: ShogiState, after: ShogiState | None, card: dict[str, Any] | None) -> tuple[str, str]:
    """What an opening draw did with its card, read from the state it led to (rules.play_setup_card decides):
    active, or discarded, with why (a カード無効化 is not used at the start; else a card of its kind was
    already active)."""
    if card is None or after is None:
        return "", ""
    if len(after.active) > len(before.active):  # (a card's copies share its id: count, do not look it up)
        return "：有効", " (now active)"
    kind = card["kind"]
    if kind == NULLIFY:
        return "：捨て札へ（開始時には使いません）", " (discarded: not used at the start)"
    return (f"：捨て札へ（{KIND_JA[kind]}のカードはもう有効）",
            f" (discarded: a {ENGLISH[CODES[kind]].lower()} card is already active)")


def describe(state: ShogiState, seat: int, action: str, after: ShogiState | None) -> tuple[str, str]:
    """(Japanese, English) text of ``action`` by ``seat`` from ``state``; ``after`` is the state a
    board move led to (its record names the move), None for a refused one."""
    if seat == CHANCE:
        cid = action[5:]
        card = state.rules.pool.get(cid)
        name = card["name"] if card else cid
        name_en = (card.get("name_en") or name) if card else cid
        if state.phase == "setup":
            try:  # the rule itself says what became of the card (a chance action has no ``after`` here)
                opened = rules.play_setup_card(state, action) if card else None
            except GameError:
                opened = None
            ja, en = _setup_fate(state, opened, card)
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
