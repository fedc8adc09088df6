"""Thousands of seeded random playouts of モットコイン with every invariant checked after every
action (the CI test runs a few dozen: tests/engines/motto/test_playouts.py).

    python bench/motto_playouts.py [games_per_player_count=1000]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygames.motto import GAME  # noqa: E402
from tests.engines.motto.test_playouts import playout  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for n in (3, 4, 5):
        start = time.perf_counter()
        ends: dict[str, int] = {}
        actions = 0
        for k in range(games):
            log, s = playout(n, 50_000 + k)
            out = GAME.outcome(s)
            view = GAME.view(s, None)
            assert [p["projection"]["total"] for p in view["players"]] == list(out.scores)
            ends[s.end] = ends.get(s.end, 0) + 1
            actions += len(log)
        took = time.perf_counter() - start
        print(f"{n} players: {games} games, {actions} actions, all invariants held; ends {ends}; "
              f"{1000 * took / games:.1f} ms per game")


if __name__ == "__main__":
    main()
