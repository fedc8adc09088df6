"""株式デュエル (kabu) end to end in Chromium through the real UI.

A person (seat 0, 先攻) builds a deck in the deck builder, plays a whole seeded 1-year duel against
the computer (orders placed, changed and cancelled, a tool card and an event card used), reloads
mid-duel and resumes, and reaches the end screen; the game screen passes an axe scan and fits a
375 px phone without horizontal scrolling. The page fixtures fail the test on any console error.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import assert_no_horizontal_overflow, axe_violations, wait_for_engine

SEED = 20261130
"""The match seed: the same seed and the same clicks give the same duel."""
MAX_STEPS = 400
"""Safety bound on UI decisions in one duel (a 1-year duel needs well under 100)."""
RELOAD_AT_TURN = 3
"""Reload the page once the duel reaches this turn (0-based), then carry on."""
STEP_TIMEOUT_MS = 60_000
PHONE_WIDTH = 375
"""The ``phone`` fixture's viewport width."""


def _state(page: Any) -> dict[str, Any]:
    """The view's state hooks (data-* on the view root)."""
    return page.evaluate("""() => {
      const v = document.getElementById('kabu-view');
      if (!v) return null;
      return {ply: Number(v.dataset.ply), pending: v.dataset.pending, mine: v.dataset.mine === 'true',
              turn: Number(v.dataset.turn), end: Boolean(document.getElementById('kabu-end'))};
    }""")


def _wait_for_my_move(page: Any) -> dict[str, Any]:
    """Wait until the view asks this seat for a decision or shows the end screen."""
    page.wait_for_function("""() => {
      const v = document.getElementById('kabu-view');
      return v && (document.getElementById('kabu-end') || v.dataset.mine === 'true');
    }""", timeout=STEP_TIMEOUT_MS)
    return _state(page)


def _click_and_wait(page: Any, selector: str, ply: int) -> None:
    """Click a control that sends an action and wait until the engine applied it."""
    page.click(selector)
    page.wait_for_function("(ply) => Number(document.getElementById('kabu-view').dataset.ply) > ply", arg=ply,
                           timeout=STEP_TIMEOUT_MS)


def _no_horizontal_scroll(page: Any) -> None:
    """Nothing sticks out past the phone's 375 px (wide tables scroll inside their own box)."""
    assert_no_horizontal_overflow(page)


def _build_deck(page: Any) -> None:
    """Customise the first player's deck and watch the limits and the engine's verdict live."""
    page.wait_for_selector("#kabu-deck0-preset")
    page.select_option("#kabu-years", "1")
    page.select_option("#kabu-deck0-preset", "balanced")
    page.click("#kabu-deck0-copy")  # start from the ready deck, then edit it
    assert page.input_value("#kabu-deck0-preset") == "custom"
    # Too few stocks: the live tally and the engine both say so.
    page.click("#kabu-d0-stocks-S03-minus")
    page.wait_for_selector("#kabu-deck0-limits li.kabu-bad[data-limit=stocks]")
    page.wait_for_function("() => document.getElementById('kabu-deck0-error').textContent.includes('5')")
    page.click("#kabu-d0-stocks-S01-plus")
    # Over the event cost limit (balanced costs 6 of 7; 新製品ヒット costs 2).
    page.click("#kabu-d0-events-E08-plus")
    page.wait_for_selector("#kabu-deck0-limits li.kabu-bad[data-limit=cost]")
    page.wait_for_function("() => document.getElementById('kabu-deck0-error').textContent.length > 0")
    page.click("#kabu-d0-events-E08-minus")
    # Swap a tool: 決算分析 out, 板読み in (used in an order phase below).
    page.click("#kabu-d0-tools-T04-minus")
    page.click("#kabu-d0-tools-T07-plus")
    page.wait_for_function("() => document.getElementById('kabu-deck0-error').textContent === ''")
    assert page.locator("#kabu-deck0-limits li.kabu-bad").count() == 0
    assert page.text_content("#kabu-d0-stocks-S01") == "1"
    assert axe_violations(page) == []


def test_kabu_full_duel_against_the_computer(phone: Any, site: Any) -> None:
    page = phone
    page.goto(site.url + "#/new/kabu")
    wait_for_engine(page)
    _build_deck(page)
    page.select_option("#seat-1-type", "bot")
    page.select_option("#seat-1-level", "hard")
    page.fill("#seed", str(SEED))
    page.click("#start-match")
    page.wait_for_selector("#kabu-view")
    assert page.locator("#kabu-view a[href='#/rules/kabu']").count() >= 1

    used: set[str] = set()
    placed = changed = cancelled = 0
    reloaded = scanned = recent_seen = False
    for _ in range(MAX_STEPS):
        st = _wait_for_my_move(page)
        if st["end"]:
            break
        if not reloaded and st["turn"] >= RELOAD_AT_TURN:
            ply = st["ply"]
            page.reload()
            wait_for_engine(page)
            page.wait_for_selector("#kabu-view")
            st = _wait_for_my_move(page)
            assert st["ply"] >= ply, "the duel resumed where it was saved"
            reloaded = True
            continue
        ply, kind = st["ply"], st["pending"]
        if kind == "orders":
            # the computer's moves are summarised right under the prompt (no scrolling to the fill log)
            recent_seen = recent_seen or page.locator("#kabu-recent li").count() > 0
            if not scanned and page.locator("#kabu-book tbody tr").count() > 0:
                _no_horizontal_scroll(page)
                assert axe_violations(page) == []
                scanned = True
            if page.locator("#kabu-phase-tools button[data-action='tool T07']:enabled").count():
                _click_and_wait(page, "#kabu-phase-tools button[data-action='tool T07']", ply)
                page.wait_for_selector("#kabu-opp-sealed")
                used.add("T07")
                continue
            if placed < 4 and page.locator("#kabu-place").count():
                if placed % 2:  # every other order is a limit order one unit under the price
                    page.check("#kabu-kind-limit")
                    price = int(page.input_value("#kabu-price"))
                    page.fill("#kabu-price", str(max(1, price - 1)))
                page.wait_for_selector("#kabu-place:enabled")
                # the order line says how much money is involved, in yen
                page.wait_for_function("() => document.getElementById('kabu-order-status').textContent.includes('円')")
                _click_and_wait(page, "#kabu-place", ply)
                placed += 1
                continue
            mine = page.locator("#kabu-my-orders [data-change]")
            if changed == 0 and mine.count():
                mine.first.click()
                form = page.locator("#kabu-my-orders form")
                form.locator("input[value=limit]").check()
                form.locator("input[type=number]").first.fill("1")
                page.wait_for_selector("#kabu-my-orders form button[type=submit]:enabled")
                _click_and_wait(page, "#kabu-my-orders form button[type=submit]", ply)
                changed += 1
                continue
            if changed and cancelled == 0 and page.locator("#kabu-my-orders button[data-action^=cancel]:enabled").count():
                _click_and_wait(page, "#kabu-my-orders button[data-action^=cancel]", ply)
                cancelled += 1
                continue
            _click_and_wait(page, "#kabu-done", ply)
        elif kind == "t05":
            _click_and_wait(page, "#kabu-prompt button[data-action='tool T05']", ply)
            used.add("T05")
        elif kind in ("t01", "t02"):
            _click_and_wait(page, "#kabu-prompt button[data-action=pass]", ply)
        elif kind == "target":
            _click_and_wait(page, "#kabu-prompt button[data-action^=target]", ply)
            used.add("event-target")
        else:  # chart, janken, liquidate, t04: the first offered choice
            _click_and_wait(page, "#kabu-prompt button[data-action]:enabled", ply)
    else:
        raise AssertionError("the duel did not end")

    end = page.locator("#kabu-end")
    end.wait_for()
    assert end.locator("svg[role=img]").count() == 1
    assert end.locator("tbody tr").count() == 2
    page.wait_for_selector("#outcome:not([hidden])")
    assert reloaded and scanned
    assert placed >= 2 and changed == 1 and cancelled == 1
    assert {"T05", "T07", "event-target"} <= used, used
    assert page.locator("#kabu-fills li").count() > 0
    assert recent_seen, "the recent-events panel never listed anything"
    _no_horizontal_scroll(page)
    assert axe_violations(page) == []
    _chart_not_stretched(page, "#kabu-end svg.kabu-chart")
    _english_end_screen(page)


def _chart_not_stretched(page: Any, selector: str) -> None:
    """A big chart is drawn no wider than its viewBox, so its axis text keeps its size (not blown up)."""
    drawn, box = page.evaluate("""(sel) => {
      const svg = document.querySelector(sel);
      return [svg.getBoundingClientRect().width, svg.viewBox.baseVal.width];
    }""", selector)
    assert 200 <= drawn <= box + 1, (drawn, box)


def _english_end_screen(page: Any) -> None:
    """Switching to English re-renders the view with English lists and labels (no Japanese commas)."""
    page.click("#lang-toggle")
    page.wait_for_selector("#kabu-view[lang=en]")
    text = page.inner_text("#kabu-view")
    assert "Duel over" in text and "What just happened" in text
    assert "、" not in text and "清算" not in text and "終了" not in text
    _no_horizontal_scroll(page)


def test_kabu_rules_page_has_one_title(page: Any, site: Any) -> None:
    page.goto(site.url + "#/rules/kabu")
    wait_for_engine(page)
    page.wait_for_selector(".rules-body #ja-goal")
    assert page.locator("h1").count() == 1, "the rules fragment repeats the page title"
