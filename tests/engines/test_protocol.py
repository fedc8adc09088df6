"""One protocol, four games: the same contract checks run over every shipped engine.

Random legal playouts (seeded with our Rng) drive each game through :class:`Match`, and at
every step check what the shell, the bots and the links rely on.
"""

from __future__ import annotations

import json

import pytest

from pygames import webapi
from pygames.core import CHANCE, GameError, Rng
from pygames.core.match import Match
from pygames.core.playout import play_match, random_choice
from pygames.core.registry import GAME_MODULES, get_game

SEEDS = (1, 2)
MAX_STEPS = 300


def _players(game) -> list[dict]:
    return [{"name": f"P{i + 1}", "type": "human"} for i in range(game.min_seats)]


def _random_playout(name: str, seed: int) -> Match:
    game = get_game(name)
    rng = Rng.derive(seed, "test-playout")
    return play_match(Match.new(name, None, _players(game), seed), random_choice(game, rng), seat_rng=rng,
                      max_plies=MAX_STEPS)


def _views(match: Match, state) -> str:
    seats = [None, *range(len(match.record["players"]))]
    return json.dumps([match.game.view(state, s) for s in seats], sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("name", GAME_MODULES)
def test_game_is_registered_with_metadata(name):
    info = get_game(name).info()
    assert info["title"]["ja"] and info["title"]["en"] and info["summary"]["ja"]
    assert len(info["bot_levels"]) >= 3
    json.dumps(info)


@pytest.mark.parametrize("name", GAME_MODULES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_the_contract(name, seed):
    match = _random_playout(name, seed)
    game = match.game
    assert len(match.states) == len(match.record["actions"]) + 1
    # Same seed, same actions: the same match; a replay from the record reproduces every state.
    assert _random_playout(name, seed).record == match.record
    replayed = Match.from_record(json.loads(json.dumps(match.record)))
    assert _views(replayed, replayed.state) == _views(match, match.state)
    # The log never stores a seat that was not to move, and chance only at chance nodes.
    for ply, entry in enumerate(match.record["actions"]):
        seat_text = entry.split(":", 1)[0]
        to_move = game.to_move(match.states[ply])
        assert (to_move == (CHANCE,)) == (seat_text == "c")


@pytest.mark.parametrize("name", GAME_MODULES)
def test_apply_never_mutates_and_refuses_garbage(name):
    match = _random_playout(name, 3)
    rng = Rng(5)
    for ply in range(0, len(match.states) - 1, max(1, len(match.states) // 25)):
        state = match.states[ply]
        before = _views(match, state)
        seats = [s for s in match.game.to_move(state) if s != CHANCE]
        for seat in seats:
            legal = match.game.legal_actions(state, seat)
            match.game.apply(state, seat, legal[rng.randbelow(len(legal))])
            for garbage in ("", "zz 99 99", "\u0000", "x" * 300):
                with pytest.raises(GameError) as info:
                    match.game.apply(state, seat, garbage)
                assert info.value.message_ja and info.value.message_en
        assert _views(match, state) == before, f"{name}: apply mutated the state at ply {ply}"


@pytest.mark.parametrize("name", GAME_MODULES)
def test_bots_play_legal_moves_at_every_level(name):
    game = get_game(name)
    players = [{"name": "", "type": "bot", "level": game.bot_levels[i % len(game.bot_levels)]}
               for i in range(game.min_seats)]
    record = webapi.new_match(name, None, 7, players)["record"]
    for _ in range(12):
        view = webapi.view(record, None)
        if view["outcome"]:
            break
        seat = view["to_move"][0]
        action = webapi.bot_action(record, seat)["action"]
        assert webapi.check(record, seat, action)["ok"] is True
        record = webapi.apply(record, seat, action)["record"]


@pytest.mark.parametrize("name", GAME_MODULES)
def test_links_and_saves_round_trip(name):
    record = _random_playout(name, 4).record
    link = webapi.encode_link(record)
    back = webapi.decode_link(link["link"])["record"]
    assert back["actions"] == record["actions"]
    assert (back["seed"] is None) == (not link["finished"])
    assert webapi.load(json.dumps(record))["record"]["actions"] == record["actions"]


@pytest.mark.parametrize("name", GAME_MODULES)
def test_the_base_class_owns_turn_chance_and_game_over(name):
    match = _random_playout(name, 6)
    game = match.game
    saw_player_node = False
    for state in match.states:
        movers = game.to_move(state)
        if movers == (CHANCE,):
            assert game.chance_outcomes(state), f"{name}: a chance node without outcomes"
            for seat in range(len(match.record["players"])):
                with pytest.raises(GameError) as info:
                    game.apply(state, seat, "pass")
                assert info.value.code == "match.not_your_turn"
            continue
        assert game.chance_outcomes(state) == [], f"{name}: chance outcomes off a chance node"
        if movers:
            saw_player_node = True
            with pytest.raises(GameError) as info:
                game.apply(state, CHANCE, "draw 1")
            assert info.value.code == "match.not_chance"
            idle = [s for s in range(len(match.record["players"])) if s not in movers]
            for seat in idle:
                with pytest.raises(GameError) as info:
                    game.apply(state, seat, game.legal_actions(state, movers[0])[0])
                assert info.value.code == "match.not_your_turn"
    assert saw_player_node
    # Play on to the end, then every seat (and chance) is told the game is over.
    rng = Rng(9)
    play_match(match, random_choice(game, rng), seat_rng=rng)
    assert match.is_over()
    for seat in (CHANCE, *range(len(match.record["players"]))):
        with pytest.raises(GameError) as info:
            game.apply(match.state, seat, "resign")
        assert info.value.code == "match.game_over"
    assert game.chance_outcomes(match.state) == []


def test_a_game_that_fails_to_import_is_not_silently_dropped(monkeypatch):
    from pygames.core import registry
    monkeypatch.setattr(registry, "GAME_MODULES", (*GAME_MODULES, "no_such_game"))
    with pytest.raises(ImportError):
        registry.all_games()
