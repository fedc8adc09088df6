"""Thousands of seeded random 四時の札遊び games with the invariant checks of the tests.

Usage: python bench/shiji_playouts.py [games=3000]
Prints games per second and how games ended, per option set.
"""

from __future__ import annotations

import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engines.shiji.test_invariants import OPTION_SETS, random_game  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    per = max(1, games // len(OPTION_SETS))
    for options in OPTION_SETS:
        start = time.time()
        reasons: dict[str, int] = {}
        plies = 0
        for seed in range(per):
            log, s = random_game(10_000 + seed, options)
            plies += len(log)
            reasons[s.result[1]] = reasons.get(s.result[1], 0) + 1
        spent = time.time() - start
        print(f"{str(options):45} {per} games, {plies / per:.0f} plies/game, {per / spent:.0f} games/s, {reasons}",
              flush=True)


if __name__ == "__main__":
    main()
