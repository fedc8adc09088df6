"""The match record: the save file, the share link's content and the replay log.

``{format, schema, game, engine_version, options, players, seed, actions, meta}``; every
action is logged as ``"<seat>:<action>"`` with ``c`` for chance. A record from outside
(a save, a file, a link) is checked here for shape, migrated to the current schema, and
then replayed with full legality checks by :class:`pygames.core.match.Match`.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

from .errors import refuse
from .game import CHANCE

FORMAT = "pygames.match"
SCHEMA = 2
MAX_ACTIONS = 20_000
MAX_ACTION_CHARS = 400
MAX_NAME_CHARS = 40
MAX_OPTIONS_CHARS = 64_000
MAX_SEED = 2**53 - 1  # exact in JavaScript
PLAYER_TYPES = ("human", "bot", "remote")
"""``remote``: a person on another device (remote matches; ``core/remote.py``)."""


def format_action(seat: int, action: str) -> str:
    """The log form of one action."""
    return f"{'c' if seat == CHANCE else seat}:{action}"


def parse_action(entry: Any) -> tuple[int, str]:
    """Split a log entry into (seat, action); GameError if malformed."""
    if not isinstance(entry, str) or ":" not in entry or len(entry) > MAX_ACTION_CHARS:
        raise refuse("record.invalid", why="record.entry", entry=str(entry)[:60])
    seat_text, action = entry.split(":", 1)
    if seat_text == "c":
        return CHANCE, action
    if len(seat_text) != 1 or seat_text not in "0123456789":
        raise refuse("record.invalid", why="record.entry_seat", entry=entry[:60])
    return int(seat_text), action


def new_record(game: str, engine_version: str, options: dict[str, Any], players: list[dict[str, Any]],
               seed: int | None) -> dict[str, Any]:
    """A record with no actions yet."""
    return {"format": FORMAT, "schema": SCHEMA, "game": game, "engine_version": engine_version,
            "options": options, "players": players, "seed": seed, "actions": [], "meta": {}}


def check_players(players: Any, levels: tuple[str, ...]) -> list[dict[str, Any]]:
    """Validate the seat list: names are plain text, bots have a known level."""
    if not isinstance(players, list) or not players:
        raise refuse("record.invalid", why="record.no_players")
    result = []
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise refuse("record.invalid", why="record.seat", seat=i)
        name, kind = p.get("name", ""), p.get("type", "human")
        if not isinstance(name, str) or len(name) > MAX_NAME_CHARS:
            raise refuse("record.bad_name", seat=i, most=MAX_NAME_CHARS)
        if kind not in PLAYER_TYPES:
            raise refuse("record.invalid", why="record.seat_type", seat=i)
        entry: dict[str, Any] = {"name": name, "type": kind}
        if kind == "bot":
            level = p.get("level")
            if level not in levels:
                raise refuse("record.bad_level", seat=i, level=str(level)[:20], levels=list(levels))
            entry["level"] = level
        result.append(entry)
    return result


def check_shape(obj: Any) -> dict[str, Any]:
    """Check the record's shape and migrate it to the current schema (a new dict is returned)."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise refuse("record.not_a_match")
    schema = obj.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool):
        raise refuse("record.invalid", why="record.schema")
    if schema > SCHEMA:
        raise refuse("record.newer_schema", schema=schema, supported=SCHEMA)
    record = migrate(copy.deepcopy(obj))
    for key, kind in (("game", str), ("engine_version", str), ("options", dict), ("actions", list), ("meta", dict)):
        if not isinstance(record.get(key), kind):
            raise refuse("record.invalid", why="record.field", field=key)
    seed = record.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
        raise refuse("record.invalid", why="record.seed")
    if len(record["actions"]) > MAX_ACTIONS:
        raise refuse("record.too_long", most=MAX_ACTIONS)
    if len(json.dumps(record["options"])) > MAX_OPTIONS_CHARS:
        raise refuse("record.invalid", why="record.options")
    record["meta"] = clean_meta(record["meta"])
    return record


def clean_meta(meta: Any) -> dict[str, Any]:
    """The shell's bookkeeping (id, created, updated): short scalar values only, the rest dropped."""
    if not isinstance(meta, dict):
        return {}
    return {k: v for k, v in meta.items()
            if isinstance(k, str) and isinstance(v, (str, int, float)) and not isinstance(v, bool)
            and len(k) <= 40 and len(str(v)) <= 200}


# --- schema migrations ------------------------------------------------------------------
def _v1_to_v2(record: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 logged actions as ``[seat, action]`` pairs (seat ``null`` for chance) and kept
    the seat list under ``seats``; schema 2 logs ``"seat:action"`` strings under ``players``."""
    pairs = record.pop("actions", [])
    if not isinstance(pairs, list):
        raise refuse("record.invalid", why="record.log")
    actions = []
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str)
                and (pair[0] is None or isinstance(pair[0], int))):
            raise refuse("record.invalid", why="record.entry", entry=str(pair)[:60])
        actions.append(format_action(CHANCE if pair[0] is None else pair[0], pair[1]))
    record["actions"] = actions
    record["players"] = record.pop("seats", record.get("players"))
    record.setdefault("meta", {})
    record["schema"] = 2
    return record


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}
"""Schema N → N+1. Keep a fixture of every old schema in ``tests/engines/fixtures``."""


def migrate(record: dict[str, Any]) -> dict[str, Any]:
    """Bring a record of any known schema up to :data:`SCHEMA`."""
    while record["schema"] < SCHEMA:
        step = MIGRATIONS.get(record["schema"])
        if step is None:
            raise refuse("record.unknown_schema", schema=record["schema"])
        record = step(record)
    return record
