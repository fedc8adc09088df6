"""The guided first game of 四時の札遊び (web/games/shiji/tutorial.json), offered on the landing card:
each caption in the page's language as its step comes, a move other than the suggested one refused,
to the last caption. The moves go through the page's match hooks, as the view's buttons send them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import shot, wait_for_engine

TUTORIAL = Path(__file__).resolve().parents[2] / "web" / "games" / "shiji" / "tutorial.json"
MINE = """(seat) => { const m = window.pygamesMatch;
  return m && m.idle && !m.busy && m.payload && (m.payload.legal || []).length > 0; }"""


@pytest.mark.parametrize("width,height,locale", [(1280, 800, "ja-JP"), (375, 812, "en-US")])
def test_shiji_tutorial_runs_to_its_end(warm_page: Any, site: Any, width: int, height: int, locale: str) -> None:
    lang = locale[:2]
    data = json.loads(TUTORIAL.read_text())
    page = warm_page(width, height, phone=width < 500, locale=locale)     # its bot delay is 0
    page.goto(site.url + "#/")
    wait_for_engine(page)
    page.click(".game-card[data-game=shiji] a[data-tutorial=shiji]")
    refused = False
    for i, step in enumerate(data["steps"]):
        page.wait_for_selector(f"#tutorial[data-step='{i}']", timeout=120_000)
        assert page.inner_text("#tutorial-caption") == step["caption"][lang]
        if step["expect"] is None:
            page.click("#tutorial-next")
            continue
        page.wait_for_function(MINE, timeout=120_000)
        legal = page.evaluate("() => window.pygamesMatch.payload.legal")
        assert step["expect"] in legal, (step["expect"], legal)
        before = page.evaluate("() => window.pygamesMatch.record.actions.length")
        other = next((a for a in legal if a != step["expect"]), None)
        if not refused and other is not None:  # another move than the suggested one: refused, nothing sent
            msg = page.evaluate("(a) => window.pygamesMatch.act(a).then(() => '', e => e.message_en)", other)
            assert "suggests" in msg, msg
            assert page.evaluate("() => window.pygamesMatch.record.actions.length") == before
            refused = True
        page.evaluate("(a) => window.pygamesMatch.act(a)", step["expect"])
        page.wait_for_function("(n) => window.pygamesMatch.record.actions.length > n", arg=before, timeout=120_000)
        if i == 2:
            shot(page, f"shiji-tutorial-{lang}-{width}")
    page.wait_for_selector("#tutorial[data-step=done]", timeout=120_000)
    assert refused
