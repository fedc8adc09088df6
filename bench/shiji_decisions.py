"""Decision times of each bot level over seeded games (CPython): mean, 95th percentile, max.

Usage: python bench/shiji_decisions.py [games=20]
"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import bot_choice, playout  # noqa: E402
from pygames.shiji import GAME  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    times: dict[str, list[float]] = {"easy": [], "normal": [], "hard": []}
    for seed in range(games):
        levels = ("hard", "normal") if seed % 2 == 0 else ("normal", "hard")
        if seed % 3 == 0:
            levels = ("easy", "hard") if seed % 2 == 0 else ("hard", "easy")
        choose = bot_choice(GAME, levels, seed)

        def timed(s, seat: int, decision: int) -> str:
            t = time.perf_counter()
            action = choose(s, seat, decision)
            if s.phase == "play" and not s.tasks:
                times[levels[seat]].append(time.perf_counter() - t)
            return action

        playout(GAME, GAME.initial_state(GAME.normalize_options({}, 2), 2), timed, Rng.derive(seed, "chance"))
    for level, ts in times.items():
        ts.sort()
        if ts:
            print(f"{level:>6}: {len(ts)} placement decisions, mean {sum(ts) / len(ts) * 1000:.1f} ms, "
                  f"p95 {ts[int(len(ts) * 0.95)] * 1000:.1f} ms, max {ts[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
