"""詰み札 generator: random open-hand positions kept when exactly one first placement wins.

Run as a script: ``python -m pygames.shiji.puzzlegen [per_level=12] [seed=1]`` writes
``pygames/shiji/data/puzzles.json``. Positions are built from a full set per seat: small hands,
small lands, the rest laid in the market rows as earlier shells; seat 0 is to move. The level is
the proven depth (own placements to a forced win): 1 易しい, 2 普通, 3 難しい.
"""

from __future__ import annotations

import json
import pathlib
import sys
import time
from typing import Any

from ..core import Rng
from .cards import CODES, FULL_SET, NUM_KINDS, is_number
from .position import check_position, state_from_position
from .solver import Solver, TooBig

NODE_BUDGET = 60_000
"""Positions whose proof needs more search nodes are skipped."""

LEVELS = (1, 2, 3)


def random_position(rng: Rng) -> dict[str, Any]:
    """A random full-set position with seat 0 to move."""
    hands, lands, rows = [], [], []
    for seat in (0, 1):
        cards = [k for k in range(NUM_KINDS) for _ in range(FULL_SET[k])]
        cards.remove(0)  # the merchant
        rng.shuffle(cards)
        hand_n = rng.randint(2, 6) if seat == 0 else rng.randint(2, 6)
        land_n = rng.randint(0, 3)
        hand, land, rest = cards[:hand_n], cards[hand_n:hand_n + land_n], cards[hand_n + land_n:]
        # rows end with a number shell so that the value to beat is a real number
        nums = [i for i, k in enumerate(rest) if is_number(k)]
        a, b = nums[-1], nums[-2]
        tail = [rest[b], rest[a]]
        body = [k for i, k in enumerate(rest) if i not in (a, b)]
        veil = [("~" if rng.random() < 0.5 and is_number(k) else "") + CODES[k] for k in body]
        hands.append([CODES[k] for k in hand])
        lands.append([CODES[k] for k in land])
        rows.append(veil + [CODES[k] for k in tail])
    last = rows[1][-2:]
    to_beat = int(last[0]) * 10 + int(last[1])
    star = rng.choice(["balanced", "M", "D", "E", "N", "panic"])
    reverse = star in ("N", "panic") and rng.random() < 0.8
    return check_position({"hands": hands, "lands": lands, "rows": rows, "merchant": [True, True], "turn": 0,
                           "to_beat": to_beat, "reverse": reverse, "star": star})


def write(puzzles: list[dict[str, Any]]) -> pathlib.Path:
    """Store puzzles in data/puzzles.json."""
    out = pathlib.Path(__file__).parent / "data" / "puzzles.json"
    out.write_text(json.dumps({"format": "shiji.puzzles", "version": 1, "puzzles": puzzles},
                              ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return out


def generate(per_level: int, seed: int, budget_s: float = 3600.0) -> list[dict[str, Any]]:
    """Puzzles with exactly one winning first placement, ``per_level`` at each depth in LEVELS."""
    from . import GAME
    rng = Rng.derive(seed, "puzzles")
    found: dict[int, list[dict[str, Any]]] = {lv: [] for lv in LEVELS}
    start = time.time()
    tries = 0
    while any(len(v) < per_level for v in found.values()) and time.time() - start < budget_s:
        tries += 1
        pos = random_position(rng)
        s = state_from_position(pos)
        if s.result is not None or not GAME.legal_actions(s, 0):
            continue
        solver = Solver(GAME, NODE_BUDGET)
        try:
            depth = solver.depth(s, 0, max(LEVELS))
            if depth is None or len(found[depth]) >= per_level:
                continue
            moves = solver.winning_moves(s, 0, depth)
            if len(moves) != 1 or not moves[0].startswith("place"):
                continue
            line = solver.line(s, 0, depth)
        except TooBig:
            continue
        found[depth].append({"id": f"L{depth}-{len(found[depth]) + 1:02d}", "level": depth, "depth": depth,
                             "position": pos, "answer": moves[0],
                             "line": [f"{seat}:{a}" for seat, a in line], "nodes": solver.nodes})
        print(f"level {depth}: {len(found[depth])} (tries {tries}, {time.time() - start:.0f} s)", flush=True)
        write([p for lv in LEVELS for p in found[lv]])
    return [p for lv in LEVELS for p in found[lv]]


def main() -> None:
    per_level = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    puzzles = generate(per_level, seed)
    out = write(puzzles)
    print(f"wrote {len(puzzles)} puzzles to {out}")


if __name__ == "__main__":
    main()
