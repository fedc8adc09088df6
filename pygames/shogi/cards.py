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

from pygames.core.errors import GameError

from .pieces import SPECIALS

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


def _err(code: str, ja: str, en: str, **params: Any) -> GameError:
    return GameError(f"shogi.card.{code}", f"カードが不正です: {ja}", f"Invalid card: {en}", **params)


def _offsets(value: Any, what: str, cid: str, unit: bool) -> list[list[int]]:
    if not isinstance(value, list) or len(value) > 80:
        raise _err("bad_offsets", f"「{cid}」の{what}は[dx, dy]の一覧にしてください",
                   f"'{cid}': {what} must be a list of [dx, dy]", card=cid, field=what)
    out: list[list[int]] = []
    for o in value:
        if (not isinstance(o, list) or len(o) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in o)):
            raise _err("bad_offsets", f"「{cid}」の{what}に[dx, dy]の形でない値があります",
                       f"'{cid}': {what} has an entry that is not [dx, dy]", card=cid, field=what)
        lim = 1 if unit else 8
        if o == [0, 0] or not all(-lim <= v <= lim for v in o):
            raise _err("bad_offsets", f"「{cid}」の{what} {o} は範囲外です（{'-1〜1の向き' if unit else '-8〜8、[0,0]以外'}）",
                       f"'{cid}': {what} {o} is out of range ({'a unit direction' if unit else '-8..8, not [0,0]'})",
                       card=cid, field=what, offset=o)
        if o in out:
            raise _err("duplicate_offset", f"「{cid}」の{what} {o} が重複しています",
                       f"'{cid}': {what} {o} appears twice", card=cid, field=what, offset=o)
        out.append(list(o))
    return out


def _face(value: Any, cid: str, name: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _err("bad_face", f"「{cid}」の{name}面はオブジェクトかnullにしてください",
                   f"'{cid}': face '{name}' must be an object or null", card=cid, face=name)
    specials = value.get("specials", [])
    if not isinstance(specials, list) or any(s not in SPECIALS for s in specials) or len(set(specials)) != len(specials):
        raise _err("bad_specials", f"「{cid}」の特殊効果は {', '.join(SPECIALS)} から選んでください",
                   f"'{cid}': specials must be distinct values of {', '.join(SPECIALS)}", card=cid, face=name)
    unknown = set(value) - {"leaps", "slides", "specials", "move"}
    if unknown:
        raise _err("unknown_field", f"「{cid}」の{name}面に知らない項目があります: {', '.join(sorted(unknown))}",
                   f"'{cid}': face '{name}' has unknown fields: {', '.join(sorted(unknown))}", card=cid, face=name)
    if value.get("move") == "standard":
        if "leaps" in value or "slides" in value:
            raise _err("bad_face", f"「{cid}」: \"move\": \"standard\" の面に動きは書けません",
                       f"'{cid}': a face with \"move\": \"standard\" cannot list moves", card=cid, face=name)
        if "immobile" in specials:
            raise _err("bad_face", f"「{cid}」: 標準の動きと「動けません」は両立しません",
                       f"'{cid}': standard move and immobile contradict", card=cid, face=name)
        return {"move": "standard", "specials": list(specials)}
    if "move" in value:
        raise _err("bad_face", f"「{cid}」: move は \"standard\" だけが書けます",
                   f"'{cid}': move may only be \"standard\"", card=cid, face=name)
    leaps = _offsets(value.get("leaps", []), "leaps", cid, unit=False)
    slides = _offsets(value.get("slides", []), "slides", cid, unit=True)
    if "immobile" in specials and (leaps or slides):
        raise _err("bad_face", f"「{cid}」: 動けない駒に動きは書けません",
                   f"'{cid}': an immobile face cannot list moves", card=cid, face=name)
    return {"leaps": leaps, "slides": slides, "specials": list(specials)}


def validate_card(obj: Any) -> dict[str, Any]:
    """A normalised copy of one card, or GameError naming the first problem."""
    if not isinstance(obj, dict):
        raise _err("not_object", "カードはオブジェクトにしてください", "a card must be an object")
    cid = obj.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        raise _err("bad_id", "idは英数字・-・_の1〜40文字にしてください",
                   "id must be 1-40 characters of letters, digits, - and _", id=str(cid)[:40])
    name = obj.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 20:
        raise _err("bad_name", f"「{cid}」の名前は1〜20文字にしてください", f"'{cid}': name must be 1-20 characters", card=cid)
    kind = obj.get("kind")
    if kind not in KINDS and kind != NULLIFY:
        raise _err("bad_kind", f"「{cid}」の種類は {' '.join(KINDS)} {NULLIFY} のどれかです",
                   f"'{cid}': kind must be one of {' '.join(KINDS)} {NULLIFY}", card=cid)
    unknown = set(obj) - {"id", "name", "kind", "faces", "name_en", "note"}
    if unknown:
        raise _err("unknown_field", f"「{cid}」に知らない項目があります: {', '.join(sorted(unknown))}",
                   f"'{cid}' has unknown fields: {', '.join(sorted(unknown))}", card=cid)
    faces = obj.get("faces", {"base": None, "promoted": None})
    if not isinstance(faces, dict) or set(faces) - {"base", "promoted"}:
        raise _err("bad_faces", f"「{cid}」のfacesは base と promoted を持つオブジェクトです",
                   f"'{cid}': faces must be an object with base and promoted", card=cid)
    base = _face(faces.get("base"), cid, "base")
    promoted = _face(faces.get("promoted"), cid, "promoted")
    if kind == NULLIFY and (base or promoted):
        raise _err("nullify_faces", f"「{cid}」: カード無効化に面は書けません", f"'{cid}': a nullify card has no faces", card=cid)
    if kind == "KI" and promoted:
        raise _err("no_promoted_face", f"「{cid}」: 金は成らないので成り面は書けません",
                   f"'{cid}': gold never promotes, so it has no promoted face", card=cid)
    if kind != NULLIFY and not (base or promoted):
        raise _err("no_face", f"「{cid}」: 少なくとも一つの面を書いてください", f"'{cid}': print at least one face", card=cid)
    card = {"id": cid, "name": name.strip(), "kind": kind, "faces": {"base": base, "promoted": promoted}}
    if isinstance(obj.get("name_en"), str):
        card["name_en"] = obj["name_en"][:40]
    return card


def validate_cards(objs: Any) -> list[dict[str, Any]]:
    """User cards: a list of valid cards whose ids are unique and do not clash with the basic set."""
    if objs is None:
        return []
    if not isinstance(objs, list) or len(objs) > MAX_CUSTOM_CARDS:
        raise _err("not_list", f"オリジナルカードは{MAX_CUSTOM_CARDS}枚までの一覧にしてください",
                   f"user cards must be a list of at most {MAX_CUSTOM_CARDS}")
    cards, seen = [], set()
    for obj in objs:
        card = validate_card(obj)
        if card["id"] in seen or card["id"] in BASIC_CARDS:
            raise _err("duplicate_id", f"id「{card['id']}」は既に使われています", f"id '{card['id']}' is already used",
                       card=card["id"])
        seen.add(card["id"])
        cards.append(card)
    return cards


def check_pickup(deck: Any, pool: dict[str, dict[str, Any]]) -> tuple[str, ...]:
    """A ピックアップ deck: known ids, 16n cards, kinds in the ratio 歩3:香桂銀金角飛2:無効化1 per 16."""
    ids = _id_list(deck, pool, "deck")
    if not ids or len(ids) % 16:
        raise GameError("shogi.deck.size", f"ピックアップの山札は16の倍数の枚数です（{len(ids)}枚）",
                        f"A pickup deck has a multiple of 16 cards ({len(ids)} given)", size=len(ids))
    n = len(ids) // 16
    counts = Counter(pool[i]["kind"] for i in ids)
    for kind, per in PICKUP_RATIO.items():
        if counts.get(kind, 0) != per * n:
            raise GameError("shogi.deck.ratio",
                            f"ピックアップの山札は{KIND_JA[kind]}を{per * n}枚にしてください（{counts.get(kind, 0)}枚）",
                            f"A pickup deck of {len(ids)} cards needs {per * n} {kind} cards ({counts.get(kind, 0)} given)",
                            kind=kind, need=per * n, have=counts.get(kind, 0))
    return tuple(sorted(ids))


def check_setup(active: Any, pool: dict[str, dict[str, Any]]) -> tuple[str, ...]:
    """A セットアップ choice: 1-7 piece cards of distinct kinds."""
    ids = _id_list(active, pool, "active")
    if not 1 <= len(ids) <= 7:
        raise GameError("shogi.setup.count", f"セットアップでは1〜7枚を選んでください（{len(ids)}枚）",
                        f"Setup takes 1-7 cards ({len(ids)} given)", size=len(ids))
    kinds = [pool[i]["kind"] for i in ids]
    if NULLIFY in kinds:
        raise GameError("shogi.setup.nullify", "セットアップにカード無効化は使えません",
                        "A nullify card cannot be active", card=ids[kinds.index(NULLIFY)])
    dup = [k for k, n in Counter(kinds).items() if n > 1]
    if dup:
        raise GameError("shogi.setup.same_kind", f"同じ種類（{KIND_JA[dup[0]]}）のカードは1枚しか有効にできません",
                        f"Only one active card per kind ({dup[0]} given twice)", kind=dup[0])
    return tuple(sorted(ids, key=lambda i: KINDS.index(pool[i]["kind"])))


def _id_list(value: Any, pool: dict[str, dict[str, Any]], key: str) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_ID_LIST or not all(isinstance(v, str) for v in value):
        raise GameError(f"shogi.{key}.not_list", f"{key} はカードidの一覧にしてください",
                        f"{key} must be a list of card ids", key=key)
    for v in value:
        if v not in pool:
            raise GameError(f"shogi.{key}.unknown_card", f"知らないカードです: {v[:40]}", f"Unknown card: {v[:40]}",
                            card=v[:40])
    return list(value)


def standard_face_json(code_name: str) -> dict[str, Any]:
    """Standard movement of a piece code as JSON."""
    from .pieces import CODES, STANDARD
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
