#!/usr/bin/env python3
"""Load benchmark (a script, not a test): how fast the site is usable, and what a first visit costs.

    python3 bench/load.py [--runs 5] [--old REV] [--no-old]

In one run, alternating the pages so that machine noise hits all alike, each in RUNS fresh browser
contexts (after one warm-up round that is not counted):

* ``site``: ``index.html`` (the engine in PyScript's worker, our wheel placed by the config's [files]);
* ``files``: ``dist/bench/files.html``, a minimal page with the same bridge (wheel placed by [files]);
* ``micropip``: ``dist/bench/micropip.html``, the same minimal page but the wheel installed by PyScript's
  ``packages`` (micropip 0.11.1 and packaging 26.1 from PyPI, downloaded here with ``pip download``
  into ``bench/out/pypi/`` and served from ``dist/bench/pyodide/`` with the lock's sha256 rewritten);
* ``bare``: ``dist/bench/bare.html``, only Pyodide on the main thread unpacking the same wheel (the floor);
* ``old``: the site as it was at ``--old`` (the hand-written Pyodide worker), built into a temporary
  folder and served on its own port.

Printed: cold navigation → engine ready (median, min, max), the ratios to bare (goal ≤ 1.10), the first
useful paint of the landing page (games and saved matches listed; goal ≤ 300 ms), the bytes of a whole
first visit with the service worker (boot, then the precache; goal ≤ 1.05 × the boot), warm reloads
from the service worker (new ≤ old), call round trips, requests that left the host (must be 0), and
the machine's load average. Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
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
PYPI = ROOT / "bench" / "out" / "pypi"
MICROPIP = {"micropip": "0.11.1", "packaging": "26.1"}
"""The versions pyodide-lock.json names (its own builds are not in the npm package)."""
DEFAULT_OLD = "a6d5535"
"""The last commit with the hand-written Pyodide worker."""

# performance.now() (ms since navigation start) when <html data-engine> becomes "ready", and when the
# landing page first shows its games and saved matches ("first useful paint").
PROBE = """
(() => {
  const mark = () => {
    const root = document.documentElement;
    const state = root.dataset.engine;
    if ((state === 'ready' || state === 'error') && window.__engineAt === undefined) {
      window.__engineAt = performance.now();
      window.__engineState = state;
    }
    if (window.__usefulAt === undefined && document.querySelector('.games .game-card') && document.querySelector('.saves h2')) {
      const seen = performance.now();
      window.__usefulDom = seen;
      requestAnimationFrame(() => { window.__usefulAt = performance.now(); });
      window.__usefulAt = null;
    }
  };
  new MutationObserver(mark).observe(document, { attributes: true, childList: true, subtree: true });
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

# The site's own bridge, but the wheel goes through PyScript's `packages` (micropip) instead of
# [files]: the page writes the <py-config> itself, so the bridge leaves it alone.
MICROPIP_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>PyScript packages (micropip)</title></head>
<body><p>PyScript worker, wheel installed by micropip (bench/load.py)</p>
<script type="module">
const base = new URL("../", location.href);
const info = await (await fetch(new URL("build.json", base))).json();
const off = ["!codemirror", "!deprecations-manager", "!donkey", "!error", "!py-editor", "!py-game", "!py-terminal"];
const config = { interpreter: new URL("bench/pyodide/pyodide.mjs", base).href,
  packages: [new URL(info.wheel, base).href], index_urls: [new URL("bench/simple/", base).href],
  plugins: off, sync_main_only: true };
for (const [tag, body] of [["py-config", config], ["mpy-config", { plugins: off }]]) {
  const el = document.createElement(tag);
  el.setAttribute("type", "json");
  el.textContent = JSON.stringify(body);
  document.head.append(el);
}
const { engine } = await import(new URL("web/runtime/bridge.js", base).href);
await engine.start();
await engine.call("games", {});
document.documentElement.dataset.engine = "ready";
</script></body></html>
"""


# The same minimal page with the bridge's own config: the wheel placed by [files] (what the site does).
FILES_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>PyScript [files]</title></head>
<body><p>PyScript worker, wheel placed by [files] (bench/load.py)</p>
<script type="module">
const base = new URL("../", location.href);
const { engine } = await import(new URL("web/runtime/bridge.js", base).href);
await engine.start();
await engine.call("games", {});
document.documentElement.dataset.engine = "ready";
</script></body></html>
"""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_micropip() -> list[Path]:
    """micropip and packaging wheels from PyPI (once; kept in bench/out/pypi/)."""
    PYPI.mkdir(parents=True, exist_ok=True)
    wanted = [f"{name}=={version}" for name, version in MICROPIP.items()]
    have = [next(iter(PYPI.glob(f"{name}-{version}-*.whl")), None) for name, version in MICROPIP.items()]
    if not all(have):
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                        "--python-version", "3.14", "-d", str(PYPI), *wanted], check=True)
        have = [next(iter(PYPI.glob(f"{name}-{version}-*.whl"))) for name, version in MICROPIP.items()]
    return [p for p in have if p is not None]


def write_bench_pages(dist: Path) -> None:
    """dist/bench/: the bare page, the micropip page and its Pyodide folder (runtime + micropip +
    packaging, the lock's sha256 entries rewritten to the PyPI files' hashes)."""
    bench = dist / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "bare.html").write_text(BARE_HTML)
    (bench / "micropip.html").write_text(MICROPIP_HTML)
    (bench / "files.html").write_text(FILES_HTML)
    pyodide = bench / "pyodide"
    pyodide.mkdir(exist_ok=True)
    for name in build.PYODIDE_FILES:
        if name != "pyodide-lock.json":
            shutil.copy2(dist / "pyodide" / name, pyodide / name)
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    for wheel in fetch_micropip():
        shutil.copy2(wheel, pyodide / wheel.name)
        entry = lock["packages"][wheel.name.split("-")[0]]
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256(wheel)
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock))


def build_old(rev: str, where: Path) -> Path:
    """The site at ``rev`` built into ``where``/dist (sharing this checkout's node_modules)."""
    tree = where / "tree"
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    subprocess.run([sys.executable, "build.py"], cwd=tree, check=True, capture_output=True)
    return tree / "dist"


class Stray:
    """Requests that left the host, over the whole run."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def watch(self, context) -> None:
        context.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1:", "blob:", "data:"))
                   else self.urls.append(r.url))


def cold_load(browser, url: str, server: SiteServer, stray: Stray) -> dict:
    """One fresh context, no service worker: ms to ready (and to a useful landing page), bytes served."""
    context = browser.new_context(service_workers="block")
    stray.watch(context)
    context.add_init_script(PROBE)
    page = context.new_page()
    server.sent.clear()
    page.goto(url)
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=180_000)
    if page.evaluate("() => !!document.querySelector('.games')"):  # the landing page: wait for its lists
        page.wait_for_function("() => typeof window.__usefulAt === 'number'", timeout=60_000)
    result = page.evaluate("""() => ({ ms: window.__engineAt, state: window.__engineState,
        useful: window.__usefulAt || null, fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null })""")
    time.sleep(0.3)  # let the server finish counting the last responses
    result["sent"] = list(server.sent)
    context.close()
    if result["state"] != "ready":
        raise RuntimeError(f"{url}: engine state {result['state']}")
    return result


def first_visit(browser, url: str, server: SiteServer, stray: Stray) -> dict:
    """A first visit with the service worker: bytes until ready (the boot), then until the offline
    cache is complete (<html data-offline="ready">, or 4 s without a download for older builds)."""
    context = browser.new_context(service_workers="allow")
    stray.watch(context)
    context.add_init_script(PROBE)
    page = context.new_page()
    server.sent.clear()
    page.goto(url)
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=180_000)
    boot = sum(n for _, n in server.sent)
    boot_files = len(server.sent)
    ready_ms = page.evaluate("() => window.__engineAt")
    try:
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=20_000)
        how = "offline-ready"
    except Exception:  # noqa: BLE001 - an older build without the signal
        how = "quiet"
    last, quiet_since = -1, time.time()
    while time.time() - quiet_since < (1 if how == "offline-ready" else 4):
        now = len(server.sent)
        if now != last:
            last, quiet_since = now, time.time()
        time.sleep(0.2)
    sent = list(server.sent)
    twice = sorted({p for p, _ in sent if sum(1 for q, n in sent if q == p and n > 0) > 1})
    context.close()
    return {"boot": boot, "boot_files": boot_files, "total": sum(n for _, n in sent), "files": len(sent),
            "twice": twice, "how": how, "ms": ready_ms}


def warm_reloads(browser, url: str, count: int, stray: Stray) -> list[float]:
    """ms from navigation to ready on reloads served by the service worker (one context)."""
    context = browser.new_context(service_workers="allow")
    stray.watch(context)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=180_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    try:
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=20_000)
    except Exception:  # noqa: BLE001 - older build: give its precache time
        time.sleep(4)
    out = []
    for _ in range(count):
        page.reload()
        page.wait_for_function("() => window.__engineAt !== undefined", timeout=180_000)
        out.append(page.evaluate("() => window.__engineAt"))
    context.close()
    return out


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
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=180_000)
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


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.1f} / {five:.1f} / {fifteen:.1f}"


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description="Load benchmark: site, micropip page, bare Pyodide, old site")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warm", type=int, default=3, help="warm reloads per site")
    parser.add_argument("--old", default=DEFAULT_OLD, help="git revision of the old runtime to compare with")
    parser.add_argument("--no-old", action="store_true", help="skip the old site")
    args = parser.parse_args()

    print(f"load average at start (1/5/15 min): {load()} on {os.cpu_count()} cores", flush=True)
    build.build(test_pages=True, quiet=True)
    write_bench_pages(build.DIST)
    servers = {"new": SiteServer(build.DIST).start()}
    tmp = Path(tempfile.mkdtemp(prefix="pygames-bench-"))
    old_dist = None
    if not args.no_old:
        old_dist = build_old(args.old, tmp)
        servers["old"] = SiteServer(old_dist).start()
    pages = {"site": ("new", "index.html"), "files": ("new", "bench/files.html"),
             "micropip": ("new", "bench/micropip.html"), "bare": ("new", "bench/bare.html")}
    if old_dist is not None:
        pages["old"] = ("old", "index.html")
    from playwright.sync_api import sync_playwright

    stray = Stray()
    cold: dict[str, list[dict]] = {name: [] for name in pages}
    loads = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for run in range(args.runs + 1):
                order = list(pages.items()) if run % 2 else list(reversed(pages.items()))
                for name, (which, path) in order:
                    server = servers[which]
                    result = cold_load(browser, server.url + path, server, stray)
                    if run:  # round 0 warms the OS file cache and Chromium's code caches
                        cold[name].append(result)
                loads.append(os.getloadavg()[0])
                print(f"  round {run} done, load {loads[-1]:.1f}", flush=True)
            visits = {which: first_visit(browser, servers[which].url + "index.html", servers[which], stray)
                      for which in servers}
            warm = {which: warm_reloads(browser, servers[which].url + "index.html", args.warm, stray)
                    for which in servers}
            latency = call_latency(browser, servers["new"].url + "index.html")
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
    try:
        report(args, pages, cold, loads, visits, warm, latency, stray, {"new": build.DIST, "old": old_dist})
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def report(args, pages, cold, loads, visits, warm, latency, stray, dist_of) -> None:
    """Print the figures."""

    print(f"\nload benchmark: {args.runs} fresh contexts per page (+1 warm-up), headless Chromium; "
          f"load average during the rounds {min(loads):.1f}–{max(loads):.1f}, now {load()} on {os.cpu_count()} cores")
    for name, (which, path) in pages.items():
        values = [r["ms"] for r in cold[name]]
        sent = cold[name][-1]["sent"]
        total = sum(n for _, n in sent)
        print(f"  {name:9s} {path:20s} ready median {med(values):6.0f} ms (min {min(values):.0f}, max {max(values):.0f})"
              f"  {total / 1e6:5.2f} MB raw, {gzip_size(dist_of[which], sent) / 1e6:5.2f} MB gzipped, {len(sent)} files")
    bare = med([r["ms"] for r in cold["bare"]])
    for name in pages:
        if name != "bare":
            print(f"  ratio {name}/bare: {med([r['ms'] for r in cold[name]]) / bare:.3f}" + ("  (goal <= 1.10)" if name == "site" else ""))
    files = med([r["ms"] for r in cold["files"]])
    print(f"  micropip packages vs [files], same page: {med([r['ms'] for r in cold['micropip']]) - files:+.0f} ms, "
          f"{(sum(n for _, n in cold['micropip'][-1]['sent']) - sum(n for _, n in cold['files'][-1]['sent'])) / 1e3:+.0f} kB raw")
    for name in ("site", "old"):
        if name in cold:
            useful = [r["useful"] for r in cold[name] if r["useful"]]
            fcp = [r["fcp"] for r in cold[name] if r["fcp"]]
            print(f"  {name}: first useful paint (games + saved matches listed) median "
                  f"{med(useful):.0f} ms (max {max(useful) if useful else float('nan'):.0f}; goal <= 300), "
                  f"first contentful paint {med(fcp):.0f} ms")
    for which, v in visits.items():
        print(f"  first visit ({which}, with service worker): ready at {v['ms']:.0f} ms; boot {v['boot'] / 1e6:.2f} MB in {v['boot_files']} files, "
              f"whole visit incl. precache {v['total'] / 1e6:.2f} MB in {v['files']} files = "
              f"{v['total'] / v['boot']:.3f} x boot (goal <= 1.05; ended by {v['how']}); "
              f"downloaded twice: {', '.join(v['twice']) or 'none'}")
    for which, values in warm.items():
        print(f"  warm reload from the service worker ({which}): median {med(values):.0f} ms "
              f"(runs: {', '.join(f'{w:.0f}' for w in values)})")
    print("  engine call round trip from the page (median): "
          + ", ".join(f"{name} {ms:.2f} ms" for name, ms in latency.items()))
    print(f"  requests that left the host: {len(stray.urls)}" + (f" {stray.urls[:3]}" if stray.urls else ""))


if __name__ == "__main__":
    main()
