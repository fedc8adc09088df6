"""How do games of 四時の札遊び end under exact play? Open-hands solver play from mid-game positions.

Usage: python bench/shiji_exact.py [positions=40] [shells=4] [depth=3] [nodes=300000]
Takes the position of seeded hard-vs-hard games when ``shells`` shells are on the table, opens
both hands and lands, and lets the exact solver (``pygames/shiji/solver.py``) play both sides to
the end: the fastest forced win within ``depth`` own placements, else the longest defence. Prints
how those games end (包囲, two-card star rule, 上がり, 閉場, ...) beside how the bots ended the same
games, and how many positions were too big for the node budget. Then the load.
"""

from __future__ import annotations

import collections
import os
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import bot_choice, playout  # noqa: E402
from pygames.shiji import GAME  # noqa: E402
from dataclasses import replace  # noqa: E402

from pygames.shiji import bots  # noqa: E402
from pygames.shiji.solver import Solver, TooBig  # noqa: E402
from pygames.shiji.state import evolve  # noqa: E402


def position(seed: int, shells: int):
    """The state before the first placement decision with ``shells`` shells placed, and the bots' result."""
    choose = bot_choice(GAME, ("hard", "hard"), seed)
    found = []

    def hook(before, seat, action, after):
        if not found and after.phase == "play" and not after.tasks and after.result is None and \
                sum(after.placed) == shells:
            found.append(after)

    s, _ = playout(GAME, GAME.initial_state(GAME.normalize_options({}, 2), 2), choose,
                   Rng.derive(seed, "chance"), on_step=hook)
    return (found[0] if found else None), s.result


def exact_play(s, depth: int, nodes: int) -> tuple:
    """Both sides play the solver's choice with open hands; the result (winners, reason, seat)."""
    s = evolve(s, rules=replace(s.rules, open_hands=True))
    for _ in range(200):
        if s.result is not None:
            return s.result
        seat = GAME.to_move(s)[0]
        legal = GAME.legal_actions(s, seat)
        action = legal[0] if len(legal) == 1 else solver_or_open_mc(s, seat, depth, nodes)
        s = GAME.apply(s, seat, action)
    return ((), "limit", -1)


STATS: collections.Counter = collections.Counter()


def solver_or_open_mc(s, seat: int, depth: int, nodes: int) -> str:
    """The solver's play when it fits the node budget, else the hard bot's Monte Carlo over the
    one true world (perfect information: no sampling of hidden cards)."""
    try:
        action = Solver(GAME, nodes).best_action(s, seat, depth)
        STATS["solver"] += 1
        return action
    except TooBig:
        STATS["open mc"] += 1
    real = bots.sample_world
    bots.sample_world = lambda st, _seat, _rng: st     # type: ignore[assignment]
    try:
        return bots.choose(GAME, evolve(s, rules=replace(s.rules, open_hands=False)), seat, "hard",
                           Rng.derive(seed_of(s), "open"))
    finally:
        bots.sample_world = real


def seed_of(s) -> int:
    """A reproducible seed for the open Monte Carlo of a position."""
    return hash((s.hand, s.placed)) & 0xFFFFFFFF


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    shells = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    nodes = int(sys.argv[4]) if len(sys.argv) > 4 else 300_000
    exact: collections.Counter = collections.Counter()
    bot_ends: collections.Counter = collections.Counter()
    both: collections.Counter = collections.Counter()
    winners: collections.Counter = collections.Counter()
    t0 = time.time()
    seed = 0
    done = 0
    while done < count:
        s, bot_result = position(seed, shells)
        seed += 1
        if s is None:
            continue
        done += 1
        try:
            result = exact_play(s, depth, nodes)
        except TooBig:
            result = ((), "too big", -1)
        bot_end, end = bot_result[1], result[1]
        same = "same winner" if result[0] == bot_result[0] else "other winner"
        print(f"  seed {seed - 1}: bots {bot_end}, exact {end} ({same})", flush=True)
        exact[end] += 1
        bot_ends[bot_end] += 1
        both[(bot_end, end)] += 1
        winners[same] += 1
    n = done
    print(f"shiji exact play: {n} positions after {shells} shells of hard-vs-hard games, solver depth {depth}, "
          f"{nodes} nodes; {time.time() - t0:.0f} s")
    print("  bots went on to:  ", ", ".join(f"{k} {v / n:.0%}" for k, v in bot_ends.most_common()))
    print("  exact play ends:  ", ", ".join(f"{k} {v / n:.0%}" for k, v in exact.most_common()))
    print("  (bots, exact):", both.most_common(10))
    print("  winners:", dict(winners), " decisions:", dict(STATS))
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
