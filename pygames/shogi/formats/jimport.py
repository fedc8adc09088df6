"""KIF and KI2 import (本将棋): header, 手合割 or board diagram, the main line's moves, the end word.

Tolerant of what real software writes: ``#``/``*``/``&`` comments, 消費時間, ``手数＝N`` lines of a
board diagram, 王/竜/全/圭/杏 spellings, 生 for 不成, 打 omitted, 同 with or without a space,
variations (skipped, with a notice), 封じ手. A move that cannot be read or played ends the import with a notice
(the moves before it are kept); text with no record at all is refused.
"""

from __future__ import annotations

import re
from typing import Any

from pygames.core.errors import GameError, refuse

from .. import rules
from ..position import DROP0
from ..sfen import make_sfen
from .handicaps import handicap_sfen
from .japanese import KAN, ZEN, move_ja
from .replay import END_WORDS, Replay, notice

_PIECE = {"歩": 1, "香": 2, "桂": 3, "銀": 4, "金": 5, "角": 6, "飛": 7, "玉": 8, "王": 8, "と": 9, "成香": 10,
          "杏": 10, "成桂": 11, "圭": 11, "成銀": 12, "全": 12, "馬": 14, "龍": 15, "竜": 15}
_KANJI_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_KIF_MOVE = re.compile(r"^\s*([0-9]{1,6})\s+(\S.*)$")
_KI2_MARK = re.compile(r"[▲△☗☖▼▽]")
_TOKEN = re.compile(r"^(?:([１-９1-9])([一二三四五六七八九１-９1-9])\s*(?:同)?|同[\s　]*)"
                    r"(成香|成桂|成銀|成[歩と]?|[歩香桂銀金角飛玉王と杏圭全馬龍竜])"
                    r"([右左上引寄直行入]*)(不成|生|成)?(打)?(?:\s*\(\s*(\d)(\d)\s*\))?")
_NORM_JA = str.maketrans({"王": "玉", "竜": "龍", "　": "", " ": ""})


def err(why: str, **params: Any) -> GameError:
    """The refusal of a text that is no record (``why``: the cause, see messages.REASONS)."""
    return refuse("shogi.kif.invalid", why=why, **params)


def _num(text: str) -> int:
    n = 0
    for ch in text:
        v = _KANJI_NUM.get(ch, 0)
        n = (n or 1) * 10 if v == 10 else n + v
    return n


def _parse_hands(text: str) -> list[int]:
    hand = [0] * 8
    text = text.strip(" 　")
    if text in ("なし", ""):
        return hand
    for part in re.split(r"[\s　、,]+", text):
        if not part:
            continue
        code = _PIECE.get(part[0])
        if code is None or code > 7:
            raise refuse("shogi.kif.invalid", why="kif.hand", part=part[:6])
        hand[code] += _num(part[1:]) or 1
    return hand


def _parse_bod(lines: list[str]) -> str | None:
    rows = [ln for ln in lines if ln.startswith("|") and ln.count("|") >= 2]
    if not rows:
        return None
    if len(rows) < 9:
        raise err("kif.ranks")
    board: list[int] = []
    for ln in rows[:9]:
        body = ln[1:ln.index("|", 1)]
        cells: list[int] = []
        i = 0
        while i + 1 < len(body):
            mark, ch = body[i], body[i + 1]
            if ch == "・":
                cells.append(0)
            elif ch in _PIECE and ch not in ("成",):
                cells.append(_PIECE[ch] * (-1 if mark in "v^" else 1))
            else:
                raise refuse("shogi.kif.invalid", why="kif.piece", char=ch)
            i += 2
        if len(cells) != 9:
            raise err("kif.squares")
        board.extend(cells)
    hands = [[0] * 8, [0] * 8]
    side = 0
    for ln in lines:
        for color, head in ((0, "先手の持駒"), (1, "後手の持駒"), (0, "下手の持駒"), (1, "上手の持駒")):
            if ln.startswith(head):
                hands[color] = _parse_hands(re.split("[：:]", ln, maxsplit=1)[-1])
        if ln.startswith(("後手番", "上手番")):
            side = 1
        elif ln.startswith(("先手番", "下手番")):
            side = 0
    return make_sfen(board, hands, side)


def _is_ki2_move_line(s: str) -> bool:
    return bool(s) and s[0] in "▲△☗☖▼▽" and len(s) > 1 and (s[1] in ZEN or s[1] in "123456789" or s[1] == "同")


def parse(text: str, fmt_hint: str | None = None) -> dict[str, Any]:
    """The start SFEN, USI moves, end word and notice of a KIF or KI2 record."""
    if not isinstance(text, str):
        raise err("kif.not_text")
    if len(text) > 2_000_000:
        raise err("kif.too_large")
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header: list[str] = []
    body = len(lines)
    fmt = "kif"
    for i, ln in enumerate(lines):
        s = ln.strip()
        if ln.startswith(("手数-", "手数―")) or (_KIF_MOVE.match(ln) and not ln.startswith("|")):
            body = i
            break
        if _is_ki2_move_line(s):
            body, fmt = i, "ki2"
            break
        if s.startswith("変化"):
            body = i
            break
        header.append(ln)
    keyed: dict[str, str] = {}
    for ln in header:
        m = re.match(r"^([^：:#*&|]+)[：:](.*)$", ln)
        if m:
            keyed.setdefault(m.group(1).strip(), m.group(2).strip())
    sfen = None
    if "手合割" in keyed:
        name = keyed["手合割"].split("#")[0].strip(" 　\t")
        if name not in ("", "その他"):
            sfen = handicap_sfen(name)
            if sfen is None:
                raise refuse("shogi.kif.invalid", why="kif.handicap", handicap=name[:12])
    bod = _parse_bod(header)
    if bod:
        sfen = bod
    elif any(ln.startswith(("先手の持駒", "後手の持駒", "下手の持駒", "上手の持駒")) for ln in header) and sfen is None:
        raise err("kif.no_diagram")
    names = [keyed.get("先手") or keyed.get("下手") or "", keyed.get("後手") or keyed.get("上手") or ""]
    meaningful = sfen is not None or any(k in keyed for k in ("先手", "後手", "下手", "上手", "開始日時", "棋戦", "手合割"))
    rep = Replay(sfen)
    for ln in header:
        if ln.startswith("*"):  # a comment before the first move
            rep.comment(ln[1:])
    word = _read_kif(rep, lines[body:]) if fmt == "kif" else _read_ki2(rep, lines[body:])
    if any(ln.lstrip().startswith("変化") for ln in lines[body:]):
        _skip_variations(rep)
    if not rep.moves and not meaningful and (word is None or rep.notice is not None):
        if rep.notice:  # a move line was read, but its first move cannot be played
            raise refuse("shogi.kif.invalid", why="kif.first_illegal", ply=rep.notice["params"]["ply"],
                         token=rep.notice["params"]["token"], reason_ja=rep.stop_why[0], reason_en=rep.stop_why[1])
        raise refuse("shogi.kif.invalid", why="kif.no_line", notice_ja="", notice_en="")
    return rep.data(fmt, word, names)


def _end_word(token: str) -> str | None:
    for w in END_WORDS:
        if token.startswith(w):
            return w
    if token.startswith(("Time-up", "TIME_UP")):
        return "切れ負け"
    return None


def _made_word(line: str) -> str | None:
    """The end word of a 「まで64手で後手の勝ち」 line."""
    for w in ("反則勝ち", "反則負け", "入玉勝ち", "千日手", "持将棋", "中断", "封じ手", "切れ負け", "時間切れ", "不詰", "詰"):
        if w in line:
            return "詰み" if w == "詰" else w
    if "勝ち" in line:
        return "投了"
    return None


def _skip_variations(rep: Replay) -> None:
    """Say that the record's 変化 (variations) were left out, unless a foul was already noticed."""
    if rep.notice is None:
        rep.notice = notice("variations_skipped", "変化（分岐）は読み込まず、本譜だけを読み込みました",
                            "The record's variations were skipped; only the main line was imported")


_MADE = re.compile(r"まで\d+手で(先手|後手|下手|上手)の(\S+)")


def _made(rep: Replay, line: str) -> str | None:
    """The end word of a まで line, noting the side it names as winner or loser."""
    m = _MADE.search(line)
    if m:
        side = 0 if m.group(1) in ("先手", "下手") else 1
        if "負け" in m.group(2):
            rep.loser = side
        elif "勝ち" in m.group(2):
            rep.winner_named = side
    return _made_word(line)


def _read_kif(rep: Replay, lines: list[str]) -> str | None:
    expected = len(rep.moves) + 1
    word: str | None = None
    for ln in lines:
        s = ln.strip()
        if s.startswith("*") and rep.notice is None:
            rep.comment(s[1:])
            continue
        if not s or s[0] in "*#&" or s.startswith("手数"):
            continue
        if s.startswith("変化"):
            break
        if s.startswith("まで"):
            return _made(rep, s) or word
        if word is not None:
            continue
        mm = _KIF_MOVE.match(ln)
        if not mm:
            continue
        token = re.sub(r"^同[\s　]+", "同", mm.group(2).strip()).split()[0]
        word = _end_word(token)
        if word == "封じ手":
            word = None
            continue
        if word:
            continue  # a まで line or a comment may follow the end word
        number = int(mm.group(1))
        if not _step(rep, token, number if number else expected):
            return _after_foul(rep, lines[lines.index(ln) + 1:])
        expected += 1
    return word


_NOT_A_FOUL = ("shogi.import.unreadable", "shogi.import.ambiguous", "shogi.import.no_previous", "shogi.game_over")


def _after_foul(rep: Replay, rest: list[str]) -> str | None:
    """After a move that could not be played: the record's own end (a まで line or an end word), if it gives
    one. A plain win (「まで9手で後手の勝ち」) after a move that was read but breaks a rule is that foul's
    end; a record that gives no end keeps none (the moves before the bad one load, with the notice)."""
    cause = (rep.notice or {}).get("params", {}).get("cause")
    foul = bool(cause) and cause not in _NOT_A_FOUL
    for ln in rest:
        s = ln.strip()
        if s.startswith("変化"):
            break
        if s.startswith("まで"):
            word = _made(rep, s)
            return "反則負け" if word == "投了" and foul else word
        mm = _KIF_MOVE.match(ln)
        if mm:
            word = _end_word(mm.group(2).strip())
            if word and word != "封じ手":
                return word
    return None


def _read_ki2(rep: Replay, lines: list[str]) -> str | None:
    number = 1
    for ln in lines:
        s = ln.strip()
        if s.startswith("*") and rep.notice is None:
            rep.comment(s[1:])
            continue
        if not s or s[0] in "*#&":
            continue
        if s.startswith("変化"):
            break
        if s.startswith("まで"):
            return _made(rep, s)
        if s[0] not in "▲△☗☖▼▽":
            word = _end_word(s)
            if word:
                return word
            continue
        for part in _KI2_MARK.split(s)[1:]:
            token = re.sub(r"^同[\s　]+", "同", part.strip())
            token = token.split()[0] if token else token
            if not token:
                continue
            if not _step(rep, token, number):
                return None
            number += 1
    return None


def _step(rep: Replay, token: str, number: int) -> bool:
    """Resolve and play one move; False (with a notice) if it cannot be read or played."""
    if rep.over():
        rep.stop(number, token, refuse("shogi.game_over"))
        return False
    try:
        usi = resolve(rep.state, token, rep.prev_to)
        rep.play(usi)
    except GameError as e:
        rep.stop(number, token, e)
        return False
    return True


def _direction(side: int, frm: int, to: int) -> tuple[int, int]:
    dx, dy = to % 9 - frm % 9, to // 9 - frm // 9
    return (dx, -dy) if side == 0 else (-dx, dy)


def _fits(word: str, side: int, frm: int, to: int) -> bool:
    dx, dy = _direction(side, frm, to)
    if word == "上" or word == "行" or word == "入":
        return dy > 0
    if word == "引":
        return dy < 0
    if word == "寄":
        return dy == 0
    if word == "直":
        return dx == 0 and dy > 0
    return True


def resolve(state: Any, token: str, prev_to: int | None) -> str:
    """The USI move a KIF/KI2 move token names in ``state`` (GameError if unreadable or illegal)."""
    t = _TOKEN.match(token)
    if not t:
        raise refuse("shogi.import.unreadable", why="import.move", token=token[:16])
    fz, rk, piece, words, prom, drop, sf, sr = t.groups()
    if fz:
        file = int(fz) if fz.isascii() else ZEN.index(fz)
        rank = int(rk) if rk.isascii() else (KAN.index(rk) if rk in KAN else ZEN.index(rk))
        to = (rank - 1) * 9 + 9 - file
    else:
        if prev_to is None:
            raise refuse("shogi.import.no_previous")
        to = prev_to
    if piece == "成":
        raise refuse("shogi.import.unreadable", why="import.move_piece", token=token[:16])
    code = _PIECE.get(piece, _PIECE.get(piece[-1:], 0))
    if piece in ("成歩", "成と"):
        code = 9
    table = rules.moves_table(state)
    pos = state.position()
    side = pos.side
    own = code if side == 0 else -code
    board_moves, drops = [], []
    for usi, (m, _f) in table.items():
        frm = m & 127
        if (m >> 7) & 127 != to:
            continue
        if frm >= DROP0:
            if frm - DROP0 == code and not prom:
                drops.append((usi, m))
        elif pos.board[frm] == own and bool((m >> 14) & 1) == (prom == "成"):
            if sf and (9 - frm % 9, frm // 9 + 1) != (int(sf), int(sr)):
                continue
            board_moves.append((usi, m))
    if drop:
        cands = drops
    elif sf:
        cands = board_moves
    else:
        cands = board_moves or drops
    if len(cands) > 1 and words:
        dir_words = [w for w in words if w in "上引寄直行入"]
        cands = [c for c in cands if all(_fits(w, side, c[1] & 127, to) for w in dir_words)]
        if len(cands) > 1 and ("右" in words or "左" in words):
            key = (lambda c: (c[1] & 127) % 9) if side == 0 else (lambda c: -((c[1] & 127) % 9))
            ordered = sorted(cands, key=key)
            cands = [ordered[-1] if "右" in words else ordered[0]]
    if len(cands) > 1:
        want = token.split("(")[0].translate(_NORM_JA).replace("生", "不成").replace("打", "")
        exact = [c for c in cands if move_ja(pos, c[1], prev_to, mark=False).translate(_NORM_JA).replace("打", "") == want]
        cands = exact or cands
    if len(cands) != 1:
        if cands:
            raise refuse("shogi.import.ambiguous", token=token[:16])
        raise refuse("shogi.import.illegal", token=token[:16])
    return cands[0][0]
