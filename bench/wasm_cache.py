#!/usr/bin/env python3
"""Does Chromium reuse the compiled Pyodide wasm on a reload served by the service worker? (a probe)

    nice -n 10 python3 bench/wasm_cache.py [--reloads 3]     (after python3 build.py)

One browser context: a first visit (the service worker caches the build), then RELOADS reloads served
from Cache Storage, each until the engine is ready. Chromium's trace (category devtools.timeline)
says for each load of ``pyodide.asm.wasm`` whether V8 compiled it (``v8.wasm.compiledModule``), wrote
its code to the cache (``v8.wasm.cachedModule``), or found it there (``v8.wasm.moduleCacheHit``;
``moduleCacheInvalid`` when the cached code was refused). Prints the events in order per load, the
ms to engine ready per load, and the load average. Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import build  # noqa: E402
from chromium import ARGS, CHROMIUM  # noqa: E402
from serve import SiteServer  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.wasm"]
PAGE = "_test/runtime.html"


def wasm_events(trace: bytes) -> list[dict]:
    """The v8.wasm.* events of a Chromium trace, in time order."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    found = [e for e in events if str(e.get("name", "")).startswith("v8.wasm.")]
    return sorted(found, key=lambda e: e.get("ts", 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reloads", type=int, default=3)
    parser.add_argument("--dist", type=Path, default=build.DIST, help="a built site with the test pages")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = SiteServer(args.dist).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            context = browser.new_context(service_workers="allow")
            page = context.new_page()
            ready = "() => ['ready', 'error'].includes(document.documentElement.dataset.engine)"
            loads = []
            browser.start_tracing(page=page, categories=CATEGORIES)
            page.goto(server.url + PAGE)
            page.wait_for_function(ready, timeout=600_000)
            page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=600_000)
            loads.append(("first visit", page.evaluate("() => window.pg.engine.info.ms"), os.getloadavg()[0]))
            for i in range(args.reloads):
                page.reload()
                page.wait_for_function(ready, timeout=600_000)
                loads.append((f"reload {i + 1}", page.evaluate("() => window.pg.engine.info.ms"), os.getloadavg()[0]))
            trace = browser.stop_tracing()
            browser.close()
    finally:
        server.stop()
    for name, ms, load in loads:
        print(f"{name}: engine ready {ms:.0f} ms after the bridge started (load {load:.1f})")
    n = 0
    for event in wasm_events(trace):
        data = event.get("args", {}).get("data", event.get("args", {}))
        if event["name"] == "v8.wasm.streamFromResponseCallback":
            n += 1
        url = str(data.get("url", "")).rsplit("/", 1)[-1]
        extra = {k: v for k, v in data.items() if k != "url"}
        print(f"load {n}: {event['name']} {url} {extra}")


if __name__ == "__main__":
    main()
