"""Card data: the 基本セット, the card schema check for user cards, and deck rules.

A card is ``{"id", "name", "kind", "faces": {"base": face|null, "promoted": face|null}}`` where a
face is ``{"leaps": [[dx,dy]...], "slides": [[dx,dy]...], "specials": [...]}`` or
``{"move": "standard", "specials": [...]}`` (see design/shogi.md).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from importlib import resources
from typing import Any

from pygames.core.errors import refuse

from .pieces import CODES, SPECIALS, STANDARD

KINDS = ("FU", "KY", "KE", "GI", "KI", "KA", "HI")
NULLIFY = "NULLIFY"
KIND_JA = {"FU": "歩", "KY": "香", "KE": "桂", "GI": "銀", "KI": "金", "KA": "角", "HI": "飛", NULLIFY: "無効化"}
PROMOTED_NAME = {"FU": "TO", "KY": "NY", "KE": "NK", "GI": "NG", "KA": "UM", "HI": "RY"}
MAX_ID_LIST = 256
"""Longest list of card ids a pickup deck or a setup choice may give."""
PICKUP_RATIO = {"FU": 3, "KY": 2, "KE": 2, "GI": 2, "KI": 2, "KA": 2, "HI": 2, NULLIFY: 1}
_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MAX_CUSTOM_CARDS = 64


def _load_basic() -> dict[str, Any]:
    return json.loads(resources.files("pygames.shogi").joinpath("data/basic_set.json").read_text("utf-8"))


BASIC_SET = _load_basic()
BASIC_CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in BASIC_SET["cards"]}
BASIC_DECK: tuple[str, ...] = tuple(sorted(cid for cid, n in BASIC_SET["copies"].items() for _ in range(n)))


def _offsets(value: Any, what: str, cid: str, unit: bool) -> list[list[int]]:
    if not isinstance(value, list) or len(value) > 80:
        raise refuse("shogi.card.bad_offsets", why="offsets.not_list", card=cid, field=what)
    out: list[list[int]] = []
    for o in value:
        if (not isinstance(o, list) or len(o) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in o)):
            raise refuse("shogi.card.bad_offsets", why="offsets.entry", card=cid, field=what)
        lim = 1 if unit else 8
        if o == [0, 0] or not all(-lim <= v <= lim for v in o):
            raise refuse("shogi.card.bad_offsets", why="offsets.range", card=cid, field=what, offset=o,
                         range_ja="-1〜1の向き" if unit else "-8〜8、[0,0]以外",
                         range_en="a unit direction" if unit else "-8..8, not [0,0]")
        if o in out:
            raise refuse("shogi.card.duplicate_offset", card=cid, field=what, offset=o)
        out.append(list(o))
    return out


def _face(value: Any, cid: str, name: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise refuse("shogi.card.bad_face", why="face.not_object", card=cid, face=name)
    specials = value.get("specials", [])
    if not isinstance(specials, list) or any(s not in SPECIALS for s in specials) or len(set(specials)) != len(specials):
        raise refuse("shogi.card.bad_specials", card=cid, face=name)
    unknown = set(value) - {"leaps", "slides", "specials", "move"}
    if unknown:
        raise refuse("shogi.card.unknown_field", card=cid, face=name, fields=", ".join(sorted(unknown)),
                     where_ja=f"の{name}面", where_en=f": face '{name}'")
    if value.get("move") == "standard":
        if "leaps" in value or "slides" in value:
            raise refuse("shogi.card.bad_face", why="face.standard_moves", card=cid, face=name)
        if "immobile" in specials:
            raise refuse("shogi.card.bad_face", why="face.standard_immobile", card=cid, face=name)
        return {"move": "standard", "specials": list(specials)}
    if "move" in value:
        raise refuse("shogi.card.bad_face", why="face.move", card=cid, face=name)
    leaps = _offsets(value.get("leaps", []), "leaps", cid, unit=False)
    slides = _offsets(value.get("slides", []), "slides", cid, unit=True)
    if "immobile" in specials and (leaps or slides):
        raise refuse("shogi.card.bad_face", why="face.immobile_moves", card=cid, face=name)
    return {"leaps": leaps, "slides": slides, "specials": list(specials)}


def validate_card(obj: Any) -> dict[str, Any]:
    """A normalised copy of one card, or GameError naming the first problem."""
    if not isinstance(obj, dict):
        raise refuse("shogi.card.not_object")
    cid = obj.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        raise refuse("shogi.card.bad_id", id=str(cid)[:40])
    name = obj.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 20:
        raise refuse("shogi.card.bad_name", card=cid)
    kind = obj.get("kind")
    if kind not in KINDS and kind != NULLIFY:
        raise refuse("shogi.card.bad_kind", card=cid)
    unknown = set(obj) - {"id", "name", "kind", "faces", "name_en", "note"}
    if unknown:
        raise refuse("shogi.card.unknown_field", card=cid, fields=", ".join(sorted(unknown)), where_ja="", where_en="")
    faces = obj.get("faces", {"base": None, "promoted": None})
    if not isinstance(faces, dict) or set(faces) - {"base", "promoted"}:
        raise refuse("shogi.card.bad_faces", card=cid)
    base = _face(faces.get("base"), cid, "base")
    promoted = _face(faces.get("promoted"), cid, "promoted")
    if kind == NULLIFY and (base or promoted):
        raise refuse("shogi.card.nullify_faces", card=cid)
    if kind == "KI" and promoted:
        raise refuse("shogi.card.no_promoted_face", card=cid)
    if kind != NULLIFY and not (base or promoted):
        raise refuse("shogi.card.no_face", card=cid)
    card = {"id": cid, "name": name.strip(), "kind": kind, "faces": {"base": base, "promoted": promoted}}
    if isinstance(obj.get("name_en"), str):
        card["name_en"] = obj["name_en"][:40]
    return card


def validate_cards(objs: Any) -> list[dict[str, Any]]:
    """User cards: a list of valid cards whose ids are unique and do not clash with the basic set."""
    if objs is None:
        return []
    if not isinstance(objs, list) or len(objs) > MAX_CUSTOM_CARDS:
        raise refuse("shogi.card.not_list", most=MAX_CUSTOM_CARDS)
    cards, seen = [], set()
    for obj in objs:
        card = validate_card(obj)
        if card["id"] in seen or card["id"] in BASIC_CARDS:
            raise refuse("shogi.card.duplicate_id", card=card["id"])
        seen.add(card["id"])
        cards.append(card)
    return cards


def check_pickup(deck: Any, pool: dict[str, dict[str, Any]]) -> tuple[str, ...]:
    """A ピックアップ deck: known ids, 16n cards, kinds in the ratio 歩3:香桂銀金角飛2:無効化1 per 16."""
    ids = _id_list(deck, pool, "deck")
    if not ids or len(ids) % 16:
        raise refuse("shogi.deck.size", size=len(ids))
    n = len(ids) // 16
    counts = Counter(pool[i]["kind"] for i in ids)
    for kind, per in PICKUP_RATIO.items():
        if counts.get(kind, 0) != per * n:
            raise refuse("shogi.deck.ratio", kind=kind, need=per * n, have=counts.get(kind, 0), size=len(ids))
    return tuple(sorted(ids))


def check_setup(active: Any, pool: dict[str, dict[str, Any]]) -> tuple[str, ...]:
    """A セットアップ choice: 1-7 piece cards of distinct kinds."""
    ids = _id_list(active, pool, "active")
    if not 1 <= len(ids) <= 7:
        raise refuse("shogi.setup.count", size=len(ids))
    kinds = [pool[i]["kind"] for i in ids]
    if NULLIFY in kinds:
        raise refuse("shogi.setup.nullify", card=ids[kinds.index(NULLIFY)])
    dup = [k for k, n in Counter(kinds).items() if n > 1]
    if dup:
        raise refuse("shogi.setup.same_kind", kind=dup[0])
    return tuple(sorted(ids, key=lambda i: KINDS.index(pool[i]["kind"])))


def _id_list(value: Any, pool: dict[str, dict[str, Any]], key: str) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_ID_LIST or not all(isinstance(v, str) for v in value):
        raise refuse("shogi.deck.not_list" if key == "deck" else "shogi.active.not_list", key=key)
    for v in value:
        if v not in pool:
            raise refuse("shogi.deck.unknown_card" if key == "deck" else "shogi.active.unknown_card", card=v[:40])
    return list(value)


def standard_face_json(code_name: str) -> dict[str, Any]:
    """Standard movement of a piece code as JSON."""
    f = STANDARD[CODES[code_name]]
    return {"leaps": [list(o) for o in f["leaps"]], "slides": [list(o) for o in f["slides"]], "specials": []}


def card_json(card: dict[str, Any]) -> dict[str, Any]:
    """A card plus 'changed': each printed face with its effective and its standard move."""
    changed = []
    if card["kind"] != NULLIFY:
        for face_name in ("base", "promoted"):
            face = card["faces"].get(face_name)
            if face is None:
                continue
            piece = card["kind"] if face_name == "base" else PROMOTED_NAME[card["kind"]]
            std = standard_face_json(piece)
            moves = ({**std, "specials": list(face["specials"])} if face.get("move") == "standard"
                     else {"leaps": face["leaps"], "slides": face["slides"], "specials": list(face["specials"])})
            changed.append({"piece": piece, "face": face_name, "moves": moves, "standard": std})
    return {**card, "changed": changed}
