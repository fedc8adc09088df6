"""The log texts of 四時の札遊び's actions in Japanese and English (``describe``)."""

from __future__ import annotations

from typing import Any

from . import rules as R
from .cards import NAMES_EN, NAMES_JA, is_number, parse_card
from ..core.messages import seat_name
from .state import State


def _cards_text(kinds: list[int]) -> tuple[str, str]:
    return "・".join(NAMES_JA[k] for k in kinds), "·".join(NAMES_EN[k] for k in kinds)


def describe(s: State, seat: int, action: str) -> tuple[str, str]:
    """Japanese and English log text of ``action`` by ``seat`` from ``s`` (hidden picks stay hidden)."""
    parts = action.split()
    verb = parts[0] if parts else ""
    if seat == -1:
        if verb == "first":
            n = int(parts[1])
            return f"乱数で{seat_name(n)[0]}が先に出します", f"Drawn by lot: {seat_name(n)[1]} plays first"
        n = int(parts[1])
        return f"{seat_name(n)[0]}が山札から１枚引きました", f"{seat_name(n)[1]} drew a card"
    # No seat-name prefix on a seat's own action: the shell names the seat beside each log line.
    if verb == "pick":
        return "土地から手札を１枚選びました", "Chose an opening card"
    if verb == "lead":
        return "先手決めの数字組を選びました", "Chose a pair to decide who leads"
    if verb == "take":
        kind = parse_card(parts[1]) if len(parts) > 1 else None
        if s.rules.open_hands and kind is not None:   # 詰み札: everything is open
            return f"土地から{NAMES_JA[kind]}を手札に加えました", f"Took {NAMES_EN[kind]} from land"
        return "土地から１枚手札に加えました", "Added a land card to hand"
    if verb == "veil":
        return f"ヴェール（{parts[1]}番の札を裏返し）", f"Veiled card #{parts[1]}"
    if verb == "recover":
        return "ヴェールした札を１枚回収", "Recovered a veiled card"
    if verb == "accept":
        return "雷霆を認めました", "Accepted the thunder"
    if verb == "place":
        kinds = [parse_card(p) for p in parts[1:]]
        if None in kinds:
            return action, action
        ja, en = _cards_text(kinds)  # type: ignore[arg-type]
        value = R.shell_value(tuple(kinds))  # type: ignore[arg-type]
        if len(kinds) == 3:
            return f"雷霆 {ja}（100）", f"Thunder {en} (100)"
        if s.tasks and s.tasks[0][0] == "kaijo":
            return "解除 00", "Cancel with 00"
        # a 00 pair (inside the shell or with the row's last 0) sets the stars free and the order ascending:
        # said, or a 夕 just after a 朝 reads as a broken 運行の原則
        zero = R.forms_zero_pair(s, seat, tuple(kinds))  # type: ignore[arg-type]
        pair_ja, pair_en = ("00の双札で平衡状態", "a 00 pair: stars balanced") if zero else ("", "")
        if all(is_number(k) for k in kinds):  # type: ignore[arg-type]
            return (f"数字組 {ja}（値 {value:02d}{'、' + pair_ja if zero else ''}）",
                    f"Number shell {en} (value {value:02d}{'; ' + pair_en if zero else ''})")
        kind_ja, kind_en = ("恐慌組", "Panic shell") if 14 in kinds else ("星組", "Star shell")
        return (f"{kind_ja} {ja}{f'（{pair_ja}）' if zero else ''}", f"{kind_en} {en}{f' ({pair_en})' if zero else ''}")
    return action, action


DEAL = 6
"""Cards each seat draws from the deck before 先手決め in 山札 mode (see ``Shiji.initial_state``)."""
DEAL_TEXT = (f"配札：山札からそれぞれ{DEAL}枚", f"The deal: {DEAL} cards each from the deck")


def is_deal(entry: dict[str, Any]) -> bool:
    """A log entry of the opening deal: one of the first ``2 * DEAL`` actions, a chance draw."""
    return entry["seat"] == -1 and str(entry["action"]).startswith("draw ") and entry["ply"] <= 2 * DEAL


def summarize_events(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events strip's entries with the opening deal (twelve draws) told as one line."""
    out: list[dict[str, Any]] = []
    for entry in entries:
        if is_deal(entry):
            if out and out[-1].get("action") == "deal":
                out[-1] = {**out[-1], "ply": entry["ply"]}
                continue
            entry = {"ply": entry["ply"], "seat": -1, "action": "deal", "ja": DEAL_TEXT[0], "en": DEAL_TEXT[1]}
        out.append(entry)
    return out
