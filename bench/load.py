#!/usr/bin/env python3
"""Load benchmark (a script, not a test): how fast the site is usable, and what a first visit costs.

    nice -n 10 python3 bench/load.py [--runs 5] [--warm 3] [--micropip] [--old REV]

The site is served by ``scripts/serve.py`` in its own process, as users get it (precompressed
``.br``/``.gz`` answered by Accept-Encoding); the bytes are what that server wrote to the wire (its
``--log``). In one run, alternating the page order each round so that machine noise hits all alike,
each page in RUNS fresh browser contexts without a service worker (after one warm-up round):

* ``site``: ``index.html`` (the engine in PyScript's worker);
* ``worker``: ``dist/bench/worker.html``, bare Pyodide in a module Web Worker unpacking the same wheel
  and importing ``pygames.webapi`` (the floor for the site: goal site ≤ 1.05 × worker, per round);
* ``play``: ``index.html#/play/<id>`` of a saved shogi match: engine ready, and the first legal move
  clickable (a movable piece's square on the board; goal ≤ engine ready + 300 ms);
* with ``--micropip``: ``bare`` (Pyodide on the main thread), ``files`` and ``micropip`` (see
  docs/runtime.md); with ``--old REV``: the site at REV, served the same way.

Then: a real first visit through the service worker (bytes on the wire until ready and until the
offline cache is complete; goal ≤ 7.0 MB), warm reloads served by the service worker, then
``--reload-rounds`` rounds side by side: a cold start, a bare worker's cold start and a reload served by
the service worker (goal per round: reload ≤ 0.8 × the cold start; ``--quick`` runs only the first visit
and these rounds), call round trips, and requests that left the host (must be 0). Every figure is printed
with the load average when it was taken; medians with a distribution-free 95 % interval (order
statistics). Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
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
from chromium import ARGS, CHROMIUM  # noqa: E402

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
    if (window.__clickableAt === undefined && document.querySelector('.sg-sq[data-movable="1"]')) {
      window.__clickableAt = performance.now();
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


# Bare Pyodide in a module worker: the same files, the same wheel, the same import, nothing else.
WORKER_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bare Pyodide worker</title></head>
<body><p>bare Pyodide + wheel in a Web Worker (bench/load.py)</p>
<script type="module">
const worker = new Worker(new URL("worker.mjs", location.href), { type: "module" });
worker.onmessage = (e) => { document.documentElement.dataset.engine = e.data === "ready" ? "ready" : "error"; };
worker.onerror = () => { document.documentElement.dataset.engine = "error"; };
</script></body></html>
"""

WORKER_JS = """const base = new URL("../", self.location.href);
try {
  const info = await (await fetch(new URL("build.json", base))).json();
  const wheel = fetch(new URL(info.wheel, base)).then((r) => r.arrayBuffer());
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const indexURL = new URL("pyodide/", base).href;
  const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL });
  pyodide.unpackArchive(await wheel, "wheel");
  pyodide.pyimport("pygames.webapi");
  self.postMessage("ready");
} catch (err) {
  self.postMessage(String(err));
}
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


def write_bench_pages(dist: Path, micropip: bool) -> None:
    """dist/bench/: the bare pages (worker, main thread), the [files] page and, with ``micropip``, the
    micropip page and its Pyodide folder (runtime + micropip + packaging, the lock's sha256 entries
    rewritten to the PyPI files' hashes)."""
    bench = dist / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "bare.html").write_text(BARE_HTML)
    (bench / "micropip.html").write_text(MICROPIP_HTML)
    (bench / "files.html").write_text(FILES_HTML)
    (bench / "worker.html").write_text(WORKER_HTML)
    (bench / "worker.mjs").write_text(WORKER_JS)
    if not micropip:
        return
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


class ServerProcess:
    """``scripts/serve.py`` in its own process (so the browser's downloads never wait on this
    script's Python), logging every body it sends to a file this side reads."""

    def __init__(self, root: Path) -> None:
        self.log = Path(tempfile.mkstemp(prefix="pygames-serve-", suffix=".jsonl")[1])
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "serve.py"), str(root), "--port", "0",
                                      "--log", str(self.log)], stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if " at " not in line:
            raise RuntimeError(f"serve.py did not start: {line!r}")
        self.url = line.split(" at ", 1)[1].split()[0]

    def clear(self) -> None:
        self.log.write_text("")

    def sent(self) -> list[tuple[str, int, str]]:
        """(path, bytes on the wire, content coding) since the last clear()."""
        time.sleep(0.3)  # let the server finish writing the last responses
        return [tuple(json.loads(line)) for line in self.log.read_text().splitlines() if line.strip()]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)
        self.log.unlink(missing_ok=True)


def load1() -> float:
    return os.getloadavg()[0]


def wait_ready(page) -> None:
    page.wait_for_function("() => window.__engineAt !== undefined", timeout=180_000)


def cold_load(browser, url: str, server: ServerProcess, stray: Stray) -> dict:
    """One fresh context, no service worker: ms to ready (and to a useful landing page, and to the first
    legal move clickable on a #/play link), bytes on the wire."""
    context = browser.new_context(service_workers="block")
    stray.watch(context)
    page = context.new_page()
    if "#/play/" in url:  # the saved match the link opens, stored first (from a tiny same-origin file)
        page.goto(url.split("index.html")[0] + "build.json")
        page.evaluate("(r) => localStorage.setItem('pygames.match.' + r.meta.id, JSON.stringify(r))", PLAY_RECORD)
    context.add_init_script(PROBE)
    server.clear()
    page.goto(url)
    wait_ready(page)
    if page.evaluate("() => !!document.querySelector('.games')"):  # the landing page: wait for its lists
        page.wait_for_function("() => typeof window.__usefulAt === 'number'", timeout=60_000)
    if "#/play/" in url:
        page.wait_for_function("() => window.__clickableAt !== undefined", timeout=60_000)
        # The square really plays: select the piece, click its first target, the move is on the board.
        square = page.locator('.sg-sq[data-movable="1"]').first
        target = square.get_attribute("data-targets").split()[0].rstrip("?+")
        square.click()
        page.click(f'.sg-sq[data-sq="{target}"]')
        page.wait_for_selector(f'.sg-sq.sg-last-to[data-sq="{target}"]', timeout=30_000)
    result = page.evaluate("""() => ({ ms: window.__engineAt, state: window.__engineState,
        useful: window.__usefulAt || null, clickable: window.__clickableAt || null,
        fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null })""")
    result["sent"] = server.sent()
    result["load"] = load1()
    context.close()
    if result["state"] != "ready":
        raise RuntimeError(f"{url}: engine state {result['state']}")
    return result


def first_visit(browser, url: str, server: ServerProcess, stray: Stray) -> dict:
    """A first visit with the service worker: bytes on the wire until ready (the boot), then until the
    offline cache is complete (<html data-offline="ready">)."""
    context = browser.new_context(service_workers="allow")
    stray.watch(context)
    context.add_init_script(PROBE)
    page = context.new_page()
    server.clear()
    page.goto(url)
    wait_ready(page)
    boot = server.sent()
    ready_ms = page.evaluate("() => window.__engineAt")
    try:
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=60_000)
        how = "offline-ready"
    except Exception:  # noqa: BLE001 - an older build without the signal
        how = "timeout"
    sent = server.sent()
    twice = sorted({p for p, _, _ in sent if sum(1 for q, n, _ in sent if q == p and n > 0) > 1})
    context.close()
    return {"boot": sum(n for _, n, _ in boot), "boot_files": len(boot), "total": sum(n for _, n, _ in sent),
            "files": len(sent), "twice": twice, "how": how, "ms": ready_ms, "load": load1(),
            "codings": sorted({c for _, _, c in sent})}


def warm_reloads(browser, url: str, count: int, stray: Stray) -> list[tuple[float, float]]:
    """(ms from navigation to ready, load) of reloads served by the service worker (one context, after
    a first visit that completed the offline cache)."""
    context = browser.new_context(service_workers="allow")
    stray.watch(context)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    out = []
    for _ in range(count):
        page.reload()
        wait_ready(page)
        out.append((page.evaluate("() => window.__engineAt"), load1()))
    context.close()
    return out
def reload_vs_cold(browser, url: str, server: ServerProcess, rounds: int, stray: Stray,
                   worker_url: str = "") -> list[dict]:
    """Side by side, per round, in alternating order so that machine noise hits all alike: a cold start
    (fresh context, no service worker), a bare Pyodide worker's cold start (fresh context) and a reload
    served by the service worker (one context, after a first visit that completed the offline cache).
    Each entry: {cold, worker, reload, load}."""
    context = browser.new_context(service_workers="allow")
    stray.watch(context)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=300_000)
    out = []
    kinds = ["cold", "reload"] + (["worker"] if worker_url else [])
    for i in range(rounds):
        timings: dict[str, float] = {}
        for which in (kinds if i % 2 == 0 else kinds[::-1]):
            if which == "cold":
                timings["cold"] = cold_load(browser, url, server, stray)["ms"]
            elif which == "worker":
                timings["worker"] = cold_load(browser, worker_url, server, stray)["ms"]
            else:
                page.reload()
                wait_ready(page)
                timings["reload"] = page.evaluate("() => window.__engineAt")
        out.append({**timings, "load": load1()})
        print(f"  round {i + 1}: cold {timings['cold']:.0f} ms, service-worker reload {timings['reload']:.0f} ms"
              + (f", bare worker {timings['worker']:.0f} ms" if worker_url else "")
              + f"; reload/cold {timings['reload'] / timings['cold']:.3f}"
              + (f", cold/worker {timings['cold'] / timings['worker']:.3f}" if worker_url else "")
              + f"; load {load1():.1f}", flush=True)
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


def play_record() -> dict:
    """A saved shogi match (本将棋, two people, no move yet) as localStorage holds it, made by the engine."""
    from pygames import webapi
    players = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]
    out = json.loads(webapi.dispatch("new_match", json.dumps({"game": "shogi", "seed": 7, "players": players,
                                                               "options": {"ruleset": "hon"}})))
    record = out["record"]
    record["meta"] = {"id": "bench-play", "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    return record


PLAY_RECORD = play_record()


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.1f} / {five:.1f} / {fifteen:.1f}"


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def median_ci(values: list[float]) -> tuple[float, float, float, float]:
    """(median, low, high, coverage): a distribution-free interval for the median from order statistics,
    the narrowest whose coverage is ≥ 95 % (min–max when n is too small for that: n = 5 gives 94 %,
    n = 3 75 %; the coverage is returned so that it is printed)."""
    xs = sorted(values)
    n = len(xs)
    if n == 0:
        return float("nan"), float("nan"), float("nan"), 0.0
    k, cum = 0, 0.0
    while k < n:  # largest k with P(Binomial(n, 1/2) < k) <= 0.025
        p = math.comb(n, k) / 2 ** n
        if cum + p > 0.025:
            break
        cum += p
        k += 1
    k = max(k, 1)
    below = sum(math.comb(n, i) for i in range(k)) / 2 ** n
    return statistics.median(xs), xs[k - 1], xs[n - k], 1 - 2 * below


def fmt(values: list[float], unit: str = "ms", digits: int = 0) -> str:
    m, lo, hi, coverage = median_ci(values)
    return (f"median {m:.{digits}f} {unit} ({coverage:.0%} interval {lo:.{digits}f}–{hi:.{digits}f}, "
            f"n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser(description="Load benchmark: site vs bare Pyodide worker, first visit, reloads")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warm", type=int, default=3, help="warm reloads from the service worker")
    parser.add_argument("--micropip", action="store_true", help="also the main-thread bare page, [files] and micropip pages")
    parser.add_argument("--old", default=None, help=f"also the site at this git revision (e.g. {DEFAULT_OLD})")
    parser.add_argument("--reload-rounds", type=int, default=3,
                        help="rounds of a cold start and a service-worker reload side by side")
    parser.add_argument("--quick", action="store_true",
                        help="only the first visit's bytes and the reload-vs-cold rounds (for a loaded machine)")
    args = parser.parse_args()

    print(f"load average at start (1/5/15 min): {load()} on {os.cpu_count()} cores", flush=True)
    build.build(test_pages=True, quiet=True)
    write_bench_pages(build.DIST, args.micropip)
    servers = {"new": ServerProcess(build.DIST)}
    tmp = Path(tempfile.mkdtemp(prefix="pygames-bench-"))
    if args.old:
        servers["old"] = ServerProcess(build_old(args.old, tmp))
    pages = {"site": ("new", "index.html"), "worker": ("new", "bench/worker.html"),
             "play": ("new", "index.html#/play/bench-play")}
    if args.micropip:
        pages.update({"bare": ("new", "bench/bare.html"), "files": ("new", "bench/files.html"),
                      "micropip": ("new", "bench/micropip.html")})
    if args.old:
        pages["old"] = ("old", "index.html")
    from playwright.sync_api import sync_playwright

    stray = Stray()
    cold: dict[str, list[dict]] = {name: [] for name in pages}
    if args.quick:
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                server = servers["new"]
                visit = first_visit(browser, server.url + "index.html", server, stray)
                pairs = reload_vs_cold(browser, server.url + "index.html", server, args.reload_rounds, stray,
                                       server.url + "bench/worker.html")
                browser.close()
        finally:
            for server in servers.values():
                server.stop()
            shutil.rmtree(tmp, ignore_errors=True)
        report_visit("new", visit)
        report_reloads(pairs)
        print(f"  requests that left the host: {len(stray.urls)}")
        return
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
                print(f"  round {run} done, load {load1():.1f}"
                      + (f"; site/worker this round {cold['site'][-1]['ms'] / cold['worker'][-1]['ms']:.3f}" if run else ""),
                      flush=True)
            visits = {which: first_visit(browser, servers[which].url + "index.html", servers[which], stray)
                      for which in servers}
            warm = {which: warm_reloads(browser, servers[which].url + "index.html", args.warm, stray)
                    for which in servers}
            pairs = reload_vs_cold(browser, servers["new"].url + "index.html", servers["new"], args.reload_rounds, stray,
                                   servers["new"].url + "bench/worker.html")
            latency = call_latency(browser, servers["new"].url + "index.html")
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    report(args, pages, cold, visits, warm, latency, stray)
    report_reloads(pairs)


def report_visit(which: str, v: dict) -> None:
    """The first visit's bytes on the wire."""
    print(f"  first visit ({which}) through the service worker: ready at {v['ms']:.0f} ms; boot {v['boot'] / 1e6:.2f} MB "
          f"in {v['boot_files']} files; whole visit incl. the offline cache {v['total'] / 1e6:.2f} MB in {v['files']} "
          f"files on the wire ({','.join(v['codings'])}; goal <= 7.0 MB) = {v['total'] / v['boot']:.3f} x boot "
          f"({v['how']}); downloaded twice: {', '.join(v['twice']) or 'none'}; load {v['load']:.1f}")


def report_reloads(pairs: list[dict]) -> None:
    """Per-round ratios of the service-worker reloads to the cold starts (and of those to a bare worker)."""
    print(f"\nreloads side by side, {len(pairs)} rounds (load {min(p['load'] for p in pairs):.1f}–"
          f"{max(p['load'] for p in pairs):.1f}, now {load()}):")
    for name in ("cold", "worker", "reload"):
        if all(name in p for p in pairs):
            print(f"  {name:8s} ready {fmt([p[name] for p in pairs])}")
    ratios = [("reload", "cold", "goal <= 0.8"), ("reload", "worker", "the reload against a bare worker's cold start"),
              ("cold", "worker", "goal <= 1.05")]
    for a, b, why in ratios:
        if all(a in p and b in p for p in pairs):
            rs = [p[a] / p[b] for p in pairs]
            print(f"  {a} / {b}, per round: {fmt(rs, '', 3)} ({why}; rounds: "
                  + ", ".join(f"{r:.3f}@{p['load']:.1f}" for r, p in zip(rs, pairs)) + ")")


def report(args, pages, cold, visits, warm, latency, stray) -> None:
    """Print the figures, each with the load average (1 min) it was taken under."""
    loads = [r["load"] for rs in cold.values() for r in rs]
    print(f"\nload benchmark: {args.runs} fresh contexts per page (+1 warm-up), headless Chromium, server in its own "
          f"process; load average during the rounds {min(loads):.1f}–{max(loads):.1f}, now {load()} on {os.cpu_count()} cores")
    for name, (_, path) in pages.items():
        rs = cold[name]
        sent = rs[-1]["sent"]
        codings = ",".join(sorted({c for _, _, c in sent}))
        print(f"  {name:8s} {path:28s} ready {fmt([r['ms'] for r in rs])}; {sum(n for _, n, _ in sent) / 1e6:5.2f} MB "
              f"on the wire ({codings}) in {len(sent)} files; load {min(r['load'] for r in rs):.1f}–{max(r['load'] for r in rs):.1f}")
    ratios = [s["ms"] / w["ms"] for s, w in zip(cold["site"], cold["worker"])]
    print(f"  site / bare worker, per round: {fmt(ratios, '', 3)}  (goal <= 1.05; rounds: "
          + ", ".join(f"{r:.3f}@{s['load']:.1f}" for r, s in zip(ratios, cold["site"])) + ")")
    for name in ("bare", "files", "micropip", "old"):
        if name in cold:
            rr = [r["ms"] / w["ms"] for r, w in zip(cold[name], cold["worker"])]
            print(f"  {name} / bare worker, per round: {fmt(rr, '', 3)}")
    useful = [r["useful"] for r in cold["site"] if r["useful"]]
    fcp = [r["fcp"] for r in cold["site"] if r["fcp"]]
    print(f"  first useful paint (games + saved matches listed): {fmt(useful)} (goal <= 300); "
          f"first contentful paint {fmt(fcp)}")
    gaps = [r["clickable"] - r["ms"] for r in cold["play"]]
    print(f"  #/play link: engine ready {fmt([r['ms'] for r in cold['play']])}; first legal move clickable "
          f"{fmt([r['clickable'] for r in cold['play']])}; clickable - ready {fmt(gaps)} (goal <= 300)")
    for which, v in visits.items():
        report_visit(which, v)
    site_cold = med([r["ms"] for r in cold["site"]])
    for which, values in warm.items():
        ms = [m for m, _ in values]
        print(f"  warm reload from the service worker ({which}): {fmt(ms)} = {med(ms) / site_cold:.3f} x the cold start "
              f"(goal <= 0.8; runs: {', '.join(f'{m:.0f}@{ld:.1f}' for m, ld in values)})")
    print("  engine call round trip from the page (median): "
          + ", ".join(f"{name} {ms:.2f} ms" for name, ms in latency.items()) + f"; load {load()}")
    print(f"  requests that left the host: {len(stray.urls)}" + (f" {stray.urls[:3]}" if stray.urls else ""))


if __name__ == "__main__":
    main()
