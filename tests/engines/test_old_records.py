"""Saved matches survive rule changes: every record of every engine version ever shipped
(``tests/fixtures/records``) replays under today's engine to exactly the states it reached."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from pygames import webapi
from pygames.core import GameError
from pygames.core.game import OptionSpec
from pygames.core.match import Match
from pygames.core.registry import GAME_MODULES, get_game, register
from tests.engines.toygame import ToyGame, ToyState
from tests.fixtures.make_records import fingerprint

RECORDS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "records").glob("*.json"))


def test_every_game_has_a_fixture_of_its_current_version():
    names = {path.name for path in RECORDS}
    for name in GAME_MODULES:
        version = get_game(name).engine_version
        assert f"{name}-v{version}-11.json" in names, f"run tests/fixtures/make_records.py for {name} v{version}"


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_old_record_replays_exactly_and_can_be_continued(path):
    saved = json.loads(path.read_text())
    match = Match.from_record(saved["record"])
    assert match.record["engine_version"] == saved["record"]["engine_version"]
    assert fingerprint(match) == saved["expect"]
    if match.to_move():  # the match goes on under the rulings it was played with
        seat = match.to_move()[0]
        match.play(seat, match.bot_action(seat))
        again = Match.from_record(json.loads(json.dumps(match.record)))
        assert again.ply == match.ply


@dataclass(frozen=True)
class ToyV2State(ToyState):
    max_roll: int = 2


class ToyV2(ToyGame):
    """The toy game after a ruling change: dice now roll 1-2; records of v1 rolled 1-3."""

    name = "toy_v2"
    engine_version = "2"
    option_specs = (*ToyGame.option_specs,
                    OptionSpec("max_roll", "出目の上限", "Highest roll", "choice", 2, since=2, legacy=3,
                               choices=((2, "2", "2"), (3, "3", "3"))))

    def initial_state(self, options, seats):
        return ToyV2State(target=options["target"], max_roll=options["max_roll"])

    def chance_outcomes(self, s):
        outcomes = super().chance_outcomes(s)
        if outcomes and outcomes[0][0].startswith("die"):
            return [(f"die{v}", 1 / s.max_roll) for v in range(1, s.max_roll + 1)]
        return outcomes


def _toy_record(version: str, actions: list[str], options: dict | None = None) -> dict:
    return {"format": "pygames.match", "schema": 2, "game": "toy_v2", "engine_version": version,
            "options": options or {"target": 10}, "players": [{"name": "a"}, {"name": "b"}], "seed": 5,
            "actions": actions, "meta": {}}


def test_a_ruling_change_keeps_old_records_under_their_ruling():
    register(ToyV2())
    old = ["c:bonus0", "c:bonus1", "0:roll", "c:die3"]
    match = Match.from_record(_toy_record("1", old))
    assert match.record["options"]["max_roll"] == 3 and match.ply == 4
    assert match.game.older_rulings(match.record["options"])[0]["key"] == "max_roll"
    with pytest.raises(GameError) as err:  # the same log under the new ruling is refused
        Match.from_record(_toy_record("2", old))
    assert err.value.code == "record.illegal_action"
    fresh = Match.new("toy_v2", None, [{"name": "a"}, {"name": "b"}], 1)
    assert fresh.record["engine_version"] == "2" and fresh.record["options"]["max_roll"] == 2
    assert fresh.game.older_rulings(fresh.record["options"]) == []
    # The view payload tells the shell, so the screen can say "played under older rulings".
    rulings = webapi.view(_toy_record("1", old), 0)["rulings"]
    assert rulings["engine_version"] == "1" and rulings["current"] == "2"
    assert [r["key"] for r in rulings["older"]] == ["max_roll"] and rulings["older"][0]["label"]["en"]
    assert webapi.view(fresh.record, 0)["rulings"] == {"engine_version": "2", "current": "2", "older": []}


@pytest.mark.parametrize("version, options, code", [
    ("3", None, "record.newer_engine"),
    ("x", None, "record.engine_version"),
    ("0", None, "record.engine_version"),
    ("1", {"target": 10, "max_roll": 2}, "match.unknown_option"),
])
def test_bad_or_newer_engine_versions_are_refused(version, options, code):
    register(ToyV2())
    with pytest.raises(GameError) as err:
        Match.from_record(_toy_record(version, ["c:bonus0"], options))
    assert err.value.code == code
