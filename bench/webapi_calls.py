"""Cost of one web-API click on a long match, for every game (CPython; Pyodide is ~2-3x).

Plays a seeded random match through the web API, then times, at its end, a ``view`` call
(cache hit), an ``apply`` + ``view`` pair (the cached match grows by one action) and a
cold ``load`` (full replay with legality checks, as after a page reload).

    python3 bench/webapi_calls.py [plies]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames import webapi  # noqa: E402
from pygames.core import Rng  # noqa: E402
from pygames.core.registry import GAME_MODULES, get_game  # noqa: E402


def timed(fn, repeat: int = 20) -> float:
    """Median milliseconds of ``fn()``."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def timed_steps(record: dict, steps: int = 10) -> float:
    """Median ms of apply + view as a player would click: each call extends the last record."""
    samples = []
    for _ in range(steps):
        view = webapi.view(record, None)
        if view["outcome"]:
            break
        seat = view["to_move"][0]
        action = webapi.legal_actions(record, seat)["actions"][0]
        start = time.perf_counter()
        record = webapi.apply(record, seat, action)["record"]
        webapi.view(record, seat)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples) if samples else float("nan")


def long_record(name: str, plies: int) -> dict:
    game = get_game(name)
    players = [{"name": "", "type": "human"} for _ in range(game.min_seats)]
    record = webapi.new_match(name, None, 1, players)["record"]
    rng = Rng(1)
    while len(record["actions"]) < plies:
        view = webapi.view(record, None)
        seat = view["to_move"][rng.randbelow(len(view["to_move"]))]
        legal = webapi.legal_actions(record, seat)["actions"]
        grown = webapi.apply(record, seat, legal[rng.randbelow(len(legal))])["record"]
        if webapi.view(grown, None)["outcome"]:
            break  # keep the match open so a click can still be timed
        record = grown
    return record


def main() -> None:
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"{'game':6} {'plies':>5} {'view ms':>8} {'apply+view ms':>14} {'cold load ms':>13}")
    for name in GAME_MODULES:
        record = long_record(name, plies)
        view_ms = timed(lambda: webapi.view(record, 0))
        step_ms = timed_steps(record)
        load_ms = timed(lambda: (webapi._cache.clear(), webapi.load(record)), repeat=5)
        print(f"{name:6} {len(record['actions']):5d} {view_ms:8.2f} {step_ms:14.2f} {load_ms:13.1f}")


if __name__ == "__main__":
    main()
