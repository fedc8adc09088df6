"""The view JSON (see VIEW.md) and the log text of actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygames.core import CHANCE, GameError

from .coins import COINS, FORKS_TO_END, coin, merge_gap
from .odds import end_chance
from .scoring import score
from .state import AUCTION, OVER, RECOVER, MottoState, lowest_choices

if TYPE_CHECKING:
    from .game import MottoGame


def _coin_label(cid: str | int) -> tuple[str, str]:
    c = coin(cid)
    if c.kind == "stable":
        return "ステーブルコイン", "stable coin"
    if c.kind == "fork":
        return f"No.{c.no} ハードフォーク", f"No.{c.no} HARD FORK"
    return f"No.{c.no}（価値{c.value}）", f"No.{c.no} (value {c.value})"


def _faces(faces: Any) -> str:
    return ",".join(str(f) for f in faces)


def build_view(s: MottoState) -> dict[str, Any]:
    """Everything is public in this game except the order of the deck and set-aside coins."""
    gap = merge_gap(s.n)
    standing = s.offers[s.high] if s.high is not None else None
    players = []
    for seat in range(s.n):
        coins = [dict(coin(cid).to_json(), dice=sorted(s.locked[seat].get(cid, ()), reverse=True))
                 for cid in s.holdings[seat]]
        offer = s.offers[seat]
        players.append({"seat": seat, "free": s.free[seat], "locked": s.locked_dice(seat), "coins": coins,
                        "passed": s.phase == AUCTION and s.passed[seat],
                        "offer": list(offer) if offer is not None and s.phase == AUCTION else None,
                        "projection": score(s.holdings[seat], s.locked[seat], gap)})
    recover = None
    if s.phase == RECOVER:
        who = s.pending[0]
        choices = lowest_choices(s, who)
        face = min(s.locked[who][choices[0]])
        recover = {"seat": who, "choices": choices, "face": face, "waiting": list(s.pending)}
    return {
        "seats": s.n, "dice_per_player": s.ndice, "merge_gap": gap, "phase": s.phase, "half": s.half,
        "turn": s.turn if s.phase == AUCTION else None, "opener": s.opener, "start_player": s.starter,
        "coin": coin(s.coin).to_json() if s.coin is not None else None,
        "standing": {"seat": s.high, "bid": list(standing)} if standing is not None else None,
        "players": players, "deck_size": len(s.deck), "revealed": list(s.revealed),
        "aside": sorted(s.aside), "aside_size": len(s.aside), "removed": list(s.removed),
        "supply_stables": len(s.supply), "forks_up": s.forks_up, "forks_to_end": FORKS_TO_END,
        "end_chance": round(end_chance(s), 4), "auctions": s.auctions, "recover": recover,
        "last": s.last, "end": s.end, "end_coin": s.end_coin,
        "coins": {cid: c.to_json() for cid, c in COINS.items()},
    }


def describe(game: "MottoGame", s: MottoState, seat: int, action: str) -> tuple[str, str]:
    """Japanese and English log text for ``action`` played from ``s`` (with what it caused, and
    the end of the game when it ends). The actor is not named: the log shows who acted."""
    try:
        after = game.apply(s, seat, action)
    except GameError:
        return action, action
    if seat == CHANCE and action.startswith("start "):
        k = int(action[6:])
        return f"抽選でスタートプレイヤーは{k}番に決まった", f"Drawn by lot: P{k} is the start player"
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
            w = last["winner"]
            ja += f" → {w + 1}番が{c_ja}を{_faces(last['bid'])}で落札"
            en += f" → P{w + 1} wins {c_en} with {_faces(last['bid'])}"
            if last.get("runner_coin"):
                r = last["runner"]
                ja += f"、{r + 1}番がステーブルコインを{_faces(last['runner_bid'])}で獲得"
                en += f"; P{r + 1} takes a stable coin with {_faces(last['runner_bid'])}"
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
