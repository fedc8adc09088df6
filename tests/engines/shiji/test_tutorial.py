"""The guided first game (web/games/shiji/tutorial.json, read by the shell's tutorial mechanism):
every action it asks for is legal when asked, replayed through the engine, and the match ends
as its last caption says (the person goes out)."""

from __future__ import annotations

import json
from pathlib import Path

from pygames.core.match import Match
from pygames.shiji import GAME

TUTORIAL = Path(__file__).resolve().parents[3] / "web" / "games" / "shiji" / "tutorial.json"


def test_tutorial_replays_through_the_engine():
    data = json.loads(TUTORIAL.read_text(encoding="utf-8"))
    assert data["game"] == "shiji" and data["players"][0]["type"] == "human"
    assert GAME.normalize_options(data["options"], 2)["deck"] is True       # a few turns of 山札 mode
    match = Match.new("shiji", data["options"], data["players"], data["seed"])
    asked = 0
    for step in data["steps"]:
        assert step["caption"]["ja"] and step["caption"]["en"]
        assert all(ord(c) < 0x3000 for c in step["caption"]["en"])        # English is English
        if step["expect"] is None:
            continue
        while match.to_move() and 0 not in match.to_move():                 # the computer (and chance) play on
            match.play(1, match.bot_action(1))
        legal = GAME.legal_actions(match.state, 0)
        assert step["expect"] in legal, (step["expect"], legal)
        match.play(0, step["expect"])
        asked += 1
    assert asked >= 4
    # the computer's shells the captions name: 72, then a panic shell
    assert "1:place 7 2" in match.record["actions"] and "1:place X 3" in match.record["actions"]
    outcome = GAME.outcome(match.state)
    assert outcome is not None and outcome.winners == (0,) and outcome.details["reason"] == "agari"
