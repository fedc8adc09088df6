"""Bot ladder for モットコイン: mixed tables at 3, 4 and 5 seats, seats rotated.

Each table seats the three levels (plus repeats at 4-5 seats), rotated over games; prints each
level's win share (shared wins split) with a 95% Wilson interval, and the time per decision.

    python bench/motto_ladder.py [games_per_table=300]
"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import bot_choice, playout  # noqa: E402
from pygames.motto import GAME
from stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

LEVELS = GAME.bot_levels


def table(n: int, game_no: int) -> list[str]:
    """Levels by seat: each level once, then repeats cycling; rotated by the game number."""
    base = [LEVELS[i % len(LEVELS)] for i in range(n)]
    k = game_no % n
    return base[k:] + base[:k]


def play(n: int, seed: int, levels: list[str], clock: dict[str, list[float]]) -> list[float]:
    """One game; the share of the win each seat earned (1/k for a k-way tie)."""
    choose = bot_choice(GAME, levels, seed)

    def timed(s, seat: int, decision: int) -> str:
        start = time.perf_counter()
        action = choose(s, seat, decision)
        clock.setdefault(levels[seat], []).append(time.perf_counter() - start)
        return action

    s, _ = playout(GAME, GAME.initial_state({}, n), timed, Rng.derive(seed, "chance"))
    winners = GAME.outcome(s).winners
    return [1 / len(winners) if i in winners else 0.0 for i in range(n)]




def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    clock: dict[str, list[float]] = {}
    for n in (3, 4, 5):
        wins = {lv: 0.0 for lv in LEVELS}
        seats = {lv: 0 for lv in LEVELS}
        for g in range(games):
            levels = table(n, g)
            share = play(n, 10_000 * n + g, levels, clock)
            for seat, lv in enumerate(levels):
                wins[lv] += share[seat]
                seats[lv] += 1
        print(f"{n} seats, {games} games (fair share {1 / n:.3f} per seat):")
        for lv in LEVELS:
            lo, hi = wilson(wins[lv], seats[lv])
            print(f"  {lv:7s} win share per seat {wins[lv] / seats[lv]:.3f}  95% CI [{lo:.3f}, {hi:.3f}]"
                  f"  ({seats[lv]} seat-games)")
        sys.stdout.flush()
    for lv in LEVELS:
        t = sorted(clock[lv])
        print(f"decision time {lv:7s}: mean {1000 * sum(t) / len(t):.2f} ms, "
              f"p99 {1000 * t[int(0.99 * (len(t) - 1))]:.2f} ms, max {1000 * t[-1]:.2f} ms")


if __name__ == "__main__":
    main()
