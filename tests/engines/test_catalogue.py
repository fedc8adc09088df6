"""Each game's refusals come from its code catalogue (``messages.py``, issue 23), and the core's and
the web door's (``match.*``, ``record.*``, ``remote.*``, ``link.*``, ``api.*``) from the core catalogue
(``pygames/core/messages.py``).

Read from the source with ``ast``: every ``refuse("<code>", ...)`` names a catalogued code (a game's
own or a core one), every catalogue entry is used, each has Japanese and English text naming the
same facts, and the facts a text names are passed at each call site (or derived by the catalogue's
filler: ``DERIVED``); no ``GameError`` is built by hand outside :data:`HAND_BUILT`. The seeded fuzz
of each game's actions (tests/engines/test_fuzz.py) records the codes it provokes and checks with
:func:`check_fuzzed_codes` that every one is catalogued.
"""

from __future__ import annotations

import ast
import functools
import re
import string
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from pygames.core.errors import catalogued

CATALOGUED_GAMES = ("kabu", "shiji", "shogi", "motto")
"""Games whose refusals all come from their catalogue."""
CORE = "core"
"""The core's catalogue (``pygames/core/messages.py``): it covers pygames/core, webapi.py and answers.py."""
SCOPES = (*CATALOGUED_GAMES, CORE)
ROOT = Path(__file__).resolve().parents[2] / "pygames"
DOOR = ("webapi.py", "answers.py")
"""The web door's modules, whose refusals are core codes."""
HAND_BUILT = {
    ("webapi.py", "dispatch"): "the internal-error wrapper: it must not depend on anything that could fail",
    ("core/remote.py", "_verified"): "re-raises the replay's own refusal, its code kept, told as the link's",
    ("kabu/game.py", "normalize_options"): "re-raises a deck's refusal, its code kept, naming whose deck",
}
"""The only functions outside ``core/errors.py`` that build a ``GameError`` by hand, and why."""


def catalogue(game: str) -> dict[str, tuple[str, str]]:
    """The game's (or the core's) refusal templates, code -> (ja, en)."""
    module = import_module(f"pygames.{game}.messages")
    return {code: texts for code, texts in module.CATALOGUE.items()}


def _paths(game: str) -> list[Path]:
    if game == CORE:
        return sorted((ROOT / CORE).glob("*.py")) + [ROOT / name for name in DOOR]
    return sorted((ROOT / game).rglob("*.py"))


@functools.cache
def sources(game: str) -> dict[str, ast.Module]:
    """The game package's modules (its catalogue left out), parsed; for the core, pygames/core and the door.
    Parsed once per process (the trees are only read) and shared by the tests below."""
    return {str(p.relative_to(ROOT)): ast.parse(p.read_text(encoding="utf-8"))
            for p in _paths(game) if p.name != "messages.py"}


def owner(game: str, code: str) -> str:
    """Whose catalogue a code refused in ``game``'s package belongs to: the game's, or the core's."""
    return CORE if game != CORE and code in catalogue(CORE) else game


@functools.cache
def _refusals(game: str) -> list[tuple[str, ast.Call]]:
    """(file, call) of each ``refuse(...)`` in the game package (found once per process)."""
    return [(path, node) for path, tree in sources(game).items() for node in ast.walk(tree)
            if isinstance(node, ast.Call) and node.args
            and getattr(node.func, "id", getattr(node.func, "attr", "")) == "refuse"]


def refuse_calls(game: str) -> list[tuple[str, str, set[str] | None, str | None]]:
    """(file, code, keyword names or None when ``**`` passes more, the literal ``why``) of each ``refuse``
    call whose code is written out (``"shogi.deck.size"``, or either branch of ``a if key else b``)."""
    calls = []
    for path, node in _refusals(game):
        first = node.args[0]
        branches = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
        names = {k.arg for k in node.keywords if k.arg is not None}
        splat = any(k.arg is None for k in node.keywords)
        why = next((k.value.value for k in node.keywords if k.arg == "why" and isinstance(k.value, ast.Constant)),
                   None)
        calls.extend((path, b.value, None if splat else names, why) for b in branches
                     if isinstance(b, ast.Constant) and isinstance(b.value, str))
    return calls


def built_codes(game: str) -> set[str]:
    """The fixed starts of codes built at run time (``refuse(f"shogi.foul.{code}", ...)``: ``shogi.foul.``)."""
    return {first.values[0].value for _, node in _refusals(game)
            if isinstance(first := node.args[0], ast.JoinedStr) and first.values
            and isinstance(first.values[0], ast.Constant) and isinstance(first.values[0].value, str)}


def reasons(game: str) -> dict[str, tuple[str, str]]:
    """The causes a game's codes name in their ``why`` param (``messages.REASONS``), if it has them."""
    module: Any = import_module(f"pygames.{game}.messages")
    return dict(getattr(module, "REASONS", {}))


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


def core_calls_in_games() -> list[tuple[str, str, set[str] | None, str | None]]:
    """The ``refuse`` calls in the games' packages that name a core code."""
    return [call for game in CATALOGUED_GAMES for call in refuse_calls(game) if owner(game, call[1]) == CORE]


@pytest.mark.parametrize("game", SCOPES)
def test_every_code_refused_is_catalogued(game: str) -> None:
    calls = refuse_calls(game)
    assert calls, f"{game} calls refuse nowhere: the test would prove nothing"
    unknown = sorted({f"{path}: {code}" for path, code, _, _ in calls if code not in catalogue(owner(game, code))})
    assert not unknown, f"refused but not in pygames/{game}/messages.py (nor a core code): {unknown}"
    unknown = sorted({f"{path}: {why}" for path, code, _, why in calls
                      if why is not None and why not in reasons(owner(game, code))})
    assert not unknown, f"causes named but not in the REASONS of the code's catalogue: {unknown}"


def test_catalogue_codes_start_with_the_game() -> None:
    for game in CATALOGUED_GAMES:
        assert all(code.startswith(f"{game}.") for code in catalogue(game)), game
    prefixes = import_module("pygames.core.messages").PREFIXES
    assert not set(prefixes) & set(CATALOGUED_GAMES)
    assert all(code.split(".", 1)[0] in prefixes for code in catalogue(CORE))


@pytest.mark.parametrize("game", SCOPES)
def test_every_catalogue_entry_is_used_and_bilingual(game: str) -> None:
    known, used, built = catalogue(game), literals(game), built_codes(game)
    if game == CORE:  # a core code may be refused by a game only (a game's own call)
        used |= {code for _, code, _, _ in core_calls_in_games()}
        used |= {why for _, _, _, why in core_calls_in_games() if why is not None}
    unused = sorted(c for c in known if c not in used
                    and not any(c.startswith(start) and c[len(start):] in used for start in built))
    assert not unused, f"catalogued but never refused in pygames/{game}: {unused}"
    unused = sorted(set(reasons(game)) - used)
    assert not unused, f"causes in REASONS that no refusal names in pygames/{game}: {unused}"
    for code, (ja, en) in {**known, **reasons(game)}.items():
        assert ja.strip() and en.strip(), code
        assert re.search(r"[ぁ-んァ-ン一-龯]", ja) or "why" in fields(ja), f"{code}: the Japanese text has no Japanese"
        assert fields(ja) == fields(en), f"{code}: ja names {sorted(fields(ja))}, en {sorted(fields(en))}"


@pytest.mark.parametrize("game", SCOPES)
def test_call_sites_pass_the_facts_the_text_names(game: str) -> None:
    wrong = []
    for path, code, names, why in refuse_calls(game):
        known, made, causes = catalogue(owner(game, code)), derived(owner(game, code)), reasons(owner(game, code))
        if names is None or code not in known:
            continue
        texts = known[code][0] + (causes[why][0] if why in causes else "")
        needed = {made.get(f, f) for f in fields(texts)} - {""}
        passed = {re.sub(r"_(ja|en)$", "", n) for n in names}
        if needed - passed:
            wrong.append(f"{path}: {code} lacks {sorted(needed - passed)}")
    assert not wrong, wrong


class _HandBuilt(ast.NodeVisitor):
    """Counts the ``GameError(...)`` calls of a module by their innermost enclosing function."""

    def __init__(self) -> None:
        self.stack = ["<module>"]
        self.found: dict[str, int] = {}

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    def visit_Call(self, node: ast.Call) -> None:
        if getattr(node.func, "id", getattr(node.func, "attr", "")) == "GameError":
            self.found[self.stack[-1]] = self.found.get(self.stack[-1], 0) + 1
        self.generic_visit(node)


def _built_by_hand() -> set[tuple[str, str]]:
    """(file, innermost enclosing function) of each ``GameError(...)`` outside core/errors.py."""
    found = set()
    for path in sorted(ROOT.rglob("*.py")):
        name = str(path.relative_to(ROOT))
        if name != "core/errors.py":
            visitor = _HandBuilt()
            visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
            found |= {(name, func) for func in visitor.found}
    return found


def test_no_refusal_is_built_by_hand() -> None:
    found = _built_by_hand()
    by_hand = sorted(f"{path} {func}()" for path, func in found if (path, func) not in HAND_BUILT)
    assert not by_hand, f"GameError built by hand (raise refuse(code, **params) from a catalogue): {by_hand}"
    gone = sorted(f"{path} {func}()" for path, func in HAND_BUILT if (path, func) not in found)
    assert not gone, f"listed in HAND_BUILT but no longer building a GameError: {gone}"


def test_the_core_fills_seats_and_causes_and_keeps_no_text_words() -> None:
    from pygames.core.errors import refuse

    err = refuse("record.invalid", why="record.seat", seat=2)
    assert (err.message_ja, err.message_en) == ("対局データが壊れています: 3番目の席が不正です",
                                                "The match data is damaged: seat 3 is malformed")
    assert err.params == {"why": "record.seat", "seat": 2}
    err = refuse("match.bad_option", why="option.range", key="target", value="999", label_ja="目標",
                 label_en="Target", min=1, max=99)
    assert err.message_ja == "設定「目標」が不正です: 1〜99の範囲外です"
    assert err.message_en == "Option 'Target' is invalid: outside 1-99"
    assert set(err.params) == {"why", "key", "value", "min", "max"}
    err = refuse("match.action.not_ascii", action="1\x07", char="U+0007")
    assert "\\u0007" in err.message_ja and "\x07" not in err.message_en


def check_fuzzed_codes(game: str, codes: set[str]) -> None:
    """The codes the seeded fuzz of ``game``'s actions provoked (tests/engines/test_fuzz.py records
    them as it runs, so the fuzz runs once): some of the game's own and some core ones, each
    catalogued, and never ``internal``."""
    import_module(f"pygames.{game}.messages")
    prefixes = import_module("pygames.core.messages").PREFIXES
    mine = {c for c in codes if c.split(".", 1)[0] == game}
    assert mine, f"the fuzz provoked no {game} refusal: the test would prove nothing"
    missing = sorted(c for c in mine if not catalogued(c))
    assert not missing, f"{game} codes raised but not catalogued: {missing}"
    core = {c for c in codes if c.split(".", 1)[0] in prefixes}
    assert core, f"the fuzz of {game} provoked no core refusal: the test would prove nothing"
    missing = sorted(c for c in core if not catalogued(c))
    assert not missing, f"core codes raised but not catalogued: {missing}"
    assert not any(c.split(".", 1)[0] == "internal" for c in codes), "the fuzz provoked an internal error"
