"""End-to-end harness: the built site served on 127.0.0.1, headless Debian Chromium, guarded pages.

Fixtures
  ``site``     (session) the built ``dist/`` (with tests/e2e/pages/ as ``/_test/``) served on a free
               port: ``site.url`` ('http://127.0.0.1:PORT/'), ``site.stop()``, ``site.start()``
               (same port, so the same origin and service worker), ``site.root`` (Path of dist/).
               Every test starts with the server running.
  ``browser``  (session) Chromium at /usr/bin/chromium with the flags of ARCHITECTURE.md; any host but
               127.0.0.1 fails to resolve.
  ``context``  a fresh browser context (own storage, own service worker), 1280x800, ja-JP.
  ``guard``    what the page saw: ``guard.requests`` (every URL), ``guard.problems``;
               ``guard.allow(regex)`` tolerates console errors matching it (for tests that provoke one).
  ``page``     a page in ``context``. The test FAILS (at teardown) on any console error, page error or
               request to anything but 127.0.0.1, blob: or data:.
  ``phone``    a page in a fresh 375x740 touch context, guarded the same way.
  ``new_page`` factory: ``new_page(width=1280, height=800)`` → another guarded page in its own context
               (e.g. to open a share link "in another browser").
  ``warm_page`` factory: ``warm_page(width=1280, height=800, phone=False, locale="ja-JP")`` → a guarded
               page whose engine is ALREADY READY: one page per size and locale is booted once per
               test process and shared by the tests that ask for it (a Pyodide boot costs seconds of
               CPU; each warm page's boot is a first visit, through the service worker). Before each
               test its localStorage and sessionStorage are emptied, the language
               is the browser's again, the bot delay is 0, request routes and media emulation are
               removed, it is online, and it shows the route ``#/_fresh`` (nothing). Navigate only by hash
               (``page.goto(site.url + "#/play/id")``, same document); ``page.goto(site.url)`` or
               ``page.reload()`` boot Python again (allowed, just slow). Do not use
               ``add_init_script`` on it (scripts would stay for later tests): set sessionStorage by
               ``page.evaluate``. For tests of a first visit, the service worker, offline starts or a
               dying engine use ``page``/``new_page``.

Helpers (plain functions: ``from tests.e2e.conftest import wait_for_engine, ...``; also fixtures of the
same name returning the function)
  ``without_service_worker(page)``: call before ``page.goto`` in a test that uses ``page.route`` on the
               engine's files (the service worker would fetch them past the route).
  ``wait_for_engine(page, timeout_ms=90000)``: waits until <html data-engine> is "ready" (fails the test
               if it becomes "error", with the page's text).
  ``start_longtask_probe(page)`` / ``longest_task_ms(page)``: a PerformanceObserver for 'longtask'
               (buffered, so tasks since navigation count) and the longest duration seen, in ms.
               Code run directly by ``page.evaluate`` is NOT reported as a long task: start the work
               you measure from the page's own tasks (a click, or setTimeout inside the evaluate).
               ``long_frames(page)`` says which scripts ran in long animation frames (for messages).
  ``axe_violations(page)``: runs axe-core (node_modules/axe-core, injected from disk, no request) and
               returns the serious and critical violations as [{id, impact, help, targets}].

Layout and language checks (plain functions; each fails the test with a message saying what and where)
  ``assert_in_viewport(page, selector, what="")``: the first visible match of ``selector`` lies wholly
               inside the viewport as the player sees it now (no scrolling).
  ``assert_no_horizontal_overflow(page)``: the page does not scroll sideways.
  ``assert_no_japanese(page, selector="body")``: English mode shows no kana/kanji (in visible text,
               aria-label, title, placeholder, alt); ``allow`` is a regex of tolerated snippets (e.g. the
               language toggle 日本語, a game's proper name shown with its reading).
  ``assert_no_placeholder_english(page)``: Japanese mode shows no untranslated shell keys or Latin
               placeholder words (``undefined``, ``null``, ``NaN``, ``[object``, ``TODO``).
  ``shot(page, name)``: saves ``test-results/screenshots/<name>.png`` (viewport only) for a reviewer;
               returns the path.
  ``key_moment(page, name, *selectors, allow=, exclude=)``: at a key moment (first prompt, computer
               turn, dialog, end): ``shot`` first, then every selector in view, no sideways scroll, no
               Japanese if <html lang="en">, no placeholder text.
  English or phone pages: ``new_page(375, 812, phone=True, locale="en-US")`` (a first visit follows
               the browser's language, so this page comes up in English).
"""

from __future__ import annotations

import fcntl
import io
import json
import re
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import build  # noqa: E402
from chromium import ARGS as CHROMIUM_ARGS, CHROMIUM  # noqa: E402
from serve import SiteServer  # noqa: E402

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ENGINE_TIMEOUT_MS = 90_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/e2e/ is an e2e test (``-m "not e2e"`` skips them all)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


# --- server ---------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def site() -> Iterator[SiteServer]:
    """dist/ built once (with the test pages) and served on 127.0.0.1:<free port>. Under pytest-xdist
    every worker has its own server (its own origin, so its own service worker); the build is locked
    so that two workers never write dist/ at once (the second finds it up to date)."""
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build.build(test_pages=True, quiet=True)
    server = SiteServer(build.DIST).start()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _site_running(request: pytest.FixtureRequest) -> None:
    """A test that stopped the server (offline test) does not leave it stopped for the next."""
    if "site" in request.fixturenames:
        request.getfixturevalue("site").start()


# --- browser --------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance):
    """Headless Debian Chromium; only 127.0.0.1 resolves."""
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()


def _is_local(url: str) -> bool:
    if url.startswith(("blob:", "data:", "about:")):
        return True
    parts = urlsplit(url)
    return parts.scheme in ("http", "https", "ws") and parts.hostname == "127.0.0.1"


@dataclass
class Guard:
    """Everything a context's pages did that a test may be failed for."""

    requests: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)

    def allow(self, pattern: str) -> None:
        """Tolerate console errors whose text matches ``pattern`` (a test that provokes one)."""
        self.allowed.append(re.compile(pattern))

    def on_request(self, request: Any) -> None:
        self.requests.append(request.url)
        if not _is_local(request.url):
            self.problems.append(f"non-local request: {request.url}")

    def on_console(self, msg: Any) -> None:
        if msg.type == "error":
            text = msg.text
            if not any(p.search(text) for p in self.allowed):
                loc = msg.location or {}
                self.problems.append(f"console error: {text} ({loc.get('url', '')}:{loc.get('lineNumber', '')})")

    def on_pageerror(self, error: Any) -> None:
        self.problems.append(f"page error: {error}")

    def watch_context(self, context: Any) -> None:
        """Requests, console messages and uncaught errors of every page (and worker) of ``context``."""
        context.on("request", self.on_request)
        context.on("console", self.on_console)
        context.on("weberror", lambda err: self.on_pageerror(err.error))

    def watch_page(self, page: Any) -> None:
        """Nothing more than the context sees (kept for pages made outside the fixtures)."""

    def check(self) -> None:
        """Fail the test if anything bad was seen."""
        if self.problems:
            pytest.fail("browser problems:\n  " + "\n  ".join(self.problems[:20]), pytrace=False)


def _context(browser: Any, guard: Guard, width: int = 1280, height: int = 800, locale: str = "ja-JP",
             **kwargs: Any) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                  service_workers="allow", **kwargs)
    context.set_default_timeout(30_000)
    guard.watch_context(context)
    return context


@pytest.fixture
def guard() -> Guard:
    return Guard()


@pytest.fixture
def context(browser, guard) -> Iterator[Any]:
    """A fresh context: empty storage and no service worker yet."""
    ctx = _context(browser, guard)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, guard) -> Iterator[Any]:
    """A page that fails the test on console errors, page errors and non-local requests."""
    pg = context.new_page()
    guard.watch_page(pg)
    yield pg
    guard.check()


@pytest.fixture
def new_page(browser, guard) -> Iterator[Callable[..., Any]]:
    """Factory for more guarded pages, each in its own fresh context."""
    contexts = []

    def make(width: int = 1280, height: int = 800, phone: bool = False, **kwargs: Any) -> Any:
        if phone:
            kwargs = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2, **kwargs}
        ctx = _context(browser, guard, width, height, **kwargs)
        contexts.append(ctx)
        pg = ctx.new_page()
        guard.watch_page(pg)
        return pg

    yield make
    for ctx in contexts:
        ctx.close()
    guard.check()


class _Relay:
    """Context listeners of a shared page: they report to the guard of the test now running."""

    def __init__(self) -> None:
        self.guard: Guard | None = None

    def on_request(self, request: Any) -> None:
        if self.guard:
            self.guard.on_request(request)

    def on_console(self, msg: Any) -> None:
        if self.guard:
            self.guard.on_console(msg)

    def on_pageerror(self, error: Any) -> None:
        if self.guard:
            self.guard.on_pageerror(error)

    def watch_context(self, context: Any) -> None:
        Guard.watch_context(self, context)  # type: ignore[arg-type]


RESET_JS = """async (lang) => {
  if (window.__restoreSetItem) window.__restoreSetItem();  // a test that filled the storage and failed
  localStorage.clear();
  sessionStorage.clear();
  sessionStorage.setItem('pygames.botDelayMs', '0');
  const i18n = await import(new URL('web/shell/i18n.js', location.origin + '/').href);
  if (i18n.getLang() !== lang) i18n.setLang(lang);
  localStorage.clear();
  delete window.pygamesMatch;
}"""


@pytest.fixture(scope="session")
def _warm_pages(browser, site) -> Iterator[dict[tuple[Any, ...], tuple[Any, Any, _Relay]]]:
    pages: dict[tuple[Any, ...], tuple[Any, Any, _Relay]] = {}
    yield pages
    for ctx, _, _ in pages.values():
        ctx.close()


@pytest.fixture
def warm_page(browser, site, guard, _warm_pages) -> Iterator[Callable[..., Any]]:
    """Factory of shared pages with the engine ready (see the module docstring)."""
    used: list[tuple[Any, Any, _Relay]] = []

    def get(width: int = 1280, height: int = 800, phone: bool = False, locale: str = "ja-JP") -> Any:
        key = (width, height, phone, locale)
        entry = _warm_pages.get(key)
        if entry is not None and entry[1].is_closed():
            entry[0].close()
            entry = None
        if entry is None:
            relay = _Relay()
            kwargs: dict[str, Any] = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
            ctx = _context(browser, relay, width, height, locale=locale, **kwargs)  # type: ignore[arg-type]
            pg = ctx.new_page()
            relay.guard = guard
            pg.goto(site.url + "#/_fresh")
            wait_for_engine(pg)
            entry = _warm_pages[key] = (ctx, pg, relay)
        ctx, pg, relay = entry
        relay.guard = guard
        pg.unroute_all()
        ctx.set_offline(False)
        pg.emulate_media(media="null", color_scheme="null", reduced_motion="null")
        if urlsplit(pg.url).path != "/" or not pg.url.startswith(site.url):
            pg.goto(site.url + "#/_fresh")
        wait_for_engine(pg)
        pg.goto(site.url + "#/_leave")  # the last test's route is destroyed (its match stops)
        pg.evaluate(RESET_JS, "ja" if locale.lower().startswith("ja") else "en")
        pg.goto(site.url + "#/_fresh")
        pg.wait_for_selector("#main .page")
        used.append(entry)
        return pg

    yield get
    for _, _, relay in used:
        relay.guard = None
    guard.check()


@pytest.fixture
def phone(browser, guard) -> Iterator[Any]:
    """A guarded page at phone size (375x740, touch, mobile)."""
    ctx = _context(browser, guard, 375, 740, is_mobile=True, has_touch=True, device_scale_factor=2)
    pg = ctx.new_page()
    guard.watch_page(pg)
    yield pg
    ctx.close()
    guard.check()


# --- helpers --------------------------------------------------------------------------------
def without_service_worker(page: Any) -> None:
    """Hide service workers from the page's scripts (for tests that intercept requests with
    ``page.route``: a service worker would fetch Python's files itself, past the route)."""
    page.add_init_script("delete Navigator.prototype.serviceWorker")


def engine_wheel(init_source: str, glue: bool = True) -> bytes:
    """A wheel whose engine package is only ``pygames/__init__.py`` = ``init_source``, beside the worker's
    glue as built (web/runtime/pygames_worker.py: it reports what the engine's import raised) unless
    ``glue`` is False."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("pygames/__init__.py", init_source)
        if glue:
            zf.writestr(build.WORKER_MODULE.name, build.WORKER_MODULE.read_bytes())
    return buf.getvalue()


def wait_for_engine(page: Any, timeout_ms: int = ENGINE_TIMEOUT_MS) -> None:
    """Wait until the page says the engine is ready (<html data-engine="ready">)."""
    page.wait_for_function("() => ['ready', 'error'].includes(document.documentElement.dataset.engine)",
                           timeout=timeout_ms)
    state = page.evaluate("() => document.documentElement.dataset.engine")
    if state != "ready":
        text = page.evaluate("() => document.body ? document.body.innerText.slice(0, 500) : ''")
        pytest.fail(f"engine failed to start: {text}", pytrace=False)


LONGTASK_JS = """() => {
  if (window.__longtasks) return;
  window.__longtasks = [];
  window.__longframes = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longtasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__longframes.push({ duration: Math.round(e.duration), blocking: Math.round(e.blockingDuration),
          scripts: e.scripts.map((s) => `${s.invoker} ${s.sourceURL.split('/').pop()}:${s.sourceFunctionName} ${Math.round(s.duration)}ms`) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  }
}"""


def start_longtask_probe(page: Any) -> None:
    """Start recording main-thread long tasks (>50 ms) of this page, including those since navigation."""
    page.evaluate(LONGTASK_JS)


def longest_task_ms(page: Any) -> float:
    """The longest main-thread task recorded since :func:`start_longtask_probe` (0 if none)."""
    # Let the observer deliver the entries of tasks that just finished.
    page.evaluate("() => new Promise((r) => setTimeout(r, 0))")
    return float(page.evaluate("() => Math.max(0, ...(window.__longtasks || []))"))


def long_frames(page: Any) -> list[dict[str, Any]]:
    """Long animation frames seen since :func:`start_longtask_probe`, with the scripts that ran in
    them (to say in a failure message what blocked the main thread)."""
    return page.evaluate("() => window.__longframes || []")


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict[str, Any]]:
    """Run axe-core on the page; the violations of the given impacts."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE_JS.read_text(encoding="utf-8"))
    result = page.evaluate("async () => JSON.stringify(await window.axe.run(document))")
    violations = json.loads(result)["violations"]
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "targets": [n["target"] for n in v["nodes"]][:5]}
            for v in violations if v["impact"] in impacts]


@pytest.fixture(name="wait_for_engine")
def _wait_for_engine_fixture() -> Callable[..., None]:
    return wait_for_engine


@pytest.fixture(name="start_longtask_probe")
def _start_longtask_probe_fixture() -> Callable[..., None]:
    return start_longtask_probe


@pytest.fixture(name="longest_task_ms")
def _longest_task_fixture() -> Callable[..., float]:
    return longest_task_ms


@pytest.fixture(name="axe_violations")
def _axe_fixture() -> Callable[..., list[dict[str, Any]]]:
    return axe_violations


# --- layout and language checks ---------------------------------------------------------------
RESULTS = ROOT / "test-results"
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60\u3000-\u303f]")
PLACEHOLDER = re.compile(r"\b(undefined|null|NaN|TODO|FIXME)\b|\[object |\$\{")

VISIBLE_TEXTS_JS = """([selector, exclude]) => {
  const root = document.querySelector(selector) || document.body;
  const out = [];
  // Skipped: an explicit lang="ja" part (a rules page's Japanese section), translate="no" (a proper
  // name or a shogi piece glyph), and the `exclude` subtrees.
  const skipped = (el) => Boolean(el.closest('[translate="no"]') || (exclude && el.closest(exclude))
    || (el.closest('[lang]') && el.closest('[lang]') !== document.documentElement && el.closest('[lang]').getAttribute('lang').startsWith('ja')));
  const shown = (el) => {
    for (let e = el; e; e = e.parentElement) {
      if (e.hidden || e.getAttribute('aria-hidden') === 'true') return false;
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    }
    return true;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const el = n.parentElement;
    if (!text || !el || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || skipped(el)) continue;
    if (shown(el)) out.push({ text, where: el.id ? '#' + el.id : el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') });
  }
  for (const el of root.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
    if (!shown(el) || skipped(el)) continue;
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(attr);
      if (v) out.push({ text: v, where: `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}[${attr}]` });
    }
  }
  return out;
}"""


def open_saved_match(page: Any, site: Any, record: dict[str, Any], match_id: str, ready: str) -> None:
    """Store ``record`` as the saved match ``match_id`` (in this page's localStorage), open it, and wait
    for ``ready`` (a selector of the game's view). A page already on the site is not reloaded (its
    engine stays up): the match is opened by changing the hash, as a player's link would."""
    record["meta"] = {"id": match_id, "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    goto_saved_match(page, site, record)
    page.wait_for_selector(ready)


def goto_saved_match(page: Any, site: Any, record: dict[str, Any]) -> None:
    """Store ``record`` (with its ``meta.id``) in the page's localStorage and open ``#/play/<id>``,
    booting the site first only if the page is not on it yet (no reload, so no second boot)."""
    if not page.url.startswith(site.url):
        page.goto(site.url)
    wait_for_engine(page)
    page.evaluate("(r) => { localStorage.setItem('pygames.match.' + r.meta.id, JSON.stringify(r)); }", record)
    page.goto(site.url + "#/_leave")  # the route changes even if this match was open already
    page.goto(site.url + f"#/play/{record['meta']['id']}")


def assert_in_viewport(page: Any, selector: str, what: str = "") -> None:
    """The first visible element matching ``selector`` is wholly inside the viewport right now."""
    box = page.evaluate("""(selector) => {
      const el = [...document.querySelectorAll(selector)].find((e) => e.getClientRects().length > 0);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight };
    }""", selector)
    label = what or selector
    assert box is not None, f"{label}: no visible element matches {selector!r}"
    assert box["top"] >= -1 and box["left"] >= -1 and box["bottom"] <= box["h"] + 1 and box["right"] <= box["w"] + 1, (
        f"{label} is outside the {box['w']}x{box['h']} viewport: top {box['top']:.0f}, bottom {box['bottom']:.0f}, "
        f"left {box['left']:.0f}, right {box['right']:.0f}")


def assert_no_horizontal_overflow(page: Any) -> None:
    """The page does not scroll sideways (document wider than the window)."""
    width, inner = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width}px wide in a {inner}px window (it scrolls sideways)"


def assert_no_japanese(page: Any, selector: str = "body", allow: str = r"^日本語$", exclude: str = "") -> None:
    """English mode: no Japanese characters in what the player sees (text and labels). Skipped:
    elements inside an explicit ``lang="ja"`` (the language toggle, a rules page's Japanese section)
    or ``translate="no"`` (proper names, shogi piece glyphs), and the ``exclude`` selector's subtrees;
    ``allow`` is a regex of tolerated texts."""
    tolerated = re.compile(allow) if allow else None
    found = [f"{t['where']}: {t['text'][:60]!r}" for t in page.evaluate(VISIBLE_TEXTS_JS, [selector, exclude])
             if JAPANESE.search(t["text"]) and not (tolerated and tolerated.search(t["text"]))]
    assert not found, "Japanese text in English mode:\n  " + "\n  ".join(found[:15])


def assert_no_placeholder_english(page: Any, selector: str = "body", exclude: str = "") -> None:
    """Japanese (or any) mode: no placeholder words such as undefined, null, NaN, [object …], ${…}."""
    found = [f"{t['where']}: {t['text'][:60]!r}" for t in page.evaluate(VISIBLE_TEXTS_JS, [selector, exclude])
             if PLACEHOLDER.search(t["text"])]
    assert not found, "placeholder text on the page:\n  " + "\n  ".join(found[:15])


def shot(page: Any, name: str) -> Path:
    """Save a viewport screenshot as test-results/screenshots/<name>.png (for a reviewer)."""
    out = RESULTS / "screenshots" / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out))
    return out


def key_moment(page: Any, name: str, *selectors: str, allow: str = r"^日本語$", exclude: str = "") -> Path:
    """One key moment of a match (first prompt, a computer turn, a dialog, the end): every selector
    (the prompt, the primary action…) inside the viewport, no sideways scroll, no Japanese when the
    page is in English (``allow``/``exclude`` as for assert_no_japanese), no placeholder text, and a
    screenshot ``name`` (taken first, so a failure still leaves the picture)."""
    path = shot(page, name)
    for sel in selectors:
        assert_in_viewport(page, sel)
    assert_no_horizontal_overflow(page)
    if page.evaluate("() => document.documentElement.lang") == "en":
        assert_no_japanese(page, allow=allow, exclude=exclude)
    assert_no_placeholder_english(page, exclude=exclude)
    return path


@pytest.fixture(name="shot")
def _shot_fixture() -> Callable[..., Path]:
    return shot
