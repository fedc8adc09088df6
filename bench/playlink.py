#!/usr/bin/env python3
"""Where a ``#/play/…`` link's time goes after the engine is ready (a script, not a test).

    nice -n 10 python3 bench/playlink.py [--runs 5] [--old REV] [--phone]

Each round opens ``index.html#/play/bench-play`` (the saved 本将棋 match of ``bench/load.py``) in a
fresh browser context without a service worker, served by ``scripts/serve.py`` in its own process,
and prints, relative to engine-ready (``<html data-engine="ready">``), the page's ``pg:*``
performance marks (match.js: the page's start, the ``load`` and ``look`` calls, the view's module,
its mount, the first update), the Resource Timing of the match page's and the view's files, the
first legal move clickable (a ``.sg-sq[data-movable="1"]`` in the DOM, as ``bench/load.py`` times
it) and the next frame after it; from a Chromium trace of each round, the thread time (CPU) of the
page's main thread and of the engine's worker between engine-ready and the board's first update, and of
the main thread's task that renders the board (thread time is what a loaded machine stretches least). With ``--old REV`` the site at REV is measured in the same rounds,
alternating the order, and the per-round difference of clickable − ready is printed. Figures only,
with the load average; medians with a distribution-free interval (``bench/load.py``'s).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load as lb  # noqa: E402  (bench/load.py)

FRAME = """
(() => {
  const seen = () => {
    if (window.__clickableAt !== undefined && window.__clickFrame === undefined) {
      window.__clickFrame = null;
      requestAnimationFrame(() => setTimeout(() => { window.__clickFrame = performance.now(); }, 0));
    }
  };
  new MutationObserver(seen).observe(document, { attributes: true, childList: true, subtree: true });
  window.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no long tasks in this browser */ }
})();
"""

COLLECT = """() => {
  const ready = window.__engineAt;
  const marks = {};
  for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('pg:')) marks[m.name] = m.startTime - ready;
  const files = {};
  for (const r of performance.getEntriesByType('resource')) {
    const m = r.name.match(/(shell\\/match\\.js|games\\/shogi\\/view\\.(js|css)|games\\/shogi\\/board\\.js)$/);
    if (m) files[m[1]] = [r.startTime - ready, r.responseEnd - ready];
  }
  const after = (window.__long || []).filter(([s, d]) => s + d > ready && s < window.__clickableAt)
    .map(([s, d]) => [Math.round(s - ready), Math.round(d)]);
  return { ready, clickable: window.__clickableAt - ready, frame: window.__clickFrame - ready, marks, files,
           long: after, squares: document.querySelectorAll('.sg-sq').length,
           nodes: document.getElementsByTagName('*').length };
}"""


TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]


def thread_times(trace: bytes, marks: dict[str, float]) -> dict[str, float]:
    """CPU (thread time, which a loaded machine does not stretch the way it stretches wall time) of
    the page's main thread and of the engine's worker thread, from engine-ready to the first
    update, and the main thread's task that takes the ``look`` answer and renders the board (the one that
    holds both marks): the sums of the thread durations of their top-level tasks starting in those spans."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    at = {e["name"]: e for e in events if e.get("name", "").startswith("pg:") and e.get("ph") in ("R", "I", "i", "n")}
    if not all(k in at for k in ("pg:load:sent", "pg:look:done", "pg:first:update")):
        return {}
    main = (at["pg:look:done"]["pid"], at["pg:look:done"]["tid"])
    zero = at["pg:load:sent"]["ts"] - marks["pg:load:sent"] * 1000  # trace µs at performance.now() 0
    ready, look, done = (zero + marks[k] * 1000 for k in ("ready", "pg:look:done", "pg:first:update"))
    out = {"main_cpu": 0.0, "render_cpu": 0.0, "worker_cpu": 0.0}
    for e in events:
        if e.get("ph") != "X" or e.get("name") != "RunTask" or "tdur" not in e:
            continue
        where = (e["pid"], e["tid"])
        if where == main and ready <= e["ts"] <= done:
            out["main_cpu"] += e["tdur"] / 1000
            if e["ts"] <= done <= e["ts"] + e["dur"] and e["ts"] <= look:  # the task that takes the answer and renders
                out["render_cpu"] += e["tdur"] / 1000
        elif where[0] == main[0] and "Worker" in names.get(where, "") and ready <= e["ts"] <= done:
            out["worker_cpu"] += e["tdur"] / 1000
    return out


def one(browser, url: str, server: lb.ServerProcess, stray: lb.Stray, size: tuple[int, int]) -> dict:
    """A fresh context on the #/play link: the marks relative to engine-ready, and thread times."""
    context = browser.new_context(service_workers="block", viewport={"width": size[0], "height": size[1]})
    stray.watch(context)
    page = context.new_page()
    page.goto(url.split("index.html")[0] + "build.json")
    page.evaluate("(r) => localStorage.setItem('pygames.match.' + r.meta.id, JSON.stringify(r))", lb.PLAY_RECORD)
    context.add_init_script(lb.PROBE)
    context.add_init_script(FRAME)
    server.clear()
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.goto(url)
    lb.wait_ready(page)
    page.wait_for_function("() => typeof window.__clickFrame === 'number'", timeout=60_000)
    result = page.evaluate(COLLECT)
    absolute = page.evaluate("() => Object.fromEntries(performance.getEntriesByType('mark')"
                             ".map((m) => [m.name, m.startTime]).concat([['ready', window.__engineAt]]))")
    result["cpu"] = thread_times(browser.stop_tracing(), absolute)
    result["load"] = lb.load1()
    context.close()
    return result


def show(name: str, rs: list[dict]) -> None:
    print(f"\n{name}: {len(rs)} rounds, load {min(r['load'] for r in rs):.1f}–{max(r['load'] for r in rs):.1f}; "
          f"engine ready {lb.fmt([r['ready'] for r in rs])}")
    print(f"  clickable − ready {lb.fmt([r['clickable'] for r in rs])}; next frame − ready "
          f"{lb.fmt([r['frame'] for r in rs])}; DOM {rs[-1]['nodes']} elements, {rs[-1]['squares']} squares")
    for k in ("main_cpu", "render_cpu", "worker_cpu"):
        vals = [r["cpu"][k] for r in rs if k in r["cpu"]]
        if vals:
            print(f"    thread time {k:12s} {lb.fmt(vals)}")
    names = sorted({k for r in rs for k in r["marks"]}, key=lambda k: lb.med([r["marks"].get(k, 0) for r in rs]))
    for k in names:
        vals = [r["marks"][k] for r in rs if k in r["marks"]]
        print(f"    {k:22s} {lb.fmt(vals)}")
    for f in sorted({k for r in rs for k in r["files"]}):
        vals = [r["files"][f] for r in rs if f in r["files"]]
        print(f"    file {f:22s} start {lb.fmt([v[0] for v in vals])}; end {lb.fmt([v[1] for v in vals])}")
    print("    long tasks between ready and clickable (start − ready, ms long), per round: "
          + "; ".join(str(r["long"]) for r in rs))


def main() -> None:
    parser = argparse.ArgumentParser(description="#/play link: what happens between engine-ready and the first clickable move")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--old", default=None, help="also the site at this git revision, in the same rounds")
    parser.add_argument("--phone", action="store_true", help="a 375x812 window instead of 1280x800")
    args = parser.parse_args()
    print(f"load average at start (1/5/15 min): {lb.load()} on {os.cpu_count()} cores; window "
          f"{'375x812' if args.phone else '1280x800'}", flush=True)
    lb.build.build(test_pages=True, quiet=True)
    tmp = Path(tempfile.mkdtemp(prefix="pygames-playlink-"))
    servers = {"new": lb.ServerProcess(lb.build.DIST)}
    if args.old:
        servers["old"] = lb.ServerProcess(lb.build_old(args.old, tmp))
    from playwright.sync_api import sync_playwright

    stray = lb.Stray()
    got: dict[str, list[dict]] = {name: [] for name in servers}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=lb.CHROMIUM, args=lb.ARGS, headless=True)
            for run in range(args.runs + 1):
                order = list(servers.items()) if run % 2 else list(reversed(servers.items()))
                for name, server in order:
                    result = one(browser, server.url + "index.html#/play/bench-play", server, stray,
                                 (375, 812) if args.phone else (1280, 800))
                    if run:  # round 0 warms the OS file cache and Chromium's code caches
                        got[name].append(result)
                print(f"  round {run} done, load {lb.load1():.1f}: "
                      + ", ".join(f"{n} {got[n][-1]['clickable']:.0f}" for n in got if run), flush=True)
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    for name, rs in got.items():
        show(name, rs)
    if "old" in got:
        diffs = [n["clickable"] - o["clickable"] for n, o in zip(got["new"], got["old"])]
        print(f"\nclickable − ready, new − old per round: {lb.fmt(diffs)}")
        for k in ("main_cpu", "render_cpu", "worker_cpu"):
            pairs = [(n["cpu"][k], o["cpu"][k]) for n, o in zip(got["new"], got["old"]) if n["cpu"].get(k) and o["cpu"].get(k)]
            if pairs:
                print(f"thread time {k}, new / old per round: {lb.fmt([a / b for a, b in pairs], '', 3)}")
    print(f"requests that left the host: {len(stray.urls)}; load now {lb.load()}")


if __name__ == "__main__":
    main()
