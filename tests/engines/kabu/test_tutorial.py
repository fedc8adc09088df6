"""The kabu tutorial (web/games/kabu/tutorial.json) plays as written: every suggested move is legal
when its step comes, with the computer moving as in the browser (a computer seat first)."""

from __future__ import annotations

import json
from pathlib import Path

from pygames.core.match import Match

TUTORIAL = Path(__file__).resolve().parents[3] / "web" / "games" / "kabu" / "tutorial.json"


def test_the_tutorial_plays_to_its_end():
    data = json.loads(TUTORIAL.read_text())
    assert data["game"] == "kabu"
    for step in data["steps"]:
        assert step["caption"]["ja"] and step["caption"]["en"]
    m = Match.new("kabu", data["options"], data["players"], data["seed"])
    human = next(i for i, p in enumerate(data["players"]) if p["type"] == "human")
    for step in data["steps"]:
        if step["expect"] is None:
            continue
        for _ in range(200):  # the computer moves until the person is asked (a computer seat first)
            movers = m.to_move()
            bots = [s for s in movers if data["players"][s]["type"] == "bot"]
            if not bots:
                break
            m.play(bots[0], m.bot_action(bots[0]))
        assert human in m.to_move(), step
        m.play(human, step["expect"])  # raises if the suggested move is not legal now
