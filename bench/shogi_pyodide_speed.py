#!/usr/bin/env python3
"""How long the shogi computer thinks inside the browser's worker (Pyodide via PyScript), against CPython.

    python3 bench/shogi_pyodide_speed.py [--positions 12] [--levels hard,expert]
    python3 bench/shogi_pyodide_speed.py --levels expert --log bench/logs/gnushogi-d4-session13-select50k.log

The positions are taken every few plies from one seeded 本将棋 game (a record of expert against hard whose
moves are all hard's, played here in CPython), or with ``--log`` from the games of a ``shogi_vs_gnushogi.py
--moves`` log (the first --games games at the plies --plies: middlegames of real games against GNU Shogi).
For each position and level, the same ``bot_action`` call is timed in CPython (``webapi.dispatch``) and in
headless Chromium through the site's own bridge (``engine.call``), and the two answers are compared: the
search is deterministic under the record's seed, so they must be equal.
Prints per level the median and the slowest move in each runtime, their ratio, the mismatches, and the
machine's load. Figures only, no assertions (a benchmark, not a test).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import build  # noqa: E402
from chromium import ARGS, CHROMIUM  # noqa: E402
from serve import SiteServer  # noqa: E402

from pygames import webapi  # noqa: E402

PLAYERS = [{"name": "", "type": "bot", "level": "expert"}, {"name": "", "type": "bot", "level": "hard"}]

START_JS = """async () => {
  const { engine } = await import(new URL('/web/runtime/bridge.js', location.origin).href);
  await engine.start();
  window.__bench = engine;
}"""
TIME_JS = """async (args) => {
  const t = performance.now();
  const answer = await window.__bench.call('bot_action', args);
  return { ms: performance.now() - t, action: answer.action };
}"""


def call(name: str, **args: object) -> dict:
    """One webapi call in CPython, as the page makes it."""
    out = json.loads(webapi.dispatch(name, json.dumps(args)))
    if "error" in out:
        raise SystemExit(f"{name}: {out['error']}")
    return out


def positions(count: int, every: int) -> list[dict]:
    """Records of one seeded game, every ``every`` plies, while it lasts."""
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


def log_positions(path: str, games: int, plies: list[int]) -> list[dict]:
    """Records at ``plies`` of the first ``games`` games of a ``shogi_vs_gnushogi.py --moves`` log."""
    lines = [line for line in Path(path).read_text().splitlines() if line.startswith("  moves:")]
    found = []
    for line in lines[:games]:
        record = call("new_match", game="shogi", seed=11, options={"ruleset": "hon"}, players=PLAYERS)["record"]
        for ply, action in enumerate(line.split(":", 1)[1].split()):
            if ply > max(plies):
                break
            if ply in plies:
                found.append({"record": record, "seat": ply % 2})
            record = call("apply", record=record, seat=ply % 2, action=action)["record"]
    return found


def _interval(xs: list[float], digits: int = 0) -> str:
    """Mean and its 95% interval (Student's t)."""
    mean = statistics.mean(xs)
    if len(xs) < 2:
        return f"{mean:.{digits}f}"
    t = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26, 11: 2.23, 12: 2.20}.get(len(xs), 2.0)
    half = t * statistics.stdev(xs) / len(xs) ** 0.5
    return f"{mean:.{digits}f} [95% {mean - half:.{digits}f}, {mean + half:.{digits}f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--every", type=int, default=6, help="plies between two timed positions")
    ap.add_argument("--levels", default="hard,expert")
    ap.add_argument("--log", help="take the positions from this shogi_vs_gnushogi.py --moves log instead")
    ap.add_argument("--games", type=int, default=4, help="with --log: the number of its games to use")
    ap.add_argument("--plies", default="24,40,56,72,88", help="with --log: the plies to time in each game")
    a = ap.parse_args()
    print(f"load at start (1/5/15 min): {os.getloadavg()} on {os.cpu_count()} cores", flush=True)
    spots = (log_positions(a.log, a.games, [int(p) for p in a.plies.split(",")]) if a.log
             else positions(a.positions, a.every))
    levels = a.levels.split(",")
    calls = [{"record": p["record"], "seat": p["seat"], "level": lv} for lv in levels for p in spots]
    build.build(test_pages=True, quiet=True)  # as the e2e tests build it (a run beside them keeps their pages)
    server = SiteServer(build.DIST).start()
    from playwright.sync_api import sync_playwright

    cpython, browser_out = [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(server.url + "index.html")
            page.evaluate(START_JS)
            for args in calls:  # each position in both runtimes in turn, so that machine noise hits both alike
                t = time.perf_counter()
                action = call("bot_action", **args)["action"]
                cpython.append({"ms": (time.perf_counter() - t) * 1000, "action": action})
                browser_out.append(page.evaluate(TIME_JS, args))
            browser.close()
    finally:
        server.stop()

    where = f"plies {a.plies} of {a.games} games of {a.log}" if a.log else f"every {a.every} plies of one seeded game"
    print(f"{len(spots)} positions ({where}), load {os.getloadavg()[0]:.2f}")
    print(f"{'level':8} {'CPython median':>15} {'max':>8} {'Pyodide median':>15} {'max':>8} {'ratio':>6}  same move")
    for lv in levels:
        idx = [i for i, c in enumerate(calls) if c["level"] == lv]
        cp = [cpython[i]["ms"] for i in idx]
        py = [browser_out[i]["ms"] for i in idx]
        same = sum(cpython[i]["action"] == browser_out[i]["action"] for i in idx)
        ratios = [p / c for p, c in zip(py, cp) if c > 0]
        ratio = statistics.median(ratios)
        print(f"{lv:8} {statistics.median(cp):12.0f} ms {max(cp):5.0f} ms {statistics.median(py):12.0f} ms "
              f"{max(py):5.0f} ms {ratio:6.2f}  {same}/{len(idx)}")
        print(f"  worker mean {_interval(py)} ms, CPython mean {_interval(cp)} ms, worker/CPython per position "
              f"{_interval(ratios, 3)}")
        for i in idx:
            if cpython[i]["action"] != browser_out[i]["action"]:
                print(f"  differs at ply {len(calls[i]['record']['actions'])}: CPython {cpython[i]['action']}, "
                      f"Pyodide {browser_out[i]['action']}")
    print(f"load at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
