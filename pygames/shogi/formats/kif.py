"""KIF export (UTF-8 ``.kifu``; draws as comment lines) and KIF import for 本将棋 records.

Import is tolerant of real files: header lines, ``*``/``#``/``&`` comments, 消費時間, 不成, 同,
王/竜/全/圭/杏 spellings, 手合割 handicaps or a BOD board diagram, and variations (skipped).
"""

from __future__ import annotations

import re
from typing import Any

from pygames.core.errors import GameError

from ..pieces import HAND_ORDER, KANJI
from ..position import DROP0
from ..sfen import STARTPOS, make_sfen, parse_sfen
from .japanese import KAN, ZEN, move_ja

HANDICAPS = {
    "平手": STARTPOS,
    "香落ち": "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "右香落ち": "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "角落ち": "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "飛車落ち": "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "飛香落ち": "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "二枚落ち": "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "四枚落ち": "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "六枚落ち": "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "八枚落ち": "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "十枚落ち": "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
}
_SFEN_TO_HANDICAP = {make_sfen(*parse_sfen(v)[:3]): k for k, v in HANDICAPS.items()}
_PIECE_WORDS = {"歩": 1, "香": 2, "桂": 3, "銀": 4, "金": 5, "角": 6, "飛": 7, "玉": 8, "王": 8,
                "と": 9, "成香": 10, "杏": 10, "成桂": 11, "圭": 11, "成銀": 12, "全": 12, "馬": 14, "龍": 15, "竜": 15}
_BOD_PIECE = {"歩": 1, "香": 2, "桂": 3, "銀": 4, "金": 5, "角": 6, "飛": 7, "玉": 8, "王": 8,
              "と": 9, "杏": 10, "圭": 11, "全": 12, "馬": 14, "龍": 15, "竜": 15}
_BOD_NAME = {1: "歩", 2: "香", 3: "桂", 4: "銀", 5: "金", 6: "角", 7: "飛", 8: "玉", 9: "と", 10: "杏", 11: "圭",
             12: "全", 14: "馬", 15: "龍"}
_KANJI_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_END_WORDS = ("投了", "中断", "千日手", "詰み", "切れ負け", "反則勝ち", "反則負け", "持将棋", "入玉勝ち", "不戦勝", "不戦敗")
_MOVE_LINE = re.compile(r"^\s*([0-9]+)\s+(\S.*)$")


def _err(ja: str, en: str, **params: Any) -> GameError:
    return GameError("shogi.kif.invalid", f"KIFを読めません: {ja}", f"Cannot read the KIF: {en}", **params)


# --- export ---------------------------------------------------------------------------
def _kan_count(n: int) -> str:
    return "" if n == 1 else ("十" + (KAN[n - 10] if n > 10 else "")) if n >= 10 else KAN[n]


def bod(board: tuple[int, ...] | list[int], hands: Any, side: int) -> list[str]:
    """A KIF board diagram (BOD) of a position."""
    def hand_text(color: int) -> str:
        parts = [KANJI[c] + _kan_count(hands[color][c]) for c in HAND_ORDER if hands[color][c]]
        return "　".join(parts) if parts else "なし"

    lines = [f"後手の持駒：{hand_text(1)}", "  ９ ８ ７ ６ ５ ４ ３ ２ １", "+---------------------------+"]
    for y in range(9):
        row = ""
        for x in range(9):
            p = board[y * 9 + x]
            row += " ・" if not p else ((" " if p > 0 else "v") + _BOD_NAME[abs(p)])
        lines.append(f"|{row}|{KAN[y + 1]}")
    lines += ["+---------------------------+", f"先手の持駒：{hand_text(0)}"]
    if side == 1:
        lines.append("後手番")
    return lines


def export_kif(states: list[Any], actions: list[tuple[int, str]], players: list[dict[str, Any]],
               outcome: Any = None) -> str:
    """KIF text of a match: ``states[i]`` is the state before ``actions[i]`` (seat, action)."""
    from ..game import GAME
    first = states[0]
    hon = first.rules.hon
    lines = [f"# ---- {'本将棋' if hon else '集大成将棋'} 棋譜ファイル (pygames) ----"]
    sfen0 = make_sfen(first.board, first.hands, first.side)
    handicap = _SFEN_TO_HANDICAP.get(sfen0)
    if handicap:
        lines.append(f"手合割：{handicap}")
    else:
        lines += bod(first.board, first.hands, first.side)
    names = [p.get("name") or ("先手" if i == 0 else "後手") for i, p in enumerate(players[:2])]
    lines += [f"先手：{names[0]}", f"後手：{names[1] if len(names) > 1 else '後手'}"]
    if not hon:
        lines.append(f"*ルール：集大成将棋（{ {'standard': '2019年ルール', 'pickup': 'ピックアップ', 'setup': 'セットアップ'}[first.rules.variant]}）")
    lines.append("手数----指手---------消費時間--")
    pool = first.rules.pool
    announced_setup = False
    prev_to = None
    for state, (seat, action) in zip(states, actions):
        if not hon and not announced_setup and state.phase == "move":
            lines.append("*有効カード：" + ("".join(f"「{pool[c]['name']}」" for c in state.active) or "なし"))
            announced_setup = True
        if seat < 0 or action == "draw":
            continue
        n = state.ply + 1
        if action == "resign":
            lines.append(f"{n:>4} 投了")
            continue
        if state.phase == "draw_choice":
            card = pool[state.pending]
            if action == "draw:on":
                lines.append(f"*ドロー「{card['name']}」有効")
            elif action == "draw:off":
                lines.append(f"*ドロー「{card['name']}」無効")
            else:
                target = action[len("draw:nullify:"):]
                lines.append(f"*ドロー「{card['name']}」有効（「{pool[target]['name']}」を無効化）")
            prev_to = None
            continue
        from .. import rules
        entry = rules.moves_table(state).get(action)
        if entry is None:
            continue
        m = entry[0]
        pos = state.position()
        text = move_ja(pos, m, prev_to, mark=False, kif=True)
        frm = m & 127
        if frm < DROP0:
            text += f"({9 - frm % 9}{frm // 9 + 1})"
        lines.append(f"{n:>4} {text}")
        prev_to = (m >> 7) & 127
        _ = GAME
    if outcome is not None:
        last = states[-1] if states else first
        code = outcome.details.get("code", "")
        n = last.ply
        if code == "resign":
            pass
        elif code in ("repetition", "perpetual_check"):
            lines.append(f"{n + 1:>4} 千日手")
        elif code.startswith("foul"):
            lines.append(f"{n + 1:>4} 反則負け")
        if outcome.winners:
            lines.append(f"まで{n}手で{'先手' if outcome.winners[0] == 0 else '後手'}の勝ち")
        else:
            lines.append(f"まで{n}手で引き分け")
    return "\n".join(lines) + "\n"


# --- import ---------------------------------------------------------------------------
def _parse_bod(lines: list[str]) -> str | None:
    rows = [ln for ln in lines if ln.startswith("|") and ln.count("|") >= 2]
    if len(rows) < 9:
        return None
    board: list[int] = []
    for ln in rows[:9]:
        body = ln[1:ln.index("|", 1)]
        cells = []
        i = 0
        while i < len(body):
            mark = body[i]
            if i + 1 >= len(body):
                break
            ch = body[i + 1]
            if ch == "・":
                cells.append(0)
            elif ch in _BOD_PIECE:
                cells.append(_BOD_PIECE[ch] * (-1 if mark == "v" else 1))
            else:
                raise _err("盤面図に知らない駒があります", "unknown piece in the board diagram", text=ln[:40])
            i += 2
        if len(cells) != 9:
            raise _err("盤面図の段が9マスではありません", "a board-diagram rank does not have 9 squares", text=ln[:40])
        board.extend(cells)
    hands = [[0] * 8, [0] * 8]
    side = 0
    for ln in lines:
        for color, head in ((0, "先手の持駒"), (1, "後手の持駒"), (0, "下手の持駒"), (1, "上手の持駒")):
            if ln.startswith(head):
                text = ln.split("：", 1)[-1].strip()
                if text in ("なし", ""):
                    continue
                for part in re.split(r"[\s　]+", text):
                    if not part:
                        continue
                    code = _BOD_PIECE.get(part[0])
                    if code is None or code > 7:
                        raise _err("持駒が読めません", "cannot read the pieces in hand", text=part[:10])
                    n = 0
                    for ch in part[1:]:
                        n = n + _KANJI_NUM.get(ch, 0) if ch == "十" or n >= 10 else n * 10 + _KANJI_NUM.get(ch, 0)
                    hands[color][code] += n or 1
        if ln.startswith("後手番") or ln.startswith("上手番"):
            side = 1
    return make_sfen(board, hands, side)


def import_kif(text: str) -> dict[str, Any]:
    """The start SFEN and USI moves of a 本将棋 KIF record: ``{"sfen", "moves", "result"}``."""
    from ..game import GAME
    from .. import rules
    if not isinstance(text, str):
        raise _err("文字列ではありません", "not text")
    if len(text) > 2_000_000:
        raise _err("大きすぎます", "too large")
    text = text.lstrip("\ufeff")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header: list[str] = []
    body_start = len(lines)
    for i, ln in enumerate(lines):
        if _MOVE_LINE.match(ln) or ln.startswith("手数"):
            body_start = i
            break
        header.append(ln)
    sfen = None
    for ln in header:
        if ln.startswith("手合割"):
            name = ln.split("：", 1)[-1].strip()
            if name not in HANDICAPS and name != "その他":
                raise _err(f"知らない手合割です: {name[:10]}", f"unknown handicap: {name[:10]}")
            sfen = HANDICAPS.get(name)
    bod_sfen = _parse_bod(header)
    if bod_sfen:
        sfen = bod_sfen
    if body_start == len(lines) and not bod_sfen and not any("：" in ln for ln in header):
        raise _err("棋譜（KIF）として読める行がありません", "no line of this text reads as a KIF record")
    sfen = sfen or STARTPOS
    options = GAME.normalize_options({"ruleset": "hon", "sfen": sfen}, 2)
    state = GAME.initial_state(options, 2)
    moves: list[str] = []
    result = None
    prev_to: int | None = None
    for ln in lines[body_start:]:
        s = ln.strip()
        if not s or s[0] in "*#&" or s.startswith("手数"):
            continue
        if s.startswith("変化") or s.startswith("まで"):
            break
        mm = _MOVE_LINE.match(ln)
        if not mm:
            continue
        token = re.sub(r"^同[\s　]*", "同", mm.group(2)).split()[0]
        if any(token.startswith(w) for w in _END_WORDS):
            result = token
            break
        if state.phase != "move":
            raise _err(f"{mm.group(1)}手目: 終局後に指し手があります", f"move {mm.group(1)}: a move after the game ended")
        usi = _resolve(state, token, prev_to, int(mm.group(1)))
        m = rules.moves_table(state)[usi][0]
        prev_to = (m >> 7) & 127
        moves.append(usi)
        state = GAME.apply(state, state.side, usi)
    return {"sfen": options["sfen"], "moves": moves, "result": result}


_TOKEN = re.compile(r"^(?:([１-９1-9])([一二三四五六七八九1-9])|同[　\s]*)(成香|成桂|成銀|[歩香桂銀金角飛玉王と杏圭全馬龍竜])"
                    r"([右左上引寄直行入]*)(不成|生|成)?(打)?(?:\((\d)(\d)\))?")


def _resolve(state: Any, token: str, prev_to: int | None, number: int) -> str:
    from .. import rules
    t = _TOKEN.match(token.replace("　", "　"))
    if not t:
        raise _err(f"{number}手目「{token[:12]}」が読めません", f"move {number} '{token[:12]}' cannot be read")
    fz, rk, piece, _dirs, prom, drop, sf, sr = t.groups()
    if fz:
        file = int(fz) if fz.isdigit() and fz.isascii() else ZEN.index(fz)
        rank = int(rk) if rk.isascii() else KAN.index(rk)
        to = (rank - 1) * 9 + 9 - file
    else:
        if prev_to is None:
            raise _err(f"{number}手目: 「同」の前に指し手がありません", f"move {number}: '同' with no previous move")
        to = prev_to
    code = _PIECE_WORDS[piece]
    table = rules.moves_table(state)
    pos = state.position()
    cands = []
    for usi, (m, _f) in table.items():
        frm = m & 127
        if (m >> 7) & 127 != to:
            continue
        if frm >= DROP0:
            if frm - DROP0 == code and (drop or not any(pos.board[s] == (code if pos.side == 0 else -code)
                                                          and _reaches(table, s, to) for s in range(81))):
                cands.append((usi, m))
            continue
        if drop or abs(pos.board[frm]) != code:
            continue
        if bool((m >> 14) & 1) != (prom == "成"):
            continue
        if sf and (9 - frm % 9, frm // 9 + 1) != (int(sf), int(sr)):
            continue
        cands.append((usi, m))
    if len(cands) > 1:
        want = token.split("(")[0]
        exact = [c for c in cands if move_ja(pos, c[1], prev_to, mark=False).replace("　", "") == want]
        cands = exact or cands
    if len(cands) != 1:
        raise _err(f"{number}手目「{token[:12]}」は{'指せない手' if not cands else 'あいまい'}です",
                   f"move {number} '{token[:12]}' is {'illegal' if not cands else 'ambiguous'}")
    return cands[0][0]


def _reaches(table: dict[str, Any], frm: int, to: int) -> bool:
    return any(m & 127 == frm and (m >> 7) & 127 == to for m, _f in table.values())


