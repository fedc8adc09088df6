"""Helper calls for the view (KIF/SFEN export and import, card schema), reachable from JS as
``game_call(game="shogi", name=..., args={...})`` (a ``record`` argument arrives as ``match``)."""

from __future__ import annotations

import json
from typing import Any, Callable

from pygames.core.errors import GameError
from pygames.core.match import Match
from pygames.core.record import parse_action

from .cards import BASIC_SET, KINDS, MAX_ID_LIST, NULLIFY, PICKUP_RATIO, PROMOTED_NAME, card_json, validate_cards as _validate_cards
from .pieces import SPECIALS
from .formats.kif import export_kif as kif_text, import_kif as parse_kif
from .sfen import make_sfen, parse_sfen
from .start import checked_sfen


def _check(match: Any) -> Any:
    if getattr(getattr(match, "game", None), "name", None) != "shogi":
        raise GameError("shogi.not_shogi", "将棋の対局ではありません", "This is not a shogi match")
    return match


def export_kif(match: Any) -> dict[str, Any]:
    """The match as KIF text (UTF-8 .kifu; card draws as comment lines)."""
    _check(match)
    actions = [parse_action(a) for a in match.record["actions"]]
    text = kif_text(match.states[:len(actions) + 1], actions, match.record["players"], match.game.outcome(match.state))
    kind = "hon" if match.state.rules.hon else "shutaisei"
    return {"kif": text, "filename": f"{kind}-{match.state.ply}.kifu"}


def export_sfen(match: Any, ply: int | None = None) -> dict[str, Any]:
    """The SFEN after ``ply`` actions (default: now), with the card state beside it."""
    _check(match)
    if ply is None:
        state = match.state
    elif isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply < len(match.states):
        raise GameError("match.bad_ply", "その手数の局面はありません", "No position at that move number")
    else:
        state = match.states[ply]
    cards = None if state.rules.hon else {"active": list(state.active), "deck": sorted(state.deck),
                                         "discard": list(state.discard)}
    return {"sfen": make_sfen(state.board, state.hands, state.side, state.move_no0 + state.ply), "cards": cards}


def import_kif(text: str) -> dict[str, Any]:
    """Options and USI moves of a 本将棋 KIF record."""
    data = parse_kif(text)
    return {"options": {"ruleset": "hon", "sfen": data["sfen"]}, "actions": data["moves"], "result": data["result"]}


def import_sfen(text: str) -> dict[str, Any]:
    """Options for a new 本将棋 match from an SFEN (``startpos``, ``sfen ...`` and ``position sfen ... moves``
    accepted); the moves after ``moves`` are returned as actions."""
    if not isinstance(text, str):
        raise GameError("shogi.sfen.invalid", "SFENが不正です: 文字列ではありません", "Invalid SFEN: not text")
    body = text.strip()
    if body.startswith("position "):
        body = body[len("position "):]
    moves: list[str] = []
    if " moves " in f"{body} ":
        body, _, tail = f"{body} ".partition(" moves ")
        moves = tail.split()
    return {"options": {"ruleset": "hon", "sfen": checked_sfen(body.strip(), hon=True)}, "actions": moves}


def import_record(text: str, players: list[dict[str, Any]] | None = None, seed: int = 0) -> dict[str, Any]:
    """A new 本将棋 record from KIF or SFEN text, every move checked."""
    stripped = text.strip() if isinstance(text, str) else ""
    looks_sfen = stripped.count("/") == 8 and "\n" not in stripped or stripped.startswith(("sfen", "position", "startpos"))
    data = import_sfen(stripped) if looks_sfen else import_kif(text)
    players = players or [{"name": "", "type": "human"}, {"name": "", "type": "human"}]
    match = Match.new("shogi", data["options"], players, seed)
    for i, action in enumerate(data["actions"]):
        try:
            match.play(match.state.side, action)
        except GameError as err:
            raise GameError("shogi.import.illegal", f"{i + 1}手目が指せません: {err.message_ja}",
                            f"Move {i + 1} is illegal: {err.message_en}", ply=i + 1, cause=err.code) from err
    if data.get("result") == "投了" and not match.is_over():
        match.play(match.state.side, "resign")
    return {"record": json.loads(json.dumps(match.record))}


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
    "normalize_sfen": parse_sfen_call}
