"""The browser runtime: boot, the bridge's calls and errors, offline, updates, a responsive page."""

from __future__ import annotations

import contextlib
import json
import re
import shutil

import pytest

import build
from pygames import webapi
from pygames.core import linkcodec
from serve import SiteServer

from .conftest import (
    engine_wheel,
    long_frames,
    longest_task_ms,
    start_longtask_probe,
    wait_for_engine,
    without_service_worker,
)

PAGE = "_test/runtime.html"
LONG_TASK_LIMIT_MS = 100
HEAVY_CALLS = 10
"""How many heavy ``decode_link`` calls the responsiveness test sends at once."""


def open_runtime(page, base_url: str) -> None:
    page.goto(base_url + PAGE)
    wait_for_engine(page)


def wait_controlled(page) -> None:
    """Wait until a service worker controls the page and holds the whole build (update.js says so)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=60_000)


def cache_names(page) -> list[str]:
    return page.evaluate("() => caches.keys()")


def broken_wheel(message: str) -> bytes:
    """A wheel whose engine raises ``message`` while it is imported."""
    return engine_wheel(f"raise RuntimeError({message!r})\n")


def test_boot_reports_progress_and_reaches_ready(page, site, guard):
    open_runtime(page, site.url)
    steps = page.evaluate("() => window.pg.progress")
    fractions = [s["fraction"] for s in steps]
    assert fractions == sorted(fractions) and fractions[-1] == 1
    assert all(s["ja"] and s["en"] for s in steps)
    # PyScript's hooks give the steps: worker made (onWorker), Python up in the worker (onReady), ready.
    assert [s["step"] for s in steps] == ["worker", "python", "import", "ready"]
    # The engine is PyScript's worker: a <script type="py" worker> without a name (a name turns boot
    # errors into uncaught page errors) and without PyScript's service-worker attribute (a CDN polyfill).
    script = page.evaluate("""() => { const s = document.querySelector('script[type="py"][worker]');
        return s && {name: s.hasAttribute('name'), sw: s.hasAttribute('service-worker'), src: s.src}; }""")
    assert script == {"name": False, "sw": False, "src": site.url + "web/runtime/engine.py"}
    assert info_python(page).startswith("3.")
    info = page.evaluate("() => window.pg.engine.info")
    assert info["pyodide"] == build.pyodide_version()
    assert info["version"] == (site.root / "build.json").read_text().split('"version": "')[1][:16]
    result = page.evaluate("() => window.pg.engine.call('games', {})")
    assert isinstance(result["games"], list)
    # Python itself came from this host: the runtime, the standard library and our wheel.
    fetched = {url.split("/", 3)[3] for url in guard.requests}
    assert {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "build.json"} <= fetched
    assert any(path.startswith("wheels/pygames-") for path in fetched)
    # (PyScript starts its worker from a blob: URL made on the page.)
    assert all(url.startswith((site.url, "blob:")) for url in guard.requests), guard.requests


def test_engine_imports_from_the_wheels_bytecode(page, site):
    """The wheel's .pyc (the engines') and the standard library's (build.py
    compiles them with Pyodide's Python) are this Python's and match their sources, and importing every module of the engines (and the stdlib
    modules they import lazily) compiles nothing from source."""
    open_runtime(page, site.url)
    report = json.loads(page.evaluate("() => window.pg.engine._xworker.sync.bytecode()"))
    assert report["python"] == json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    assert report["checked"] > 50 and report["no_writes"], report  # (no .pyc rewritten by Python itself)
    assert report["missing"] == [] and report["stale"] == [] and report["magic"] == [], report
    assert report["stdlib"]["checked"] > 50 and "asyncio.base_events" not in report["stdlib"]["missing"], report
    assert report["stdlib"]["missing"] == [] and report["stdlib"]["stale"] == [], report
    assert report["pyscript"] == [], report  # PyScript's own package is skipped (web/runtime/pyscriptboot.js)
    assert report["worker"] is True, report  # engine.py's glue (web/runtime/pygames_worker.py) too
    assert report["compiled"] == [], report


def info_python(page) -> str:
    return page.evaluate("() => window.pg.engine.info.python")


def test_python_error_while_the_engine_loads_is_reported_with_its_cause(page, site, guard):
    # The engine's import raises inside the worker: PyScript would not reject `ready` for that, so
    # engine.py catches it and the bridge fails the boot with the cause; no uncaught page error.
    without_service_worker(page)
    page.route("**/wheels/*.whl", lambda route: route.fulfill(
        status=200, content_type="application/zip", body=broken_wheel("engine broken on purpose")))
    page.goto(site.url + PAGE)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'error'", timeout=60_000)
    err = page.evaluate("() => window.pg.engine.ready.catch((e) => ({code: e.code, step: e.params.step, "
                        "detail: e.params.detail}))")
    assert err["code"] == "runtime.boot_failed" and err["step"] == "import"
    assert "RuntimeError: engine broken on purpose" in err["detail"]
    # A call while the engine is down is refused the same way (and retries the boot: still broken).
    code = page.evaluate("() => window.pg.engine.call('games', {}).then(() => 'answered', (e) => e.code)")
    assert code == "runtime.boot_failed"


def test_a_wheel_without_the_workers_glue_fails_with_the_cause(page, site, guard):
    # engine.py's own fallback: even the import of pygames_worker failed, and boot() still says why.
    without_service_worker(page)
    page.route("**/wheels/*.whl", lambda route: route.fulfill(
        status=200, content_type="application/zip", body=engine_wheel("", glue=False)))
    page.goto(site.url + PAGE)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'error'", timeout=60_000)
    err = page.evaluate("() => window.pg.engine.ready.catch((e) => ({code: e.code, step: e.params.step, "
                        "detail: e.params.detail}))")
    assert err["code"] == "runtime.boot_failed" and err["step"] == "import"
    assert err["detail"].startswith("ModuleNotFoundError: No module named 'pygames_worker'"), err


def test_python_error_in_the_worker_script_itself_fails_cleanly(page, site, guard):
    # Worst case: the worker's own script raises before it exports anything. PyScript prints the
    # traceback (a console error, expected here); the bridge still ends in our failure, not a hang.
    guard.allow(r"worker script broken on purpose|PythonError|Traceback")
    without_service_worker(page)
    page.route("**/web/runtime/engine.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body="raise RuntimeError('worker script broken on purpose')\n"))
    page.goto(site.url + PAGE)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'error'", timeout=60_000)
    err = page.evaluate("() => window.pg.engine.ready.catch((e) => ({code: e.code, step: e.params.step}))")
    assert err == {"code": "runtime.boot_failed", "step": "import"}


@pytest.mark.skipif(not (build.ROOT / "index.html").is_file(), reason="needs the shell's index.html")
def test_site_shows_our_failure_screen_with_the_cause(page, site, guard):
    without_service_worker(page)
    page.route("**/wheels/*.whl", lambda route: route.fulfill(
        status=200, content_type="application/zip", body=broken_wheel("engine broken on purpose")))
    page.goto(site.url)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'error'", timeout=60_000)
    assert "engine broken on purpose" in page.locator("#boot-error").inner_text()
    assert page.locator("#boot-retry").is_enabled()
    page.unroute("**/wheels/*.whl")
    with page.expect_navigation():  # 再試行 reloads the page: wait for the new document before asking it
        page.click("#boot-retry")
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=90_000)


def test_errors_come_back_as_api_errors(page, site):
    open_runtime(page, site.url)
    err = page.evaluate("""async () => {
        try { await window.pg.engine.call('no_such_call', {}); return null; }
        catch (e) { return {name: e.name, isApi: e instanceof window.pg.ApiError, code: e.code,
                            ja: e.message_ja, en: e.message_en, params: e.params}; }
    }""")
    assert err["isApi"] and err["code"] == "api.unknown_call"
    assert "no_such_call" in err["ja"] and "no_such_call" in err["en"]
    err = page.evaluate("""async () => {
        try { await window.pg.engine.call('view', {record: 'not a record'}); return null; }
        catch (e) { return {code: e.code, ja: e.message_ja}; }
    }""")
    assert err["code"] == "record.not_a_match" and err["ja"]


def test_concurrent_calls_are_answered_each_to_its_caller(page, site):
    open_runtime(page, site.url)
    answers = page.evaluate("""async () => {
        const calls = [];
        for (let i = 0; i < 40; i++) {
            calls.push(window.pg.engine.call('new_match', {game: 'nogame-' + i, seed: 1})
                .then(() => 'resolved', (e) => e.params.game));
        }
        return Promise.all(calls);
    }""")
    assert answers == [f"nogame-{i}" for i in range(40)]


def test_failed_boot_says_what_failed_and_retry_works(page, site, guard):
    guard.allow(r"Failed to load resource")
    without_service_worker(page)
    page.route("**/wheels/*.whl", lambda route: route.abort())
    page.goto(site.url + PAGE)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'error'", timeout=60_000)
    err = page.evaluate("() => window.pg.engine.ready.catch((e) => ({code: e.code, ja: e.message_ja, "
                        "en: e.message_en, step: e.params.step}))")
    assert err["code"] == "runtime.boot_failed" and err["step"] == "wheel"
    assert "再読み込み" in err["ja"] and "Reload" in err["en"]
    page.unroute("**/wheels/*.whl")
    info = page.evaluate("() => window.pg.engine.start()")
    assert info["version"]
    assert page.evaluate("() => window.pg.engine.call('games', {})")["games"] is not None


def test_offline_after_one_visit(page, site, guard):
    open_runtime(page, site.url)
    wait_controlled(page)
    assert any(name.startswith("pygames-") for name in cache_names(page))
    site.stop()
    try:
        guard.allow(r"Failed to (load resource|fetch|register|update)|ERR_CONNECTION_REFUSED|ServiceWorker")
        page.reload()
        wait_for_engine(page)
        result = page.evaluate("() => window.pg.engine.call('games', {})")
        assert isinstance(result["games"], list)
        err = page.evaluate("() => window.pg.engine.call('view', {record: 1}).catch((e) => e.code)")
        assert err == "record.not_a_match"
    finally:
        site.start()


@pytest.mark.parametrize("landing", [False, True], ids=["runtime", "landing"])
def test_first_visit_downloads_each_file_once(page, site, landing):
    # The service worker takes the page before Python is fetched and keeps what the boot downloads;
    # its precache then asks the server only for files the boot did not need. On the landing, the other
    # pages' modules are preloaded too, after that (web/shell/app.js): from the service worker's cache.
    if landing and not (build.ROOT / "index.html").is_file():
        pytest.skip("needs the shell's index.html")
    site.sent.clear()
    page.goto(site.url if landing else site.url + PAGE)
    wait_for_engine(page)
    wait_controlled(page)
    if landing:
        page.wait_for_function("() => document.getElementById('later-preloads') === null && performance"
                               ".getEntriesByType('resource').some((r) => r.name.endsWith('web/shell/replay.js'))")
    sent = [path for path, *_ in site.sent]
    twice = sorted({path for path in sent if sent.count(path) > 1})
    assert twice == [], twice
    assert "/pyodide/pyodide.asm.wasm" in sent
    # The big files travel compressed (build.py's precompressed siblings), and the cache holds the
    # decoded file (its sha256 is the build's, checked above by the service worker).
    codings = {path: coding for path, _, coding in site.sent}
    assert codings["/pyodide/pyodide.asm.wasm"] in ("gzip", "br")
    assert codings["/pyodide/python_stdlib.zip"] in ("gzip", "br", "identity")
    # Every file of the build is in the cache, so the next visit needs no server at all.
    listed = json.loads((site.root / "sw.js").read_text().split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    cached = page.evaluate("""async () => { const c = await caches.open((await caches.keys())[0]);
        return (await c.keys()).map((r) => new URL(r.url).pathname); }""")
    assert {"/" + e["path"].removeprefix("./") for e in listed} <= set(cached)


def test_tampered_file_is_not_cached(page, own_site, guard):
    # Every file the service worker caches is checked against the build's hash: a file that changed on
    # the server behind the build's back is refused, and the cache is not declared complete.
    guard.allow(r"integrity|offline cache incomplete|Failed to (fetch|load)")
    rules = own_site.root / "web" / "games" / "shogi" / "rules.html"
    rules.write_text(rules.read_text() + "<!-- tampered -->")
    for sibling in (rules.with_name(rules.name + ".gz"), rules.with_name(rules.name + ".br")):
        sibling.unlink(missing_ok=True)  # the server sends the changed bytes, in no stale encoding
    open_runtime(page, own_site.url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    cached = page.evaluate("""async () => {
        const answer = await new Promise((resolve) => { const ch = new MessageChannel();
            ch.port1.onmessage = (e) => resolve(e.data); navigator.serviceWorker.controller.postMessage({type: 'top-up'}, [ch.port2]); });
        const c = await caches.open((await caches.keys())[0]);
        return {answer, hasRules: !!(await c.match('web/games/shogi/rules.html'))}; }""")
    assert cached["answer"]["ok"] is False and cached["answer"]["error"]
    assert cached["hasRules"] is False
    assert page.evaluate("() => document.documentElement.dataset.offline") != "ready"


@pytest.fixture
def own_site(tmp_path):
    """A copy of dist/ on its own port (its own origin), for tests that rebuild it."""
    root = tmp_path / "site"
    shutil.copytree(build.DIST, root)
    server = SiteServer(root).start()
    yield server
    server.stop()


# What builds of sessions 10-12 kept in their offline cache beside the files: the engine's memory snapshot
# (31.5 MB; no longer made, docs/runtime.md "The engine's memory snapshot: removed") and its failure count.
OLD_SNAPSHOT_KEYS = ["_snapshot/engine.bin", "_snapshot/failures"]
OLD_SNAPSHOT_JS = """async ([keys, put]) => {
  const urls = keys.map((k) => new URL(k, location.href.split('_test/')[0]).href);
  if (put) {
    const cache = await caches.open((await caches.keys()).find((n) => n.startsWith('pygames-')));
    for (const url of urls) await cache.put(url, new Response(new Uint8Array(1024), { headers: { 'X-Snapshot-Bytes': '1024' } }));
  }
  let found = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const url of urls) if (await cache.match(url)) found += 1;
  }
  return found;
}"""


def test_new_build_replaces_cache_and_announces_update(page, own_site):
    open_runtime(page, own_site.url)
    wait_controlled(page)
    old = cache_names(page)
    assert len(old) == 1
    # The older build's cache holds a snapshot, as a visit to a build of sessions 10-12 left it.
    assert page.evaluate(OLD_SNAPSHOT_JS, [OLD_SNAPSHOT_KEYS, True]) == 2
    info = build.build(out=own_site.root, test_pages=True, quiet=True, salt="next")
    new_cache = "pygames-" + info["version"]
    assert old != [new_cache]
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_function("() => window.pg.updates.length > 0", timeout=60_000)
    assert page.evaluate("() => window.pg.updates[0].version") == info["version"]
    assert page.is_visible("#update")
    with page.expect_navigation():
        page.evaluate("() => window.pg.applyUpdate()")
    wait_for_engine(page)
    page.wait_for_function(f"async () => (await caches.keys()).join() === {new_cache!r}", timeout=30_000)
    assert page.evaluate("() => window.pg.engine.info.version") == info["version"]
    # The activation deleted the older cache, its snapshot with it; the new build made none.
    assert page.evaluate(OLD_SNAPSHOT_JS, [OLD_SNAPSHOT_KEYS, False]) == 0


def test_an_open_tab_learns_of_a_new_build_when_it_becomes_visible(page, own_site):
    # Nothing calls update() by hand here: the tab's own visibilitychange listener (update.js) asks.
    open_runtime(page, own_site.url)
    wait_controlled(page)
    info = build.build(out=own_site.root, test_pages=True, quiet=True, salt="visible")
    assert page.evaluate("() => window.pg.updates.length") == 0
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # the tab is shown again
    page.wait_for_function("() => window.pg.updates.length > 0", timeout=60_000)
    assert page.evaluate("() => window.pg.updates[0].version") == info["version"]
    assert page.is_visible("#update")


# Timed: run alone (scripts/test.sh), since beside the other tests' browsers on 2 cores the machine pauses this
# page's main thread mid-task (a 124 ms frame of PyScript's own message handler, at load 7.5 in CI).
@pytest.mark.quiet
def test_engine_calls_leave_the_main_thread_free(page, site):
    open_runtime(page, site.url)
    start_longtask_probe(page)
    # Control: the probe does see a 150 ms busy main-thread task. (Code run by page.evaluate itself is
    # not reported as a long task, so all work below is started from ordinary tasks of the page.)
    page.evaluate("() => setTimeout(() => { const t = performance.now(); while (performance.now() - t < 150) {} })")
    page.wait_for_function("() => window.__longtasks.some((d) => d >= 150)", timeout=5_000)
    page.evaluate("() => { window.__longtasks.length = 0; window.__longframes.length = 0; }")
    # Many cheap calls and many heavy ones, each sent from its own task as clicks would, all in
    # flight at once, while a timer ticks. A heavy call is small to send (a ~20 kB share link) but
    # costly for Python: it inflates to ~1.9 MB of JSON, parsed and then refused as a record.
    heavy_link = linkcodec.encode({"actions": [{"n": 12345, "s": "x"}] * 95_000})
    assert len(heavy_link) < 50_000
    stats = page.evaluate("""async ({heavy, link}) => {
        let ticks = 0;
        const timer = setInterval(() => ticks++, 10);
        const t0 = performance.now();
        const later = (fn) => new Promise((resolve) => setTimeout(() => resolve(fn()), 0));
        const calls = [];
        for (let i = 0; i < 300; i++) calls.push(later(() => window.pg.engine.call('games', {})));
        for (let i = 0; i < heavy; i++) {
            calls.push(later(() => window.pg.engine.call('decode_link', {text: link}).catch((e) => e.code)));
        }
        const results = await Promise.all(calls);
        const ms = performance.now() - t0;
        clearInterval(timer);
        return {ms, ticks, errors: results.slice(300)};
    }""", {"heavy": HEAVY_CALLS, "link": heavy_link})
    longest = longest_task_ms(page)
    print(f"\nlongest main-thread task: {longest:.0f} ms; "
          f"{300 + HEAVY_CALLS} calls in {stats['ms']:.0f} ms, timer ticks {stats['ticks']}")
    assert len(set(stats["errors"])) == 1 and stats["errors"][0].startswith(("record.", "match.")), stats["errors"][:3]
    assert stats["ms"] > 200, "the heavy calls should keep the engine busy for a while"
    assert stats["ticks"] >= stats["ms"] / 10 / 4, "the page's timer kept running during the calls"
    # A long frame made only of this test's own ticking timer (`ticks++`, no source file) is long only
    # because the machine paused the browser (seen at load ≈ 10 on 2 cores); any other long frame (the
    # bridge, PyScript, the page's code, or work with no attribution) fails the test.
    frames = [f for f in long_frames(page) if f["duration"] > LONG_TASK_LIMIT_MS]
    paused_timer_only = bool(frames) and all(
        f["scripts"] and all(re.fullmatch(r"TimerHandler:setInterval :\s*\d+ms", s) for s in f["scripts"])
        for f in frames)
    assert longest <= LONG_TASK_LIMIT_MS or paused_timer_only, frames


# --- the real site offline ---------------------------------------------------------------------
GAMES = json.loads(webapi.dispatch("games"))["games"]


def _offline_game() -> dict | None:
    """A game with its own view and the fewest seats (the shell plays it against the computer)."""
    with_view = [g for g in GAMES if (build.ROOT / "web" / "games" / g["name"] / "view.js").is_file()]
    return min(with_view, key=lambda g: (g["min_seats"], g["name"]), default=None)


ACT_ONCE_JS = """async () => {
  const m = () => window.pygamesMatch;
  await new Promise((resolve) => { const poll = () => (m() && m().idle ? resolve() : setTimeout(poll, 10)); poll(); });
  if (m().covered) document.getElementById('handover-button').click();
  const legal = m().payload.legal;
  await m().act(legal[legal.length >> 1]);
  await new Promise((resolve) => { const poll = () => (m().idle ? resolve() : setTimeout(poll, 10)); poll(); });
  return m().record.actions.length;
}"""


@pytest.mark.skipif(_offline_game() is None or not (build.ROOT / "index.html").is_file(),
                    reason="needs the shell's index.html and a game with a view")
def test_site_offline_reload_resumes_and_plays(page, site, guard):
    game = _offline_game()
    page.add_init_script("sessionStorage.setItem('pygames.botDelayMs', '0')")
    page.goto(site.url + f"#/new/{game['name']}")
    wait_for_engine(page)
    page.wait_for_selector("#start-match")
    page.fill("#seed", "11")
    page.click("#start-match")
    page.wait_for_url("**#/play/*")
    played = page.evaluate(ACT_ONCE_JS)
    wait_controlled(page)
    page.wait_for_function("async () => (await caches.keys()).length === 1")
    site.stop()
    try:
        guard.allow(r"Failed to (load resource|fetch|register|update)|ERR_CONNECTION_REFUSED|ServiceWorker")
        page.reload()
        wait_for_engine(page)
        page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle", timeout=60_000)
        assert page.evaluate("() => window.pygamesMatch.record.actions.length") == played
        if page.evaluate("() => window.pygamesMatch.general.outcome") is None:
            assert page.evaluate(ACT_ONCE_JS) > played
    finally:
        site.start()


# --- usable before Python ------------------------------------------------------------------------
def _kabu_record(match_id: str, moves: int = 3) -> dict:
    """A real kabu record with a few actions, made by the engine in CPython."""
    def call(name: str, **args):
        return json.loads(webapi.dispatch(name, json.dumps(args)))
    record = call("new_match", game="kabu", seed=3)["record"]
    for _ in range(moves):
        seat = call("view", record=record, seat=None)["to_move"][0]
        legal = call("view", record=record, seat=seat)["legal"]
        record = call("apply", record=record, seat=seat, action=legal[0])["record"]
    record["meta"] = {"id": match_id, "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    return record


@pytest.mark.skipif(not (build.ROOT / "index.html").is_file() or "kabu" not in {g["name"] for g in GAMES},
                    reason="needs the shell's index.html and the kabu engine")
def test_site_is_usable_before_python(page, site, guard):
    # Python never arrives (its runtime download hangs): everything that needs no engine shows anyway.
    record = _kabu_record("early00001")
    without_service_worker(page)
    page.goto(site.url)
    page.evaluate("(r) => localStorage.setItem('pygames.match.early00001', JSON.stringify(r))", record)
    held = []
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))
    page.reload()
    page.wait_for_selector(".games[data-state=ready] .game-card")
    assert page.evaluate("() => document.documentElement.dataset.engine") == "loading"
    listed = page.locator(".game-card").evaluate_all("(els) => els.map((e) => e.dataset.game)")
    assert listed == [g["name"] for g in GAMES]
    assert page.locator('.save[data-id="early00001"]').is_visible()
    assert page.locator("#boot").is_hidden()  # no global "please wait" over a usable page
    # The rules page renders from games.json and the game's rules file.
    page.goto(site.url + "#/rules/kabu")
    page.wait_for_selector("#rules-h")
    assert "株式デュエル" in page.locator("#rules-h").inner_text()
    # A replay's move list comes straight from the save; the board waits, showing progress in place.
    page.goto(site.url + "#/replay/early00001")
    page.wait_for_selector("#replay-moves li")
    assert page.locator("#replay-moves li").count() == len(record["actions"])
    page.wait_for_selector(".engine-wait progress")
    # Continue is clickable before Python: the match page shows the boot's progress where it will play.
    page.goto(site.url)
    page.locator('.save[data-id="early00001"] button.primary').click()
    page.wait_for_url("**#/play/early00001")
    page.wait_for_selector("main .engine-wait progress")
    assert held, "the runtime download was requested (and held back)"
    # Once Python arrives, the replay's moves read as the engine's text.
    page.unroute("**/pyodide/pyodide.asm.wasm")
    for route in held:
        with contextlib.suppress(Exception):  # the request of a page left earlier is gone
            route.continue_()
    wait_for_engine(page)
    page.goto(site.url + "#/replay/early00001")
    log = json.loads(webapi.dispatch("log", json.dumps({"record": record})))["log"]
    page.wait_for_function("(t) => document.querySelector('#replay-moves li') && "
                           "document.querySelector('#replay-moves li').innerText.includes(t)", arg=log[0]["ja"],
                           timeout=60_000)
