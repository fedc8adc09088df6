"""Japanese move text (▲７六歩, 同　銀, ４四角成, ５五角打, ５八金右) and its English counterpart (P-76).

打 is written only when a board piece of the same kind could also reach the square.
Disambiguation follows the usual 棋譜 conventions: first 上/引/寄 (the moving direction), then
直 (a gold-like piece moving straight forward), then 右/左 (which of the pieces moves), combined
with the direction word when still needed.
"""

from __future__ import annotations

from ..pieces import KANJI, KIND_OF, OU, PROMOTABLE, RY, UM, USI_LETTER
from ..position import DROP0, Position

ZEN = "０１２３４５６７８９"
KAN = "〇一二三四五六七八九"
MARK = ("▲", "△")


def square_ja(sq: int) -> str:
    """７六 for square 7f."""
    return ZEN[9 - sq % 9] + KAN[sq // 9 + 1]


def square_en(sq: int) -> str:
    """76 for square 7f: file then rank, the digits the English board labels show."""
    return f"{9 - sq % 9}{sq // 9 + 1}"


def needs_drop_word(pos: Position, code: int, to: int) -> bool:
    """True if a board piece of the dropped kind could also move to ``to`` (then 打 is written)."""
    return bool(_reachers(pos, code if pos.side == 0 else -code, to))


def _reachers(pos: Position, code_signed: int, to: int) -> list[int]:
    """Squares of pieces ``code_signed`` that could move to ``to`` (ignoring self-check)."""
    out = []
    b, t = pos.board, pos.tables
    for sq in range(81):
        if b[sq] != code_signed:
            continue
        if to in t.leaps[code_signed][sq]:
            out.append(sq)
            continue
        for ray in t.rays[code_signed][sq]:
            hit = False
            for s in ray:
                if s == to:
                    hit = True
                    break
                if b[s]:
                    break
            if hit:
                out.append(sq)
                break
    return out


def _direction(side: int, frm: int, to: int) -> tuple[int, int]:
    """(dx to the mover's right, dy forward)."""
    dx, dy = to % 9 - frm % 9, to // 9 - frm // 9
    return (dx, -dy) if side == 0 else (-dx, dy)


def _dir_word(dy: int) -> str:
    return "上" if dy > 0 else "引" if dy < 0 else "寄"


def disambiguation(pos: Position, m: int) -> str:
    """The 上/引/寄/直/右/左 suffix needed for board move ``m`` (empty if none)."""
    frm, to = m & 127, (m >> 7) & 127
    p = pos.board[frm]
    cands = _reachers(pos, p, to)
    if frm not in cands:
        cands.append(frm)
    if len(cands) < 2:
        return ""
    side = pos.side
    dirs = {sq: _direction(side, sq, to) for sq in cands}
    word = _dir_word(dirs[frm][1])
    same = [sq for sq in cands if _dir_word(dirs[sq][1]) == word]
    if len(same) == 1:
        return word
    code = abs(p)
    if word == "上" and dirs[frm][0] == 0 and code not in (UM, RY):
        return "直"

    def right_key(sq: int) -> int:  # larger = further to the mover's right
        return sq % 9 if side == 0 else -(sq % 9)

    def lr(group: list[int]) -> str:
        keys = sorted(right_key(s) for s in group)
        k = right_key(frm)
        if k == keys[-1] and keys.count(k) == 1:
            return "右"
        if k == keys[0] and keys.count(k) == 1:
            return "左"
        return ""

    side_word = lr(cands)
    if side_word:
        return side_word
    return lr(same) + word


def move_ja(pos: Position, m: int, prev_to: int | None, mark: bool = True, kif: bool = False) -> str:
    """Japanese text of move ``m`` (an int with kinds unset or set) played from ``pos``.
    ``kif``: KIF move-column form (every drop says 打, no 上/引/右... since the origin follows)."""
    frm, to, promo = m & 127, (m >> 7) & 127, (m >> 14) & 1
    head = MARK[pos.side] if mark else ""
    if frm >= DROP0:
        code = frm - DROP0
        return f"{head}{square_ja(to)}{KANJI[code]}{'打' if kif or needs_drop_word(pos, code, to) else ''}"
    p = pos.board[frm]
    code = abs(p)
    name = KANJI[code]
    dest = ("同　" if len(name) == 1 else "同") if prev_to == to else square_ja(to)
    text = dest + name + ("" if kif else disambiguation(pos, m))
    if promo:
        text += "成"
    elif code in PROMOTABLE and (_in_zone(pos.side, frm) or _in_zone(pos.side, to)):
        text += "不成"
    return head + text


def _in_zone(side: int, sq: int) -> bool:
    return sq < 27 if side == 0 else sq >= 54


def move_en(pos: Position, m: int) -> str:
    """Western notation with the squares the board labels show: P-76, Bx22+, S79-68=, P*55
    (the origin square only when another piece of that type could reach the same square)."""
    frm, to, promo = m & 127, (m >> 7) & 127, (m >> 14) & 1
    sq_name = square_en
    if frm >= DROP0:
        return f"{USI_LETTER[frm - DROP0]}*{sq_name(to)}"
    p = pos.board[frm]
    code = abs(p)
    letter = ("+" if code > OU else "") + USI_LETTER[KIND_OF[code]]
    origin = sq_name(frm) if len(set(_reachers(pos, p, to)) | {frm}) > 1 else ""
    text = letter + origin + ("x" if pos.board[to] else "-") + sq_name(to)
    if promo:
        text += "+"
    elif code in PROMOTABLE and (_in_zone(pos.side, frm) or _in_zone(pos.side, to)):
        text += "="
    return text
