"""Where the browser tests spend their time (a pytest plugin, loaded on demand):

    python3 -m pytest tests/e2e -p tests.e2e.profile -p no:xdist

At the end it prints, per test and in total: wall time, CPU time of the test process tree
(Chromium included; load-independent), Pyodide boots (Web Workers started),
time waiting for the engine to become ready, time inside engine calls (by call name, e.g.
``play_bot`` is the computer thinking), and time taking screenshots. Not used by scripts/test.sh.
"""

from __future__ import annotations

import collections
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

STATS: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
_current = ["(setup)"]

CALL_PATCH_JS = """async () => {
  if (window.__pgProfiled) return;
  window.__pgProfiled = true;
  const { engine } = await import(new URL('web/runtime/bridge.js', location.origin + '/').href);
  const call = engine.call.bind(engine);
  engine.call = async (name, args) => {
    const t0 = performance.now();
    try { return await call(name, args); }
    finally { console.debug('__pgcall ' + name + ' ' + (performance.now() - t0).toFixed(1)); }
  };
}"""


_SEEN: dict[tuple[int, str], float] = {}
"""CPU seconds last seen of every process of the tree so far, keyed by (pid, start time)."""


def tree_cpu_s() -> float:
    """CPU seconds (user+sys) used so far by this process and every descendant seen at any sample
    (the Playwright driver, Chromium, its renderers and workers; a process that has ended keeps the
    figure of its last sample): unlike wall time, hardly inflated by the machine's load."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    info: dict[int, tuple[str, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        parent[pid] = int(fields[1])
        info[pid] = (fields[19], (int(fields[11]) + int(fields[12])) / tick)
    me = os.getpid()
    for pid, (start, cpu) in info.items():
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p == me:
            _SEEN[(pid, start)] = cpu
    return sum(_SEEN.values())


def _add(key: str, value: float) -> None:
    STATS[_current[0]][key] += value


def _install() -> None:
    from playwright.sync_api import Browser, Page

    new_context = Browser.new_context
    wait_for_function = Page.wait_for_function
    screenshot = Page.screenshot

    def on_console(msg: Any) -> None:
        if msg.type == "debug" and msg.text.startswith("__pgcall "):
            _, name, ms = msg.text.split(" ")
            _add(f"call {name}", float(ms) / 1000)
            _add(f"calls {name}", 0)
            STATS[_current[0]][f"n {name}"] += 1

    def on_page(page: Any) -> None:
        page.on("worker", lambda worker: _add("boots", 1))

    def patched_new_context(self: Any, *args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        ctx = new_context(self, *args, **kwargs)
        _add("contexts", 1)
        ctx.on("page", on_page)
        ctx.on("console", on_console)
        _add("new_context s", time.perf_counter() - t0)
        return ctx

    def patched_wait(self: Any, expression: str, *args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return wait_for_function(self, expression, *args, **kwargs)
        finally:
            if "dataset.engine" in expression:
                _add("engine wait s", time.perf_counter() - t0)
                try:
                    self.evaluate(CALL_PATCH_JS)
                except Exception:  # noqa: BLE001 - measuring only
                    pass

    def patched_screenshot(self: Any, *args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return screenshot(self, *args, **kwargs)
        finally:
            _add("screenshot s", time.perf_counter() - t0)
            _add("screenshots", 1)

    Browser.new_context = patched_new_context  # type: ignore[method-assign]
    Page.wait_for_function = patched_wait  # type: ignore[method-assign]
    Page.screenshot = patched_screenshot  # type: ignore[method-assign]


def pytest_configure(config: pytest.Config) -> None:
    _install()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    yield
    tree_cpu_s()  # a sample before teardown closes the test's own browser contexts


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Any:
    _current[0] = item.nodeid
    t0, c0 = time.perf_counter(), tree_cpu_s()
    yield
    _add("wall s", time.perf_counter() - t0)
    _add("cpu s", tree_cpu_s() - c0)
    _save(item.config)  # after every test, so that an interrupted run still leaves its figures


OUT = Path(os.environ.get("E2E_PROFILE_DIR") or Path(__file__).resolve().parents[2] / "test-results" / "e2e-profile")
"""Where each process leaves its figures (E2E_PROFILE_DIR: one folder per run, if runs overlap)."""


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller (or the only process)
        for old in OUT.glob("*.json"):
            old.unlink()


def _save(config: pytest.Config) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    name = getattr(config, "workerinput", {}).get("workerid", "main")
    (OUT / f"{name}.json").write_text(json.dumps(STATS))


def pytest_sessionfinish(session: pytest.Session) -> None:
    _save(session.config)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    write = terminalreporter.write_line
    total: collections.Counter[str] = collections.Counter()
    merged: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for path in OUT.glob("*.json"):
        for test, st in json.loads(path.read_text()).items():
            merged[test].update(st)
    write("")
    write("e2e profile: wall s | cpu s | boots | engine wait s | calls s (play_bot s / n) | screenshots s / n | test")
    rows = sorted(merged.items(), key=lambda kv: -kv[1]["wall s"])
    for test, st in rows:
        total.update(st)
        calls = sum(v for k, v in st.items() if k.startswith("call "))
        write(f"{st['wall s']:7.1f} | {st['cpu s']:6.1f} | {st['boots']:3.0f} | {st['engine wait s']:6.1f} | {calls:6.1f} "
              f"({st['call play_bot']:5.1f} / {st['n play_bot']:3.0f}) | {st['screenshot s']:5.1f} / "
              f"{st['screenshots']:3.0f} | {test}")
    write("totals:")
    for key in sorted(total):
        if not key.startswith("calls "):
            write(f"  {key}: {total[key]:.1f}")
