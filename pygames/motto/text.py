"""The log text of モットコイン's actions in Japanese and English."""

from __future__ import annotations

from typing import Any

from pygames.core import CHANCE
from pygames.core.messages import seat_name

from .coins import coin
from .state import AUCTION, OVER, MottoState


def _coin_label(cid: str | int) -> tuple[str, str]:
    c = coin(cid)
    if c.kind == "stable":
        return "ステーブルコイン", "stable coin"
    if c.kind == "fork":
        return f"No.{c.no} ハードフォーク", f"No.{c.no} HARD FORK"
    return f"No.{c.no}（価値{c.value}）", f"No.{c.no} (value {c.value})"


def _faces(faces: Any) -> str:
    return ",".join(str(f) for f in faces)


def describe(s: MottoState, seat: int, action: str, after: MottoState | None) -> tuple[str, str]:
    """Japanese and English log text for ``action`` played from ``s`` (with what it caused, and
    the end of the game when it ends); ``after`` is the state it led to (None: it was refused).
    The actor is not named: the log shows who acted."""
    if after is None:
        return action, action
    if seat == CHANCE and action.startswith("start "):
        k_ja, k_en = seat_name(int(action[6:]) - 1)
        return f"抽選でスタートプレイヤーは{k_ja}に決まった", f"Drawn by lot: {k_en} is the start player"
    if seat == CHANCE:
        ja, en = _coin_label(action[5:])
        ja, en = f"{ja}をめくった", f"Revealed {en}"
    elif action == "pass":
        ja, en = "ハードパス", "hard pass"
    elif action.startswith("bid "):
        ja, en = f"{action[4:]} で入札", f"bids {action[4:]}"
    else:
        c_ja, c_en = _coin_label(action[8:])
        ja, en = f"{c_ja}から最小のダイスを回収", f"recovers the lowest die from {c_en}"
    last = after.last
    if s.phase == AUCTION and after.phase != AUCTION and last:
        c_ja, c_en = _coin_label(last["coin"])
        if last["kind"] == "sale":
            w_ja, w_en = seat_name(last["winner"])
            ja += f" → {w_ja}が{c_ja}を{_faces(last['bid'])}で落札"
            en += f" → {w_en} wins {c_en} with {_faces(last['bid'])}"
            if last.get("runner_coin"):
                r_ja, r_en = seat_name(last["runner"])
                ja += f"、{r_ja}がステーブルコインを{_faces(last['runner_bid'])}で獲得"
                en += f"; {r_en} takes a stable coin with {_faces(last['runner_bid'])}"
        else:
            ja += f" → 全員パス。{c_ja}は除外、全員のダイス−1"
            en += f" → all passed; {c_en} leaves the game, everyone's dice −1"
    if after.phase == OVER and s.phase != OVER:
        if after.end == "fork":
            ja += "。4枚目のハードフォークでゲーム終了"
            en += ". The 4th hard fork ends the game"
        else:
            ja += "。競りにかけるコインがなくなりゲーム終了"
            en += ". No coins are left: the game is over"
    return ja, en
