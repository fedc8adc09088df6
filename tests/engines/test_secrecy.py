"""Secrecy, one contract over every game: what a seat may not know never reaches its view or the log.

Along seeded random playouts, each game's hidden data of *another* seat (a hand, a land, a
sealed order, a veiled card, the order of a deck) is changed and nothing else; the view of the
looking seat (and of a spectator) must then be byte-identical. For the log, whenever another
seat (or chance) could have done something else that the looking seat's view cannot tell
apart from what was done, the log text of the two must be identical too: the log is public.

The per-game ``hide`` functions below are the only game-specific part: they list the states
that differ from ``state`` only in what ``seat`` must not see.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Callable, Iterator

import pytest

from pygames.core import CHANCE, Rng
from pygames.core.match import Match
from pygames.core.playout import play_match, random_choice
from pygames.core.registry import GAME_MODULES, get_game

SEEDS = (3, 4)
MAX_PLIES = 160
ALTERNATIVES = 8
"""How many other actions of the acting seat are compared for the log (sampled)."""


def _others(n: int, seat: int | None) -> list[int]:
    return [o for o in range(n) if o != seat]


def hide_kabu(state: Any, seat: int | None, rng: Rng) -> Iterator[Any]:
    """Another seat's tool hand (a card swapped with its deck), its deck order, its live sealed orders."""
    for o in _others(2, seat):
        if state.hand[o] and state.deck[o]:
            new = state.clone()
            i, j = rng.randbelow(len(new.hand[o])), rng.randbelow(len(new.deck[o]))
            fixed = new.top[o] is not None and j == 0
            if new.hand[o][i] != new.deck[o][j] and not fixed:
                new.hand[o][i], new.deck[o][j] = new.deck[o][j], new.hand[o][i]
                yield new
        if state.pending and state.pending.get("kind") == "orders":
            before = {x["id"]: x for x in state.snapshot}
            live = [k for k, x in enumerate(state.orders) if x["owner"] == o]
            for k in live:
                new = state.clone()
                new.orders = [dict(x) for x in new.orders]
                new.orders[k]["qty"] = new.orders[k]["qty"] + 1
                if before.get(new.orders[k]["id"]) != new.orders[k]:
                    yield new
    for d in range(2):
        known = state.top[d] is not None or state.top_seen[d] is not None
        start = 1 if known else 0
        if len(state.deck[d]) - start >= 2 and d != seat:
            new = state.clone()
            new.deck[d] = new.deck[d][:start] + list(reversed(new.deck[d][start:]))
            if new.deck[d] != state.deck[d]:
                yield new


def hide_shiji(state: Any, seat: int | None, rng: Rng) -> Iterator[Any]:
    """Another seat's hand and land (one card of a kind moved to another kind), its veiled cards."""
    if state.rules.open_hands or state.result is not None:
        return
    for o in _others(2, seat):
        for field in ("hand", "land"):
            counts = list(getattr(state, field)[o])
            have = [k for k, c in enumerate(counts) if c > 0]
            if not have:
                continue
            a = have[rng.randbelow(len(have))]
            b = rng.randbelow(len(counts))
            if a == b:
                continue
            counts[a] -= 1
            counts[b] += 1
            both = list(getattr(state, field))
            both[o] = tuple(counts)
            yield dataclasses.replace(state, **{field: tuple(both)})
        row = list(state.rows[o])
        veiled = [i for i, (kind, v, _) in enumerate(row) if v and kind >= 0]
        if veiled:
            i = veiled[rng.randbelow(len(veiled))]
            kind, v, shell = row[i]
            row[i] = ((kind + 1) % 13, v, shell)
            rows = list(state.rows)
            rows[o] = tuple(row)
            yield dataclasses.replace(state, rows=tuple(rows))


def hide_shogi(state: Any, seat: int | None, rng: Rng) -> Iterator[Any]:
    """The order of the card deck (shogi with cards; a plain game has nothing hidden)."""
    if len(state.deck) >= 2 and tuple(reversed(state.deck)) != state.deck:
        yield dataclasses.replace(state, deck=tuple(reversed(state.deck)))


def hide_motto(state: Any, seat: int | None, rng: Rng) -> Iterator[Any]:
    """The order of the coin deck and of the set-aside coins."""
    for field in ("deck", "aside"):
        items = getattr(state, field)
        if len(items) >= 2:
            new = state.clone() if hasattr(state, "clone") else __import__("copy").deepcopy(state)
            setattr(new, field, list(reversed(items)))
            yield new


HIDE: dict[str, Callable[[Any, int | None, Rng], Iterator[Any]]] = {
    "kabu": hide_kabu, "shiji": hide_shiji, "shogi": hide_shogi, "motto": hide_motto}
OPTIONS: dict[str, list[dict[str, Any] | None]] = {
    "kabu": [None], "shiji": [None, {"deck": True}], "motto": [None],
    "shogi": [None, {"ruleset": "cards"}]}


def _playout(name: str, options: dict[str, Any] | None, seed: int) -> Match:
    game = get_game(name)
    players = [{"name": f"P{i + 1}", "type": "human"} for i in range(game.min_seats)]
    rng = Rng.derive(seed, "secrecy-playout")
    return play_match(Match.new(name, options, players, seed), random_choice(game, rng), seat_rng=rng,
                      max_plies=MAX_PLIES)


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _cases() -> list[tuple[str, dict[str, Any] | None]]:
    return [(name, opts) for name in GAME_MODULES for opts in OPTIONS.get(name, [None])]


@pytest.mark.parametrize(("name", "options"), _cases(), ids=lambda v: str(v))
@pytest.mark.parametrize("seed", SEEDS)
def test_another_seats_secrets_never_change_what_a_seat_sees(name, options, seed):
    match = _playout(name, options, seed)
    game = match.game
    seats = [None, *range(len(match.record["players"]))]
    rng = Rng.derive(seed, "secrecy", name)
    changed = 0
    for ply, state in enumerate(match.states):
        for seat in seats:
            seen = _text(game.view(state, seat))
            for other in HIDE[name](state, seat, rng):
                changed += 1
                assert _text(game.view(other, seat)) == seen, (
                    f"{name} ply {ply}: seat {seat} sees another seat's secret")
    if game.hidden_information:
        assert changed > 20, f"{name}: too few secrets were changed ({changed}) to prove anything"


@pytest.mark.parametrize(("name", "options"), _cases(), ids=lambda v: str(v))
@pytest.mark.parametrize("seed", SEEDS)
def test_the_log_tells_no_more_than_the_view(name, options, seed):
    """Two actions another seat (or chance) could have taken that a seat cannot tell apart from
    its view afterwards have the same log text."""
    match = _playout(name, options, seed)
    game = match.game
    rng = Rng.derive(seed, "secrecy-log", name)
    n = len(match.record["players"])
    compared = 0
    for ply, entry in enumerate(match.record["actions"]):
        actor_text, action = entry.split(":", 1)
        actor = CHANCE if actor_text == "c" else int(actor_text)
        state = match.states[ply]
        if actor == CHANCE:
            choices = [a for a, _ in game.chance_outcomes(state)]
        else:
            choices = list(game.legal_actions(state, actor))
        if len(choices) > ALTERNATIVES:
            choices = [choices[rng.randbelow(len(choices))] for _ in range(ALTERNATIVES)]
        text = game.describe_action(state, actor, action)
        after = match.states[ply + 1]
        if CHANCE in game.to_move(after):
            continue  # chance resolves in the same call: no page ever shows this position
        for seat in [None, *range(n)]:
            if seat == actor:
                continue
            seen = _text(game.view(after, seat))
            for other in choices:
                if other == action:
                    continue
                if _text(game.view(game.apply(state, actor, other), seat)) != seen:
                    continue
                compared += 1
                assert game.describe_action(state, actor, other) == text, (
                    f"{name} ply {ply + 1}: seat {seat} cannot see {other!r} vs {action!r} but the log tells")
    if game.hidden_information:
        assert compared > 5, f"{name}: too few hidden alternatives were compared ({compared})"
