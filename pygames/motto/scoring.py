"""Bid strength and end-of-game scoring (pure functions on plain data)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from .coins import coin


def strength(faces: Iterable[int]) -> tuple[int, ...]:
    """Sort key of a bid: the count of 6s, then of 5s, ... then of 1s (higher is stronger)."""
    counts = [0] * 7
    for f in faces:
        counts[f] += 1
    return (counts[6], counts[5], counts[4], counts[3], counts[2], counts[1])


def beats(new: Sequence[int], old: Sequence[int] | None) -> bool:
    """True if bid ``new`` is strictly stronger than ``old`` (any non-empty bid beats no bid)."""
    return bool(new) and (old is None or strength(new) > strength(old))


def score(holdings: Sequence[str], locked: Mapping[str, Sequence[int]], gap: int) -> dict[str, Any]:
    """The end-of-game score of one player, step by step, in the published order:
    merge (price rise) -> MIN for stable coins and hard forks -> crash per stack.

    ``holdings``: the player's coin ids; ``locked``: coin id -> faces of the dice on it;
    ``gap``: the merge distance (3 with 3 players, 4 otherwise)."""
    normal = sorted((c for c in holdings if coin(c).kind == "coin"), key=lambda c: coin(c).value or 0)
    stacks: list[list[str]] = []
    for cid in normal:
        if stacks and (coin(cid).value or 0) - (coin(stacks[-1][-1]).value or 0) <= gap:
            stacks[-1].append(cid)
        else:
            stacks.append([cid])
    rows: list[dict[str, Any]] = []
    for stack in stacks:
        top = coin(stack[-1])
        assert top.value is not None  # normal coins have a value
        pips = sum(sum(locked.get(c, ())) for c in stack)
        dice = sorted((f for c in stack for f in locked.get(c, ())), reverse=True)
        rows.append({"coins": [coin(c).no for c in stack], "top": top.no, "value": top.value,
                     "count": len(stack), "points": top.value * len(stack), "dice": dice, "pips": pips,
                     "crash": top.crash, "loss": pips * top.crash})
    low = min((r["value"] for r in rows), default=0)
    specials: list[dict[str, Any]] = []
    for cid in holdings:
        c = coin(cid)
        if c.kind == "coin":
            continue
        faces = sorted(locked.get(cid, ()), reverse=True)
        specials.append({"id": cid, "no": c.no, "kind": c.kind, "multiplier": c.multiplier,
                         "points": low * (c.multiplier or 0), "dice": faces, "pips": sum(faces), "crash": c.crash,
                         "loss": sum(faces) * c.crash})
    merged = sum(r["points"] for r in rows)
    special_points = sum(s["points"] for s in specials)
    loss = sum(r["loss"] for r in rows) + sum(s["loss"] for s in specials)
    return {"stacks": rows, "min": low, "specials": specials, "merged_points": merged,
            "special_points": special_points, "positive": merged + special_points, "loss": loss,
            "total": merged + special_points + loss}
