"""Piece codes and movement tables compiled from piece definitions (standard or card faces).

Board values are signed ints: ``+code`` for 先手 (seat 0), ``-code`` for 後手. Squares are
``y * 9 + x`` with ``x = 9 - file`` and ``y = rank - 1`` (rank a = 一 = top row).
Tables are lists of length 32 indexed by the signed piece value (negative indices land in
16..31, so both colours share one list without clashing).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

FU, KY, KE, GI, KI, KA, HI, OU = 1, 2, 3, 4, 5, 6, 7, 8
TO, NY, NK, NG, UM, RY = 9, 10, 11, 12, 14, 15
PROMOTE = 8
NAMES = {FU: "FU", KY: "KY", KE: "KE", GI: "GI", KI: "KI", KA: "KA", HI: "HI", OU: "OU",
         TO: "TO", NY: "NY", NK: "NK", NG: "NG", UM: "UM", RY: "RY"}
CODES = {v: k for k, v in NAMES.items()}
ALL_CODES = tuple(NAMES)
HAND_ORDER = (HI, KA, KI, GI, KE, KY, FU)
PROMOTABLE = frozenset((FU, KY, KE, GI, KA, HI))
KIND_OF = {c: (c - PROMOTE if c > OU else c) for c in ALL_CODES}
"""The unpromoted kind of each code (と counts as 歩)."""
KANJI = {FU: "歩", KY: "香", KE: "桂", GI: "銀", KI: "金", KA: "角", HI: "飛", OU: "玉",
         TO: "と", NY: "成香", NK: "成桂", NG: "成銀", UM: "馬", RY: "龍"}
ENGLISH = {FU: "Pawn", KY: "Lance", KE: "Knight", GI: "Silver", KI: "Gold", KA: "Bishop", HI: "Rook",
           OU: "King", TO: "Tokin", NY: "Promoted lance", NK: "Promoted knight", NG: "Promoted silver",
           UM: "Horse", RY: "Dragon"}
USI_LETTER = {FU: "P", KY: "L", KE: "N", GI: "S", KI: "G", KA: "B", HI: "R", OU: "K"}
LETTER_CODE = {v: k for k, v in USI_LETTER.items()}

LEAP, SLIDE = 1, 2
IMMUNE_LEAP, IMMUNE_SLIDE, IMMOBILE = "immune_leap_capture", "immune_slide_capture", "immobile"
SPECIALS = (IMMUNE_LEAP, IMMUNE_SLIDE, IMMOBILE)


SQ_NAMES = tuple(f"{9 - sq % 9}{'abcdefghi'[sq // 9]}" for sq in range(81))

DROP0 = 81
"""The from-square of a drop of piece code 0: a drop of code ``c`` is ``DROP0 + c | to << 7``."""
_ZONE = ([sq < 27 for sq in range(81)], [sq >= 54 for sq in range(81)])
# squares where a piece of that colour would have no move under standard rules (本将棋 dead squares)
_DEAD = [[[False] * 81 for _ in range(32)] for _ in range(2)]
for _sq in range(81):
    _y = _sq // 9
    for _c, _s in ((0, 1), (1, -1)):
        last = _y == 0 if _c == 0 else _y == 8
        last2 = _y <= 1 if _c == 0 else _y >= 7
        _DEAD[_c][FU * _s][_sq] = last
        _DEAD[_c][KY * _s][_sq] = last
        _DEAD[_c][KE * _s][_sq] = last2


def sq_name(sq: int) -> str:
    """USI name of a square index: 0 -> '9a'."""
    return SQ_NAMES[sq]


def parse_sq(text: str) -> int:
    """Square index of a USI square name; ValueError if malformed."""
    if len(text) != 2 or text[0] not in "123456789" or text[1] not in "abcdefghi":
        raise ValueError(text)
    return "abcdefghi".index(text[1]) * 9 + 9 - int(text[0])


def _load_standard() -> dict[int, dict[str, Any]]:
    raw = json.loads(resources.files("pygames.shogi").joinpath("data/standard_pieces.json").read_text("utf-8"))
    return {CODES[k]: {"leaps": [tuple(o) for o in v["leaps"]], "slides": [tuple(o) for o in v["slides"]],
                       "specials": []} for k, v in raw.items() if k in CODES}


STANDARD: dict[int, dict[str, Any]] = _load_standard()
"""Standard movement of each code, in the card-face form."""


def _on(x: int, y: int) -> bool:
    return 0 <= x < 9 and 0 <= y < 9


def _ray(sq: int, bx: int, by: int) -> tuple[int, ...]:
    x, y = sq % 9 + bx, sq // 9 + by
    out = []
    while 0 <= x < 9 and 0 <= y < 9:
        out.append(y * 9 + x)
        x, y = x + bx, y + by
    return tuple(out)


_RAYS = {(sq, bx, by): _ray(sq, bx, by) for sq in range(81) for bx in (-1, 0, 1) for by in (-1, 0, 1)
         if bx or by}
_face_cache: dict[tuple[Any, ...], tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], ...]]]] = {}


def _board_dir(color: int, dx: int, dy: int) -> tuple[int, int]:
    return (dx, -dy) if color == 0 else (-dx, dy)


def _compile_face(face: dict[str, Any], color: int) -> tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], ...]]]:
    """Per-square leap targets and slide rays of one face for one colour (cached)."""
    key = (tuple(map(tuple, face["leaps"])), tuple(map(tuple, face["slides"])), IMMOBILE in face["specials"], color)
    hit = _face_cache.get(key)
    if hit is not None:
        return hit
    leaps: list[tuple[int, ...]] = []
    rays: list[tuple[tuple[int, ...], ...]] = []
    immobile = key[2]
    offs = [_board_dir(color, dx, dy) for dx, dy in face["leaps"]]
    dirs = [_board_dir(color, dx, dy) for dx, dy in face["slides"]]
    for sq in range(81):
        if immobile:
            leaps.append(())
            rays.append(())
            continue
        x, y = sq % 9, sq // 9
        leaps.append(tuple((y + by) * 9 + x + bx for bx, by in offs if 0 <= x + bx < 9 and 0 <= y + by < 9))
        rays.append(tuple(r for bx, by in dirs if (r := _RAYS[(sq, bx, by)])))
    if len(_face_cache) > 512:
        _face_cache.clear()
    _face_cache[key] = (leaps, rays)
    return leaps, rays


class Tables:
    """Move and attack tables for one set of faces (the standard ones with cards applied)."""

    def __init__(self, faces: dict[int, dict[str, Any]]) -> None:
        self.faces = faces
        self.leaps: list[list[tuple[int, ...]]] = [[()] * 81 for _ in range(32)]
        self.rays: list[list[tuple[tuple[int, ...], ...]]] = [[()] * 81 for _ in range(32)]
        self.immune_leap = [False] * 32
        self.immune_slide = [False] * 32
        leap_att: list[list[dict[int, set[int]]]] = [[{} for _ in range(81)] for _ in range(2)]
        slide_dirs: list[dict[tuple[int, int], set[int]]] = [{}, {}]
        for code, face in faces.items():
            specials = face["specials"]
            for color, sign in ((0, 1), (1, -1)):
                p = code * sign
                self.immune_leap[p] = IMMUNE_LEAP in specials
                self.immune_slide[p] = IMMUNE_SLIDE in specials
                leaps, rays = _compile_face(face, color)
                self.leaps[p] = leaps
                self.rays[p] = rays
                la = leap_att[color]
                for sq in range(81):
                    for t in leaps[sq]:
                        d = la[t]
                        if sq in d:
                            d[sq].add(p)
                        else:
                            d[sq] = {p}
                if IMMOBILE not in specials:
                    for dx, dy in face["slides"]:
                        bx, by = _board_dir(color, dx, dy)
                        slide_dirs[color].setdefault((-bx, -by), set()).add(p)
        self.leap_att = [[tuple((f, frozenset(c)) for f, c in leap_att[color][sq].items()) for sq in range(81)]
                         for color in range(2)]
        self.ray_att = []
        for color in range(2):
            dirs = [(d, frozenset(codes)) for d, codes in slide_dirs[color].items()]
            self.ray_att.append([tuple((r, codes) for (bx, by), codes in dirs if (r := _RAYS[(sq, bx, by)]))
                                 for sq in range(81)])
        self.any_immune = any(self.immune_leap) or any(self.immune_slide)


def build_faces(active_cards: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Every code's face with the given active cards applied (the king is never affected)."""
    faces = {code: {"leaps": list(f["leaps"]), "slides": list(f["slides"]), "specials": []}
             for code, f in STANDARD.items()}
    for card in active_cards:
        kind = CODES.get(card["kind"])
        if kind is None:
            continue
        for face_name, code in (("base", kind), ("promoted", kind + PROMOTE)):
            face = card["faces"].get(face_name)
            if face is None or code not in faces:
                continue
            if face.get("move") == "standard":
                faces[code] = {"leaps": list(STANDARD[code]["leaps"]), "slides": list(STANDARD[code]["slides"]),
                               "specials": list(face.get("specials", []))}
            else:
                faces[code] = {"leaps": [tuple(o) for o in face["leaps"]], "slides": [tuple(o) for o in face["slides"]],
                               "specials": list(face.get("specials", []))}
    return faces


_cache: dict[str, Tables] = {}


def tables_for(active_cards: list[dict[str, Any]]) -> Tables:
    """Cached tables for a set of active cards."""
    key = json.dumps(sorted((c["kind"], c["faces"]) for c in active_cards), sort_keys=True) if active_cards else ""
    t = _cache.get(key)
    if t is None:
        if len(_cache) > 64:
            _cache.clear()
        t = _cache[key] = Tables(build_faces(active_cards))
    return t


STANDARD_TABLES = tables_for([])
