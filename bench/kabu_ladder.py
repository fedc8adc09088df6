"""Bot ladder for 株式デュエル: seeded duels per pairing with seats swapped.

Per pairing it prints the win rate of the first level with its 95% Wilson interval, the median number
of player-to-player fills per duel, the share of turns in which each side placed at least one order,
and how often the leader after turn 2 still won. Goals (issue 12): hard vs hard ≥ 4 player-to-player
fills per 1-year duel (median), every level places an order in ≥ 75% of its turns, the turn-2 leader
wins < 75%, each level beats the one below.
Usage: python bench/kabu_ladder.py [duels_per_pairing=200] [years=1]
"""

from __future__ import annotations

import os
import pathlib
import statistics
import sys
import time
from dataclasses import dataclass, field

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import Chooser, bot_choice, playout  # noqa: E402
from pygames.kabu import GAME, cards  # noqa: E402
from stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

DECKS = sorted(cards.catalog()["decks"])
TIMES: dict[str, list[float]] = {}
ORDER_VERBS = ("buy", "sell", "change")


@dataclass
class Duel:
    """What one duel showed."""

    winners: tuple[int, ...]
    trades: int
    ordered: list[set[int]] = field(default_factory=lambda: [set(), set()])
    """Turns (indices) in which each seat placed or changed at least one order."""
    turns: list[int] = field(default_factory=lambda: [0, 0])
    leader2: int | None = None
    """Seat ahead on total assets after turn 2 (None: level)."""
    bankrupt: bool = False


def duel(seed: int, levels: tuple[str, str], years: int = 1) -> Duel:
    """One seeded duel between two levels."""
    deck0, deck1 = DECKS[seed % len(DECKS)], DECKS[(seed // len(DECKS)) % len(DECKS)]
    opts = GAME.normalize_options({"years": years, "deck0": deck0, "deck1": deck1}, 2)
    ordered: list[set[int]] = [set(), set()]

    def note(before, seat: int, action: str, _after) -> None:
        if seat >= 0 and action.split(" ")[0] in ORDER_VERBS:
            ordered[seat].add(before.turn)

    s, _ = playout(GAME, GAME.initial_state(opts, 2), timed(bot_choice(GAME, levels, seed), levels),
                   Rng.derive(seed, "chance"), on_step=note, max_steps=20000)
    if not s.finished:
        raise RuntimeError(f"seed {seed}: the duel does not end ({levels})")
    out = GAME.outcome(s)
    after2 = next((a["totals"] for a in s.asset_history if a["turn"] == 1), None)
    leader = None if after2 is None or after2[0] == after2[1] else (0 if after2[0] > after2[1] else 1)
    played = min(s.turn, s.total_turns)
    return Duel(out.winners, sum(1 for f in s.fills if f["how"] == "trade"), ordered, [played, played], leader,
                s.bankrupt is not None)


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
    trades: list[int] = []
    order_turns = {a: 0, b: 0} if a != b else {a: 0}
    all_turns = dict.fromkeys(order_turns, 0)
    leader_games = leader_wins = bankrupt = 0
    for i in range(n):
        a_seat = i % 2
        levels = (a, b) if a_seat == 0 else (b, a)
        d = duel(1000 + i // 2, levels, years)
        trades.append(d.trades)
        bankrupt += d.bankrupt
        for seat in (0, 1):
            order_turns[levels[seat]] += len(d.ordered[seat])
            all_turns[levels[seat]] += d.turns[seat]
        if d.leader2 is not None:
            leader_games += 1
            leader_wins += d.leader2 in d.winners
        if not d.winners:
            draws += 1
            score += 0.5
        elif a_seat in d.winners:
            wins += 1
            score += 1
        else:
            losses += 1
    lo, hi = wilson(score, n)
    share = "  ".join(f"{lvl} orders in {order_turns[lvl] / max(1, all_turns[lvl]):5.1%} of turns" for lvl in order_turns)
    llo, lhi = wilson(leader_wins, leader_games)
    print(f"{a:>6} vs {b:<6} n={n:4d}  W/D/L {wins:4d}/{draws:3d}/{losses:4d}  score {score / n:6.1%}  "
          f"95% CI [{lo:6.1%}, {hi:6.1%}]", flush=True)
    print(f"{'':15} player-to-player fills per duel: median {statistics.median(trades):.1f} "
          f"(mean {statistics.mean(trades):.1f}, duels with none {sum(1 for t in trades if not t) / n:.0%})  |  {share}",
          flush=True)
    print(f"{'':15} turn-2 leader still wins {leader_wins / max(1, leader_games):5.1%} [{llo:5.1%}, {lhi:5.1%}] "
          f"of {leader_games}  |  duels ending in bankruptcy {bankrupt}", flush=True)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    years = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
    start = time.perf_counter()
    print(f"kabu ladder: {n} duels per pairing, {years} year(s); load average {os.getloadavg()}", flush=True)
    for a, b in (("normal", "easy"), ("hard", "normal"), ("hard", "easy"), ("hard", "hard"), ("normal", "normal")):
        if only is None or f"{a}-{b}" in only:
            pairing(a, b, n, years)
    print("decision time per level (CPython, this machine; the max includes scheduler noise):")
    for level in ("easy", "normal", "hard"):
        t = sorted(TIMES.get(level, []))
        if t:
            print(f"  {level:>6}: mean {1000 * sum(t) / len(t):6.2f} ms, p99 {1000 * t[int(0.99 * (len(t) - 1))]:6.2f} ms, "
                  f"max {1000 * t[-1]:6.1f} ms over {len(t)} decisions")
    print(f"total {time.perf_counter() - start:.0f} s; load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
