"""The engine's boot starts beside the landing page (web/runtime/start.js), not after it."""

from __future__ import annotations

import json

from pygames import webapi

from .conftest import ENGINE_TIMEOUT_MS, wait_for_engine, without_service_worker

GAMES = json.loads(webapi.dispatch("games", "{}"))["games"]

# The page's own bridge module (the same instance as start.js's) and what it says once ready.
ENGINE_READY_JS = """async () => {
  const { engine } = await import(new URL('web/runtime/bridge.js', document.baseURI).href);
  const info = await engine.ready;
  const games = await engine.call('games', {});
  return { python: info.python, games: games.games.map((g) => g.name), workers:
    document.querySelectorAll('script[type="py"][worker]').length };
}"""


def test_engine_boots_while_the_landing_module_is_held_back(page, site, guard):
    # The shell's module never arrives until the engine is up: start.js alone boots it, once.
    without_service_worker(page)  # page.route must see the requests
    held = []
    page.route("**/web/shell/app.js", lambda route: held.append(route))
    page.goto(site.url, wait_until="commit")
    answer = page.wait_for_function(f"({ENGINE_READY_JS})()", timeout=ENGINE_TIMEOUT_MS).json_value()
    assert held, "the landing's module was requested (and held back)"
    assert answer["python"].startswith("3.")
    assert answer["games"] == [g["name"] for g in GAMES]
    assert answer["workers"] == 1
    assert page.locator(".games").count() == 0, "the landing rendered although its module was held back"
    # The shell then attaches to the boot under way: no second worker, the page says ready, the lists show.
    for route in held:
        route.continue_()
    page.unroute("**/web/shell/app.js")
    wait_for_engine(page)
    page.wait_for_selector(".games .game-card")
    assert page.locator(".game-card").count() == len(GAMES)
    assert page.evaluate("() => document.querySelectorAll('script[type=\"py\"][worker]').length") == 1
    assert page.locator("#boot").is_hidden()


def requested(guard, tail: str) -> bool:
    return any(url.split("?")[0].endswith(tail) for url in guard.requests)


def hold_wheel(page) -> list:
    """Hold the engine's wheel back (the engine cannot be ready while it is): the held routes."""
    without_service_worker(page)  # page.route must see the requests
    held: list = []
    page.route("**/wheels/*.whl", lambda route: held.append(route))
    return held


def release(page, held: list) -> None:
    for route in held:
        route.continue_()
    page.unroute("**/wheels/*.whl")
    wait_for_engine(page)


def test_other_pages_modules_wait_for_the_engine_on_the_landing(page, site, guard):
    # While the engine starts, the landing asks for none of the other pages' modules (build.py keeps their
    # preloads in a <template>); once the engine is ready, they are preloaded.
    held = hold_wheel(page)
    with page.expect_request(lambda r: "/wheels/" in r.url, timeout=ENGINE_TIMEOUT_MS):
        page.goto(site.url)  # returns when the engine asks for its wheel: its start is well under way
    page.wait_for_selector(".games .game-card")
    assert not requested(guard, "web/shell/match.js") and not requested(guard, "web/shell/setup.js")
    assert page.evaluate("() => document.getElementById('later-preloads') !== null")
    release(page, held)
    page.wait_for_function("() => document.getElementById('later-preloads') === null && document.head"
                           ".querySelector('link[rel=modulepreload][href=\"web/shell/match.js\"]') !== null")
    page.wait_for_function("() => performance.getEntriesByType('resource')"
                           ".some((r) => r.name.endsWith('web/shell/setup.js'))")


def test_a_play_link_preloads_the_match_screen_at_once(page, site, guard):
    held = hold_wheel(page)
    with page.expect_request(lambda r: r.url.endswith("web/shell/matchplay.js")):
        page.goto(site.url + "#/play/no-such-match")
    assert page.evaluate("() => document.documentElement.dataset.engine") != "ready"
    assert page.evaluate("() => document.getElementById('later-preloads')") is None
    release(page, held)


def test_the_worker_starts_while_build_json_is_held_back(page, site, guard):
    # index.html names the wheel (build.py's boot data): PyScript and the worker start without build.json,
    # which only gives the build's version at the end of the boot.
    without_service_worker(page)  # page.route must see the requests
    held: list = []
    page.route("**/build.json", lambda route: held.append(route))
    with page.expect_request(lambda r: "/wheels/" in r.url, timeout=ENGINE_TIMEOUT_MS):
        page.goto(site.url)
    assert held, "build.json was requested (and held back)"
    assert page.evaluate("() => document.documentElement.dataset.engine") == "loading"
    for route in held:
        route.continue_()
    page.unroute("**/build.json")
    wait_for_engine(page)
    version = json.loads((site.root / "build.json").read_text())["version"]
    info = page.evaluate("async () => (await import(new URL('web/runtime/bridge.js', document.baseURI).href)).engine.info")
    assert info["version"] == version
