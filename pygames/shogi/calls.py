"""Helper calls for the view (KIF/SFEN export and import, card schema), reachable from JS as
``game_call(game="shogi", name=..., args={...})`` (a ``record`` argument arrives as ``match``)."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

from pygames.core.errors import refuse
from pygames.core.match import Match
from pygames.core.record import parse_action

from .actions import legal
from .cards import BASIC_SET, KINDS, MAX_ID_LIST, NULLIFY, PICKUP_RATIO, PROMOTED_NAME, card_json
from .cards import validate_cards as _validate_cards
from .imported import option_for
from .pieces import SPECIALS
from .rules import play_move
from .sfen import STARTPOS, make_sfen, parse_sfen
from .start import checked_sfen, state_from_sfen


def _check(match: Any) -> Any:
    if getattr(getattr(match, "game", None), "name", None) != "shogi":
        raise refuse("shogi.not_shogi")
    return match


def _export_args(match: Any) -> tuple[list[Any], list[tuple[int, str]], list[dict[str, Any]], Any]:
    actions = [parse_action(a) for a in match.record["actions"]]
    return match.states[:len(actions) + 1], actions, match.record["players"], match.game.outcome(match.state)


def export_kif(match: Any) -> dict[str, Any]:
    """The match as KIF text (UTF-8 .kifu; card draws as comment lines)."""
    from .formats.kif import export_kif as kif  # deferred: the record formats load at the first export/import, not at boot
    _check(match)
    text = kif(*_export_args(match))
    kind = "hon" if match.state.rules.hon else "shutaisei"
    return {"kif": text, "filename": f"{kind}-{match.state.ply}.kifu"}


EXPORTS = {"kif": ".kif", "kifu": ".kifu", "ki2": ".ki2", "ki2u": ".ki2u", "csa": ".csa", "sfen": ".sfen", "usi": ".usi"}


def export_record(match: Any, format: str = "kifu", encoding: str | None = None) -> dict[str, Any]:
    """The match in ``format`` (kif/kifu/ki2/ki2u/csa/sfen/usi): ``{"text", "filename", "encoding", "base64"}``;
    ``base64`` holds the file's bytes (Shift_JIS for .kif/.ki2 unless ``encoding="utf-8"``)."""
    from .formats import csa, kif  # deferred: the record formats load at the first export, not at boot
    from .formats.decode import encode_text  # deferred: as above
    _check(match)
    if format not in EXPORTS:
        raise refuse("shogi.export.format", format=str(format)[:10], choices=list(EXPORTS))
    if encoding not in (None, "utf-8", "shift_jis"):
        raise refuse("shogi.export.encoding")
    args = _export_args(match)
    if format in ("kif", "kifu"):
        text = kif.export_kif(*args)
    elif format in ("ki2", "ki2u"):
        text = kif.export_ki2(*args)
    elif format == "csa":
        text = csa.export_csa(*args)
    else:
        first = args[0][0]
        sfen = make_sfen(first.board, first.hands, first.side, first.move_no0)
        moves = [a for seat, a in args[1] if seat >= 0 and a not in ("resign", "draw", "declare") and not a.startswith("draw:")]
        start = "startpos" if sfen == STARTPOS else f"sfen {sfen}"
        text = (f"position {start}" + (" moves " + " ".join(moves) if moves else "") + "\n") if format == "usi" \
            else export_sfen(match)["sfen"] + "\n"
    enc = encoding or ("shift_jis" if format in ("kif", "ki2") else "utf-8")
    if enc == "shift_jis":
        text = text.replace("encoding=UTF-8", "encoding=Shift_JIS")
    kind = "hon" if match.state.rules.hon else "shutaisei"
    data = encode_text(text, enc)
    return {"text": text, "filename": f"{kind}-{match.state.ply}{EXPORTS[format]}", "encoding": enc,
            "base64": base64.b64encode(data).decode("ascii")}


def export_sfen(match: Any, ply: int | None = None) -> dict[str, Any]:
    """The SFEN after ``ply`` actions (default: now), with the card state beside it."""
    _check(match)
    if ply is None:
        state = match.state
    elif isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply < len(match.states):
        raise refuse("match.bad_ply")
    else:
        state = match.states[ply]
    cards = None if state.rules.hon else {"active": list(state.active), "deck": sorted(state.deck),
                                         "discard": list(state.discard)}
    return {"sfen": make_sfen(state.board, state.hands, state.side, state.move_no0 + state.ply), "cards": cards}


def import_kif(text: str) -> dict[str, Any]:
    """Options and USI moves of a 本将棋 KIF/KI2/CSA record (moves up to an illegal one; see ``notice``)."""
    from .formats.records import import_text  # deferred: the record formats load at the first import, not at boot
    data = import_text(text)
    return {"options": {"ruleset": "hon", "sfen": data["sfen"]}, "actions": data["moves"], "result": data["result"],
            "winner": data.get("winner"), "notice": data["notice"], "format": data["format"]}


def import_sfen(text: str) -> dict[str, Any]:
    """Options for a new 本将棋 match from an SFEN (``startpos``, ``sfen ...`` and ``position sfen ... moves``
    accepted); the moves after ``moves`` are returned as actions (up to an illegal one)."""
    from .formats.records import parse_sfen_text  # deferred: the record formats load at the first import, not at boot
    if not isinstance(text, str):
        raise refuse("shogi.sfen.invalid", why="sfen.not_text")
    data = parse_sfen_text(text)
    if data.get("composed"):  # a new match starts only from a legal position: the rule it breaks is the refusal
        checked_sfen(data["sfen"], True)
    return {"options": {"ruleset": "hon", "sfen": data["sfen"]}, "actions": data["moves"], "notice": data["notice"]}


def import_record(text: str, players: list[dict[str, Any]] | None = None, seed: int = 0,
                  filename: str = "") -> dict[str, Any]:
    """A new 本将棋 record from KIF, KI2, CSA or SFEN text, every move checked:
    ``{"record", "format", "notice", "result", "result_text"}``. A record with an illegal move is loaded up
    to it and ``notice`` says so; text that is no record is refused."""
    from .formats.records import import_text  # deferred: the record formats load at the first import, not at boot
    data = import_text(text, filename if isinstance(filename, str) else "")
    given = [{"name": n, "type": "human"} for n in data["names"]]
    players = players or given
    # the record's end: an action where the rules have one (投了, 入玉宣言 when it holds), else kept in the
    # ``record`` option with the winner the record names, like its comments
    end = state_from_sfen(data["sfen"], "hon")  # parsed, not checked: a composed start replays too
    for action in data["moves"]:
        end = play_move(end, action)
    over = end.phase == "over"
    playable = over or data["result"] == "投了" or (data["result"] == "入玉勝ち" and "declare" in legal(end))
    options: dict[str, Any] = {"ruleset": "hon", "sfen": data["sfen"]}
    extra = option_for(data, playable)
    if extra is not None:
        options["record"] = extra
    match = Match.new("shogi", options, players, seed)
    for action in data["moves"]:
        match.play(match.state.side, action)
    if data["result"] == "投了" and not match.is_over():
        match.play(match.state.side, "resign")
    elif data["result"] == "入玉勝ち" and not match.is_over() and "declare" in match.game.legal_actions(match.state, match.state.side):
        match.play(match.state.side, "declare")
    return {"record": json.loads(json.dumps(match.record)), "format": data["format"], "notice": data["notice"],
            "result": data["result"], "result_text": data["result_text"], "winner": data.get("winner"),
            "comments": data.get("comments", [])}


def decode_file(data: str, filename: str = "") -> dict[str, Any]:
    """The text of a record file given as base64 bytes (BOM, then UTF-8, then Shift_JIS)."""
    from .formats.decode import decode_base64  # deferred: the record formats load at the first file, not at boot
    text, enc = decode_base64(data, filename if isinstance(filename, str) else "")
    return {"text": text, "encoding": enc}


def import_file(data: str, filename: str = "", players: list[dict[str, Any]] | None = None,
                seed: int = 0) -> dict[str, Any]:
    """:func:`import_record` for a file's bytes (base64) and name; adds ``encoding``."""
    decoded = decode_file(data, filename)
    out = import_record(decoded["text"], players, seed, filename if isinstance(filename, str) else "")
    out["encoding"] = decoded["encoding"]
    return out


def card_schema() -> dict[str, Any]:
    """What the card editor and the setup form need: kinds, specials, the basic set, the promoted face
    of each kind (the piece a card's "promoted" face changes) and the ピックアップ deck rule."""
    return {"kinds": list(KINDS) + [NULLIFY], "specials": list(SPECIALS),
            "basic_set": [card_json(c) for c in BASIC_SET["cards"]], "copies": BASIC_SET["copies"],
            "promoted": dict(PROMOTED_NAME),
            "pickup": {"per": sum(PICKUP_RATIO.values()), "ratio": dict(PICKUP_RATIO), "max_cards": MAX_ID_LIST}}


def validate_cards(cards: Any) -> dict[str, Any]:
    """User cards normalised, or the GameError that names the first problem."""
    return {"cards": [card_json(c) for c in _validate_cards(cards)]}


def parse_sfen_call(sfen: str) -> dict[str, Any]:
    """Round-trip an SFEN (normalised text)."""
    board, hands, side, n = parse_sfen(sfen)
    return {"sfen": make_sfen(board, hands, side, n)}


CALLS: dict[str, Callable[..., dict[str, Any]]] = {
    "export_kif": export_kif, "export_sfen": export_sfen, "import_kif": import_kif, "import_sfen": import_sfen,
    "import_record": import_record, "card_schema": card_schema, "validate_cards": validate_cards,
    "normalize_sfen": parse_sfen_call, "export_record": export_record, "decode_file": decode_file,
    "import_file": import_file}
