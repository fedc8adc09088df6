"""四時の札遊び 詰み札 on the screen: a puzzle is solved by reading the opponent's open cards, so when it
starts the goal, the table's state, the opponent's hand, land and market and your own hand are all in
view together, none of them under the action bar docked at the bottom of the screen; after your move the
verdict, the opponent's answer (its line in the moves and its new shell) and the tax's land cards are."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import assert_no_horizontal_overflow, assert_no_japanese, shot

PUZZLES = {p["id"]: p for p in json.loads(
    (Path(__file__).resolve().parents[2] / "pygames" / "shiji" / "data" / "puzzles.json").read_text("utf-8"))["puzzles"]}
TALL = ["L2-11", "L2-04", "L1-01", "L3-05"]
"""The tallest starts on a phone (the longest goal over the most market rows, a seven-card opponent hand
with its land; seven cards and no land)."""
TAXED = "L3-10"
"""Its answer is met by the opponent's star shell: you are taxed a land card."""
SIZES = [(375, 812, "ja-JP"), (375, 812, "en-US"), (1280, 800, "ja-JP"), (1280, 800, "en-US")]


def _clear_of_bar(page: Any, selectors: list[str], where: str) -> None:
    """Each selector's first element lies wholly in the viewport, above the top of the action bar."""
    boxes = page.evaluate("""(sels) => {
      const bar = document.querySelector('.sj-puzzles [data-testid=action-bar]').getBoundingClientRect();
      return [bar.top, innerHeight, sels.map((s) => {
        const e = document.querySelector(s);
        if (!e) return [s, null, null];
        const r = e.getBoundingClientRect();
        return [s, r.top, r.bottom];
      })];
    }""", selectors)
    bar_top, height, found = boxes
    assert bar_top <= height
    for selector, top, bottom in found:
        assert top is not None, f"{where}: nothing matches {selector}"
        assert top >= -1 and bottom <= bar_top + 1, (
            f"{where}: {selector} is not readable ({top:.0f}..{bottom:.0f}; the screen's top 0, the bar's top "
            f"{bar_top:.0f}, the screen's bottom {height})")


def _open(page: Any, site: Any, wait_for_engine: Any, pid: str) -> None:
    if page.locator(".sj-puzzles .sj-puzzle-head").count():
        page.locator(".sj-puzzles .sj-puzzle-head button").first.click()   # 一覧へ
    else:
        page.goto(site.url + "#/page/shiji/puzzles")
        wait_for_engine(page)
    page.locator(f"button[data-puzzle='{pid}']").click()
    page.wait_for_selector(".sj-puzzles .sj-table")


def _play_the_answer(page: Any, site: Any, wait_for_engine: Any, pid: str) -> None:
    """Open puzzle ``pid``, place its answer's two cards from the hand in the bar, and wait for 正解."""
    _open(page, site, wait_for_engine, pid)
    for code in PUZZLES[pid]["answer"].split()[1:]:
        page.locator(f".sj-puzzles [data-testid=action-bar] .sj-hand button[data-card='{code}']:not(.sj-selected)").first.click()
    page.locator(".sj-puzzles [data-testid=place]:enabled").click()
    page.locator(".sj-puzzles [data-testid=puzzle-verdict].sj-ok").wait_for()


@pytest.mark.parametrize("width,height,locale", SIZES)
def test_puzzle_start_shows_the_goal_and_the_opponents_cards_above_the_bar(warm_page, site, wait_for_engine,
                                                                           width, height, locale):
    """On a phone the opponent's hand, land and market were under the sticky card-picking bar at the start
    of a puzzle (and the goal above it at the page's top): the player had to scroll to read the position."""
    page = warm_page(width, height, phone=width < 500, locale=locale)
    for pid in TALL:
        _open(page, site, wait_for_engine, pid)
        where = f"{pid} at {width}x{height} {locale}"
        _clear_of_bar(page, [
            "[data-testid=puzzle-goal]", ".sj-puzzles .sj-status", ".sj-puzzles .sj-opp .sj-name",
            ".sj-puzzles .sj-opp .sj-hand", ".sj-puzzles .sj-opp .sj-land", ".sj-puzzles .sj-opp .sj-market",
        ], where)
        # your own hand is in the bar, wholly on the screen
        hand = page.locator(".sj-puzzles [data-testid=action-bar] .sj-hand").bounding_box()
        assert hand and hand["y"] >= 0 and hand["y"] + hand["height"] <= height + 1, (where, hand)
        assert_no_horizontal_overflow(page)
        if locale == "en-US":
            assert_no_japanese(page, ".sj-puzzles", allow=r"^(日本語|.*詰み札.*)$")
        if pid == TALL[0]:
            shot(page, f"shiji-puzzle-start-{width}-{locale}")


@pytest.mark.parametrize("width,height,locale", SIZES[:3])
def test_after_your_move_the_opponents_answer_and_the_tax_are_in_view(warm_page, site, wait_for_engine,
                                                                      width, height, locale):
    """After the answer of L3-10 the opponent answers with a star shell that taxes you a land card: the
    verdict, the opponent's line in the moves, its new shell and the land cards to take are all readable
    (the land cards were below the controls, under the bar, the prompt asking for cards out of sight)."""
    page = warm_page(width, height, phone=width < 500, locale=locale)
    _play_the_answer(page, site, wait_for_engine, TAXED)
    page.locator(".sj-puzzles [data-testid=take-prompt]").wait_for()
    moves = page.locator("[data-testid=puzzle-moves] li")
    assert moves.count() == 2
    assert moves.nth(1).inner_text().startswith("相手" if locale == "ja-JP" else "Opponent"), moves.nth(1).inner_text()
    _clear_of_bar(page, [
        "[data-testid=puzzle-verdict]", "[data-testid=puzzle-moves] li:last-child",
        ".sj-puzzles .sj-opp .sj-shell-new",
    ], f"after the move at {width}x{height} {locale}")
    # the land cards to take are docked with the tax's prompt
    take = page.locator(".sj-puzzles [data-testid=action-bar] .sj-land button")
    assert take.count() >= 1
    box = take.first.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, box
    shot(page, f"shiji-puzzle-taxed-{width}-{locale}")


PANIC = "L2-05"
"""Its answer is met by the opponent's panic shell: you take back one of your veiled cards (回収)."""


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_recovering_a_veiled_card_keeps_the_bar_short_on_a_phone(warm_page, site, wait_for_engine, locale):
    """After L2-05's answer the opponent's panic asks you to take back a veiled card: its buttons sit side by
    side (one per row, they made the bar a third of the screen and hid the market with the cards they name)."""
    page = warm_page(375, 812, phone=True, locale=locale)
    _play_the_answer(page, site, wait_for_engine, PANIC)
    buttons = page.locator(".sj-puzzles [data-testid=action-bar] .sj-recover button")
    buttons.first.wait_for()
    tops = {round(buttons.nth(i).bounding_box()["y"]) for i in range(buttons.count())}
    assert buttons.count() >= 2 and len(tops) == 1, (buttons.count(), tops)
    label = buttons.first.get_attribute("aria-label") or ""
    assert ("回収" if locale == "ja-JP" else "Recover") in label, label  # the full action is still named
    bar = page.locator(".sj-puzzles [data-testid=action-bar]").bounding_box()
    assert bar and bar["height"] <= 812 * 0.25, bar
    assert_no_horizontal_overflow(page)
    shot(page, f"shiji-puzzle-recover-375-{locale}")
