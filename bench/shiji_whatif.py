"""What if 包囲 were not a loss? Game health of 四時の札遊び under a hypothetical ruling (bench only).

Usage: python bench/shiji_whatif.py [games=150] [upper=hard] [lower=hard]
The hypothetical ruling, borrowed from the source's 山札 mode: a player who cannot place at the
start of their turn takes 2 land cards of their choice and passes (the opponent then places any
shell), instead of losing; with fewer than 2 land cards left it is 包囲 as now. Nothing in the
engine changes: this script swaps ``rules.start_turn`` for its own run only. Prints how games end
(and the same seeds under the real rules), then the load. A finding for the product owner.
"""

from __future__ import annotations

import collections
import os
import pathlib
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import bot_choice, playout  # noqa: E402
from pygames.shiji import GAME  # noqa: E402
from pygames.shiji import rules as R  # noqa: E402
from pygames.shiji.state import evolve  # noqa: E402

REAL_START_TURN = R.start_turn


def start_turn_with_pass(s):
    """The hypothetical start of a turn: besieged with 2+ land cards → take 2 and pass."""
    seat = s.turn
    hand = s.hand[seat]
    if sum(hand) == 2 and R.has_star_or_panic(hand):
        return R.lose(s, seat, "forbidden_two")
    if not R.can_place(s, seat) and not R.can_add(s, seat) and not s.rules.deck and R.land_size(s, seat) >= 2:
        return R.advance(evolve(s, tasks=(("take", seat, 2), ("pass", seat))))
    return REAL_START_TURN(s)


def run(games: int, levels: tuple[str, str]) -> tuple[collections.Counter, list[int]]:
    """Endings and shell counts of ``games`` seeded games, seats swapped."""
    ends: collections.Counter = collections.Counter()
    shells = []
    for seed in range(games):
        pair = levels if seed % 2 == 0 else (levels[1], levels[0])
        s, _ = playout(GAME, GAME.initial_state(GAME.normalize_options({}, 2), 2), bot_choice(GAME, pair, seed),
                       Rng.derive(seed, "chance"))
        ends[s.result[1]] += 1
        shells.append(sum(s.placed))
    return ends, shells


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    levels = (sys.argv[2] if len(sys.argv) > 2 else "hard", sys.argv[3] if len(sys.argv) > 3 else "hard")
    print(f"shiji what-if: {games} games {levels[0]} vs {levels[1]}; load {os.getloadavg()[0]:.2f}")
    for name, start in (("real rules", REAL_START_TURN), ("besieged: take 2 and pass", start_turn_with_pass)):
        R.start_turn = start
        ends, shells = run(games, levels)
        good = ends["agari"] + ends["raitei"] + ends["closing"]
        print(f"  {name:28s} 上がり or 閉場 {good / games:.0%}; "
              + ", ".join(f"{k} {v / games:.0%}" for k, v in ends.most_common())
              + f"; median shells {statistics.median(shells):.0f}", flush=True)
    R.start_turn = REAL_START_TURN
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
