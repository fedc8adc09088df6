"""The glossary is one piece of data: the table's explanations (the ``glossary`` call) and the
rules page's glossary section say the same words."""

from __future__ import annotations

import html
import json
from pathlib import Path

from pygames import webapi
from pygames.shiji import glossary

RULES = Path(__file__).resolve().parents[3] / "web" / "games" / "shiji" / "rules.html"
ON_SCREEN = ("貝札", "前札", "後札", "税", "商品", "報酬", "包囲", "相殺", "商人札")


def test_every_term_on_screen_is_explained_in_both_languages():
    out = json.loads(webapi.dispatch("game_call", json.dumps({"game": "shiji", "name": "glossary", "args": {}})))
    terms = {t["ja"]: t for t in out["terms"]}
    assert set(ON_SCREEN) <= set(terms)
    for t in terms.values():
        assert t["text_ja"] and t["text_en"] and t["en"] and all(ord(c) < 0x3000 for c in t["text_en"])
    assert [m["deck"] for m in out["modes"]] == [True, False]


def test_the_rules_page_glossary_is_written_from_the_data():
    page = RULES.read_text(encoding="utf-8")
    assert glossary.rewrite(page) == page, "run python3 -m pygames.shiji.glossary"
    for term in glossary.data()["terms"]:
        assert html.escape(term["text_ja"]) in page and html.escape(term["text_en"]) in page
