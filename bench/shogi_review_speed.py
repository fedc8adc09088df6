#!/usr/bin/env python3
"""How long the shogi review (振り返り) of a 100-ply game takes in the browser's worker (Pyodide via
PyScript), called as the view calls it: ``review_positions`` in batches of 2 positions at the view's
budget (8,000 nodes a position), then ``review_judge``.

    nice -n 10 python3 bench/shogi_review_speed.py [--plies 100] [--nodes 8000] [--cpython]

The game is one seeded 本将棋 game between the "normal" and "easy" computers (played here in CPython).
Prints the total time, the median time per position with a 95% interval (order statistics), the marks
found and the machine's load; with ``--cpython`` the same review in CPython too. Figures only, no
assertions. Bound by nodes, not by time.
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

PLAYERS = [{"name": "", "type": "bot", "level": "normal"}, {"name": "", "type": "bot", "level": "easy"}]
BATCH = 2

START_JS = """async () => {
  const { engine } = await import(new URL('/web/runtime/bridge.js', location.origin).href);
  await engine.start();
  window.__bench = engine;
}"""
BATCH_JS = """async (args) => {
  const t = performance.now();
  const answer = await window.__bench.call('game_call', args);
  return { ms: performance.now() - t, answer };
}"""


def call(name: str, **args: object) -> dict:
    out = json.loads(webapi.dispatch(name, json.dumps(args)))
    if "error" in out:
        raise SystemExit(f"{name}: {out['error']}")
    return out


def game(plies: int) -> dict:
    """A seeded game of ``plies`` plies (or until it ends)."""
    record = call("new_match", game="shogi", seed=21, options={"ruleset": "hon"}, players=PLAYERS)["record"]
    for _ in range(plies):
        view = call("view", record=record, seat=0)
        if view.get("outcome") or not view["to_move"]:
            break
        seat = view["to_move"][0]
        level = PLAYERS[seat]["level"]
        action = call("bot_action", record=record, seat=seat, level=level)["action"]
        record = call("apply", record=record, seat=seat, action=action)["record"]
    return record


def median_ci(xs: list[float]) -> tuple[float, float, float]:
    """Median and a 95% interval from order statistics (n >= 6)."""
    s = sorted(xs)
    n = len(s)
    half = 1.96 * (n ** 0.5) / 2
    lo, hi = max(0, int(n / 2 - half)), min(n - 1, int(n / 2 + half + 0.999))
    return statistics.median(s), s[lo], s[hi]


def review(run: object, record: dict, nodes: int) -> tuple[float, list[float], dict]:
    """(total ms, ms per position, judged result) of one review through ``run(args) -> {ms, answer}``."""
    positions: list[dict] = []
    per: list[float] = []
    total = None
    t0 = time.perf_counter()
    while total is None or len(positions) < total:
        args = {"game": "shogi", "name": "review_positions",
                "args": {"record": record, "start": len(positions), "count": BATCH, "nodes": nodes}}
        out = run(args)  # type: ignore[operator]
        got = out["answer"]["positions"]
        total = out["answer"]["total"]
        positions += got
        per += [out["ms"] / max(1, len(got))] * len(got)
    judged = run({"game": "shogi", "name": "review_judge", "args": {"record": record, "positions": positions}})  # type: ignore[operator]
    return (time.perf_counter() - t0) * 1000, per, judged["answer"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plies", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=8000)
    ap.add_argument("--cpython", action="store_true")
    ap.add_argument("--no-build", action="store_true", help="use the dist/ there is (e.g. while e2e tests serve it)")
    a = ap.parse_args()
    print(f"load at start (1/5/15 min): {os.getloadavg()} on {os.cpu_count()} cores", flush=True)
    record = game(a.plies)
    print(f"game: {len(record['actions'])} plies (seed 21, normal vs easy)", flush=True)
    results = {}
    if a.cpython:
        def local(args: dict) -> dict:
            t = time.perf_counter()
            answer = call("game_call", **args)
            return {"ms": (time.perf_counter() - t) * 1000, "answer": answer}
        results["CPython"] = review(local, record, a.nodes)
    if not a.no_build:
        build.build(test_pages=True, quiet=True)
    server = SiteServer(build.DIST).start()
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_context(service_workers="block").new_page()
            page.goto(server.url + "index.html")
            page.evaluate(START_JS)
            results["Pyodide worker"] = review(lambda args: page.evaluate(BATCH_JS, args), record, a.nodes)
            browser.close()
    finally:
        server.stop()
    for name, (total, per, judged) in results.items():
        med, lo, hi = median_ci(per)
        counts = judged["counts"]
        print(f"{name:15} {len(per)} positions at {a.nodes} nodes: total {total / 1000:.1f} s; per position median "
              f"{med:.0f} ms (95% CI {lo:.0f}-{hi:.0f}); marks ▲{counts['0']} △{counts['1']}")
    print(f"load at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
