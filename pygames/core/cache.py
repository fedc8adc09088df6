"""The match cache: replayed matches kept by record, so a growing match applies only its new
actions instead of replaying the whole log (the web door and the scripting calls share it).

A match is named by :func:`key` (a digest of its record without the actions) and, for one call
per click, by the ply the page expects and :func:`tip` (a digest of the actions so far).
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from .errors import GameError, refuse
from .match import Match
from .record import clean_meta

CACHE_SIZE = 8
_cache: "OrderedDict[str, Match]" = OrderedDict()


def key(record: dict[str, Any]) -> str:
    """The cache key of a match: a digest of everything in its record but the actions and meta."""
    head = {k: v for k, v in record.items() if k not in ("actions", "meta")}
    return _digest(json.dumps(head, sort_keys=True, ensure_ascii=False))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def tip(match: Match, ply: int) -> str:
    """A digest of the first ``ply`` actions: the page and the cache agree on the match so far."""
    return _digest("\n".join(match.record["actions"][:ply]))


def match_of(record: Any) -> Match:
    """The replayed match for ``record``, reusing a cached prefix when there is one."""
    if not isinstance(record, dict):
        raise refuse("record.not_a_match")
    actions = record.get("actions")
    name = key(record) if isinstance(actions, list) else ""
    cached = _cache.get(name) if "remote" not in record else None  # a remote match: chance checked on every replay
    if cached is not None and isinstance(actions, list):
        done = cached.record["actions"]
        if len(done) <= len(actions) and actions[:len(done)] == done:
            try:
                cached.extend(actions[len(done):])
            except GameError:
                del _cache[name]
                raise
        else:
            cached = None
    if cached is None:
        cached = Match.from_record(record)
        name = key(cached.record)
    cached.record["meta"] = clean_meta(record.get("meta"))
    _cache[name] = cached
    _cache.move_to_end(name)
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return cached


def clear() -> None:
    """Forget every cached match (benches and tests start cold)."""
    _cache.clear()


def current(name: Any, ply: Any, digest: Any, record: Any) -> Match:
    """The cached match the page means, truncated to the ply it expects; ``match.cache_miss``
    when the cache does not hold it (the page then sends ``record``)."""
    if record is not None:
        return match_of(record)
    cached = _cache.get(name) if isinstance(name, str) else None
    if (cached is None or isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= cached.ply
            or digest != tip(cached, ply)):
        raise refuse("match.cache_miss", match=str(name)[:40])
    if ply < cached.ply:  # the page took actions back (undo): its record is the authority
        cached.truncate(ply)
    _cache.move_to_end(name)
    return cached
