"""CSA records (V2, V2.2): import of 本将棋 games (first game of a file) and export.

Import reads ``N+``/``N-`` names, the position (``PI`` with removed pieces, ``P1``-``P9`` rows, ``P+``/``P-``
piece lines incl. ``00AL``), the side to move, moves (``+7776FU``, several per line with ``,``), times and
comments (skipped) and the ``%`` end words. An illegal move ends the import with a notice.
"""

from __future__ import annotations

import re
from typing import Any

from pygames.core.errors import GameError, refuse

from .. import rules
from ..pieces import OU, PROMOTE
from ..position import DROP0, move_usi
from ..sfen import make_sfen
from .kif import _turns, comment_lines
from .replay import Replay

CSA_CODE = {"FU": 1, "KY": 2, "KE": 3, "GI": 4, "KI": 5, "KA": 6, "HI": 7, "OU": 8, "TO": 9, "NY": 10, "NK": 11,
            "NG": 12, "UM": 14, "RY": 15}
CODE_CSA = {v: k for k, v in CSA_CODE.items()}
_START = [-2, -3, -4, -5, -8, -5, -4, -3, -2, 0, -7, 0, 0, 0, 0, 0, -6, 0] + [-1] * 9 + [0] * 27 + [1] * 9 + \
    [0, 6, 0, 0, 0, 0, 0, 7, 0, 2, 3, 4, 5, 8, 5, 4, 3, 2]
_TOTAL = {1: 18, 2: 4, 3: 4, 4: 4, 5: 4, 6: 2, 7: 2, 8: 2}
END = {"TORYO": "投了", "CHUDAN": "中断", "SENNICHITE": "千日手", "TIME_UP": "切れ負け", "ILLEGAL_MOVE": "反則負け",
       "+ILLEGAL_ACTION": "反則負け", "-ILLEGAL_ACTION": "反則負け", "JISHOGI": "持将棋", "KACHI": "入玉勝ち",
       "HIKIWAKE": "引き分け", "TSUMI": "詰み", "FUZUMI": "不詰", "MAX_MOVES": "持将棋", "ERROR": "中断"}
WORD_END = {"投了": "TORYO", "千日手": "SENNICHITE", "詰み": "TSUMI", "持将棋": "MAX_MOVES", "中断": "CHUDAN"}


def _err(why: str, **params: Any) -> GameError:
    """The refusal of a text that is no CSA record (``why``: the cause, see messages.REASONS)."""
    return refuse("shogi.csa.invalid", why=why, **params)


def _sq(text: str) -> int:
    f, r = int(text[0]), int(text[1])
    if not (1 <= f <= 9 and 1 <= r <= 9):
        raise ValueError(text)
    return (r - 1) * 9 + 9 - f


def looks_csa(text: str) -> bool:
    """True if the text has CSA position or move lines."""
    return bool(re.search(r"^(?:V2|PI|P1[-+ ]|N[+-]|[+-]\d{4}[A-Z]{2}|[+-]$)", text, re.MULTILINE))


def _position(lines: list[str]) -> tuple[list[int], list[list[int]], int]:
    board: list[int] | None = None
    hands = [[0] * 8, [0] * 8]
    side = 0
    rows: dict[int, list[int]] = {}
    extra: list[tuple[int, int, int]] = []  # (color, square or -1 for hand, code); code 0 = AL
    for ln in lines:
        if ln.startswith("PI"):
            board = _START[:]
            rest = ln[2:]
            for i in range(0, len(rest) - 3, 4):
                sq = _sq(rest[i:i + 2])
                if abs(board[sq]) != CSA_CODE.get(rest[i + 2:i + 4], -1):
                    raise refuse("shogi.csa.invalid", why="csa.pi_piece", piece=rest[i:i + 4])
                board[sq] = 0
        elif re.match(r"^P[1-9]", ln):
            r = int(ln[1])
            cells = []
            body = ln[2:].ljust(27)
            for i in range(9):
                cell = body[i * 3:i * 3 + 3]
                if cell.strip() in ("*", ""):
                    cells.append(0)
                elif cell[0] in "+-" and cell[1:] in CSA_CODE:
                    cells.append(CSA_CODE[cell[1:]] * (1 if cell[0] == "+" else -1))
                else:
                    raise refuse("shogi.csa.invalid", why="csa.row", row=r)
            rows[r] = cells
        elif re.match(r"^P[+-]", ln):
            color = 0 if ln[1] == "+" else 1
            rest = ln[2:]
            for i in range(0, len(rest) - 3, 4):
                where, kind = rest[i:i + 2], rest[i + 2:i + 4]
                if kind == "AL":
                    extra.append((color, -1, 0))
                elif kind in CSA_CODE:
                    extra.append((color, -1 if where == "00" else _sq(where), CSA_CODE[kind]))
                else:
                    raise refuse("shogi.csa.invalid", why="csa.piece", piece=kind)
        elif ln in ("+", "-"):
            side = 0 if ln == "+" else 1
    if rows:
        if len(rows) != 9:
            raise _err("csa.rows")
        board = [c for r in range(1, 10) for c in rows[r]]
    if board is None:
        board = [0] * 81 if extra else _START[:]
    for color, sq, code in extra:
        if code == 0:
            continue
        if sq >= 0:
            board[sq] = code if color == 0 else -code
        else:
            if code > 7:
                raise _err("csa.hand")
            hands[color][code] += 1
    for color, _, code in extra:
        if code == 0:  # 00AL: every remaining piece into this hand
            used = {k: 0 for k in range(1, 9)}
            for p in board:
                if p:
                    k = abs(p) - PROMOTE if abs(p) > OU else abs(p)
                    used[k] += 1
            for k in range(1, 8):
                used[k] += hands[0][k] + hands[1][k]
                hands[color][k] += max(0, _TOTAL[k] - used[k])
    return board, hands, side


def parse(text: str) -> dict[str, Any]:
    """The start SFEN, USI moves, end word and notice of the first game of a CSA file."""
    if not isinstance(text, str) or len(text) > 2_000_000:
        raise _err("csa.not_text")
    raw = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    lines: list[str] = []
    for ln in raw:
        if ln.startswith("'"):
            if ln.startswith("'*") and not ln.startswith("'**"):
                lines.append(ln)  # a comment (Kifu for Windows, ShogiHome), kept at its move
            continue
        if ln.strip() == "/":
            break  # next game of a multi-game file
        for part in (ln.split(",") if not ln.startswith(("$", "N")) else [ln]):
            part = part.strip()
            if part.startswith("'*") and not part.startswith("'**"):
                lines.append(part)
            elif not part.startswith("'"):
                lines.append(part)
    first_move = next((i for i, ln in enumerate(lines) if re.match(r"^[+-]\d{4}[A-Z]{2}", ln) or ln.startswith("%")),
                      len(lines))
    head = lines[:first_move]
    if not any(ln.startswith(("V", "N", "$", "P")) or ln in ("+", "-") for ln in head) and first_move == len(lines):
        raise _err("csa.no_line")
    board, hands, side = _position(head)
    names = ["", ""]
    for ln in head:
        if ln.startswith("N+"):
            names[0] = ln[2:].strip()
        elif ln.startswith("N-"):
            names[1] = ln[2:].strip()
    rep = Replay(make_sfen(board, hands, side))
    for ln in head:
        if ln.startswith("'*"):
            rep.comment(ln[2:])
    word = None
    number = 0
    for ln in lines[first_move:]:
        if ln.startswith("'*"):
            if rep.notice is None:
                rep.comment(ln[2:])
            continue
        if ln.startswith("%"):
            key = ln[1:].split(",")[0].strip()
            word = END.get(key, "中断")
            if key in ("+ILLEGAL_ACTION", "-ILLEGAL_ACTION"):
                rep.loser = 0 if key[0] == "+" else 1
            break
        m = re.match(r"^([+-])(\d\d)(\d\d)([A-Z]{2})", ln)
        if not m:
            continue
        number += 1
        try:
            if rep.over():
                raise refuse("shogi.game_over")
            usi = _usi(rep.state, m, rules)
            rep.play(usi)
        except (GameError, ValueError) as e:
            rep.stop(number, ln[:7], e if isinstance(e, GameError) else None)
            break
    return rep.data("csa", word, names)


def _usi(state: Any, m: re.Match[str], rules: Any) -> str:
    color, frm, to, kind = m.groups()
    if (color == "+") != (state.side == 0):
        raise refuse("shogi.import.wrong_side")
    code = CSA_CODE.get(kind)
    if code is None:
        raise refuse("shogi.import.unreadable", why="import.piece", kind=kind)
    dest = _sq(to)
    if frm == "00":
        usi = move_usi(DROP0 + code | dest << 7)
    else:
        src = _sq(frm)
        here = abs(state.board[src])
        promote = code != here and code == here + PROMOTE
        usi = move_usi(src | dest << 7 | promote << 14)
    if usi not in rules.moves_table(state):
        raise refuse("shogi.import.illegal", token=m.group(0))
    return usi


# --- export ---------------------------------------------------------------------------
def export_csa(states: list[Any], actions: list[tuple[int, str]], players: list[dict[str, Any]],
               outcome: Any = None) -> str:
    """CSA V2.2 text of a 本将棋 match (card draws become ``'`` comment lines)."""
    first = states[0]
    names = [(players[i].get("name") if i < len(players) else "") or "" for i in (0, 1)]
    lines = ["'CSA encoding=UTF-8", "V2.2", f"N+{names[0]}", f"N-{names[1]}"]
    if list(first.board) == _START and not any(first.hands[0]) and not any(first.hands[1]):
        lines.append("PI")
    else:
        for r in range(9):
            row = "".join(" * " if not (p := first.board[r * 9 + x]) else ("+" if p > 0 else "-") + CODE_CSA[abs(p)]
                          for x in range(9))
            lines.append(f"P{r + 1}{row}")
        for color, mark in ((0, "+"), (1, "-")):
            hand = "".join(f"00{CODE_CSA[c]}" * first.hands[color][c] for c in range(7, 0, -1))
            if hand:
                lines.append(f"P{mark}{hand}")
    lines.append("+" if first.side == 0 else "-")
    lines += comment_lines(first, 0, "'*")
    n = 0
    for kind, state, m, _seat, text in _turns(states, actions):
        if kind in ("cards", "draw"):
            lines.append(f"'{text}")
            continue
        if kind == "resign":
            continue
        frm, to = m & 127, (m >> 7) & 127
        mark = "+" if state.side == 0 else "-"
        if frm >= DROP0:
            lines.append(f"{mark}00{9 - to % 9}{to // 9 + 1}{CODE_CSA[frm - DROP0]}")
        else:
            code = abs(state.board[frm]) + (PROMOTE if (m >> 14) & 1 else 0)
            lines.append(f"{mark}{9 - frm % 9}{frm // 9 + 1}{9 - to % 9}{to // 9 + 1}{CODE_CSA[code]}")
        n += 1  # every board move or drop
        lines += comment_lines(first, n, "'*")
    if outcome is not None:
        code = outcome.details.get("code", "")
        if code == "resign":
            lines.append("%TORYO")
        elif code in ("repetition", "perpetual_check"):
            lines.append("%SENNICHITE")
        elif code == "checkmate":
            lines.append("%TSUMI")
        elif code in ("declaration", "record.declaration"):
            lines.append("%KACHI")
        elif code == "record.time_up":
            lines.append("%TIME_UP")
        elif code == "record.foul":
            lines.append("%+ILLEGAL_ACTION" if outcome.winners == (1,) else "%-ILLEGAL_ACTION")
        elif code in ("record.impasse", "record.draw"):
            lines.append("%JISHOGI" if code == "record.impasse" else "%HIKIWAKE")
        elif code.startswith("foul"):
            lines.append("%ILLEGAL_MOVE")
        elif code == "max_plies":
            lines.append("%MAX_MOVES")
        elif code == "timeout":
            lines.append("%TIME_UP")
    return "\n".join(lines) + "\n"
