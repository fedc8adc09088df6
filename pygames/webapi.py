"""The only door from JavaScript: JSON strings in, JSON strings out.

``dispatch(name, args_json)`` calls one of the functions in :data:`CALLS` with keyword
arguments and returns its result as JSON, or ``{"error": {code, message_ja, message_en,
params}}``. Matches are cached by record, so repeated calls on a growing match apply only
the new actions instead of replaying the whole log.

One click is one call: ``play`` (a person's action) and ``play_bot`` (the computer's) name the
cached match by its key, the ply the page expects and the digest of the actions so far (``tip``),
and answer with the new actions and the views the page shows next. After a cache miss
(``match.cache_miss``: a reloaded worker, another match in between) the page sends the same call
again with the full ``record``.

This module is the door only: :data:`CALLS`, :func:`dispatch` and the call functions. The match
cache is :mod:`pygames.core.cache`; the answers (views, whose eyes, events) are assembled in
:mod:`pygames.answers`.

The per-step calls ``new_match``, ``view``, ``legal_actions``, ``apply``, ``bot_action``,
``load``, ``replay`` and ``log`` are a small scripting API for tools outside the page (benches,
other programs): each takes and answers a whole record, over the same cached ``Match``, with
names and answers unchanged. Pages use ``play``/``play_bot``/``look``/``undo``.
"""

from __future__ import annotations

import inspect
import json
from typing import Any, Callable

from .answers import answer, seat_of, snapshot, view_of, viewer_of
from .core import cache, jsonlimit, linkcodec
from .core import remote as _remote
from .core.errors import GameError, refuse
from .core.match import Match
from .core.registry import all_games, get_game



# --- calls ---------------------------------------------------------------------------
def games() -> dict[str, Any]:
    """Every game's metadata (titles, seats, levels, option specs); ``by_link``: it can be played
    with a friend by link (the one list is :data:`pygames.core.remote.GAMES`)."""
    return {"games": [{**game.info(), "by_link": _remote.playable(game)} for game in all_games()]}


def new_match(game: str, options: dict[str, Any] | None = None, seed: int = 0,
              players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A new record (opening chance resolved). ``players`` defaults to the minimum number of people."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
        raise refuse("match.bad_seed")
    if players is None:
        players = [{"name": "", "type": "human"} for _ in range(get_game(game).min_seats)]
    match = Match.new(game, options, players, seed)
    return {"record": snapshot(match)}


def view(record: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees now, with its legal actions and the result."""
    match = cache.match_of(record)
    return view_of(match, len(match.states) - 1, viewer_of(match, seat))


def legal_actions(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """The legal action strings of ``seat`` now."""
    match = cache.match_of(record)
    seat = seat_of(match, seat)
    return {"actions": match.game.legal_actions(match.state, seat) if seat in match.to_move() else []}


def apply(record: dict[str, Any], seat: int, action: str) -> dict[str, Any]:
    """The record after ``seat`` plays ``action`` (and any chance that follows)."""
    match = cache.match_of(record)
    seat = seat_of(match, seat)
    if not isinstance(action, str):
        raise refuse("match.bad_action")
    match.play(seat, action)
    return {"record": snapshot(match)}


def check(record: dict[str, Any], seat: int, action: str) -> dict[str, Any]:
    """Whether ``seat`` may play ``action`` now, and if not, the rule that forbids it; when it may,
    ``details`` is what the game says about it beforehand (e.g. kabu's worst case of an order,
    see :meth:`Game.check_details`). Nothing is applied: views use this before an action is sent."""
    match = cache.match_of(record)
    seat = seat_of(match, seat)
    match.game.apply(match.state, seat, action)  # game over, turn, then the game's rules
    return {"ok": True, "details": match.game.check_details(match.state, seat, action)}


def bot_action(record: dict[str, Any], seat: int, level: str | None = None) -> dict[str, Any]:
    """The computer's choice for ``seat`` (not applied; refused in a match by link that is not over)."""
    match = cache.match_of(record)
    _remote.check_help(match)
    return {"action": match.bot_action(seat_of(match, seat), level)}


def undo(record: dict[str, Any] | None = None, seat: Any = None, match: str | None = None, ply: int | None = None,
         tip: str | None = None, look: int | None = None) -> dict[str, Any]:
    """The record with ``seat``'s last action (and all after it) taken back, with what the page
    shows next as :func:`look` answers it (one call per click: the cached match may be named by
    ``match``, ``ply`` and ``tip`` instead of ``record``)."""
    current = cache.current(match, ply, tip, record)
    point = current.undo_point(seat_of(current, seat))
    if point is None:
        raise refuse("match.cannot_undo")
    current.truncate(point)
    return {"record": snapshot(current), **answer(current, point, look)}


def replay(record: dict[str, Any], ply: int, seat: int | None = None) -> dict[str, Any]:
    """The view after the first ``ply`` actions (for the replay viewer)."""
    match = cache.match_of(record)
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply < len(match.states):
        raise refuse("match.bad_ply", ply=str(ply)[:10])
    return view_of(match, ply, viewer_of(match, seat))


def log(record: dict[str, Any], since: int = 0) -> dict[str, Any]:
    """Every action (from index ``since`` on: the recent events of a turn) with its seat and
    Japanese/English text."""
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise refuse("match.bad_ply", ply=str(since)[:10])
    return {"log": cache.match_of(record).log(since)}


def summary(record: dict[str, Any]) -> dict[str, Any]:
    """What the saved-matches list shows."""
    match = cache.match_of(record)
    outcome = match.game.outcome(match.state)
    ja, en = match.game.match_title(match.state)
    return {"game": match.game.name, "title": {"ja": ja, "en": en},
            "players": match.record["players"], "progress": match.game.progress(match.state),
            "plies": match.ply, "finished": outcome is not None,
            "outcome": outcome.to_json() if outcome else None}


def load(record: Any) -> dict[str, Any]:
    """Validate an imported record (object or JSON text): shape, schema migration, full replay."""
    if isinstance(record, str):
        record = jsonlimit.loads(record, "record", linkcodec.MAX_JSON_BYTES)
    match = cache.match_of(record)
    return {"record": snapshot(match), "summary": summary(match.record)}


def encode_link(record: dict[str, Any]) -> dict[str, Any]:
    """A share-link fragment. An unfinished match leaves out the seed, so the link tells no
    future draw (the receiver continues with a fresh seed); ``reveals_secrets`` says that the
    log still shows what each seat was dealt or chose in secret."""
    match = cache.match_of(record)
    shared = snapshot(match)
    shared["meta"] = {}
    finished = match.is_over()
    if not finished:
        shared["seed"] = None
    return {"link": linkcodec.encode(shared), "finished": finished,
            "reveals_secrets": match.game.hidden_information and not finished}


def decode_link(text: str) -> dict[str, Any]:
    """The record in a share-link fragment, fully validated."""
    return load(linkcodec.decode(text))


# --- one call per click ------------------------------------------------------------------
def play(seat: int, action: str, match: str | None = None, ply: int | None = None, tip: str | None = None,
         record: dict[str, Any] | None = None, look: int | None = None, both: bool = False,
         replies: bool = False, history: bool = False) -> dict[str, Any]:
    """``seat`` plays ``action`` (and any chance after it) on the cached match ``match`` at ``ply``
    actions with digest ``tip`` (or on ``record`` after a ``match.cache_miss``). The answer holds
    the new actions and what the page shows next (see :func:`look`). With ``replies``, the
    computer seats then play until a person is to move or the match ends (a puzzle's defence,
    in the same call); with ``history``, the answer holds the whole ``log``."""
    current = cache.current(match, ply, tip, record)
    seat = seat_of(current, seat)
    before = current.ply
    current.play(seat, action)
    if replies is True:
        _replies(current)
    return answer(current, before, look, both, history)


MAX_REPLIES = 200
"""Most computer moves one ``play(replies=True)`` makes (a bound on the loop; no game nears it)."""


def _replies(current: Match) -> None:
    """The computer seats to move play, one after the other, until a person is to move or the end."""
    players = current.record["players"]
    for _ in range(MAX_REPLIES):
        if current.game.outcome(current.state):
            return
        bots = [s for s in current.to_move() if s >= 0 and players[s]["type"] == "bot"]
        if not bots:
            return
        current.play(bots[0], current.bot_action(bots[0]))


def play_bot(seat: int, match: str | None = None, ply: int | None = None, tip: str | None = None,
             record: dict[str, Any] | None = None, look: int | None = None,
             level: str | None = None, both: bool = False) -> dict[str, Any]:
    """The computer chooses and plays for ``seat``: :func:`play` without the action (it is in the
    answer as ``action``)."""
    current = cache.current(match, ply, tip, record)
    seat = seat_of(current, seat)
    _remote.check_help(current)
    action = current.bot_action(seat, level)
    before = current.ply
    current.play(seat, action)
    return {**answer(current, before, look, both), "action": action}


def look(record: dict[str, Any] | None = None, look: int | None = None, match: str | None = None,
         ply: int | None = None, tip: str | None = None, both: bool = False, history: bool = False) -> dict[str, Any]:
    """What the page shows now, in one call: ``general`` (to_move, outcome, progress: the same for
    every seat), ``next`` (the seat whose eyes the page should use: the person on this device who
    acts next, else ``look``, the seat looking now) and ``views`` (the view of ``next``; with
    ``both``, first the view of ``look`` when that is another seat), with the cache key ``match``,
    ``ply`` and ``tip`` for the next :func:`play`, and ``added``, the actions since the page's ply;
    with ``history``, the whole ``log`` (as the ``log`` call gives it)."""
    current = cache.current(match, ply, tip, record)
    return answer(current, current.ply, look, both, history)


def remote(op: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """A match played with a friend by link (``core/remote.py``): ``op`` is one of
    :data:`pygames.core.remote.CALLS` (new, act, ask, reply, encode, receive, join, status, peek)."""
    return _remote.call(op, args)


def game_call(game: str, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game's own extra call (e.g. shogi's KIF export, shiji's puzzle list).

    A game lists them in :meth:`Game.extra_calls`. When ``args`` holds a ``record``, the
    function receives the replayed :class:`Match` as ``match`` instead."""
    func = get_game(game).extra_calls().get(name) if isinstance(name, str) else None
    if func is None:
        raise refuse("api.unknown_call", call=str(name)[:40])
    args = dict(args or {})
    if "record" in args:
        args["match"] = cache.match_of(args.pop("record"))
    try:
        inspect.signature(func).bind(**args)
    except TypeError as err:
        raise refuse("api.bad_args", why="args.names", call=name, detail=str(err)[:200]) from None
    result: dict[str, Any] = func(**args)
    return result


CALLS: dict[str, Callable[..., dict[str, Any]]] = {
    f.__name__: f for f in (games, new_match, view, legal_actions, apply, check, bot_action, undo, replay, log,
                            summary, load, encode_link, decode_link, play, play_bot, look, remote, game_call)}


MAX_ARGS_CHARS = 4 * linkcodec.MAX_JSON_BYTES
"""Longest argument text a page may send (a record as text inside a call's JSON, with room)."""


def dispatch(name: str, args_json: str = "{}") -> str:
    """Call ``name`` with the keyword arguments in ``args_json``; always returns JSON text."""
    try:
        func = CALLS.get(name)
        if func is None:
            raise refuse("api.unknown_call", call=str(name)[:40])
        if not isinstance(args_json, str):
            raise refuse("api.bad_json")
        args = jsonlimit.loads(args_json, "api", MAX_ARGS_CHARS)
        if not isinstance(args, dict):
            raise refuse("api.bad_args", why="args.not_object", call=name)
        try:
            inspect.signature(func).bind(**args)
        except TypeError as err:
            raise refuse("api.bad_args", why="args.names", call=name, detail=str(err)[:200]) from None
        result = func(**args)
        return json.dumps(result, ensure_ascii=False)
    except GameError as err:
        return json.dumps({"error": err.to_json()}, ensure_ascii=False)
    except RecursionError:
        return json.dumps({"error": refuse("api.too_deep").to_json()}, ensure_ascii=False)
    except Exception as err:  # a bug: never leak a traceback to the page (built by hand: no catalogue may fail here)
        return json.dumps({"error": GameError("internal", "内部エラーが起きました。対局は保存されたままです",
                                              "Internal error; the saved match is unchanged",
                                              kind=type(err).__name__, detail=str(err)[:200]).to_json()},
                          ensure_ascii=False)
