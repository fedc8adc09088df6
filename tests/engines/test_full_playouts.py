"""Random playouts to the end (issue 23): the seeded random player never resigns, so kabu's
liquidation and scoring and shogi's later card turns are reached, and each match ends with a
termination code its game lists."""

from __future__ import annotations

import json
from importlib import import_module

import pytest

from pygames.core import Rng
from pygames.core.match import Match
from pygames.core.playout import play_match, random_choice
from pygames.core.registry import GAME_MODULES, get_game

MAX_PLIES = 3000


@pytest.mark.parametrize("name", GAME_MODULES)
@pytest.mark.parametrize("seed", (1, 2))
def test_random_playout_without_resign_reaches_the_end(name, seed):
    game = get_game(name)
    players = [{"name": f"P{i + 1}", "type": "human"} for i in range(game.min_seats)]
    rng = Rng.derive(seed, "test-playout-long")
    match = play_match(Match.new(name, None, players, seed), random_choice(game, rng, skip=("resign",)),
                       seat_rng=rng, max_plies=MAX_PLIES)
    outcome = game.outcome(match.state)
    assert outcome is not None, f"{name} seed {seed}: not over after {match.ply} plies"
    assert all(not entry.endswith(":resign") for entry in match.record["actions"])
    assert outcome.termination in import_module(f"pygames.{name}.messages").TERMINATIONS
    assert game.to_move(match.state) == ()
    assert all(game.legal_actions(match.state, seat) == [] for seat in range(len(players)))
    replayed = Match.from_record(json.loads(json.dumps(match.record)))
    assert game.outcome(replayed.state) == outcome
