#!/usr/bin/env python3
"""Measure which standard-library modules the site imports, and write web/runtime/stdlib-keep.json.

    python3 scripts/stdlib_usage.py            # needs Playwright and /usr/bin/chromium

Builds the site with Pyodide's whole stdlib (``build.build(full_stdlib=True)``) into a temporary
folder, boots the engine in headless Chromium (tests/e2e/pages/runtime.html: Pyodide's own start,
PyScript's bootstrap, web/runtime/engine.py), imports every module of ``pygames`` and plays every
game through ``webapi.dispatch`` (a new match, bot moves and applies to the end or 80 actions,
views for every seat, check, log, summary, replay, load, links, undo), then asks the worker for
``sys.modules``. The stdlib modules among them are the keep-list; ``packages`` (whole packages kept
by hand) and ``extra`` (modules kept by hand), with the reason in ``why``, are carried over from the
current file. build.py ships only
these; an import of anything else names the module (the guard module build.py adds).
"""

from __future__ import annotations

import json
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import build  # noqa: E402
from chromium import ARGS, CHROMIUM  # noqa: E402
from serve import SiteServer  # noqa: E402

EXERCISE = Path(__file__).with_name("stdlib_exercise.js")


def stdlib_names(zip_path: Path) -> set[str]:
    """Every module name in Pyodide's stdlib zip."""
    with zipfile.ZipFile(zip_path) as zf:
        return {name for name in (build._module_of(n) for n in zf.namelist()) if name}


def measure(dist: Path) -> tuple[list[str], dict]:
    """sys.modules of a worker that booted and played every game, and what the exercise did."""
    from playwright.sync_api import sync_playwright

    server = SiteServer(dist).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_page()
            page.goto(server.url + "_test/runtime.html")
            page.wait_for_function("() => document.documentElement.dataset.engine", timeout=600_000)
            if page.evaluate("() => document.documentElement.dataset.engine") != "ready":
                sys.exit("the engine did not boot: " + page.inner_text("body"))
            done = page.evaluate(EXERCISE.read_text())
            names = json.loads(page.evaluate("() => window.pg.engine._xworker.sync.modules(true)"))
            browser.close()
    finally:
        server.stop()
    return names, done


def main() -> None:
    """Measure and write the keep-list."""
    build.ensure_npm()
    stdlib = stdlib_names(build.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        build.build(dist, test_pages=True, quiet=True, full_stdlib=True)
        names, done = measure(dist)
    old = json.loads(build.STDLIB_KEEP.read_text()) if build.STDLIB_KEEP.is_file() else {}
    packages = old.get("packages", [])
    kept = sorted(n for n in names if n in stdlib and n.split(".")[0] not in packages)
    spec = {
        "about": "Standard-library modules the site ships (build.py trims Pyodide's python_stdlib.zip to "
                 "these). 'modules' is measured by scripts/stdlib_usage.py (run it again after the engines "
                 "import something new); 'extra' modules and whole 'packages' are kept by hand, for the "
                 "reason in 'why'.",
        "packages": packages,
        "extra": old.get("extra", []),
        "why": old.get("why", {}),
        "exercise": done,
        "modules": kept,
    }
    build.STDLIB_KEEP.write_text(json.dumps(spec, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(kept)} modules (+ packages {packages}) of {len(stdlib)}; exercise: {done}")


if __name__ == "__main__":
    main()
