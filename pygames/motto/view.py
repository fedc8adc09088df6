"""The view JSON of モットコイン (see VIEW.md)."""

from __future__ import annotations

from typing import Any

from .coins import COINS, FORKS_TO_END, coin, merge_gap
from .odds import end_chance
from .scoring import score
from .state import AUCTION, RECOVER, MottoState, lowest_choices


def build(s: MottoState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees: everything is public in this game except the order
    of the deck and set-aside coins, so every seat sees the same."""
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
