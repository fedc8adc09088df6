"""Every refusal code that the seeded fuzz run (tests/engines/test_fuzz.py) provokes is in a
catalogue: each game's in its ``messages.py``.

The fuzz's door is wrapped to record every error code it answers; then each code is checked.
"""

from __future__ import annotations

import json
from importlib import import_module
import pytest

from pygames import webapi
from pygames.core.errors import catalogued

from . import test_fuzz

CATALOGUED_GAMES = ("shiji", "motto")
"""Games whose refusals all come from their catalogue (kabu and shogi: see issue 23's remainder)."""


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
