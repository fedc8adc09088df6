"""株式デュエル: the computer against scripted people (issue 24).

For each level and each scripted person (tests/engines/kabu/people.py) it plays seeded one-year
duels, the person first in half of them, and prints: how often the person wins (draws count half)
with its 95% Wilson interval, the computer's share of the shares the market sold in spring (turns
1-2) with its interval, and the median number of player-to-player fills per duel.
Goals (hard): vs grabber ≥ 35% of the spring market and person wins ≤ 35%; person wins ≤ 35% vs
every strategy; vs taker a median ≥ 3 player-to-player fills. Normal: person wins ≤ 50% vs each.
Usage: nice -n 10 python3 bench/kabu_vs_people.py [duels=100] [levels=hard,normal] [strategies=all]
"""

from __future__ import annotations

import os
import pathlib
import statistics
import sys
import time
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import playout  # noqa: E402
from pygames.kabu import GAME, cards  # noqa: E402
from stats import wilson  # noqa: E402
from tests.engines.kabu.people import STRATEGIES, Person  # noqa: E402

DECKS = sorted(cards.catalog()["decks"])


@dataclass
class Result:
    """What one duel showed, from the person's side."""

    score: float
    """1 the person won, 0.5 a draw, 0 the computer won."""
    spring_bot: int
    spring_all: int
    trades: int
    margin: int
    """The person's total minus the computer's (yen)."""


def duel(seed: int, level: str, strategy: str, person_seat: int) -> Result:
    """One seeded duel of ``level`` against the scripted ``strategy`` in ``person_seat``."""
    deck0, deck1 = DECKS[seed % len(DECKS)], DECKS[(seed // len(DECKS)) % len(DECKS)]
    opts = GAME.normalize_options({"years": 1, "deck0": deck0, "deck1": deck1}, 2)
    person = Person(strategy, seed)
    bot_rng = Rng.derive(seed, "bot")

    def choose(s, seat: int, _decision: int) -> str:
        if seat == person_seat:
            return person.act(s, seat)
        return GAME.bot_action(s, seat, level, bot_rng)

    s, _ = playout(GAME, GAME.initial_state(opts, 2), choose, Rng.derive(seed, "chance"), max_steps=20000)
    if not s.finished:
        raise RuntimeError(f"seed {seed}: the duel does not end")
    out = GAME.outcome(s)
    bot = 1 - person_seat
    spring = [f for f in s.fills if f["seller"] == "market" and f["turn"] < 2]
    score = 0.5 if not out.winners else (1.0 if person_seat in out.winners else 0.0)
    return Result(score, sum(f["qty"] for f in spring if f["buyer"] == bot), sum(f["qty"] for f in spring),
                  sum(1 for f in s.fills if f["how"] == "trade"), s.total(person_seat) - s.total(bot))


def run(level: str, strategy: str, n: int) -> None:
    start = time.process_time()
    results = [duel(5000 + i // 2, level, strategy, i % 2) for i in range(n)]
    wins = sum(r.score for r in results)
    lo, hi = wilson(wins, n)
    got, sold = sum(r.spring_bot for r in results), sum(r.spring_all for r in results)
    slo, shi = wilson(got, sold) if sold else (0.0, 1.0)
    trades = [r.trades for r in results]
    print(f"{level:>6} vs {strategy:<8} n={n}  person wins {wins / n:6.1%} [{lo:5.1%}, {hi:5.1%}]  "
          f"spring market to the computer {got / max(sold, 1):6.1%} [{slo:5.1%}, {shi:5.1%}] of {sold}  "
          f"p2p fills median {statistics.median(trades):.1f} (mean {statistics.mean(trades):.1f})  "
          f"margin median {statistics.median(r.margin for r in results):+,.0f} yen  "
          f"cpu {time.process_time() - start:.0f} s  load {os.getloadavg()[0]:.2f}", flush=True)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    levels = sys.argv[2].split(",") if len(sys.argv) > 2 else ["hard", "normal"]
    strategies = sys.argv[3].split(",") if len(sys.argv) > 3 else list(STRATEGIES)
    print(f"kabu vs scripted people: {n} duels each, seats alternating; load average {os.getloadavg()}", flush=True)
    for level in levels:
        for strategy in strategies:
            run(level, strategy, n)
    print(f"load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
