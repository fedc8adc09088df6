"""Seeded random playouts at 3, 4 and 5 players with invariants checked after every action.

PLAYOUTS is sized for CI; ``bench/motto_playouts.py`` runs thousands."""

from __future__ import annotations

import json

import pytest

from pygames import webapi
from pygames.core import Rng
from pygames.core import playout as core_playout
from pygames.motto import GAME
from pygames.motto.coins import DECK_NOS, STABLE_IDS
from pygames.motto.state import MottoState

from .helpers import snapshot

PLAYOUTS = 25  # per player count


def check_invariants(s: MottoState) -> None:
    """Every die free or on exactly one coin; every coin in exactly one place."""
    for seat in range(s.n):
        assert s.free[seat] >= 0
        assert s.free[seat] + s.locked_dice(seat) == s.ndice
        for cid, faces in s.locked[seat].items():
            assert cid in s.holdings[seat] and faces and all(1 <= f <= 6 for f in faces)
    places = s.deck + s.aside + s.removed + s.revealed
    places += [s.coin] if s.coin is not None else []
    places += [s.end_coin] if s.end_coin is not None else []
    places += [int(c) for h in s.holdings for c in h if not c.startswith("S")]
    assert sorted(places) == list(DECK_NOS)
    stables = s.supply + [c for h in s.holdings for c in h if c.startswith("S")]
    assert sorted(stables) == sorted(STABLE_IDS)


def random_action(s: MottoState, seat: int, rng: Rng) -> str:
    """A random policy that passes often and bids small raises (the legal list runs weakest first)."""
    legal = GAME.legal_actions(s, seat)
    if legal[0] == "pass" and (len(legal) == 1 or rng.random() < 0.45):
        return "pass"
    bids = [a for a in legal if a != "pass"]
    return rng.choice(bids[:12])


def playout(n: int, seed: int, check: bool = True) -> tuple[list[str], MottoState]:
    rng = Rng.derive(seed, "test", n)
    def on_step(s: MottoState, seat: int, action: str, t: MottoState) -> None:
        check_invariants(t)
        GAME.describe_action(s, seat, action)

    s, steps = core_playout.playout(GAME, GAME.initial_state({}, n), lambda s, seat, _: random_action(s, seat, rng),
                                    rng, on_step=on_step if check else None, snapshot=snapshot if check else None)
    return [f"{seat}:{action}" for seat, action in steps], s


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_playouts_keep_every_invariant(n):
    ends = set()
    for k in range(PLAYOUTS):
        log, s = playout(n, 1000 + k)
        out = GAME.outcome(s)
        assert out is not None and s.end in ("fork", "exhausted")
        ends.add(s.end)
        view = GAME.view(s, None)
        assert [p["projection"]["total"] for p in view["players"]] == list(out.scores)
        assert out.details["scores"] == [p["projection"] for p in view["players"]]
        json.dumps(view)
    assert "fork" in ends


def test_same_seed_same_game():
    assert playout(4, 7, check=False)[0] == playout(4, 7, check=False)[0]
    assert playout(4, 7, check=False)[0] != playout(4, 8, check=False)[0]


def call(name, **kwargs):
    result = json.loads(webapi.dispatch(name, json.dumps(kwargs)))
    assert "error" not in result, result
    return result


@pytest.mark.parametrize("n", [3, 5])
def test_full_match_through_the_web_api_with_bots_replays_identically(n):
    players = [{"name": f"c{i}", "type": "bot", "level": GAME.bot_levels[i % 3]} for i in range(n)]
    record = call("new_match", game="motto", seed=42 + n, players=players)["record"]
    while not (view := call("view", record=record, seat=None))["outcome"]:
        seat = view["to_move"][0]
        action = call("bot_action", record=record, seat=seat)["action"]
        record = call("apply", record=record, seat=seat, action=action)["record"]
    loaded = call("load", record=json.dumps(record))
    assert loaded["summary"]["finished"]
    again = call("new_match", game="motto", seed=42 + n, players=players)["record"]
    while not (v := call("view", record=again, seat=None))["outcome"]:
        seat = v["to_move"][0]
        again = call("apply", record=again, seat=seat, action=call("bot_action", record=again, seat=seat)["action"])["record"]
    assert again["actions"] == record["actions"]
    assert len(call("log", record=record)["log"]) == len(record["actions"])
    details = view["outcome"]["details"]["scores"]
    assert [d["total"] for d in details] == view["outcome"]["scores"]
