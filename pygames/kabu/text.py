"""Japanese and English labels: seasons, phases, progress and log lines."""

from __future__ import annotations

from typing import Any

from . import cards
from .state import OVER_PHASE, KabuState

SEASONS = (("spring", "春", "Spring"), ("summer", "夏", "Summer"), ("autumn", "秋", "Autumn"), ("winter", "冬", "Winter"))
ROLES = (("先攻", "First"), ("後攻", "Second"))
CIRCLED = {3: "③", 4: "④", 5: "⑤", 6: "⑥", 7: "⑦", 8: "⑧", 9: "⑨", 10: "⑩", 11: "清算", 12: "終了"}
MARK_EN = {**{n: mark for n, mark in CIRCLED.items() if n <= 10}, 11: "Liquidation", 12: "Duel over"}
"""The phase mark in English labels: the circled number, or a word where the Japanese mark is a word."""
PHASES = {3: ("基本給", "Salary"), 4: ("株価変動", "Price card"), 5: ("買い注文", "Buy orders"),
          6: ("売り注文", "Sell orders"), 7: ("決算", "Results (dividends)"), 8: ("イベント", "Event"),
          9: ("買い注文（イベント後）", "Buy orders (after event)"), 10: ("売り注文（イベント後）", "Sell orders (after event)"),
          11: ("清算", "Liquidation"), 12: ("終了", "Duel over")}
JUDGING_AFTER = {4, 5, 6, 8, 9, 10}
HANDS_JA = {"rock": "グー", "paper": "パー", "scissors": "チョキ"}


def phase_track() -> list[dict[str, Any]]:
    """The static tracker: phases ③–⑩ and 清算, with the judging points marked."""
    return [{"phase": n, "ja": PHASES[n][0], "en": PHASES[n][1], "mark": CIRCLED[n], "judging_after": n in JUDGING_AFTER}
            for n in range(3, 12)]


def turn_info(s: KabuState) -> dict[str, Any]:
    """Where the duel is: year, season, who is active, which phase."""
    t = min(s.turn, s.total_turns - 1)
    season = SEASONS[(t // 2) % 4]
    role = ROLES[t % 2]
    ph = CIRCLED[s.phase]
    year_ja = f"{t // 8 + 1}年目・" if s.years > 1 else ""
    year_en = f"Year {t // 8 + 1} · " if s.years > 1 else ""
    return {"index": s.turn, "total": s.total_turns, "year": t // 8 + 1, "season": season[0], "season_ja": season[1],
            "season_en": season[2], "active": t % 2, "active_ja": role[0], "active_en": role[1], "phase": s.phase,
            "phase_ja": PHASES[s.phase][0], "phase_en": PHASES[s.phase][1],
            "label_ja": f"{year_ja}{season[1]}・{role[0]} {ph}", "label_en": f"{year_en}{season[2]} · {role[1]} · {MARK_EN[s.phase]}"}


def name(card: str, lang: str) -> str:
    """A card's name in ``lang``."""
    cat = cards.catalog()
    for pool in ("stocks", "events", "tools"):
        if card in cat[pool]:
            return cat[pool][card][f"name_{lang}"]
    return card


def _sales(args: list[str], lang: str) -> str:
    pairs = list(zip(args[::2], args[1::2]))
    if lang == "ja":
        return "、".join(f"{name(i, 'ja')} {q[1:]}株" for i, q in pairs)
    return ", ".join(f"{q[1:]} × {name(i, 'en')}" for i, q in pairs)


def describe(s: KabuState, seat: int, action: str) -> tuple[str, str]:
    """Log text. Sealed entries (orders, janken picks) are not spelled out: the log is public."""
    tokens = action.split(" ")
    verb = tokens[0]
    if seat < 0:
        if verb == "price":
            value = tokens[1].replace("-", "\u2212")
            return f"株価変動カード {value}", f"Price card {value}"
        if verb == "event":
            return f"イベント「{name(tokens[1], 'ja')}」", f"Event: {name(tokens[1], 'en')}"
        if verb == "top":
            return "情報収集で相手の山札の一番上を確認", "Intelligence: the top of a deck was looked at"
        return action, action
    # No "先攻:" prefix: the shell shows the seat's name beside every log line and event.
    if verb in ("buy", "sell", "change", "cancel"):
        return "注文を入力（非公開）", "Entered an order (sealed)"
    if verb == "done":
        return "注文を確定", "Confirmed orders"
    if verb == "pass":
        return "ツールを使わない", "No tool"
    if verb == "janken":
        return "じゃんけんの手を決めた", "Chose a janken hand"
    if verb == "chart":
        value = tokens[1].replace("-", "\u2212")
        return f"チャート分析で {value} を選択", f"Chose price card {value}"
    if verb == "target":
        return f"対象は {name(tokens[1], 'ja')}", f"Targets {name(tokens[1], 'en')}"
    if verb == "liquidate":
        if tokens[1] == "auto":
            return "清算（自動）", "Liquidation (automatic)"
        return f"清算で {name(tokens[1], 'ja')} を1株売却", f"Liquidates 1 × {name(tokens[1], 'en')}"
    if verb == "tool" and len(tokens) >= 2:
        ja, en = name(tokens[1], "ja"), name(tokens[1], "en")
        if len(tokens) > 2:
            ja, en = ja + f"（{_sales(tokens[2:], 'ja')}）", en + f" ({_sales(tokens[2:], 'en')})"
        return ja, en
    return action, action


def progress(s: KabuState) -> dict[str, Any]:
    """For saved-match lists, e.g. 「夏・先攻 ⑤」; a duel over says how long it was (the list says 終了 itself)."""
    if s.phase == OVER_PHASE:
        years_en = f"{s.years} year" + ("s" if s.years > 1 else "")
        return {"turn": s.turn, "ja": f"{s.years}年・{s.total_turns}ターン", "en": f"{years_en}, {s.total_turns} turns"}
    info = turn_info(s)
    return {"turn": s.turn, "ja": info["label_ja"], "en": info["label_en"]}
