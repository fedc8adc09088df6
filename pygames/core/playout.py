"""The one playout loop: to_move → a chance draw, or a player's choice (a bot, random, ...) → apply.

Benches and tests play whole matches with :func:`playout` and say only what is theirs: how a
seat chooses (:func:`random_choice`, :func:`bot_choice` or any function) and what to check or
measure after each step (``on_step``).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .game import CHANCE, Game, sample_chance
from .match import Match
from .rng import Rng

Chooser = Callable[[Any, int, int], str]
"""``(state, seat, decision) -> action``: ``decision`` counts the player actions played so far."""
StepHook = Callable[[Any, int, str, Any], "bool | None"]
"""``(before, seat, action, after)``, called after every step (chance too); True stops the playout."""


def playout(game: Game[Any], state: Any, choose: Chooser, chance_rng: Rng, *, seat_rng: Rng | None = None,
            on_step: StepHook | None = None, max_steps: int = 100_000,
            snapshot: Callable[[Any], Any] | None = None) -> tuple[Any, list[tuple[int, str]]]:
    """Play from ``state`` until the match ends, ``on_step`` returns True or ``max_steps`` steps.

    Chance nodes draw from ``chance_rng``; when several seats may act, ``seat_rng`` picks one
    (else the first). With ``snapshot`` (state -> comparable copy), every step also asserts that
    ``apply`` left its input unchanged. Returns the last state and the log of ``(seat, action)``
    (``CHANCE`` = -1)."""
    log: list[tuple[int, str]] = []
    decisions = 0
    for _ in range(max_steps):
        movers = game.to_move(state)
        if not movers:
            break
        if movers == (CHANCE,):
            seat, action = CHANCE, sample_chance(game, state, chance_rng)
        else:
            seat = movers[seat_rng.randbelow(len(movers))] if seat_rng is not None and len(movers) > 1 else movers[0]
            action = choose(state, seat, decisions)
            decisions += 1
        frozen = snapshot(state) if snapshot is not None else None
        after = game.apply(state, seat, action)
        if snapshot is not None and snapshot(state) != frozen:
            raise AssertionError(f"{game.name}: apply mutated its input at step {len(log)} ({action})")
        log.append((seat, action))
        stop = on_step(state, seat, action, after) if on_step is not None else None
        state = after
        if stop:
            break
    return state, log


def play_match(match: Match, choose: Chooser, *, seat_rng: Rng | None = None, max_plies: int = 100_000,
               on_step: StepHook | None = None) -> Match:
    """:func:`playout` on a :class:`Match`: each player action goes through ``match.play`` (which
    draws chance from the match's seed and logs it), until the end or ``max_plies`` actions."""
    decisions = 0
    while match.ply < max_plies:
        movers = match.to_move()
        if not movers:
            break
        seat = movers[seat_rng.randbelow(len(movers))] if seat_rng is not None and len(movers) > 1 else movers[0]
        before = match.state
        action = choose(before, seat, decisions)
        decisions += 1
        match.play(seat, action)
        if on_step is not None and on_step(before, seat, action, match.state):
            break
    return match


def random_choice(game: Game[Any], rng: Rng, skip: Sequence[str] = ()) -> Chooser:
    """A chooser that plays a uniformly random legal action (never one of ``skip``, e.g. resign)."""
    def choose(state: Any, seat: int, decision: int) -> str:
        legal = [a for a in game.legal_actions(state, seat) if a not in skip]
        if not legal:
            raise AssertionError(f"{game.name}: seat {seat} must act but has no legal action")
        return rng.choice(legal)
    return choose


def bot_choice(game: Game[Any], levels: Sequence[str], seed: int, label: str = "bot") -> Chooser:
    """A chooser that asks the computer at ``levels[seat]``, each decision with its own derived
    generator (``Rng.derive(seed, label, decision, seat)``), so a playout is reproducible."""
    def choose(state: Any, seat: int, decision: int) -> str:
        return game.bot_action(state, seat, levels[seat], Rng.derive(seed, label, decision, seat))
    return choose
