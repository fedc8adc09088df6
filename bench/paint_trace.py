#!/usr/bin/env python3
"""Where the landing page's first useful paint goes (a script, not a test).

    nice -n 10 python3 bench/paint_trace.py [--runs 5] [--old REV] [--ready] [--files] [--tasks] [--no-build]

Serves ``dist/`` (and with ``--old`` the site at REV) with ``scripts/serve.py`` in its own process, as
bench/load.py does, and opens the landing page in fresh traced browser contexts without a service worker
(Python boots in its worker meanwhile), alternating the sites each run. Per run: the first contentful paint,
when the games and the saved matches are in the DOM and the rAF after it (bench/load.py's "first useful
paint"), the renderer main thread's CPU time before it (the trace's thread time: what the page made the
browser do, which a loaded machine stretches in wall time only) and when the landing's own files (its
stylesheet, its module graph as served, games.json unless the page holds it) were all in. ``--files``: each of those files' timings; ``--tasks``: the main thread's tasks of >= 3 ms CPU; ``--ready``:
also the engine's ready time (after the trace has stopped), to check the paint did not delay it.
Medians with 95 % intervals, per-run ratios new / old, the load. Figures only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
from load import ARGS, CHROMIUM, PROBE, ServerProcess, build_old, fmt  # noqa: E402

RESULT_JS = """() => ({
  useful: window.__usefulAt, dom: window.__usefulDom,
  fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null,
  nav: (() => { const n = performance.getEntriesByType('navigation')[0];
    return { requestStart: n.requestStart, responseEnd: n.responseEnd, domInteractive: n.domInteractive,
             domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd }; })(),
  marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
  files: performance.getEntriesByType('resource').map((r) => ({ name: r.name.replace(location.origin + '/', ''),
    start: r.startTime, requestStart: r.requestStart, responseStart: r.responseStart, end: r.responseEnd,
    initiator: r.initiatorType })),
})"""


def trace_main(trace: dict) -> tuple[list[dict], float] | None:
    """The page renderer's main-thread complete events and its navigation start (µs), or None."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    main = {k for k, v in names.items() if v == "CrRendererMain"}
    nav = [e for e in events if e.get("name") == "navigationStart" and (e["pid"], e["tid"]) in main
           and ((e.get("args") or {}).get("data") or {}).get("documentLoaderURL", "").startswith("http")]
    if not nav:
        return None
    key = (nav[0]["pid"], nav[0]["tid"])
    return [e for e in events if (e["pid"], e["tid"]) == key and e.get("ph") == "X"], nav[0]["ts"]


def main_thread_cpu(trace: dict, until_ms: float) -> float:
    """CPU time (ms, the trace's thread time) of the main thread's tasks from navigation to ``until_ms``:
    what the page itself made the renderer do, which a loaded machine stretches in wall time only."""
    found = trace_main(trace)
    if not found:
        return float("nan")
    events, t0 = found
    return sum(e.get("tdur", 0) for e in events if e["name"] == "RunTask" and t0 <= e["ts"] <= t0 + until_ms * 1000) / 1000


def main_thread_tasks(trace: dict, until_ms: float) -> list[str]:
    """The main thread's tasks of >= 3 ms CPU before ``until_ms`` (since navigation) and their longest parts."""
    found = trace_main(trace)
    if not found:
        return ["(no navigationStart in the trace)"]
    events, t0 = found
    out = []
    for task in sorted((e for e in events if e["name"] == "RunTask" and e["ts"] >= t0), key=lambda e: e["ts"]):
        start = (task["ts"] - t0) / 1000
        if start > until_ms:
            break
        if task.get("tdur", 0) < 3000:
            continue
        inner = [e for e in events if task["ts"] <= e["ts"] <= task["ts"] + task.get("dur", 0) and e is not task
                 and e.get("tdur", 0) >= 1000 and e["name"] in INTERESTING]
        what = [f"{e['name']} {e['tdur'] / 1000:.1f}" for e in sorted(inner, key=lambda e: e["ts"])]
        out.append(f"    {start:7.1f} ms  task {task['dur'] / 1000:6.1f} ms wall, {task['tdur'] / 1000:5.1f} ms CPU: "
                   + "; ".join(what))
    return out


INTERESTING = {"ParseHTML", "ParseAuthorStyleSheet", "v8.compileModule", "v8.evaluateModule", "v8.compile",
               "RunMicrotasks", "UpdateLayoutTree", "Layout", "Paint", "PrePaint", "FunctionCall",
               "EvaluateScript", "v8.produceModuleCache", "v8.run"}


def visit(browser, url: str, ready: bool = False) -> tuple[dict, dict]:
    """One fresh context without a service worker, traced until the useful paint: the probe's figures
    (with ``ready``, also when the engine was ready, ms since navigation) and the trace."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline",
                                                 "v8.execute", "blink", "blink.user_timing", "loading",
                                                 "navigation"])
    page.goto(url)
    page.wait_for_function("() => typeof window.__usefulAt === 'number'", timeout=60_000)
    r = page.evaluate(RESULT_JS)
    trace = json.loads(browser.stop_tracing())
    if ready:
        page.wait_for_function("() => window.__engineAt !== undefined", timeout=300_000)
        r["ready"] = page.evaluate("() => window.__engineState === 'ready' ? window.__engineAt : null")
    context.close()
    return r, trace


def landing_files(dist: Path) -> set[str]:
    """What the landing page served from ``dist`` must have before it can list anything: its stylesheets, its
    module's static graph (as served: in dist/) and games.json unless the page holds it."""
    page = (dist / "index.html").read_text()
    entry = dist / build.MODULE_RE.search(page).group(1)
    files = {p.relative_to(dist).as_posix() for p in build.module_graph(entry.resolve())}
    files |= set(re.findall(r'<link rel="stylesheet" href="([^"]+)"', page))
    if f'id="{build.GAMES_DATA_ID}"' not in page:
        files.add("games.json")
    return files


def show(which: str, run: int, r: dict, cpu: float, landing: set[str]) -> list[dict]:
    """Print one run; returns the landing's own files as fetched."""
    n = r["nav"]
    own = [f for f in r["files"] if f["name"] in landing]
    print(f"{which} run {run} (load {os.getloadavg()[0]:.1f}): html {n['requestStart']:.0f}–{n['responseEnd']:.0f}, "
          f"fcp {r['fcp'] or 0:.0f}, lists in the DOM {r['dom']:.0f}, useful paint {r['useful']:.0f}; main thread "
          f"{cpu:.1f} ms CPU before it; the landing's {len(own)} files (of {len(landing)}) all in at "
          f"{max((f['end'] for f in own), default=0):.0f}")
    return own


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--old", default=None, help="also the site at this git revision, alternating per run")
    parser.add_argument("--files", action="store_true", help="print each file fetched before the lists")
    parser.add_argument("--tasks", action="store_true", help="print the main thread's tasks of >= 3 ms CPU")
    parser.add_argument("--ready", action="store_true", help="also wait for the engine: ms to ready per site")
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()} on {os.cpu_count()} cores", flush=True)
    if not args.no_build:
        build.build(test_pages=True, quiet=True)
    servers = {"new": ServerProcess(build.DIST)}
    dists = {"new": build.DIST}
    tmp = Path(tempfile.mkdtemp(prefix="pygames-paint-"))
    if args.old:
        dists["old"] = build_old(args.old, tmp)
        servers["old"] = ServerProcess(dists["old"])
    landing = {which: landing_files(dist) for which, dist in dists.items()}
    from playwright.sync_api import sync_playwright

    figures: dict[str, dict[str, list[float]]] = {w: {"useful": [], "cpu": [], "fcp": [], "files": [], "ready": []}
                                                  for w in servers}
    loads: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for run in range(args.runs + 1):
                order = list(servers.items()) if run % 2 else list(reversed(servers.items()))
                for which, server in order:
                    r, trace = visit(browser, server.url + "index.html", args.ready)
                    if run == 0:
                        continue  # warm-up: the OS file cache
                    cpu = main_thread_cpu(trace, r["useful"])
                    loads.append(os.getloadavg()[0])
                    f = figures[which]
                    f["useful"].append(r["useful"])
                    f["cpu"].append(cpu)
                    f["fcp"].append(r["fcp"] or 0)
                    if args.ready:
                        f["ready"].append(r["ready"] or float("nan"))
                        print(f"  {which} engine ready at {r['ready'] or float('nan'):.0f} ms")
                    own = show(which, run, r, cpu, landing[which])
                    f["files"].append(max((x["end"] for x in own), default=0))
                    if args.files:
                        for x in sorted(r["files"], key=lambda x: x["start"]):
                            if x["start"] <= r["dom"]:
                                print(f"    {x['start']:7.1f} → req {x['requestStart']:7.1f} → first byte "
                                      f"{x['responseStart']:7.1f} → end {x['end']:7.1f}  {x['initiator']:6s} {x['name']}")
                    if args.tasks:
                        print("\n".join(main_thread_tasks(trace, r["useful"])))
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\n{args.runs} traced fresh contexts per site (+1 warm-up), load {min(loads):.1f}–{max(loads):.1f}, "
          f"now {os.getloadavg()}:")
    for which, f in figures.items():
        print(f"  {which}: first useful paint {fmt(f['useful'])}; main-thread CPU before it {fmt(f['cpu'], 'ms', 1)}; "
              f"fcp {fmt(f['fcp'])}; the landing's {len(landing[which])} files all in at {fmt(f['files'])}"
              + (f"; engine ready {fmt(f['ready'])}" if args.ready else ""))
    if "old" in figures:
        for key in ("useful", "cpu", "ready") if args.ready else ("useful", "cpu"):
            rs = [a / b for a, b in zip(figures["new"][key], figures["old"][key])]
            print(f"  new / old {key}, per run: {fmt(rs, '', 3)}")


if __name__ == "__main__":
    main()
