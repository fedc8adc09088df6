"""Bot ladder for 集大成将棋: each pairing of adjacent levels plays N seeded games, colours swapped.

Prints win rates with 95% Wilson intervals and CPU time per decision. Not a test.
Usage: python bench/shogi_ladder.py [--games 100] [--ruleset cards|hon] [--workers 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import playout  # noqa: E402
from pygames.shogi import GAME  # noqa: E402
from stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)


def play(args: tuple[int, str, str, str]) -> tuple[int, str, str, str | None, str, int, dict[str, list[float]]]:
    """One game: seed, level of 先手, level of 後手, ruleset -> result and per-level decision times."""
    seed, first, second, ruleset = args
    levels = (first, second)
    state = GAME.initial_state(GAME.normalize_options({"ruleset": ruleset}, 2), 2)
    times: dict[str, list[float]] = {first: [], second: []}

    def timed(state, seat: int, decision: int) -> str:
        t = time.process_time()
        action = GAME.bot_action(state, seat, levels[seat], Rng.derive(seed, "ladder-bot", len(state.record)))
        times[levels[seat]].append(time.process_time() - t)
        return action

    state, _ = playout(GAME, state, timed, Rng.derive(seed, "ladder-chance"))
    winners = state.result[0]
    return seed, first, second, (levels[winners[0]] if winners else None), state.result[1], state.ply, times




def combine(paths: list[str]) -> None:
    """Win rates from the per-game lines of several --progress logs of the same pairing."""
    import re
    games: dict[int, tuple[str, str, str, str]] = {}
    pattern = re.compile(r"game (\d+): 先手 (\w+), 後手 (\w+) -> (\w+) \((\w+)")
    for path in paths:
        for line in pathlib.Path(path).read_text("utf-8").splitlines():
            m = pattern.search(line)
            if m:
                games.setdefault(int(m.group(1)), (m.group(2), m.group(3), m.group(4), m.group(5)))
    levels = sorted({g[0] for g in games.values()} | {g[1] for g in games.values()})
    n = len(games)
    print(f"combined {n} games (seeds {min(games)}-{max(games)}) from {len(paths)} logs")
    for lvl in levels:
        k = sum(1 for g in games.values() if g[2] == lvl)
        lo, hi = wilson(k, n)
        first = [g for g in games.values() if g[0] == lvl]
        print(f"  {lvl:6s} won {k}/{n} = {k / n:.1%} (95% CI {lo:.1%}-{hi:.1%}); as 先手 won "
              f"{sum(1 for g in first if g[2] == lvl)}/{len(first)}")
    draws = sum(1 for g in games.values() if g[2] == "draw")
    reasons: dict[str, int] = {}
    for g in games.values():
        reasons[g[3]] = reasons.get(g[3], 0) + 1
    print(f"  draws {draws}/{n}; endings {reasons}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0, help="seeds first-seed .. first-seed+games-1")
    ap.add_argument("--ruleset", default="cards", choices=("cards", "hon"))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pairs", default="normal:easy,hard:normal")
    ap.add_argument("--progress", action="store_true", help="print one line per finished game")
    ap.add_argument("--combine", nargs="+", metavar="LOG",
                    help="summarise the --progress lines of split runs (one pairing), each seed once")
    opts = ap.parse_args()
    if opts.combine:
        combine(opts.combine)
        return
    pairs = [tuple(p.split(":")) for p in opts.pairs.split(",")]
    print(f"shogi ladder: ruleset={opts.ruleset}, {opts.games} games per pairing, colours alternate")
    with multiprocessing.Pool(opts.workers) as pool:
        for upper, lower in pairs:
            jobs = [(seed, upper, lower, opts.ruleset) if seed % 2 == 0 else (seed, lower, upper, opts.ruleset)
                    for seed in range(opts.first_seed, opts.first_seed + opts.games)]
            wins = {upper: 0, lower: 0, None: 0}
            as_first = {upper: [0, 0], lower: [0, 0]}
            times: dict[str, list[float]] = {upper: [], lower: []}
            plies, reasons = [], {}
            t0 = time.time()
            for seed, first, second, winner, reason, ply, tms in pool.imap_unordered(play, jobs):
                wins[winner] += 1
                as_first[first][1] += 1
                as_first[first][0] += winner == first
                plies.append(ply)
                reasons[reason] = reasons.get(reason, 0) + 1
                for lvl, ts in tms.items():
                    times[lvl].extend(ts)
                if opts.progress:
                    print(f"  game {seed}: 先手 {first}, 後手 {second} -> {winner or 'draw'} ({reason}, {ply} plies)",
                          flush=True)
            n = opts.games
            lo, hi = wilson(wins[upper], n)
            score = (wins[upper] + 0.5 * wins[None]) / n
            print(f"\n{upper} vs {lower}: {upper} won {wins[upper]}, lost {wins[lower]}, drew {wins[None]} of {n}"
                  f" -> win rate {wins[upper] / n:.1%} (95% CI {lo:.1%}-{hi:.1%}), score {score:.1%}")
            for lvl in (upper, lower):
                ts = times[lvl]
                if ts:
                    print(f"  {lvl:6s}: as 先手 won {as_first[lvl][0]}/{as_first[lvl][1]}; CPU per decision mean "
                          f"{sum(ts) / len(ts) * 1000:.0f} ms, max {max(ts) * 1000:.0f} ms over {len(ts)} decisions")
            print(f"  plies mean {sum(plies) / n:.0f}, endings {reasons}, wall {time.time() - t0:.0f} s")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
