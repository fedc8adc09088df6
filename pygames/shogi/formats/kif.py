"""KIF and KI2 export (本将棋 and the card game) and import (本将棋, see :mod:`.jimport`).

Card-game records: a draw turn is a pass for a standard viewer, which KIF cannot express, so draw
turns are comment lines (``*ドロー「八方桂」有効``) and the board moves are numbered 1, 2, 3... without
gaps. A standard viewer (Kifu for JS, ShogiGUI) replays the moves up to the first draw or the first
move a card allows but standard shogi does not; the header says so in a comment.
"""

from __future__ import annotations

from typing import Any


from .. import rules
from ..imported import comments_at
from ..pieces import HAND_ORDER, KANJI
from ..position import DROP0
from .handicaps import HANDICAPS, handicap_name  # noqa: F401  (HANDICAPS re-exported)
from .japanese import KAN, MARK, move_ja
from .jimport import parse

_BOD_NAME = {1: "歩", 2: "香", 3: "桂", 4: "銀", 5: "金", 6: "角", 7: "飛", 8: "玉", 9: "と", 10: "杏", 11: "圭",
             12: "全", 14: "馬", 15: "龍"}
CARD_NOTE = ("#集大成将棋の棋譜: ドローの手番はコメント行（*ドロー…）で書き、手数に数えません。"
             "標準の将棋ソフトでは最初のドローまで（またはカードで変わった動きまで）再生できます。")


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


def _header(first: Any, players: list[dict[str, Any]], kind: str) -> list[str]:
    hon = first.rules.hon
    lines = ["#KIF version=2.0 encoding=UTF-8" if kind == "kif" else "#KI2 version=2.0 encoding=UTF-8",
             f"# ---- {'本将棋' if hon else '集大成将棋'} 棋譜ファイル (pygames) ----"]
    if not hon:
        lines.append(CARD_NOTE)
    handicap = handicap_name(first.board, first.hands, first.side)
    if handicap:
        lines.append(f"手合割：{handicap}")
    else:
        lines += bod(first.board, first.hands, first.side)
    names = [(players[i].get("name") if i < len(players) else "") or "" for i in (0, 1)]
    lines += [f"先手：{names[0]}", f"後手：{names[1]}"]
    if not hon:
        variant = {"standard": "2019年ルール", "pickup": "ピックアップ", "setup": "セットアップ"}[first.rules.variant]
        lines.append(f"*ルール：集大成将棋（{variant}）")
    return lines


def _turns(states: list[Any], actions: list[tuple[int, str]]) -> list[tuple[str, Any, Any, int, str]]:
    """The record as ("move", state, move int, 0, "") | ("draw", state, None, seat, text) | ("resign", ...)
    | ("cards", state, None, 0, text) entries."""
    out: list[tuple[str, Any, Any, int, str]] = []
    announced = False
    first = states[0]
    pool = first.rules.pool
    for state, (seat, action) in zip(states, actions):
        if not first.rules.hon and not announced and state.phase == "move":
            out.append(("cards", state, None, 0,
                        "有効カード：" + ("".join(f"「{pool[c]['name']}」" for c in state.active) or "なし")))
            announced = True
        if seat < 0 or action == "draw":
            continue
        if action in ("resign", "declare"):
            out.append(("resign", state, None, seat, "投了" if action == "resign" else "入玉宣言"))
            continue
        if state.phase == "draw_choice":
            card = pool[state.pending]
            if action == "draw:on":
                text = f"ドロー「{card['name']}」有効"
            elif action == "draw:off":
                text = f"ドロー「{card['name']}」無効"
            else:
                target = action[len("draw:nullify:"):]
                text = f"ドロー「{card['name']}」有効（「{pool[target]['name']}」を無効化）"
            out.append(("draw", state, None, seat, f"{MARK[seat]}{text}"))
            continue
        entry = rules.moves_table(state).get(action)
        if entry is not None:
            out.append(("move", state, entry[0], state.side, ""))
    return out


def _ending(states: list[Any], outcome: Any, moves: int) -> tuple[str | None, str | None]:
    """(end word for the move column, まで line)."""
    if outcome is None:
        return None, None
    code = outcome.details.get("code", "")
    word = {"resign": "投了", "repetition": "千日手", "perpetual_check": "反則負け", "checkmate": "詰み",
            "max_plies": "持将棋", "king_captured": None, "declaration": "入玉勝ち", "record.foul": "反則負け",
            "record.time_up": "切れ負け", "record.declaration": "入玉勝ち", "record.impasse": "持将棋",
            "record.draw": "引き分け", "record.default": None,
            "timeout": "切れ負け"}.get(
        code, "反則負け" if code.startswith("foul") else None)
    if outcome.winners:
        winner = "先手" if outcome.winners[0] == 0 else "後手"
        loser = "後手" if winner == "先手" else "先手"
        made = f"まで{moves}手で{winner}の{'入玉' if code in ('declaration', 'record.declaration') else ''}勝ち"
        if code in ("perpetual_check", "record.foul") or code.startswith("foul"):
            made = f"まで{moves}手で{loser}の反則負け"
        elif code in ("record.time_up", "timeout"):
            made = f"まで{moves}手で{loser}の切れ負け"
    else:
        made = f"まで{moves}手で{'千日手' if code == 'repetition' else '持将棋' if word == '持将棋' else '引き分け'}"
    return word, made


def ending_line(outcome: Any, moves: int) -> tuple[str, str]:
    """The end of a game as records write it (「まで14手で後手の勝ち」) and in English."""
    _word, made = _ending([], outcome, moves)
    if outcome is None or made is None:
        return f"{moves}手", f"{moves} moves"
    if outcome.winners:
        side = "Sente" if outcome.winners[0] == 0 else "Gote"
        return made, f"{side} wins after {moves} moves ({outcome.reason_en})"
    return made, f"Drawn after {moves} moves ({outcome.reason_en})"


def comment_lines(first: Any, ply: int, mark: str) -> list[str]:
    """The comments an imported record had at ``ply`` (after that many moves), each as ``mark`` + text."""
    return [mark + text for text in comments_at(first.rules.imported).get(ply, [])]


def export_kif(states: list[Any], actions: list[tuple[int, str]], players: list[dict[str, Any]],
               outcome: Any = None) -> str:
    """KIF text of a match: ``states[i]`` is the state before ``actions[i]`` (seat, action)."""
    lines = _header(states[0], players, "kif") + ["手数----指手---------消費時間--"]
    lines += comment_lines(states[0], 0, "*")
    n = 0
    prev_to = None
    for kind, state, m, _seat, text in _turns(states, actions):
        if kind in ("cards", "draw"):
            lines.append(f"*{text}")
            prev_to = None
            continue
        if kind == "resign":
            continue
        n += 1
        mtext = move_ja(state.position(), m, prev_to, mark=False, kif=True)
        frm = m & 127
        if frm < DROP0:
            mtext += f"({9 - frm % 9}{frm // 9 + 1})"
        lines.append(f"{n:>4} {mtext}")
        lines += comment_lines(states[0], n, "*")
        prev_to = (m >> 7) & 127
    word, made = _ending(states, outcome, n)
    if word:
        lines.append(f"{n + 1:>4} {word}")
    if made:
        lines.append(made)
    return "\n".join(lines) + "\n"


def export_ki2(states: list[Any], actions: list[tuple[int, str]], players: list[dict[str, Any]],
               outcome: Any = None) -> str:
    """KI2 text (moves as ▲７六歩 △３四歩 ..., 打 and 右/左/上/引/寄/直 only when needed)."""
    lines = _header(states[0], players, "ki2") + comment_lines(states[0], 0, "*")
    row: list[str] = []
    n = 0
    prev_to = None
    for kind, state, m, _seat, text in _turns(states, actions):
        if kind in ("cards", "draw"):
            if row:
                lines.append("".join(row).rstrip())
                row = []
            lines.append(f"*{text}")
            prev_to = None
            continue
        if kind == "resign":
            continue
        n += 1
        mtext = move_ja(state.position(), m, prev_to)
        row.append(mtext + " " * max(1, 2 * (6 - len(mtext))))
        prev_to = (m >> 7) & 127
        notes = comment_lines(states[0], n, "*")
        if len(row) == 6 or notes:
            lines.append("".join(row).rstrip())
            row = []
        lines += notes
    if row:
        lines.append("".join(row).rstrip())
    _word, made = _ending(states, outcome, n)
    if made:
        lines.append(made)
    return "\n".join(lines) + "\n"


def import_kif(text: str) -> dict[str, Any]:
    """The start SFEN, USI moves, end word and notice of a 本将棋 KIF or KI2 record."""
    return parse(text)

