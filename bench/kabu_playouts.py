"""Thousands of seeded random 株式デュエル duels with every invariant checked after every action.

Prints how many duels ran, which features they exercised, and the cost of apply/view calls.
Usage: python bench/kabu_playouts.py [duels=2000]
"""

from __future__ import annotations

import pathlib
import sys
import time
from collections import Counter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pygames.core import CHANCE, Rng  # noqa: E402
from pygames.core.playout import playout  # noqa: E402
from pygames.kabu import GAME, bots, cards  # noqa: E402
from tests.engines.kabu.test_invariants import check_invariants  # noqa: E402

DECKS = sorted(cards.catalog()["decks"])


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seen: Counter[str] = Counter()
    apply_t = view_t = 0.0
    applies = views = 0
    start = time.perf_counter()
    for seed in range(n):
        rng = Rng.derive(seed, "bench-playout")
        years = 1 + seed % 3 if seed % 5 == 0 else 1
        opts = GAME.normalize_options({"years": years, "deck0": DECKS[seed % 4], "deck1": DECKS[(seed // 4) % 4]}, 2)
        s = GAME.initial_state(opts, 2)

        def choose(s, seat: int, decision: int) -> str:
            return bots.random_action(s, seat, GAME.legal_actions(s, seat), rng)

        def on_step(before, seat: int, action: str, s) -> None:
            nonlocal applies, view_t, views
            applies += 1
            if applies % 7 == 0:
                t0 = time.perf_counter()
                GAME.view(s, seat if seat != CHANCE else 0)
                view_t += time.perf_counter() - t0
                views += 1
            check_invariants(s)
            words = action.split(" ")
            seen[words[0] + (" " + words[1] if words[0] == "tool" else "")] += 1

        t0 = time.perf_counter()
        s, _ = playout(GAME, s, choose, rng, seat_rng=rng, on_step=on_step)
        apply_t += time.perf_counter() - t0  # the whole playout: choices, applies and checks
        seen["bankrupt"] += s.bankrupt is not None
        for f in s.fills:
            seen[f"fill {f['how']} {f['point']}"] += 1
    print(f"{n} duels, every invariant held after {applies} actions ({time.perf_counter() - start:.0f} s)")
    print(f"step {1000 * (apply_t - view_t) / applies:.2f} ms mean (choice, apply and invariant checks), "
          f"view {1000 * view_t / max(views, 1):.2f} ms mean")
    print("exercised:", ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))


if __name__ == "__main__":
    main()
