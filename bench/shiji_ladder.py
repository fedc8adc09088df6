"""Bot ladder for 四時の札遊び: each pairing of levels over N seeded games, seats swapped.

Usage: python bench/shiji_ladder.py [games_per_pairing=500] [workers=2]
Prints win rates (draws count half) with 95% Wilson intervals and decision times.
"""

from __future__ import annotations

import pathlib
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import bot_choice, playout  # noqa: E402
from pygames.shiji import GAME  # noqa: E402
from stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

PAIRINGS = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))


def play(args: tuple[int, str, str]) -> tuple[float, float, int, str]:
    """One game: ``upper`` sits in seat ``seed % 2``. Returns (score of upper, max decision s, decisions, reason)."""
    seed, upper, lower = args
    seats = (upper, lower) if seed % 2 == 0 else (lower, upper)
    up_seat = 0 if seed % 2 == 0 else 1
    choose = bot_choice(GAME, seats, seed)
    worst, decisions = 0.0, 0

    def timed(s, seat: int, decision: int) -> str:
        nonlocal worst, decisions
        t = time.perf_counter()
        action = choose(s, seat, decision)
        worst = max(worst, time.perf_counter() - t)
        decisions += 1
        return action

    s, _ = playout(GAME, GAME.initial_state(GAME.normalize_options({}, 2), 2), timed, Rng.derive(seed, "chance"))
    out = GAME.outcome(s)
    score = 0.5 if out.is_draw else 1.0 if up_seat in out.winners else 0.0
    return score, worst, decisions, out.details["reason"]




def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    with Pool(workers) as pool:
        for upper, lower in PAIRINGS:
            t0 = time.time()
            results = pool.map(play, [(seed, upper, lower) for seed in range(games)], chunksize=4)
            score = sum(r[0] for r in results)
            p = score / games
            lo, hi = wilson(p * games, games)
            reasons: dict[str, int] = {}
            for r in results:
                reasons[r[3]] = reasons.get(r[3], 0) + 1
            print(f"{upper:>6} vs {lower:<6} games={games} win rate of {upper}: {p:.3f} "
                  f"(95% CI {lo:.3f}-{hi:.3f}); max decision {max(r[1] for r in results) * 1000:.0f} ms; "
                  f"endings {reasons}; {time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
