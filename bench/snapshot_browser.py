#!/usr/bin/env python3
"""A Pyodide memory snapshot in the browser, side by side with a plain boot (a bench, not a test).

    nice -n 10 python3 bench/snapshot_browser.py [--runs 5]

Two bare worker pages (no PyScript, no shell): ``bench/worker.html`` boots Pyodide, unpacks our wheel and
imports ``pygames.webapi``; ``bench/snap.html`` does the same on its first load, then takes a memory
snapshot (``_makeSnapshot`` + ``makeMemorySnapshot``) and keeps it in Cache Storage; every later load
restores from it (``_loadSnapshot``), unpacks the wheel again (files are not in the heap) and answers a
``games`` call. Each round: the plain page in a fresh context, and a reload of the snapshot page in a
context that already holds the snapshot (order alternating). Prints ms to ready with 95 % intervals,
the per-round ratio, the snapshot's size and the load. This is the prototype's measurement: the site
itself (PyScript's worker) does not use a snapshot yet.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("load_bench", HERE / "load.py")
assert spec and spec.loader
lb = importlib.util.module_from_spec(spec)
sys.modules["load_bench"] = lb
spec.loader.exec_module(lb)

SNAP_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Pyodide snapshot worker</title></head>
<body><p>bare Pyodide worker, from a memory snapshot when one is kept (bench/snapshot_browser.py)</p>
<script type="module">
const worker = new Worker(new URL("snap.mjs", location.href), { type: "module" });
worker.onmessage = (e) => {
  const [what, detail] = String(e.data).split(":");
  if (what === "ready") { window.__how = detail; document.documentElement.dataset.engine = "ready"; }
  else if (what === "stored") { window.__snapshotBytes = Number(detail); }
  else document.documentElement.dataset.engine = "error";
};
</script></body></html>
"""

SNAP_JS = """const base = new URL("../", self.location.href);
const KEY = new URL("bench/snapshot.bin", base).href;
try {
  const info = await (await fetch(new URL("build.json", base))).json();
  const wheel = fetch(new URL(info.wheel, base)).then((r) => r.arrayBuffer());
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const indexURL = new URL("pyodide/", base).href;
  const cache = await caches.open("bench-snapshot");
  const hit = await cache.match(KEY);
  if (hit) {
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: hit.arrayBuffer() });
    pyodide.unpackArchive(await wheel, "wheel");
    const answer = JSON.parse(pyodide.pyimport("pygames.webapi").dispatch("games", "{}"));
    if (!Array.isArray(answer.games)) throw new Error("no games after the restore");
    self.postMessage("ready:snapshot");
  } else {
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    pyodide.unpackArchive(await wheel, "wheel");
    pyodide.pyimport("pygames.webapi");
    self.postMessage("ready:plain");
    const snapshot = pyodide.makeMemorySnapshot();
    await cache.put(KEY, new Response(snapshot));
    self.postMessage("stored:" + snapshot.length);
  }
} catch (err) {
  self.postMessage("error:" + String(err));
}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load average at start: {lb.load()} on {os.cpu_count()} cores", flush=True)
    lb.build.build(test_pages=True, quiet=True)
    lb.write_bench_pages(lb.build.DIST, False)
    (lb.build.DIST / "bench" / "snap.html").write_text(SNAP_HTML)
    (lb.build.DIST / "bench" / "snap.mjs").write_text(SNAP_JS)
    server = lb.ServerProcess(lb.build.DIST)
    from playwright.sync_api import sync_playwright

    stray = lb.Stray()
    plain: list[tuple[float, float]] = []
    restored: list[tuple[float, float]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=lb.CHROMIUM, args=lb.ARGS, headless=True)
            keeper = browser.new_context(service_workers="block")
            stray.watch(keeper)
            keeper.add_init_script(lb.PROBE)
            snap = keeper.new_page()
            snap.goto(server.url + "bench/snap.html")
            lb.wait_ready(snap)
            snap.wait_for_function("() => window.__snapshotBytes !== undefined", timeout=180_000)
            size = snap.evaluate("() => window.__snapshotBytes")
            print(f"  snapshot made in the browser worker: {size / 1e6:.1f} MB; load {lb.load1():.1f}", flush=True)
            for run in range(args.runs + 1):
                for which in (("plain", "snap") if run % 2 else ("snap", "plain")):
                    if which == "plain":
                        r = lb.cold_load(browser, server.url + "bench/worker.html", server, stray)
                        if run:
                            plain.append((r["ms"], r["load"]))
                    else:
                        snap.reload()
                        lb.wait_ready(snap)
                        how = snap.evaluate("() => window.__how")
                        if how != "snapshot":
                            raise RuntimeError(f"the snapshot page booted {how}")
                        if run:
                            restored.append((snap.evaluate("() => window.__engineAt"), lb.load1()))
                if run:
                    print(f"  round {run}: plain {plain[-1][0]:.0f} ms, from snapshot {restored[-1][0]:.0f} ms, "
                          f"ratio {restored[-1][0] / plain[-1][0]:.3f}; load {lb.load1():.1f}", flush=True)
            browser.close()
    finally:
        server.stop()
    ratios = [r / p for (r, _), (p, _) in zip(restored, plain)]
    print(f"\nsnapshot in the browser worker, {args.runs} rounds; load {min(x for _, x in plain + restored):.1f}–"
          f"{max(x for _, x in plain + restored):.1f}, now {lb.load()}")
    print(f"  plain boot + import: {lb.fmt([m for m, _ in plain])}")
    print(f"  from the snapshot (+ wheel unpacked, one call): {lb.fmt([m for m, _ in restored])}")
    print(f"  ratio snapshot / plain, per round: {lb.fmt(ratios, '', 3)}")
    print(f"  requests that left the host: {len(stray.urls)}")


if __name__ == "__main__":
    main()
