"""The glossary's HTML for the rules page (web/games/shiji/rules.html), written from
``data/glossary.json`` so that the table's explanations and the rules page say the same thing.

Run ``python3 -m pygames.shiji.glossary`` after editing the data; a test checks the page is current.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

START, END = "<!-- glossary: written from pygames/shiji/data/glossary.json -->", "<!-- /glossary -->"


def data() -> dict[str, Any]:
    """The glossary data."""
    text = resources.files("pygames.shiji").joinpath("data/glossary.json").read_text(encoding="utf-8")
    out: dict[str, Any] = json.loads(text)
    return out


def section(lang: str) -> str:
    """The glossary block of one language section of the rules page."""
    d = data()
    head = "用語" if lang == "ja" else "Words"
    lines = [START, f"  <h3>{head}</h3>", '  <dl class="sj-glossary">']
    for term in d["terms"]:
        name = term["ja"] if lang == "ja" else term["en"]
        lines.append(f"    <dt>{html.escape(name)}</dt><dd>{html.escape(term['text_' + lang])}</dd>")
    lines.append("  </dl>")
    modes = "遊び方の種類" if lang == "ja" else "Two ways to play"
    lines.append(f"  <h3>{modes}</h3>")
    lines.append("  <ul>")
    for mode in d["modes"]:
        lines.append(f"    <li><strong>{html.escape(mode[lang])}</strong>: {html.escape(mode['line_' + lang])}</li>")
    lines.append("  </ul>")
    lines.append("  " + END)
    return "\n".join(lines)


def rewrite(page: str) -> str:
    """``page`` with each language section's glossary block written (or replaced) before its end."""
    page = re.sub(r"\s*" + re.escape(START) + r".*?" + re.escape(END), "", page, flags=re.S)
    for lang in ("ja", "en"):
        at = page.index("</section>", page.index(f'<section lang="{lang}">'))
        page = page[:at] + "  " + section(lang).lstrip() + "\n" + page[at:]
    return page


if __name__ == "__main__":
    path = Path(__file__).resolve().parents[2] / "web" / "games" / "shiji" / "rules.html"
    path.write_text(rewrite(path.read_text(encoding="utf-8")), encoding="utf-8")
