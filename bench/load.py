#!/usr/bin/env python3
"""Load benchmark (a script, not a test): how long until the site's engine is ready.

    python3 bench/load.py [--runs 5] [--page index.html]

For RUNS fresh browser contexts each (alternating, so machine noise hits both alike), measures the
cold time from navigation start to "engine ready" for
  * our site (``index.html``; ``_test/runtime.html`` until the shell's page exists), ready when
    ``<html data-engine="ready">``;
  * a bare page generated into ``dist/bench/bare.html`` that only boots the same Pyodide on the main
    thread and installs the same wheel (the floor our runtime is compared with);
  * ``dist/bench/pyscript.html``: the same through PyScript's ``PyWorker`` (the alternative we did
    not choose; see docs/runtime.md);
then prints medians, the ratio site/bare (goal <= 1.15), bytes transferred (raw, and gzip as a
static host would send them), and the warm reload time once the service worker has cached the site.
Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import build  # noqa: E402
from serve import SiteServer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

# Records performance.now() (ms since navigation start) when <html data-engine> becomes "ready".
READY_PROBE = """
(() => {
  const mark = () => {
    const state = document.documentElement.dataset.engine;
    if ((state === 'ready' || state === 'error') && window.__engineAt === undefined) {
      window.__engineAt = performance.now();
      window.__engineState = state;
    }
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-engine'] });
})();
"""

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bare Pyodide</title></head>
<body><p>bare Pyodide + wheel (bench/load.py)</p>
<script type="module">
const base = new URL("../", location.href);
const info = await (await fetch(new URL("build.json", base))).json();
const wheel = fetch(new URL(info.wheel, base)).then((r) => r.arrayBuffer());
const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
const indexURL = new URL("pyodide/", base).href;
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL });
pyodide.unpackArchive(await wheel, "wheel");
pyodide.pyimport("pygames.webapi");
document.documentElement.dataset.engine = "ready";
</script></body></html>
"""

PYSCRIPT_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>PyScript PyWorker</title></head>
<body><p>PyScript PyWorker + wheel (bench/load.py)</p>
<script type="module">
import { PyWorker } from "./pyscript/core.js";
const base = new URL("../", location.href);
const info = await (await fetch(new URL("build.json", base))).json();
const worker = await PyWorker(new URL("./engine.py", location.href).href, {
  type: "pyodide",
  version: new URL("pyodide/pyodide.mjs", base).href,
  config: { files: { [new URL(info.wheel, base).href]: "/tmp/pygames.whl" } },
});
await worker.sync.ping();
document.documentElement.dataset.engine = "ready";
</script></body></html>
"""

PYSCRIPT_PY = """import site, zipfile
zipfile.ZipFile("/tmp/pygames.whl").extractall(site.getsitepackages()[0])
import pygames.webapi
try:
    from pyscript import sync
except ImportError:  # PyScript 0.7.31's stdlib bootstrap did not run in this worker: polyscript's own
    from polyscript import xworker
    sync = xworker.sync
sync.ping = lambda: pygames.webapi.dispatch("games", "{}")
"""


def write_bench_pages(dist: Path) -> None:
    """dist/bench/: the bare page, and the PyScript comparison page with PyScript's own files."""
    bench = dist / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "bare.html").write_text(BARE_HTML)
    (bench / "pyscript.html").write_text(PYSCRIPT_HTML)
    (bench / "engine.py").write_text(PYSCRIPT_PY)
    src = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    target = bench / "pyscript"
    if not target.exists():
        import shutil
        shutil.copytree(src, target)


def cold_load(browser, url: str, server: SiteServer) -> tuple[float, int, list[tuple[str, int]], list[str]]:
    """One fresh context: ms from navigation start to ready, bytes served, files, stray requests."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    stray: list[str] = []
    context.on("request", lambda r: None if r.url.startswith((server.url, "blob:", "data:")) else stray.append(r.url))
    page = context.new_page()
    server.sent.clear()
    page.goto(url)
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=120_000)
    ms = page.evaluate("() => window.__engineAt")
    state = page.evaluate("() => window.__engineState")
    time.sleep(0.3)  # let the server finish counting the last responses
    sent = list(server.sent)
    context.close()
    if state != "ready":
        raise RuntimeError(f"{url}: engine state {state}")
    return ms, sum(n for _, n in sent), sent, stray


def warm_reload(browser, url: str) -> float:
    """ms from navigation to ready on a reload served by the service worker."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=120_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_function("async () => (await caches.keys()).length > 0", timeout=60_000)
    time.sleep(2)  # precache finishes in the background
    page.reload()
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=120_000)
    ms = page.evaluate("() => window.__engineAt")
    context.close()
    return ms


LATENCY_JS = """async () => {
  const { engine } = await import(new URL('/web/runtime/bridge.js', location.origin).href);
  await engine.start();
  const timeit = async (n, name, args) => {
    const each = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await engine.call(name, args);
      each.push(performance.now() - t);
    }
    each.sort((a, b) => a - b);
    return each[each.length >> 1];
  };
  const out = { ping: await timeit(200, 'games', {}) };
  const games = (await engine.call('games', {})).games;
  for (const game of games) {
    const players = Array.from({ length: game.min_seats }, () => ({ name: '', type: 'human' }));
    const { record } = await engine.call('new_match', { game: game.name, seed: 7, players });
    out['view:' + game.name] = await timeit(50, 'view', { record, seat: 0 });
  }
  return out;
}"""


def call_latency(browser, url: str) -> dict[str, float]:
    """Median round-trip ms of engine calls from the page (games(); view() of a new match per game)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=120_000)
    result = page.evaluate(LATENCY_JS)
    context.close()
    return result


def gzip_size(dist: Path, files: list[tuple[str, int]]) -> int:
    """What the served files weigh gzipped (level 6, as static hosts commonly send them)."""
    total = 0
    for path, _ in files:
        local = dist / path.lstrip("/")
        if local.is_file():
            total += len(gzip.compress(local.read_bytes(), 6))
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description="Load benchmark: site vs bare Pyodide")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default="", help="site page (default index.html, else _test/runtime.html)")
    parser.add_argument("--no-pyscript", action="store_true", help="skip the PyScript PyWorker comparison")
    args = parser.parse_args()

    build.build(test_pages=True, quiet=True)
    write_bench_pages(build.DIST)
    page_path = args.page or ("index.html" if (build.DIST / "index.html").is_file() else "_test/runtime.html")
    server = SiteServer(build.DIST).start()
    pages = {"site": page_path, "bare": "bench/bare.html"}
    if not args.no_pyscript:
        pages["pyscript"] = "bench/pyscript.html"
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {name: [] for name in pages}
    sizes: dict[str, tuple[int, list[tuple[str, int]]]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for run in range(args.runs + 1):
                order = list(pages.items()) if run % 2 else list(reversed(pages.items()))
                for name, path in order:
                    ms, total, sent, stray = cold_load(browser, server.url + path, server)
                    if stray:
                        print(f"  ! {name} made non-local requests: {stray[:3]}")
                    if run == 0:
                        continue  # warm-up: OS file cache, Chromium's code caches start cold otherwise
                    times[name].append(ms)
                    sizes[name] = (total, sent)
            warm = [warm_reload(browser, server.url + page_path) for _ in range(3)]
            latency = call_latency(browser, server.url + page_path)
            browser.close()
    finally:
        server.stop()

    print(f"load benchmark: {args.runs} fresh contexts each, Chromium headless, load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, path in pages.items():
        values = times[name]
        total, sent = sizes[name]
        print(f"  {name:9s} {path:22s} median {statistics.median(values):7.0f} ms  "
              f"(min {min(values):.0f}, max {max(values):.0f})  {total / 1e6:5.2f} MB raw, "
              f"{gzip_size(build.DIST, sent) / 1e6:5.2f} MB gzipped, {len(sent)} files")
    ratio = statistics.median(times["site"]) / statistics.median(times["bare"])
    print(f"  ratio site/bare: {ratio:.3f}  (goal <= 1.15)")
    if "pyscript" in times:
        print(f"  ratio pyscript/bare: {statistics.median(times['pyscript']) / statistics.median(times['bare']):.3f}")
    print("  engine call round trip from the page (median): "
          + ", ".join(f"{name} {ms:.2f} ms" for name, ms in latency.items()))
    print(f"  warm reload (service worker): median {statistics.median(warm):.0f} ms "
          f"(runs: {', '.join(f'{w:.0f}' for w in warm)})")


if __name__ == "__main__":
    main()
