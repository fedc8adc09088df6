"""Every game boots and plays from the trimmed standard library (build.py, web/runtime/stdlib-keep.json),
and a module left out of it is named when something imports it."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import build

from .conftest import engine_wheel, wait_for_engine, without_service_worker

PAGE = "_test/runtime.html"
EXERCISE = build.ROOT / "scripts" / "stdlib_exercise.js"


def test_every_game_plays_from_the_trimmed_stdlib(page, site):
    with zipfile.ZipFile(Path(site.root) / "pyodide" / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
    assert f"{build.GUARD_MODULE}.py" in names and "pydoc.py" not in names  # the site's zip is the trimmed one
    page.goto(site.url + PAGE)
    wait_for_engine(page)
    done = page.evaluate(EXERCISE.read_text())
    # Every game played from its start (bot moves, views, log, links, undo), shogi's records out and back in.
    assert set(done["played"]) == {"kabu", "shiji", "shogi", "motto"}
    assert all(n > 0 for n in done["played"].values()), done
    assert done["records"] == ["kif", "kifu", "ki2", "ki2u", "csa", "sfen", "usi"]
    # Every module of the engines imports from the trimmed set, and nothing left out was loaded.
    loaded = set(json.loads(page.evaluate("() => window.pg.engine._xworker.sync.modules(true)")))
    assert "pygames.shogi.formats.kif" in loaded and "pygames.shiji.solver" in loaded
    assert build.GUARD_MODULE in loaded and "sitecustomize" in loaded  # the guard is on from Python's start
    assert "pydoc" not in loaded


def wheel_importing(module: str) -> bytes:
    """A wheel whose engine imports ``module`` (left out of the trimmed stdlib) as it loads."""
    return engine_wheel(f"import {module}\n")


def test_a_module_left_out_of_the_stdlib_is_named_in_the_failure(page, site, guard):
    without_service_worker(page)
    page.route("**/wheels/*.whl", lambda route: route.fulfill(
        status=200, content_type="application/zip", body=wheel_importing("xml.dom.minidom")))
    page.goto(site.url + PAGE)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'error'", timeout=90_000)
    err = page.evaluate("() => window.pg.engine.ready.catch((e) => ({code: e.code, step: e.params.step, "
                        "detail: e.params.detail}))")
    assert err["code"] == "runtime.boot_failed" and err["step"] == "import"
    assert err["detail"].startswith("ModuleNotFoundError: No module named 'xml'")
    assert "trimmed" in err["detail"] and "stdlib-keep.json" in err["detail"]
