"""Each game's refusals come from its code catalogue (``messages.py``, issue 23).

Read from the source with ``ast``: every ``refuse("<code>", ...)`` names a catalogued code, every
catalogue entry is used, each has Japanese and English text naming the same facts, and the facts a
text names are passed at each call site (or derived by the game's filler: ``DERIVED``). Then the
seeded fuzz run (tests/engines/test_fuzz.py) is recorded: every code it provokes is catalogued.
"""

from __future__ import annotations

import ast
import json
import re
import string
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from pygames import webapi
from pygames.core.errors import catalogued

from . import test_fuzz

CATALOGUED_GAMES = ("kabu", "shiji", "motto")
"""Games whose refusals all come from their catalogue."""
ROOT = Path(__file__).resolve().parents[2] / "pygames"


def catalogue(game: str) -> dict[str, tuple[str, str]]:
    """The game's refusal templates, code -> (ja, en)."""
    module = import_module(f"pygames.{game}.messages")
    return {code: texts for code, texts in module.CATALOGUE.items()}


def sources(game: str) -> dict[str, ast.Module]:
    """The game package's modules (its catalogue left out), parsed."""
    return {str(p.relative_to(ROOT)): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / game).rglob("*.py")) if p.name != "messages.py"}


def refuse_calls(game: str) -> list[tuple[str, str, set[str] | None]]:
    """(file, code, keyword names or None when ``**`` passes more) of each ``refuse`` call with a literal code."""
    calls = []
    for path, tree in sources(game).items():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "refuse"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                names = {k.arg for k in node.keywords if k.arg is not None}
                splat = any(k.arg is None for k in node.keywords)
                calls.append((path, node.args[0].value, None if splat else names))
    return calls


def literals(game: str) -> set[str]:
    """Every string constant in the game package's code."""
    return {node.value for tree in sources(game).values() for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def fields(template: str) -> set[str]:
    """The facts a template names: ``{issue_ja}`` and ``{cards[0]:+d}`` name ``issue`` and ``cards``."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name:
            names.add(re.sub(r"_(ja|en)$", "", re.split(r"[.\[]", name)[0]))
    return names


def derived(game: str) -> dict[str, str]:
    """Template facts the game's filler makes, each from one param ("" for a constant)."""
    module: Any = import_module(f"pygames.{game}.messages")
    return dict(getattr(module, "DERIVED", {}))


@pytest.mark.parametrize("game", CATALOGUED_GAMES)
def test_every_code_refused_is_catalogued(game: str) -> None:
    known = catalogue(game)
    calls = refuse_calls(game)
    assert calls, f"{game} calls refuse nowhere: the test would prove nothing"
    unknown = sorted({f"{path}: {code}" for path, code, _ in calls if code not in known})
    assert not unknown, f"refused but not in pygames/{game}/messages.py: {unknown}"


@pytest.mark.parametrize("game", CATALOGUED_GAMES)
def test_every_catalogue_entry_is_used_and_bilingual(game: str) -> None:
    known = catalogue(game)
    unused = sorted(set(known) - literals(game))
    assert not unused, f"catalogued but never refused in pygames/{game}: {unused}"
    for code, (ja, en) in known.items():
        assert code.startswith(f"{game}.") and ja.strip() and en.strip(), code
        assert re.search(r"[ぁ-んァ-ン一-龯]", ja), f"{code}: the Japanese text has no Japanese"
        assert fields(ja) == fields(en), f"{code}: ja names {sorted(fields(ja))}, en {sorted(fields(en))}"


@pytest.mark.parametrize("game", CATALOGUED_GAMES)
def test_call_sites_pass_the_facts_the_text_names(game: str) -> None:
    known, made = catalogue(game), derived(game)
    wrong = []
    for path, code, names in refuse_calls(game):
        if names is None or code not in known:
            continue
        needed = {made.get(f, f) for f in fields(known[code][0])} - {""}
        passed = {re.sub(r"_(ja|en)$", "", n) for n in names}
        if needed - passed:
            wrong.append(f"{path}: {code} lacks {sorted(needed - passed)}")
    assert not wrong, wrong


@pytest.fixture(scope="module")
def fuzz_codes() -> dict[str, set[str]]:
    """Error codes answered during the fuzz run, by game (the first word of the code)."""
    seen: dict[str, set[str]] = {}
    real = webapi.dispatch

    def recording(name: str, args_json: str = "{}") -> str:
        answer = real(name, args_json)
        error = json.loads(answer).get("error") if answer.startswith("{") else None
        if isinstance(error, dict):
            code = error["code"]
            seen.setdefault(code.split(".", 1)[0], set()).add(code)
        return answer

    webapi.dispatch = recording  # type: ignore[assignment]
    try:
        for game in CATALOGUED_GAMES:
            test_fuzz.test_mutated_actions_never_crash_and_refusals_change_nothing(game)
    finally:
        webapi.dispatch = real  # type: ignore[assignment]
    return seen


@pytest.mark.parametrize("game", CATALOGUED_GAMES)
def test_every_fuzzed_code_is_in_the_catalogue(fuzz_codes: dict[str, set[str]], game: str) -> None:
    import_module(f"pygames.{game}.messages")
    codes = fuzz_codes.get(game, set())
    assert codes, f"the fuzz provoked no {game} refusal: the test would prove nothing"
    missing = sorted(c for c in codes if not catalogued(c))
    assert not missing, f"{game} codes raised but not catalogued: {missing}"
