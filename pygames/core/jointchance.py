"""The joint-chance rule of remote matches: chance outcomes drawn from every seat's revealed
chain values, and their verification on replay (``shared/design/remote.md``).

A *chance run* is a maximal sequence of chance actions with no person's action between them
(集大成将棋's opening draws are one run; each later draw is a run of one). Run ``j`` (1-based)
uses every seat's ``j``-th chain value: its ``i``-th outcome is
``chain.draw_index(match id, j, i, values…)`` over the game's outcome list at that node.
One value per seat per run keeps a run revealed together, as the design asks, in one link.

The record carries the public part under ``remote``::

    {"v": 1, "id": hex32, "heads": [hex32 | null per seat], "reveals": [[hex32 | null per seat], …],
     "asks": [[{"k": "undo" | "draw", "at": ply}, …] per seat], "replies": [[{"to": [seat, i], "ok": bool}, …] per seat],
     "undos": [ply cut to, …], "ended": null | "draw"}
"""

from __future__ import annotations

from typing import Any, Sequence

from . import chain
from .errors import refuse
from .game import CHANCE, Game
from .record import parse_action

VERSION = 1
HEX = frozenset("0123456789abcdef")
MAX_LIST = 4096


def is_hex(value: Any, size: int = chain.VALUE_BYTES) -> bool:
    """True for lowercase hex text of ``size`` bytes."""
    return isinstance(value, str) and len(value) == 2 * size and set(value) <= HEX


def check_remote(remote: Any, seats: int) -> dict[str, Any]:
    """The remote part's shape, checked (values are checked against the chains in :func:`verify`)."""
    if not isinstance(remote, dict) or remote.get("v") != VERSION:
        raise refuse("remote.invalid", why="remote.format")
    if not is_hex(remote.get("id")):
        raise refuse("remote.invalid", why="remote.id")
    heads = remote.get("heads")
    if not isinstance(heads, list) or len(heads) != seats or any(x is not None and not is_hex(x) for x in heads):
        raise refuse("remote.invalid", why="remote.heads")
    reveals = remote.get("reveals")
    if (not isinstance(reveals, list) or len(reveals) > MAX_LIST
            or any(not isinstance(row, list) or len(row) != seats or any(x is not None and not is_hex(x) for x in row)
                   for row in reveals)):
        raise refuse("remote.invalid", why="remote.reveals")
    for key in ("asks", "replies"):
        lists = remote.get(key)
        if not isinstance(lists, list) or len(lists) != seats or any(not isinstance(x, list) or len(x) > MAX_LIST
                                                                     for x in lists):
            raise refuse("remote.invalid", why="remote.asks", field=key)
    for seat_asks in remote["asks"]:
        for a in seat_asks:
            if not (isinstance(a, dict) and a.get("k") in ("undo", "draw") and _nat(a.get("at"))):
                raise refuse("remote.invalid", why="remote.ask")
    for seat, seat_replies in enumerate(remote["replies"]):
        for r in seat_replies:
            to = r.get("to") if isinstance(r, dict) else None
            if not (isinstance(to, list) and len(to) == 2 and _nat(to[0]) and _nat(to[1]) and to[0] < seats
                    and to[0] != seat and to[1] < len(remote["asks"][to[0]]) and isinstance(r.get("ok"), bool)):
                raise refuse("remote.invalid", why="remote.reply")
    undos = remote.get("undos")
    if not isinstance(undos, list) or len(undos) > MAX_LIST or not all(_nat(u) for u in undos):
        raise refuse("remote.invalid", why="remote.undos")
    if remote.get("ended") not in (None, "draw"):
        raise refuse("remote.invalid", why="remote.ended")
    accepted = [(r["to"], remote["asks"][r["to"][0]][r["to"][1]]["k"]) for replies in remote["replies"]
                for r in replies if r["ok"]]
    if sum(1 for _, k in accepted if k == "undo") != len(undos):
        raise refuse("remote.invalid", why="remote.undo_count")
    if (remote["ended"] == "draw") != any(k == "draw" for _, k in accepted):
        raise refuse("remote.invalid", why="remote.draw")
    keys = {"v", "id", "heads", "reveals", "asks", "replies", "undos", "ended"}
    return {k: remote[k] for k in keys}


def _nat(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 1_000_000


def runs_of(actions: Sequence[str]) -> list[tuple[int, int]]:
    """For each action: ``(run, index)`` of a chance action (1-based run, 0-based index), else ``(0, 0)``."""
    result = []
    run, index, previous_chance = 0, 0, False
    for entry in actions:
        seat, _ = parse_action(entry)
        if seat == CHANCE:
            if previous_chance:
                index += 1
            else:
                run, index = run + 1, 0
            result.append((run, index))
            previous_chance = True
        else:
            result.append((0, 0))
            previous_chance = False
    return result


def started_runs(actions: Sequence[str]) -> int:
    """The number of chance runs with at least one outcome in the log."""
    return max((r for r, _ in runs_of(actions)), default=0)


def pending_run(game: Game[Any], state: Any, actions: Sequence[str]) -> int:
    """The run the match waits on at a chance node (the last run continues if the log ends in
    chance), else 0."""
    if game.to_move(state) != (CHANCE,):
        return 0
    runs = runs_of(actions)
    if runs and runs[-1][0]:
        return runs[-1][0]
    return started_runs(actions) + 1


def outcome(game: Game[Any], state: Any, remote: dict[str, Any], run: int, index: int) -> str:
    """The outcome at chance node ``state``: the ``index``-th of run ``run``, from every seat's value."""
    outcomes = [(a, p) for a, p in game.chance_outcomes(state) if p > 0]
    row = remote["reveals"][run - 1]
    values = [bytes.fromhex(v) for v in row]
    picked = chain.draw_index(bytes.fromhex(remote["id"]), run, index, values,
                              chain.integer_weights([p for _, p in outcomes]))
    return outcomes[picked][0]


def check_chains(remote: dict[str, Any]) -> None:
    """Every revealed value follows the seat's previous one (its commitment for run 1)."""
    previous = list(remote["heads"])
    for j, row in enumerate(remote["reveals"], start=1):
        for seat, value in enumerate(row):
            if value is None:
                continue
            before = previous[seat]
            if before is None or not chain.follows(bytes.fromhex(value), bytes.fromhex(before)):
                raise refuse("remote.bad_reveal", why="reveal.chain", run=j, seat=seat)
        # a missing value must be the last row's (a run waits for it)
        if any(v is None for v in row) and j < len(remote["reveals"]):
            raise refuse("remote.bad_reveal", why="reveal.missing", run=j)
        previous = list(row)


def verify(game: Game[Any], states: Sequence[Any], actions: Sequence[str], remote: dict[str, Any]) -> None:
    """Replay check of a remote match: chains, then every chance outcome against the values.
    Refused with the event it fails at (``remote.bad_reveal``, ``remote.bad_chance``,
    ``remote.early_reveal``)."""
    check_chains(remote)
    rows = len(remote["reveals"])
    for ply, (run, index) in enumerate(runs_of(actions)):
        if not run:
            continue
        row = remote["reveals"][run - 1] if run <= rows else None
        if row is None or any(v is None for v in row):
            raise refuse("remote.bad_chance", why="chance.missing", ply=ply + 1, run=run)
        _, action = parse_action(actions[ply])
        expected = outcome(game, states[ply], remote, run, index)
        if action != expected:
            raise refuse("remote.bad_chance", why="chance.mismatch", ply=ply + 1, run=run)
    allowed = started_runs(actions)
    waiting = pending_run(game, states[-1], actions)
    if rows > max(allowed, waiting):
        raise refuse("remote.early_reveal", run=rows)
