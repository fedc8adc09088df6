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
