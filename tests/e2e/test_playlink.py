"""A saved 本将棋 match opened from a ``#/play/<id>`` link (issue 29: the first legal move clickable
soon after the engine is ready): the board is drawn once, from the engine's answer, and the view's
warm-up while the engine starts leaves nothing behind."""

from __future__ import annotations

import json
from typing import Any

from pygames import webapi
from tests.e2e.conftest import goto_saved_match

# Counts the match screens the shogi view builds (each full render adds a new .sg-play) and keeps the
# performance marks of the opening, from the moment it is installed.
COUNT_RENDERS = """() => {
  window.__plays = 0;
  window.__playObserver = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && (n.matches('.sg-play') || n.querySelector('.sg-play'))) window.__plays += 1;
    }
  });
  window.__playObserver.observe(document.getElementById('main'), { childList: true, subtree: true });
}"""


def hon_record(match_id: str) -> dict[str, Any]:
    """A new 本将棋 match between two people, made by the engine (seeded), as the page saves it."""
    players = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]
    out = json.loads(webapi.dispatch("new_match", json.dumps({"game": "shogi", "seed": 11, "players": players,
                                                               "options": {"ruleset": "hon"}})))
    record = out["record"]
    record["meta"] = {"id": match_id, "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    return record


def next_frames(page: Any, n: int = 2) -> None:
    """Wait for ``n`` animation frames of the page (whatever the opening queued has run by then)."""
    page.evaluate("(n) => new Promise((done) => { const step = (k) => (k ? requestAnimationFrame(() => step(k - 1)) : done()); step(n); })", n)


def test_play_link_draws_the_board_once_from_the_engine(warm_page, site):
    page = warm_page()
    record = hon_record("playlink01")
    page.evaluate(COUNT_RENDERS)
    goto_saved_match(page, site, record)
    page.wait_for_selector('.sg-sq[data-movable="1"]')
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle")
    next_frames(page)
    # one full render of the screen: not a second by the computer seats' loop (there are none) nor a
    # third by the study panel (the save holds no review)
    assert page.evaluate("() => window.__plays") == 1
    # the movable pieces are the engine's: every square marked movable has the engine's moves
    view = page.evaluate("() => window.pygamesMatch.viewPayload.view")
    movers = {sq for sq, moves in view["moves"].items() if moves}
    squares = "(els) => els.map((e) => e.dataset.sq)"
    own = set(page.locator(f'.sg-sq[data-owner="{view["side_to_move"]}"]').evaluate_all(squares))
    shown = set(page.locator('.sg-sq[data-movable="1"]').evaluate_all(squares))
    assert shown and shown == movers & own
    # the opening's marks, in the order of the calls
    marks = page.evaluate("""() => Object.fromEntries(['pg:load:sent', 'pg:load:done', 'pg:look:done', 'pg:first:update']
      .map((n) => [n, performance.getEntriesByName(n).at(-1)?.startTime ?? null]))""")
    assert None not in marks.values(), marks
    assert marks["pg:load:sent"] <= marks["pg:load:done"] <= marks["pg:look:done"] <= marks["pg:first:update"]
    page.evaluate("() => window.__playObserver.disconnect()")


def test_view_prewarm_leaves_nothing_behind(warm_page):
    page = warm_page()
    page.goto(page.url.split("#")[0] + "#/")
    page.wait_for_selector(".games .game-card")
    before = page.evaluate("() => document.getElementsByTagName('*').length")
    laid_out = page.evaluate("""async () => {
      const mod = await import('./web/games/shogi/view.js');
      let seen = 0;
      const watch = new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) seen += n.querySelectorAll('.sg-sq svg').length;
      });
      watch.observe(document.body, { childList: true, subtree: true });
      mod.prewarm(document.getElementById('main'), (ja, en) => ja, 'ja');
      await Promise.resolve();
      watch.disconnect();
      return seen;
    }""")
    assert laid_out == 28  # each of the 14 piece faces once for each side was built (and laid out)
    assert page.evaluate("() => document.getElementsByTagName('*').length") == before
    assert page.locator('.sg-root[aria-hidden="true"]').count() == 0
