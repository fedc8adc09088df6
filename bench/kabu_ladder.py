"""Bot ladder for 株式デュエル: seeded duels per pairing with seats swapped.

Prints win rates with 95% confidence intervals (Wilson) and the mean decision time per level.
Usage: python bench/kabu_ladder.py [duels_per_pairing=200] [years=1]
"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import Chooser, bot_choice, playout  # noqa: E402
from pygames.kabu import GAME, cards  # noqa: E402
from stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

DECKS = sorted(cards.catalog()["decks"])
TIMES: dict[str, list[float]] = {}


def duel(seed: int, levels: tuple[str, str], years: int = 1) -> tuple[int, ...]:
    """One duel; returns the winning seats (empty for a draw)."""
    deck = DECKS[seed % len(DECKS)]
    opts = GAME.normalize_options({"years": years, "deck0": deck, "deck1": deck}, 2)
    s = GAME.initial_state(opts, 2)
    s, _ = playout(GAME, s, timed(bot_choice(GAME, levels, seed), levels), Rng.derive(seed, "chance"))
    return GAME.outcome(s).winners


def timed(choose: Chooser, levels: tuple[str, str]) -> Chooser:
    """``choose``, timing each decision under its level in TIMES."""
    def run(s, seat: int, decision: int) -> str:
        start = time.perf_counter()
        action = choose(s, seat, decision)
        TIMES.setdefault(levels[seat], []).append(time.perf_counter() - start)
        return action
    return run




def pairing(a: str, b: str, n: int, years: int) -> None:
    """``n`` duels of ``a`` against ``b``, ``a`` first in half of them."""
    score = 0.0
    wins = losses = draws = 0
    for i in range(n):
        a_seat = i % 2
        levels = (a, b) if a_seat == 0 else (b, a)
        winners = duel(1000 + i // 2, levels, years)
        if not winners:
            draws += 1
            score += 0.5
        elif a_seat in winners:
            wins += 1
            score += 1
        else:
            losses += 1
    lo, hi = wilson(score, n)
    print(f"{a:>6} vs {b:<6} n={n:4d}  W/D/L {wins:4d}/{draws:3d}/{losses:4d}  "
          f"score {score / n:6.1%}  95% CI [{lo:6.1%}, {hi:6.1%}]", flush=True)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    years = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    start = time.perf_counter()
    for a, b in (("normal", "easy"), ("hard", "normal"), ("hard", "easy")):
        pairing(a, b, n, years)
    print("decision time per level (CPython, this machine; the max includes scheduler noise):")
    for level in ("easy", "normal", "hard"):
        t = sorted(TIMES.get(level, []))
        if t:
            print(f"  {level:>6}: mean {1000 * sum(t) / len(t):6.2f} ms, p99 {1000 * t[int(0.99 * (len(t) - 1))]:6.2f} ms, "
                  f"max {1000 * t[-1]:6.1f} ms over {len(t)} decisions")
    print(f"total {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
