"""Remote matches: two people on two devices, with links as the only transport.

A remote match is an ordinary record (seed ``None``; the other seats' type ``remote`` on each
device) plus its public part ``remote`` (see :mod:`.jointchance`). The device's own seat and
what it knows the peer has seen live in ``meta`` (``remote_seat``, ``peer_ply``, ``peer_rows``,
``peer_heads``, ``peer_undos``, and ``peer_digest``: the digest of the friend's last link); its chain secret is kept by the page and passed in.

A link carries what the receiver lacks: the header until the peer has answered once, the
actions from the last ply the peer is known to hold, the reveal rows from its last known row,
the small request lists in full, and the digest of the sender's whole public record. The
receiver rebuilds the sender's record from its own, checks the digest, replays it with full
legality and chance checks, and merges: a link with nothing new changes nothing; two
incompatible branches are refused and the incoming one is returned to be kept.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import inspect
import json
import zlib
from typing import Any, Callable

from . import chain
from .errors import GameError, refuse
from .game import CHANCE, Game
from .jointchance import VERSION, is_hex, outcome, pending_run, runs_of
from .match import Match
from .record import check_players, new_record
from .registry import get_game

PREFIX = "r1."
MAX_LINK_CHARS = 60_000
MAX_JSON_BYTES = 1_000_000
PEER_KEYS = ("peer_ply", "peer_rows", "peer_heads", "peer_undos", "peer_values", "peer_asks", "peer_replies")
GAMES = frozenset({"shogi"})
"""The games played by link (phase 1). Never one with hidden information: every action and chance
outcome travels in the links and is held by every device, so a friend's hand or sealed order would
be in the other's record (phase 2 needs commit–reveal for those, ``shared/design/remote.md``)."""


def playable(game: Game[Any]) -> bool:
    """Whether ``game`` can be played with a friend by link (the page learns it from ``games``)."""
    return game.name in GAMES and not game.hidden_information


def _remote_game(game: Game[Any]) -> Game[Any]:
    """``game`` when it can be played by link, else refused (``remote.unsupported``)."""
    if not playable(game):
        raise refuse("remote.unsupported", game=game.name, game_ja=game.title_ja, game_en=game.title_en,
                     why="unsupported.hidden" if game.hidden_information else "unsupported.not_yet")
    return game


# --- records ----------------------------------------------------------------------------
def new(game_name: str, options: dict[str, Any] | None, names: list[str], seat: int, match_id: str,
        secret: str) -> dict[str, Any]:
    """A new remote match created on this device for ``seat`` (the other seats join by link)."""
    game = _remote_game(get_game(game_name))
    seats = len(names) if isinstance(names, list) else 0
    if not is_hex(match_id) or not is_hex(secret, 32):
        raise refuse("remote.bad_secret")
    players = check_players([{"name": n, "type": "remote"} for n in names] if seats else None, game.bot_levels)
    _check_seat(seat, seats)
    players[seat]["type"] = "human"
    options = game.normalize_options(options, seats)
    record = new_record(game.name, game.engine_version, options, players, None)
    heads: list[str | None] = [None] * seats
    heads[seat] = chain.head(bytes.fromhex(secret)).hex()
    record["remote"] = {"v": VERSION, "id": match_id, "heads": heads, "reveals": [],
                        "asks": [[] for _ in range(seats)], "replies": [[] for _ in range(seats)],
                        "undos": [], "ended": None}
    record["meta"] = {"remote_seat": seat, "peer_ply": -1, **{key: 0 for key in PEER_KEYS[1:]}}
    match = Match.from_record(record)
    settle(match, seat, secret)
    return match.record


def _check_seat(seat: Any, seats: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise refuse("match.bad_seat", given=str(seat)[:10])
    return seat


def load(record: Any) -> tuple[Match, int]:
    """The replayed, verified remote match and this device's seat."""
    match = Match.from_record(record)
    if "remote" not in match.record:
        raise refuse("remote.not_remote")
    _remote_game(match.game)
    meta = match.record["meta"]
    seat = _check_seat(meta.get("remote_seat"), len(match.record["players"]))
    for key in PEER_KEYS:
        if not isinstance(meta.get(key), int):
            meta[key] = -1 if key == "peer_ply" else 0
    return match, seat


def _check_secret(match: Match, seat: int, secret: Any) -> bytes:
    head = match.record["remote"]["heads"][seat]
    if not is_hex(secret, 32) or head is None or chain.head(bytes.fromhex(secret)).hex() != head:
        raise refuse("remote.wrong_secret")
    return bytes.fromhex(secret)


def ended(match: Match) -> bool:
    """True when the game is over or the seats agreed a draw."""
    return match.is_over() or match.record["remote"]["ended"] is not None


def engine_help(match: Match) -> dict[str, Any]:
    """Whether the computer may help now (analysis, review, puzzles, its choice of a move): not in a
    match with a friend by link until it is over, for one player would consult it unseen by the other.
    ``{"allowed": bool, "why": {"code", "ja", "en"} | None}``; matches on one device always allow it."""
    if "remote" not in match.record or ended(match):
        return {"allowed": True, "why": None}
    err = refuse("remote.no_help")
    return {"allowed": False, "why": {"code": err.code, "ja": err.message_ja, "en": err.message_en}}


def check_help(match: Match) -> None:
    """Refuse (``remote.no_help``) a call of the computer's help in a match by link that is not over."""
    if not engine_help(match)["allowed"]:
        raise refuse("remote.no_help")


def settle(match: Match, seat: int, secret: str) -> list[dict[str, str]]:
    """Reveal this seat's value for the chance run the match waits on (only then: no decision
    remains before it) and, once every seat's value is in, play the run's outcomes."""
    remote = match.record["remote"]
    events: list[dict[str, str]] = []
    while not ended(match):
        run = pending_run(match.game, match.state, match.record["actions"])
        if not run or any(h is None for h in remote["heads"]):
            break
        while len(remote["reveals"]) < run:
            remote["reveals"].append([None] * len(remote["heads"]))
        row = remote["reveals"][run - 1]
        if row[seat] is None:
            row[seat] = chain.reveal(_check_secret(match, seat, secret), run).hex()
            events.append({"ja": "抽選用の値を公開しました", "en": "Revealed this device's value for the draw"})
        if any(v is None for v in row):
            break
        runs = runs_of(match.record["actions"])
        index = runs[-1][1] + 1 if runs and runs[-1][0] == run else 0
        action = outcome(match.game, match.state, remote, run, index)
        match._push(CHANCE, action)
    return events


def _pending_asks(remote: dict[str, Any], of_seat: int) -> list[int]:
    answered = {tuple(r["to"]) for replies in remote["replies"] for r in replies}
    return [i for i in range(len(remote["asks"][of_seat])) if (of_seat, i) not in answered]


def act(record: Any, seat: Any, secret: str, action: Any) -> dict[str, Any]:
    """This device's person plays ``action``; pending requests of the others are declined by it."""
    match, me = load(record)
    if seat != me:
        raise refuse("remote.not_your_seat")
    if match.record["remote"]["ended"]:
        raise refuse("match.game_over")
    if not isinstance(action, str):
        raise refuse("match.bad_action")
    match._push(me, action)
    remote = match.record["remote"]
    for other in range(len(remote["heads"])):
        if other != me:
            for i in _pending_asks(remote, other):
                remote["replies"][me].append({"to": [other, i], "ok": False})
    settle(match, me, secret)
    return match.record


def ask(record: Any, kind: Any) -> dict[str, Any]:
    """A request in the next link: ``undo`` (take back my last move) or ``draw`` (a draw offer)."""
    match, me = load(record)
    remote = match.record["remote"]
    if ended(match):
        raise refuse("match.game_over")
    if kind not in ("undo", "draw"):
        raise refuse("remote.bad_ask")
    if _pending_asks(remote, me):
        raise refuse("remote.ask_pending")
    if kind == "undo":
        point, refusal = match.undo_refusal(me)
        if refusal is not None:
            raise refusal
    remote["asks"][me].append({"k": kind, "at": match.ply})
    return match.record


def reply(record: Any, ok: Any) -> dict[str, Any]:
    """Answer the other seat's pending request (accepting a take-back cuts the record back)."""
    match, me = load(record)
    remote = match.record["remote"]
    if not isinstance(ok, bool):
        raise refuse("remote.bad_reply")
    pending = [(s, i) for s in range(len(remote["heads"])) if s != me for i in _pending_asks(remote, s)]
    if not pending:
        raise refuse("remote.no_ask")
    seat, index = pending[0]
    kind = remote["asks"][seat][index]["k"]
    if ok and kind == "undo":
        point, _ = match.undo_status(seat)
        if point is None:
            raise refuse("match.cannot_undo")
        match.truncate(point)
        remote["undos"].append(point)
    if ok and kind == "draw":
        remote["ended"] = "draw"
    remote["replies"][me].append({"to": [seat, index], "ok": ok})
    return match.record


# --- the public record and its digest --------------------------------------------------
def _played_options(record: dict[str, Any]) -> dict[str, Any]:
    """The options of the rulings the record was played under: an option newer than the record's
    engine version always holds its legacy value there, so it is left out, and a record digests
    alike before and after the site gains new options."""
    try:
        version = int(record["engine_version"])
    except (TypeError, ValueError):
        return dict(record["options"])
    newer = {spec.key for spec in get_game(record["game"]).option_specs if spec.since > version}
    return {k: v for k, v in record["options"].items() if k not in newer}


def public(record: dict[str, Any]) -> dict[str, Any]:
    """What both devices hold alike (no seat types, no meta)."""
    return {"game": record["game"], "engine_version": record["engine_version"], "options": _played_options(record),
            "names": [p["name"] for p in record["players"]], "remote": record["remote"], "actions": record["actions"]}


def digest(record: dict[str, Any]) -> str:
    """128-bit digest of the public record."""
    text = json.dumps(public(record), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


# --- links ------------------------------------------------------------------------------
def _pack(obj: dict[str, Any]) -> str:
    raw = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def _unpack(text: Any) -> dict[str, Any]:
    if not isinstance(text, str):
        raise refuse("remote.bad_link")
    text = text.strip()
    if "#r=" in text:
        text = text.split("#r=", 1)[1]
    if len(text) > MAX_LINK_CHARS or not text.startswith(PREFIX):
        raise refuse("remote.bad_link")
    body = text[len(PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("size")
        obj = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise refuse("remote.bad_link") from None
    if not isinstance(obj, dict) or obj.get("v") != VERSION or not is_hex(obj.get("id")) or not is_hex(obj.get("d")):
        raise refuse("remote.bad_link")
    for key in ("s", "b", "rb", "n"):
        if isinstance(obj.get(key), bool) or not isinstance(obj.get(key), int) or obj[key] < 0:
            raise refuse("remote.bad_link")
    if not isinstance(obj.get("a"), list) or not isinstance(obj.get("r"), list) or not isinstance(obj.get("x"), dict):
        raise refuse("remote.bad_link")
    return obj


def encode(record: Any) -> dict[str, Any]:
    """The link this device sends now, and a short account of what it holds."""
    match, me = load(record)
    rec = match.record
    meta, remote = rec["meta"], rec["remote"]
    actions = rec["actions"]
    base = len(actions) if meta["peer_ply"] < 0 else min(meta["peer_ply"], len(actions))
    if meta["peer_ply"] < 0:
        base = 0
    undos = remote["undos"]
    if len(undos) > meta["peer_undos"]:
        base = min([base] + undos[meta["peer_undos"]:])
    rows = remote["reveals"]
    row_base = 0 if meta["peer_ply"] < 0 else max(0, min(meta["peer_rows"], len(rows)) - 1)
    obj: dict[str, Any] = {"v": VERSION, "id": remote["id"], "s": me, "b": base, "a": actions[base:],
                           "rb": row_base, "r": rows[row_base:], "n": len(actions),
                           "m": [p["name"] for p in rec["players"]],
                           "x": {k: remote[k] for k in ("asks", "replies", "undos", "ended")}, "d": digest(rec)}
    known_heads = sum(1 for x in remote["heads"] if x is not None)
    if meta["peer_ply"] < 0 or meta["peer_heads"] < known_heads:
        obj["k"] = remote["heads"]
    if meta["peer_ply"] < 0:
        obj["h"] = {"game": rec["game"], "engine_version": rec["engine_version"], "options": rec["options"]}
    link = _pack(obj)
    moves = [a for a in obj["a"] if not a.startswith("c:")]
    whole = "h" in obj
    held = {"values": 0, "asks": 0, "replies": 0} if whole else {
        key: meta[f"peer_{key}"] for key in ("values", "asks", "replies")}
    mine = _held(rec, me)
    return {"link": link, "chars": len(link), "whole": whole, "moves": len(moves),
            "reveals": max(0, mine["values"] - held["values"]),
            "asks": [a["k"] for a in remote["asks"][me][held["asks"]:]],
            "answers": [{"kind": remote["asks"][r["to"][0]][r["to"][1]]["k"], "ok": r["ok"]}
                        for r in remote["replies"][me][held["replies"]:]],
            "digest": obj["d"]}


def _held(record: dict[str, Any], seat: int) -> dict[str, int]:
    """What ``record`` holds of the draws' values (all seats') and of ``seat``'s requests and answers."""
    remote = record["remote"]
    return {"values": sum(1 for row in remote["reveals"] for v in row if v is not None),
            "asks": len(remote["asks"][seat]), "replies": len(remote["replies"][seat])}


def _sender_record(local: dict[str, Any] | None, k: dict[str, Any]) -> dict[str, Any]:
    """The sender's public record, rebuilt from ``local`` (None: the link must hold it all)."""
    x = k["x"]
    if local is None:
        h = k.get("h")
        if not isinstance(h, dict) or k["b"] or k["rb"] or not isinstance(k.get("k"), list):
            raise refuse("remote.gap", why="gap.first")
        names = k.get("m")
        if not isinstance(names, list):
            raise refuse("remote.bad_link")
        game = get_game(h.get("game")) if isinstance(h.get("game"), str) else None
        if game is None:
            raise refuse("remote.bad_link")
        _remote_game(game)
        players = [{"name": n, "type": "remote"} for n in names]
        record = new_record(game.name, h.get("engine_version"), h.get("options"), players, None)  # type: ignore[arg-type]
        base_actions: list[str] = []
        rows: list[Any] = []
        heads = k["k"]
        local_undos: list[int] = []
    else:
        if k.get("h") is not None:
            h = k["h"]
            mine = public(local)
            if [h.get("game"), h.get("engine_version"), h.get("options")] != [
                    mine["game"], mine["engine_version"], mine["options"]]:
                raise refuse("remote.mismatch")
        record = {key: value for key, value in local.items() if key not in ("remote", "actions")}
        names = k.get("m")
        if not isinstance(names, list) or len(names) != len(local["players"]):
            raise refuse("remote.bad_link")
        record["players"] = [{**p, "name": n} for p, n in zip(local["players"], names)]
        lr = local["remote"]
        heads = list(lr["heads"])
        if isinstance(k.get("k"), list):
            if len(k["k"]) != len(heads):
                raise refuse("remote.bad_link")
            for i, value in enumerate(k["k"]):
                if value is not None and heads[i] is not None and heads[i] != value:
                    raise refuse("remote.head_changed", seat=i)
            heads = list(k["k"])  # the sender's own: an invitation opened again still lacks the joiner's
        local_undos = lr["undos"]
        base_actions = list(local["actions"])
        rows = [list(row) for row in lr["reveals"]]
    undos = x.get("undos")
    if not isinstance(undos, list) or undos[:len(local_undos)] != local_undos:
        if isinstance(undos, list) and local_undos[:len(undos)] == undos:
            raise refuse("remote.stale_undo", stale=True)
        raise refuse("remote.fork", why="fork.undos")
    for cut in undos[len(local_undos):]:
        if not isinstance(cut, int) or cut > len(base_actions):
            raise refuse("remote.bad_link")
        base_actions = base_actions[:cut]
    if k["b"] > len(base_actions) or k["rb"] > len(rows):
        raise refuse("remote.gap", why="gap.earlier", have=len(base_actions), starts=k["b"])
    record["actions"] = base_actions[:k["b"]] + list(k["a"])
    record["remote"] = {"v": VERSION, "id": k["id"], "heads": heads, "reveals": rows[:k["rb"]] + list(k["r"]),
                        "asks": x.get("asks"), "replies": x.get("replies"), "undos": undos, "ended": x.get("ended")}
    record["meta"] = {}
    return record


def _covers(big: dict[str, Any], small: dict[str, Any]) -> bool:
    """True when every public fact of ``small`` is in ``big``."""
    a, b = big["remote"], small["remote"]
    if a["undos"][:len(b["undos"])] != b["undos"]:
        return False
    cut = _cut(small["actions"], a["undos"][len(b["undos"]):])
    if cut is None or big["actions"][:len(cut)] != cut:
        return False
    if any(hb is not None and ha != hb for ha, hb in zip(a["heads"], b["heads"])):
        return False
    if len(b["reveals"]) > len(a["reveals"]):
        return False
    for ra, rb in zip(a["reveals"], b["reveals"]):
        if any(vb is not None and va != vb for va, vb in zip(ra, rb)):
            return False
    for key in ("asks", "replies"):
        if any(la[:len(lb)] != lb for la, lb in zip(a[key], b[key])):
            return False
    return not (b["ended"] and not a["ended"])


def _cut(actions: list[str], cuts: list[int]) -> list[str] | None:
    """``actions`` after the take-backs ``cuts`` (None when one does not fit)."""
    for cut in cuts:
        if cut > len(actions):
            return None
        actions = actions[:cut]
    return list(actions)


def _union(one: dict[str, Any], two: dict[str, Any]) -> dict[str, Any] | None:
    """Both records' facts together, or None when they contradict each other (a fork)."""
    a, b = one["remote"], two["remote"]
    if len(a["undos"]) < len(b["undos"]):
        one, two, a, b = two, one, b, a
    if a["undos"][:len(b["undos"])] != b["undos"]:
        return None
    cut = _cut(two["actions"], a["undos"][len(b["undos"]):])
    if cut is None:
        return None
    long_actions, short_actions = (one["actions"], cut) if len(one["actions"]) >= len(cut) else (cut, one["actions"])
    if long_actions[:len(short_actions)] != short_actions:
        return None
    heads = [x if x is not None else y for x, y in zip(a["heads"], b["heads"])]
    if any(x is not None and y is not None and x != y for x, y in zip(a["heads"], b["heads"])):
        return None
    rows = []
    for i in range(max(len(a["reveals"]), len(b["reveals"]))):
        ra = a["reveals"][i] if i < len(a["reveals"]) else [None] * len(heads)
        rb = b["reveals"][i] if i < len(b["reveals"]) else [None] * len(heads)
        if any(x is not None and y is not None and x != y for x, y in zip(ra, rb)):
            return None
        rows.append([x if x is not None else y for x, y in zip(ra, rb)])
    lists = {}
    for key in ("asks", "replies"):
        merged = []
        for la, lb in zip(a[key], b[key]):
            lo, sh = (la, lb) if len(la) >= len(lb) else (lb, la)
            if lo[:len(sh)] != sh:
                return None
            merged.append(lo)
        lists[key] = merged
    record = dict(one)
    record["actions"] = list(long_actions)
    record["remote"] = {"v": VERSION, "id": a["id"], "heads": heads, "reveals": rows, **lists, "undos": a["undos"],
                        "ended": a["ended"] or b["ended"]}
    return record


def _what_happened(before: Match | None, after: Match, me: int) -> list[dict[str, Any]]:
    """Lines for the page: the new actions, values, requests and answers the link brought."""
    lines: list[dict[str, Any]] = []
    old = before.record if before else None
    ra = after.record["remote"]
    if old is not None:
        ro = old["remote"]
        if len(ra["undos"]) > len(ro["undos"]):
            lines.append({"kind": "undo", "ja": "待ったが認められ、手が戻されました", "en": "The take-back was accepted: moves were taken back"})
        start = 0
        limit = min(len(old["actions"]), len(after.record["actions"]))
        while start < limit and old["actions"][start] == after.record["actions"][start]:
            start += 1
    else:
        start = 0
    for entry in after.log(start):
        lines.append({"kind": "chance" if entry["seat"] == CHANCE else "action", "seat": entry["seat"],
                      "ja": entry["ja"], "en": entry["en"]})
    old_asks = old["remote"]["asks"] if old else [[] for _ in ra["asks"]]
    old_replies = old["remote"]["replies"] if old else [[] for _ in ra["replies"]]
    for seat, asks in enumerate(ra["asks"]):
        for item in asks[len(old_asks[seat]):]:
            if seat != me:
                lines.append({"kind": "ask", "seat": seat, **({"ja": "相手が待ったを求めています", "en": "Your friend asks to take back a move"}
                                                               if item["k"] == "undo" else
                                                               {"ja": "相手が引き分けを申し出ています", "en": "Your friend offers a draw"})})
    for seat, replies in enumerate(ra["replies"]):
        for item in replies[len(old_replies[seat]):]:
            if seat != me:
                kind = ra["asks"][item["to"][0]][item["to"][1]]["k"]
                what = {"undo": ("待った", "take-back"), "draw": ("引き分け", "draw offer")}[kind]
                lines.append({"kind": "reply", "seat": seat,
                              "ja": f"{what[0]}の申し出は{'受け入れられました' if item['ok'] else '断られました'}",
                              "en": f"Your {what[1]} was {'accepted' if item['ok'] else 'declined'}"})
    # the values: only what happened to them (outcomes drawn from them, or this device's value waiting
    # for the friend's); a value alone decides nothing, so it is never called a checked card
    drawn = sum(1 for line in lines if line["kind"] == "chance")
    old_rows = old["remote"]["reveals"] if old else []
    mine_added = any(row[me] is not None and (i >= len(old_rows) or old_rows[i][me] is None) and any(v is None for v in row)
                     for i, row in enumerate(ra["reveals"]))
    if drawn:
        lines.append({"kind": "reveal", "count": drawn,
                      "ja": f"{'この' if drawn == 1 else f'これらの{drawn}枚の'}カードが両方の端末の値から決まったことを確かめました",
                      "en": f"Checked that {'this card' if drawn == 1 else f'these {drawn} cards'} came from both devices' values"})
    if mine_added:
        lines.append({"kind": "value", "ja": "この端末の抽選用の値を加えました。相手がリンクを開いて相手の値が加わると、カードが決まります",
                      "en": "This device added its value for the draw; the card is decided when your friend opens the link and adds theirs"})
    return lines


def receive(record: Any, text: Any, secret: str | None = None) -> dict[str, Any]:
    """Open ``text`` on this device. ``record`` is the saved match with the link's id (None when
    there is none). Answers ``{"status": "join", "free": [...], "names": [...], "game": ...}``
    (take a free seat with :func:`join`), ``{"status": "stale"}`` (nothing new: nothing
    changed), or ``{"status": "merged", "record", "happened"}``; refusals are GameErrors,
    ``remote.fork`` with the incoming branch in ``params["branch"]`` so both can be kept."""
    k = _unpack(text)
    if record is None:
        sender = _sender_record(None, k)
        incoming = _verified(sender, k)
        free = [i for i, x in enumerate(incoming.record["remote"]["heads"]) if x is None]
        ja, en = incoming.game.match_title(incoming.state)  # 本将棋, not the game's 集大成将棋
        return {"status": "join", "free": free, "names": [p["name"] for p in incoming.record["players"]],
                "game": incoming.game.name, "title": {"ja": ja, "en": en},
                "id": k["id"], "options": incoming.record["options"]}
    local, me = load(record)
    if k["id"] != local.record["remote"]["id"]:
        raise refuse("remote.other_match")
    if k["s"] == me:
        return {"status": "stale", "own": True}
    try:
        sender = _sender_record(local.record, k)
    except GameError as err:
        if err.code == "remote.stale_undo":
            return {"status": "stale"}
        raise
    incoming = _verified(sender, k)
    peer = {"peer_ply": k["n"], "peer_rows": len(incoming.record["remote"]["reveals"]),
            "peer_heads": sum(1 for x in incoming.record["remote"]["heads"] if x is not None),
            "peer_undos": len(incoming.record["remote"]["undos"]),
            **{f"peer_{key}": n for key, n in _held(incoming.record, me).items()}}
    if _covers(local.record, incoming.record):
        return {"status": "stale"}
    if _covers(incoming.record, local.record):
        merged = incoming.record
    else:
        union = _union(local.record, incoming.record)
        merged = union if union is not None else {}
        if union is None:
            raise refuse("remote.fork", why="fork.moves", branch=_branch(incoming.record, local.record, me))
    merged["players"] = [{**p, "name": k["m"][i] if i == k["s"] else p["name"]}
                         for i, p in enumerate(local.record["players"])]
    merged["meta"] = {**local.record["meta"], **{key: max(local.record["meta"][key], peer[key]) for key in PEER_KEYS},
                      "peer_digest": k["d"]}
    merged["seed"] = None
    if merged is incoming.record:
        result = incoming  # already replayed and verified; seat types and meta do not change the game
    else:
        try:
            result = Match.from_record(merged)
        except GameError as err:
            raise refuse("remote.fork", why="fork.contradicts", branch=_branch(incoming.record, local.record, me),
                         cause=err.code) from err
    if secret is not None:
        settle(result, me, secret)
    return {"status": "merged", "record": result.record, "happened": _what_happened(local, result, me)}


def _branch(record: dict[str, Any], local: dict[str, Any], me: int) -> dict[str, Any]:
    branch = dict(record)
    branch["players"] = [dict(p) for p in local["players"]]
    branch["meta"] = {"remote_seat": me, **{key: 0 for key in PEER_KEYS},
                      "fork_of": str(local["meta"].get("id", ""))[:40]}
    return branch


def _verified(sender: dict[str, Any], k: dict[str, Any]) -> Match:
    """The sender's record replayed with every check, after its digest is found right."""
    try:
        shaped = Match.from_record(sender)
    except GameError as err:  # the replay's own refusal, its code kept, told as the link's (built by hand)
        raise GameError(err.code, f"リンクを受け付けません: {err.message_ja}", f"Link refused: {err.message_en}",
                        **err.params) from err
    if digest(shaped.record) != k["d"]:
        raise refuse("remote.digest")
    return shaped


def join(text: Any, seat: Any, secret: str, name: str = "") -> dict[str, Any]:
    """This device, which did not hold the match, takes free ``seat`` of the link's match."""
    k = _unpack(text)
    incoming = _verified(_sender_record(None, k), k)
    record = incoming.record
    seats = len(record["players"])
    seat = _check_seat(seat, seats)
    if record["remote"]["heads"][seat] is not None:
        raise refuse("remote.seat_taken", seat=seat)
    if not is_hex(secret, 32) or not isinstance(name, str) or len(name) > 40:
        raise refuse("remote.bad_secret")
    record["remote"]["heads"][seat] = chain.head(bytes.fromhex(secret)).hex()
    record["players"] = [{"name": name.strip() if i == seat else p["name"], "type": "human" if i == seat else "remote"}
                         for i, p in enumerate(record["players"])]
    record["meta"] = {"remote_seat": seat, "peer_ply": k["n"], "peer_rows": len(record["remote"]["reveals"]),
                      "peer_heads": sum(1 for x in k["k"] if x is not None), "peer_undos": len(record["remote"]["undos"]),
                      **{f"peer_{key}": n for key, n in _held(record, seat).items()}, "peer_digest": k["d"]}
    match = Match.from_record(record)
    settle(match, seat, secret)
    return {"record": match.record, "happened": _what_happened(None, match, seat)}


# --- what the page shows ----------------------------------------------------------------
def status(record: Any) -> dict[str, Any]:
    """Whose turn it is from this device's side, and the request waiting for an answer; ``synced``:
    the friend's last link held all this device holds (nothing to send)."""
    match, me = load(record)
    remote = match.record["remote"]
    over = ended(match)
    to_move = match.to_move()
    waits = False
    if over:
        turn = "over"
    elif to_move == (CHANCE,) and any(h is None for h in remote["heads"]):
        turn = "join"  # the draw waits for the friend's commitment
    elif to_move == (CHANCE,):
        row = remote["reveals"][-1] if remote["reveals"] else [None]
        turn = "theirs" if row[me] is not None else "mine"
        waits = row[me] is not None  # this device's value is in; the friend's decides the outcome
    else:
        turn = "mine" if me in to_move else "theirs"
    incoming = [{"seat": s, "index": i, "kind": remote["asks"][s][i]["k"]}
                for s in range(len(remote["heads"])) if s != me for i in _pending_asks(remote, s)]
    mine = [{"index": i, "kind": remote["asks"][me][i]["k"]} for i in _pending_asks(remote, me)]
    can_undo = not over and not mine and match.undo_status(me)[0] is not None
    result = None
    if remote["ended"] == "draw":
        result = {"winners": [], "draw": True, "scores": None,
                  "reason": {"ja": "合意により引き分け", "en": "Drawn by agreement"}, "details": {"code": "agreed_draw"}}
    return {"seat": me, "turn": turn, "asks_in": incoming, "asks_out": mine, "can_ask_undo": can_undo,
            "agreed": result, "id": remote["id"], "waits_value": waits, "unsent": match.ply > max(match.record["meta"]["peer_ply"], 0),
            "synced": match.record["meta"].get("peer_digest") == digest(match.record)}


def _status_of(answer: dict[str, Any]) -> dict[str, Any]:
    record = answer.get("record")
    return {**answer, "status_now": status(record)} if isinstance(record, dict) else answer


def peek(text: Any) -> dict[str, Any]:
    """The match id and sender seat of a link, so the page can find its saved match."""
    k = _unpack(text)
    return {"id": k["id"], "sender": k["s"]}


CALLS: dict[str, Callable[..., dict[str, Any]]] = {
    "peek": peek,
    "new": lambda game, options, names, seat, match_id, secret: {"record": new(game, options, names, seat, match_id, secret)},
    "act": lambda record, seat, secret, action: {"record": act(record, seat, secret, action)},
    "ask": lambda record, kind: {"record": ask(record, kind)},
    "reply": lambda record, ok: {"record": reply(record, ok)},
    "encode": encode,
    "receive": receive,
    "join": join,
    "status": status,
}
"""The web API's ``remote`` operations; answers with a ``record`` also carry ``status_now``."""


def call(op: Any, args: Any) -> dict[str, Any]:
    """Run operation ``op`` with keyword ``args`` (GameError on a bad name or bad arguments)."""
    func = CALLS.get(op) if isinstance(op, str) else None
    if func is None:
        raise refuse("api.unknown_call", call=f"remote.{str(op)[:40]}")
    if args is not None and not isinstance(args, dict):
        raise refuse("api.bad_args", why="args.not_object", call=f"remote.{op}")
    try:
        inspect.signature(func).bind(**(args or {}))
    except TypeError as err:
        raise refuse("api.bad_args", why="args.names", call=f"remote.{op}", detail=str(err)[:200]) from None
    return _status_of(func(**(args or {})))
