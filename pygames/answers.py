"""Answers of the web door: what a seat sees, and whose eyes the page uses next.

Assembled here from a :class:`~pygames.core.match.Match` for ``pygames.webapi``: the view answer
(``view_of``), the per-click answer (``answer``) with the whose-eyes policy (``next_viewer``) and
the recent events, and the checks of a seat number. Imports flow core ← games ← answers ← webapi.
"""

from __future__ import annotations

import json
from typing import Any

from .core import cache
from .core import remote as _remote
from .core.errors import refuse
from .core.match import Match


def seat_of(match: Match, seat: Any) -> int:
    """A seat number of ``match``; GameError otherwise."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(match.record["players"]):
        raise refuse("match.bad_seat", given=str(seat)[:10])
    return seat


def viewer_of(match: Match, seat: Any) -> int | None:
    """A seat number, or None for a spectator."""
    return None if seat is None else seat_of(match, seat)


def snapshot(match: Match) -> dict[str, Any]:
    """A deep copy of the record, as JSON would carry it."""
    copied: dict[str, Any] = json.loads(json.dumps(match.record))
    return copied



def view_of(match: Match, ply: int, seat: int | None) -> dict[str, Any]:
    """The answer of ``view``/``replay``: the position after ``ply`` actions through ``seat``'s eyes;
    ``by_link``: a match with a friend by link; ``engine_help``: whether the computer may help now
    (not in a match by link until it is over, :func:`pygames.core.remote.engine_help`)."""
    state = match.states[ply]
    game = match.game
    to_move = game.to_move(state)
    outcome = game.outcome(state)
    return {"game": game.name, "ply": ply, "plies": len(match.states) - 1, "seat": seat,
            "to_move": list(to_move), "view": game.view(state, seat),
            "legal": game.legal_actions(state, seat) if seat is not None and seat in to_move else [],
            "outcome": outcome.to_json() if outcome else None, "progress": game.progress(state),
            "rulings": _rulings(match), **_undo_fields(match, ply, seat),
            "by_link": "remote" in match.record, "engine_help": _remote.engine_help(match)}


def _undo_fields(match: Match, ply: int, seat: int | None) -> dict[str, Any]:
    """``can_undo`` and, when it is false for a seat at the latest position, ``undo_reason``."""
    if seat is None or ply != len(match.states) - 1:
        return {"can_undo": False, "undo_reason": None}
    point, reason = match.undo_status(seat)
    return {"can_undo": point is not None, "undo_reason": reason}


def _rulings(match: Match) -> dict[str, Any]:
    """The rules version a match was recorded under, the engine's, and the older rulings in force."""
    recorded = int(match.record["engine_version"])
    since = {spec.key: spec.since for spec in match.game.option_specs}
    # Only rulings that came after the recorded version: a new match may pick the old value freely.
    older = [r for r in match.game.older_rulings(match.record["options"]) if since.get(r["key"], 1) > recorded]
    return {"engine_version": match.record["engine_version"], "current": match.game.engine_version, "older": older}



def _nextviewer_of(match: Match, looking: int | None) -> int | None:
    """The seat the page shows next: the only person, else the person to act, else who looks now."""
    humans = [i for i, p in enumerate(match.record["players"]) if p["type"] == "human"]
    if len(humans) <= 1:
        return humans[0] if humans else None
    to_move = match.to_move()
    return next((s for s in to_move if s in humans), looking if looking is not None else humans[0])


def answer(match: Match, since: int, looking: Any, both: Any = False, history: Any = False) -> dict[str, Any]:
    """The answer of a per-click call (see ``webapi.look``): the cache names, the actions added
    since ``since``, the general facts, whose eyes come next and their views, the recent events;
    with ``history`` (True), the whole ``log`` too."""
    looking = viewer_of(match, looking)
    shown = _nextviewer_of(match, looking)
    last = len(match.states) - 1
    seats = [looking, shown] if both is True and looking is not None else [shown]
    views = [view_of(match, last, seat) for seat in dict.fromkeys(seats)]
    first = views[0]
    general = {k: first[k] for k in ("game", "ply", "plies", "to_move", "outcome", "progress", "rulings")}
    result = {"match": cache.key(match.record), "ply": match.ply, "tip": cache.tip(match, match.ply),
              "added": match.record["actions"][since:], "general": {**general, "seat": None},
              "next": shown, "views": views, "events": _events(match, shown)}
    if history is True:
        result["log"] = match.log(0)
    return result


MAX_EVENTS = 6


def _events(match: Match, seat: int | None) -> list[dict[str, Any]]:
    """The log entries a page shows as "what just happened" to ``seat``: from its own last action
    on (that one first), at most :data:`MAX_EVENTS`; a spectator gets the last ones."""
    actions = match.record["actions"]
    start = 0
    if seat is not None:
        prefix = f"{seat}:"
        start = next((i for i in range(len(actions) - 1, -1, -1) if actions[i].startswith(prefix)), 0)
    # read a little further back, so that a run the game tells as one entry is not cut short
    entries = match.log(max(start, len(actions) - 4 * MAX_EVENTS))
    return match.game.summarize_events(entries)[-MAX_EVENTS:]
