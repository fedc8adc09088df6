"""詰み札 generator: reachable open-hand positions kept when exactly one first action wins.

Run as a script: ``python -m pygames.shiji.puzzlegen [per_level=12] [seed=1] [budget_s=1800]``
writes ``pygames/shiji/data/puzzles.json``. A position is built as a match could leave it: each
seat's full set split into a small hand, a small land and whole shells in the market row (stars
and 恐慌 paired with a number card, 恐慌 only with its merchant taken); the star state and order
come from the last star or 恐慌 placed, the value to beat from the opponent's last shell. Every
position passes :func:`position.check_position`. The level is the proven depth (own placements
to a forced win under the default rules): 1 易しい, 2 普通, 3 難しい.
"""

from __future__ import annotations

import json
import pathlib
import sys
import time
from typing import Any

from ..core import GameError, Rng
from . import GAME
from .cards import CODES, FULL_SET, NIGHT, NUM_KINDS, PANIC, STARS, is_number, next_star
from .position import check_position, state_from_position
from .solver import Solver, TooBig

NODE_BUDGET = 30_000
"""Positions whose proof needs more search nodes are skipped (the tests prove each one again)."""
LEVELS = (1, 2, 3)


def _shells(rng: Rng, cards: list[int]) -> list[list[int]] | None:
    """Whole shells from ``cards``: each star or 恐慌 with a number (or two stars in cycle order)."""
    specials = [k for k in cards if not is_number(k)]
    numbers = [k for k in cards if is_number(k)]
    rng.shuffle(specials)
    rng.shuffle(numbers)
    shells: list[list[int]] = []
    while specials:
        k = specials.pop()
        partner = next((j for j in specials if k in STARS and j == next_star(k)), None)
        if partner is not None and rng.random() < 0.3:
            specials.remove(partner)
            shells.append([k, partner])
            continue
        if not numbers:
            return None
        n = numbers.pop()
        shells.append([k, n] if rng.random() < 0.5 else [n, k])
    if len(numbers) % 2:
        return None
    shells += [[numbers[i], numbers[i + 1]] for i in range(0, len(numbers), 2)]
    rng.shuffle(shells)
    return shells


def random_position(rng: Rng) -> dict[str, Any] | None:
    """A random reachable position with seat 0 to move, or None when the draw did not fit."""
    split = []
    for _seat in (0, 1):
        cards = [k for k in range(NUM_KINDS) for _ in range(FULL_SET[k])]
        cards.remove(0)                     # the merchant
        rng.shuffle(cards)
        hand_n, land_n = rng.randint(2, 6), rng.randint(0, 3)
        hand, land, rest = cards[:hand_n], cards[hand_n:hand_n + land_n], cards[hand_n + land_n:]
        merchant = PANIC not in rest
        if not merchant:
            hand.append(0)                  # 交換: the merchant 0 went to hand when 恐慌 was placed
        split.append((hand, land, rest, merchant))
    n0, n1 = len(split[0][2]) // 2, len(split[1][2]) // 2
    if len(split[0][2]) % 2 or len(split[1][2]) % 2 or n1 - n0 not in (0, 1):
        return None
    rows, shells_of = [], []
    for seat in (0, 1):
        shells = _shells(rng, split[seat][2])
        if shells is None:
            return None
        shells_of.append(shells)
    # the opponent's last shell is usually a number shell (a real value to beat)
    last = shells_of[1][-1]
    if not all(is_number(k) for k in last) and rng.random() < 0.7:
        numbered = [i for i, sh in enumerate(shells_of[1]) if all(is_number(k) for k in sh)]
        if numbered:
            i = numbered[-1]
            shells_of[1][i], shells_of[1][-1] = shells_of[1][-1], shells_of[1][i]
    for seat in (0, 1):
        cells = [k for sh in shells_of[seat] for k in sh]
        keep_up = len(cells) - 2 if seat == 1 else len(cells)     # the opponent's last shell stays face up
        rows.append([("~" if i < keep_up and is_number(k) and k != 0 and rng.random() < 0.35 else "") + CODES[k]
                     for i, k in enumerate(cells)])
    # star state: the last star or 恐慌 of one row (the opponent's, if its last shell holds one)
    last1 = shells_of[1][-1]
    special: int | None
    if not all(is_number(k) for k in last1):
        special = [k for k in last1 if not is_number(k)][-1]
    else:
        ends = [next((k for k in reversed([c for sh in shells_of[s] for c in sh]) if not is_number(k)), None)
                for s in (0, 1)]
        choices = [k for k in ends if k is not None]
        special = rng.choice(choices) if choices else None
    star = "balanced" if special is None else "panic" if special == PANIC else CODES[special]
    to_beat = last1[0] * 10 + last1[1] if all(is_number(k) for k in last1) else None
    pos = {"hands": [[CODES[k] for k in split[s][0]] for s in (0, 1)],
           "lands": [[CODES[k] for k in split[s][1]] for s in (0, 1)], "rows": rows,
           "merchant": [split[0][3], split[1][3]], "turn": 0, "to_beat": to_beat,
           "reverse": star in ("panic", CODES[NIGHT]), "star": star}
    try:
        return check_position(pos)
    except GameError:
        return None


def write(puzzles: list[dict[str, Any]]) -> pathlib.Path:
    """Store puzzles in data/puzzles.json."""
    out = pathlib.Path(__file__).parent / "data" / "puzzles.json"
    out.write_text(json.dumps({"format": "shiji.puzzles", "version": 2, "rules": "default",
                               "puzzles": puzzles}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return out


def generate(per_level: int, seed: int, budget_s: float = 1800.0) -> list[dict[str, Any]]:
    """Puzzles with exactly one winning first action (a placement), ``per_level`` at each depth."""
    rng = Rng.derive(seed, "puzzles")
    found: dict[int, list[dict[str, Any]]] = {lv: [] for lv in LEVELS}
    seen: set[str] = set()
    start = time.time()
    tries = 0
    while any(len(v) < per_level for v in found.values()) and time.time() - start < budget_s:
        tries += 1
        pos = random_position(rng)
        if pos is None:
            continue
        key = json.dumps(pos, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        s = state_from_position(pos)
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
    budget = float(sys.argv[3]) if len(sys.argv) > 3 else 1800.0
    puzzles = generate(per_level, seed, budget)
    out = write(puzzles)
    print(f"wrote {len(puzzles)} puzzles to {out}")


if __name__ == "__main__":
    main()
