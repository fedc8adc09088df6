"""Cost of one web-API click on a long match, for every game (CPython; Pyodide is ~2-3x).

Plays a seeded random match through the web API, then times, at its end, a ``view`` call
(cache hit), an ``apply`` + ``view`` pair (the cached match grows by one action) and a
cold ``load`` (full replay with legality checks, as after a page reload).

Then counts worker round trips and bytes (JSON in + out, UTF-8) per click, the way the shell
calls the engine: before, a person's click was ``apply`` + ``view`` (spectator) + ``view``
(seat), a computer's move ``bot_action`` + the same three, each shipping the whole record; now
each is one ``play`` / ``play_bot`` call on the worker's cached match.

    python3 bench/webapi_calls.py [plies]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames import webapi  # noqa: E402
from pygames.core import Rng, cache  # noqa: E402
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
        legal = [a for a in webapi.legal_actions(record, seat)["actions"] if a != "resign"]
        rng.shuffle(legal)
        for action in legal[:8]:  # keep the match open so a click can still be timed
            grown = webapi.apply(record, seat, action)["record"]
            if not webapi.view(grown, None)["outcome"]:
                break
        else:
            break
        record = grown
    return record


class Wire:
    """``webapi.dispatch`` as the worker runs it, counting round trips and bytes both ways."""

    def __init__(self) -> None:
        self.trips = 0
        self.bytes = 0

    def __call__(self, name: str, **args: object) -> dict:
        text = json.dumps(args, ensure_ascii=False)
        answer = webapi.dispatch(name, text)
        self.trips += 1
        self.bytes += len(text.encode()) + len(answer.encode())
        result = json.loads(answer)
        if "error" in result:
            raise RuntimeError(result["error"])
        return result


def clicks_before(record: dict, seat: int, bot: bool, wire: Wire) -> dict:
    """The shell's old click: (bot_action +) apply, then view(null) and view(seat), whole records."""
    action = (wire("bot_action", record=record, seat=seat)["action"] if bot
              else webapi.legal_actions(record, seat)["actions"][0])
    record = wire("apply", record=record, seat=seat, action=action)["record"]
    general = wire("view", record=record, seat=None)
    humans = [i for i, p in enumerate(record["players"]) if p["type"] == "human"]
    shown = next((s for s in general["to_move"] if s in humans), seat) if len(humans) > 1 else humans[0]
    wire("view", record=record, seat=shown)  # the shell's old pickSeat
    return record


def clicks_after(record: dict, seat: int, bot: bool, wire: Wire, key: dict) -> tuple[dict, dict]:
    """The new click: one play/play_bot call naming the cached match (the record after a miss)."""
    args: dict = {"seat": seat, "look": seat, **key}
    if not bot:
        args["action"] = webapi.legal_actions(record, seat)["actions"][0]
    answer = wire("play_bot" if bot else "play", **args)
    base = answer["ply"] - len(answer["added"])
    record = {**record, "actions": record["actions"][:base] + answer["added"]}
    return record, {"match": answer["match"], "ply": answer["ply"], "tip": answer["tip"]}


def per_click(record: dict, clicks: int = 10) -> tuple[float, float, float, float]:
    """(round trips, kB) per click before and after, over ``clicks`` actions from ``record``
    (a person's click or a computer's move, as the seat's player type says)."""
    before, after = Wire(), Wire()
    seats = []
    rec = record
    for _ in range(clicks):
        view = webapi.view(rec, None)
        if view["outcome"] or not [s for s in view["to_move"] if s >= 0]:
            break
        seat = view["to_move"][0]
        seats.append(seat)
        rec = clicks_before(rec, seat, record["players"][seat]["type"] == "bot", before)
    look = webapi.look(record=record)
    key = {"match": look["match"], "ply": look["ply"], "tip": look["tip"]}
    rec = record
    for seat in seats:
        rec, key = clicks_after(rec, seat, record["players"][seat]["type"] == "bot", after, key)
    n = max(len(seats), 1)
    return before.trips / n, before.bytes / n / 1000, after.trips / n, after.bytes / n / 1000


def with_players(record: dict, alone: bool) -> dict:
    """The record replayed with seat 0 a person and the rest computers (alone), or all people."""
    players = [{"name": "", "type": "human"} if i == 0 or not alone else {"name": "", "type": "bot", "level": "easy"}
               for i in range(len(record["players"]))]
    return webapi.load({**record, "players": players})["record"]


def main() -> None:
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'game':6} {'plies':>5} {'view ms':>8} {'apply+view ms':>14} {'cold load ms':>13}")
    records = {}
    for name in GAME_MODULES:
        record = records[name] = long_record(name, plies)
        view_ms = timed(lambda: webapi.view(record, 0))
        step_ms = timed_steps(record)
        load_ms = timed(lambda: (cache.clear(), webapi.load(record)), repeat=5)
        print(f"{name:6} {len(record['actions']):5d} {view_ms:8.2f} {step_ms:14.2f} {load_ms:13.1f}")
    print()
    print("per click (mean of 10 actions at the end of the match): worker round trips and kB in+out")
    print(f"{'game':6} {'players':9} {'trips before':>12} {'kB before':>10} {'trips now':>10} {'kB now':>8}")
    for name in GAME_MODULES:
        for alone in (True, False):
            tb, kb, ta, ka = per_click(with_players(records[name], alone))
            print(f"{name:6} {'1+bots' if alone else 'hot-seat':9} {tb:12.1f} {kb:10.1f} {ta:10.1f} {ka:8.1f}")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
