#!/usr/bin/env python3
"""Why the expert is slower in the browser worker than in CPython: CPU time, not wall time, side by side.

    nice -n 10 python3 bench/shogi_wasm_cost.py [--budget 40000] [--positions 12]   (after python3 build.py)

Runs the same code in CPython (this process) and in Pyodide under Node (``bench/shogi_wasm_cost.mjs``,
the wheel of ``dist/``), alternating, and compares CPU seconds (``time.process_time`` in CPython,
``process.cpuUsage`` in Node: a loaded machine changes wall time, much less CPU time):

- the expert's ``bot_action`` at ``--budget`` nodes on the positions of ``bench/shogi_pyodide_speed.py``
  (every 6 plies of one seeded game), with Python's cyclic GC on and then off; the moves must be equal;
- small loops of one kind of operation each (calls, small-int and 81-bit-int arithmetic, tuples, lists,
  dicts, builtins, attributes, sorts, ``int.bit_length``), each run twice (the second counts, after the
  wasm engine has tiered its code up).

Prints each figure, the Pyodide/CPython ratio and the load. Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(globals().get("__file__", "bench/x")).resolve().parent.parent  # no __file__ in Pyodide's runPython
N = 1_000_000
PLAYERS = [{"name": "", "type": "bot", "level": "expert"}, {"name": "", "type": "bot", "level": "hard"}]


def cpu() -> float:
    """CPU seconds of this process (in Pyodide: of the Node process, through ``js.process``)."""
    try:
        import js  # type: ignore[import-not-found]
    except ImportError:
        return time.process_time()
    u = js.process.cpuUsage()
    return float(u.user + u.system) / 1e6


def call(name: str, **args: object) -> dict[str, Any]:
    """One webapi call, as the page makes it."""
    from pygames import webapi
    return dict(json.loads(webapi.dispatch(name, json.dumps(args))))


def positions(count: int, every: int = 6) -> list[dict[str, Any]]:
    """The speed bench's positions: every ``every`` plies of one seeded game (hard moves)."""
    record = call("new_match", game="shogi", seed=11, options={"ruleset": "hon"}, players=PLAYERS)["record"]
    found = []
    for ply in range(count * every):
        view = call("view", record=record, seat=0)
        if view.get("outcome") or not view["to_move"]:
            break
        seat = view["to_move"][0]
        if ply % every == 0:
            found.append({"record": record, "seat": seat})
        action = call("bot_action", record=record, seat=seat, level="hard")["action"]
        record = call("apply", record=record, seat=seat, action=action)["record"]
    return found


def engine(spots: list[dict[str, Any]], budget: int, gc_on: bool) -> dict[str, Any]:
    """CPU seconds and moves of the expert on ``spots`` at ``budget`` nodes."""
    import gc
    from pygames.shogi import search
    search.EXPERT_NODES = budget
    if not gc_on:
        gc.disable()
    moves, total = [], 0.0
    for p in spots:
        c = cpu()
        moves.append(call("bot_action", record=p["record"], seat=p["seat"], level="expert")["action"])
        total += cpu() - c
    gc.enable()
    return {"cpu": total, "moves": moves}


def _ops() -> dict[str, Callable[[], None]]:
    def f(a: int, b: int, c: int, d: int) -> int:
        return a

    class C:
        def __init__(self) -> None:
            self.a, self.b = 1, [0]

    def calls() -> None:
        for i in range(N):
            f(i, 1, 2, 3)

    def small_ints() -> None:
        s = 0
        for i in range(N):
            s = (s + (i & 127) + ((i >> 7) & 127)) & 0xFFFF

    def big_ints() -> None:
        a, s = (1 << 80) | 12345, 0
        for i in range(N):
            s ^= a | (1 << (i % 81))

    def tuples() -> None:
        for i in range(N):
            t = (i, 1, 2, 3, 4, 5, 6, 7, 8)
            a, b, c, d, e, g, h, k, m = t

    def lists() -> None:
        v = [0] * 81
        for i in range(N):
            v[i % 81] = v[(i * 7) % 81] + 1

    def dicts() -> None:
        d: dict[int, tuple[int, ...]] = {}
        x, keys = 0x9E3779B97F4A7C15, []
        for _ in range(N // 5):
            x = (x * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
            keys.append(x >> 1)
        for k in keys:
            d[k] = (1, 2, 3, 4)
        for k in keys:
            d.get(k)

    def builtins() -> None:
        v: list[int] = []
        for i in range(N):
            v.append(i)
            len(v)

    def attributes() -> None:
        c = C()
        for _ in range(N):
            c.a = c.a + c.b[0]

    def sort_ints() -> None:
        x = 1
        for _ in range(N // 40):
            v = []
            for _ in range(40):
                x = (x * 1103515245 + 12345) & 0x7FFFFFFF
                v.append(x >> 11)
            v.sort()

    def bit_length() -> None:
        a = (1 << 70) | (1 << 33)
        for _ in range(N):
            (a & -a).bit_length()

    def recursion() -> None:
        def r(d: int) -> int:
            return 0 if d == 0 else r(d - 1) + 1
        for _ in range(N // 20):
            r(20)

    return {g.__name__: g for g in (calls, small_ints, big_ints, tuples, lists, dicts, builtins, attributes,
                                     sort_ints, bit_length, recursion)}


def ops() -> dict[str, float]:
    """CPU seconds of each operation loop (second of two runs)."""
    out = {}
    for _ in range(2):
        for name, g in _ops().items():
            c = cpu()
            g()
            out[name] = cpu() - c
    return out


def measure(spots: list[dict[str, Any]], budget: int) -> dict[str, Any]:
    """Everything this bench measures, in the running interpreter."""
    engine(spots[:1], budget, True)  # warm-up: tables built, wasm code tiered up, before anything counts
    return {"python": sys.version.split()[0], "gc_on": engine(spots, budget, True),
            "gc_off": engine(spots, budget, False), "ops": ops()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--budget", type=int, default=40_000)
    ap.add_argument("--positions", type=int, default=12)
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    print(f"load at start (1/5/15 min): {os.getloadavg()} on {os.cpu_count()} cores", flush=True)
    spots = positions(a.positions)
    spots_file = ROOT / "dist" / "_wasm_cost_spots.json"
    spots_file.write_text(json.dumps(spots))
    here = measure(spots, a.budget)
    node = subprocess.run(["node", str(ROOT / "bench" / "shogi_wasm_cost.mjs"), str(spots_file), str(a.budget)],
                          capture_output=True, text=True, check=True)
    wasm = json.loads(node.stdout.strip().splitlines()[-1])
    print(f"CPython {here['python']} against Pyodide {wasm['python']} (Node), CPU seconds, load "
          f"{os.getloadavg()[0]:.1f}")
    for key in ("gc_on", "gc_off"):
        same = here[key]["moves"] == wasm[key]["moves"]
        nodes = a.budget * len(spots)
        print(f"expert {key:6} {here[key]['cpu']:7.2f} {wasm[key]['cpu']:7.2f}  ratio "
              f"{wasm[key]['cpu'] / here[key]['cpu']:4.2f}  nodes/CPU s {nodes / here[key]['cpu']:8.0f} "
              f"{nodes / wasm[key]['cpu']:8.0f}  same moves {same}")
    for name, t in here["ops"].items():
        print(f"{name:13} {t:7.3f} {wasm['ops'][name]:7.3f}  ratio {wasm['ops'][name] / t:4.2f}")
    print(f"load at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
