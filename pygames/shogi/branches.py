"""Branches (変化) of a record as KIF: written after the main line as 「変化：N手」 blocks, the main
line's move N marked with ``+`` (as Kifu for Windows writes them), and read back.

A branch is ``{"turn": k, "moves": [USI...]}``: it leaves the main line after k turns, so its first
move is an alternative to turn k + 1. Nested 変化 (a branch of a branch) are read as branches from
the main line where they leave it.

集大成将棋: the KIF numbers board moves only and writes a draw turn as a comment line
(``*▲ドロー「八方桂」有効``, see :mod:`.formats.kif`), so a branch that leaves the main line after draw
turns that follow board move N - 1 is written as 「変化：N手」 starting with those draws' comment lines,
in the same words. A card game's 変化 are read back against the match itself (its KIF cannot rebuild
the deck): the file's main line must be the match's.
"""

from __future__ import annotations

import re
from typing import Any

from pygames.core.errors import refuse
from pygames.core.record import parse_action

from . import rules
from .calls import _export_args
from .formats.japanese import move_ja
from .formats.jimport import _KIF_MOVE, _end_word, _step
from .formats.kif import _turns, export_kif
from .formats.records import import_text
from .formats.replay import Replay
from .position import DROP0
from .review import positions, turn_states

BRANCH_NOTE = "#変化の先頭のドロー行は、本譜のそのドローの後から分かれる変化であることを示します。"
_BLOCK = re.compile(r"^\s*変化[：:]\s*([0-9]{1,6})\s*手")
_NUMBERED = re.compile(r"^\s*([0-9]{1,6})\s+(.*)$")
_TIME = re.compile(r"\(\s*[0-9:]+\s*/\s*[0-9:]*\s*\)")


def _move_text(state: Any, usi: str, prev_to: int | None) -> tuple[str, int]:
    """The KIF move column of ``usi`` in ``state`` (「７六歩(77)」) and the square it goes to."""
    mv = rules.moves_table(state)[usi][0]
    text = move_ja(state.position(), mv, prev_to, mark=False, kif=True)
    frm = mv & 127
    if frm < DROP0:
        text += f"({9 - frm % 9}{frm // 9 + 1})"
    return text, (mv >> 7) & 127


def _plain(text: str) -> str:
    """A move column as compared on import: no time column, no spaces, no ``+`` (a branch mark)."""
    return re.sub(r"\s+", "", _TIME.sub("", text)).rstrip("+")


def _turn_kinds(match: Any) -> list[tuple[int, str]]:
    """(action index, "move" | "draw" | "other") of each turn (as :func:`.review.turn_states` counts them)."""
    out = []
    for i, state, _seat, action in turn_states(match):
        kind = "draw" if action == "draw" else "move" if action in rules.moves_table(state) else "other"
        out.append((i, kind))
    return out


def _draws_before(match: Any, kinds: list[tuple[int, str]], turn: int) -> tuple[int, list[str]]:
    """The board moves played before ``turn`` and the comment lines of the draw turns right before it
    (after the last board move), as the main line's KIF writes them."""
    moves = sum(1 for _i, k in kinds[:turn] if k == "move")
    first = turn
    while first > 0 and kinds[first - 1][1] == "draw":
        first -= 1
    if first == turn:
        return moves, []
    end = kinds[turn][0] if turn < len(kinds) else len(match.record["actions"])
    actions = [parse_action(a) for a in match.record["actions"][kinds[first][0]:end]]
    entries = _turns(match.states[kinds[first][0]:end], actions)
    return moves, [f"*{text}" for kind, _s, _m, _seat, text in entries if kind == "draw"]


def export_with_branches(match: Any, branches: list[dict[str, Any]]) -> str:
    """The match's KIF with ``branches`` (already checked) as 変化 blocks."""
    lines = export_kif(*_export_args(match)).rstrip("\n").split("\n")
    if not match.state.rules.hon and branches:
        at = next((i for i, ln in enumerate(lines) if ln.startswith("#集大成将棋の棋譜")), 1)
        lines.insert(at + 1, BRANCH_NOTE)
    kinds = _turn_kinds(match)
    heads = {id(b): _draws_before(match, kinds, b["turn"]) for b in branches}
    starts = {heads[id(b)][0] + 1 for b in branches}
    for i, ln in enumerate(lines):
        num = re.match(r"^\s*([0-9]+) ", ln)
        if num and int(num.group(1)) in starts and not ln.endswith("+"):
            lines[i] = ln + "+"
    states = positions(match)
    for b in sorted(branches, key=lambda b: -b["turn"]):
        done, draws = heads[id(b)]
        lines += ["", f"変化：{done + 1}手", *draws]
        state = states[b["turn"]]
        prev_to = None if draws else state.last_to
        for n, usi in enumerate(b["moves"], start=done + 1):
            text, prev_to = _move_text(state, usi, prev_to)
            lines.append(f"{n:>4} {text}")
            state = rules.play_move(state, usi)
    return "\n".join(lines) + "\n"


def read_card_branches(match: Any, text: Any) -> dict[str, Any]:
    """The 変化 of a card game's KIF (written by :func:`export_with_branches`) as branches of ``match``.
    The file's main line must be the match's; a block that cannot be read is left out and counted."""
    if not isinstance(text, str):
        raise refuse("shogi.kif.invalid", why="kif.not_text")
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    blocks: list[tuple[int, list[str]]] = []
    main: list[str] = []
    for ln in lines:
        m = _BLOCK.match(ln)
        if m:
            blocks.append((int(m.group(1)), []))
        elif blocks:
            blocks[-1][1].append(ln)
        else:
            mm = _NUMBERED.match(ln)
            if mm:
                main.append(_plain(mm.group(2)))
    kinds = _turn_kinds(match)
    states = positions(match)
    ours: list[str] = []
    prev_to: int | None = None
    for (i, kind), state in zip(kinds, states):
        if kind == "draw":
            prev_to = None
        elif kind == "move":
            move_text, prev_to = _move_text(state, parse_action(match.record["actions"][i])[1], prev_to)
            ours.append(_plain(move_text))
    if main[:len(ours)] != ours:
        raise refuse("shogi.branch.other_game")
    move_turns = [t for t, (_i, kind) in enumerate(kinds) if kind == "move"]
    branches: list[dict[str, Any]] = []
    skipped = 0
    for start, body in blocks:
        draws = 0
        moves_text: list[str] = []
        for ln in body:
            s = ln.strip()
            mm = _NUMBERED.match(ln)
            if s.startswith("*") and "ドロー" in s and not moves_text:
                draws += 1
            elif mm and not s.startswith(("*", "#")):
                moves_text.append(_plain(mm.group(2)))
        if not 1 <= start <= len(move_turns) + 1:
            skipped += 1
            continue
        first = 0 if start == 1 else move_turns[start - 2] + 1
        turn = first + draws
        if turn >= len(states) or any(k != "draw" for _i, k in kinds[first:turn]):
            skipped += 1
            continue
        state = states[turn]
        prev_to = None if draws else state.last_to
        moves: list[str] = []
        for want in moves_text:
            if state.result is not None or state.phase != "move":
                break
            found = None
            for usi, (_mv, foul) in rules.moves_table(state).items():
                if foul is None:
                    got, to = _move_text(state, usi, prev_to)
                    if _plain(got) == want:
                        found = (usi, to)
                        break
            if found is None:
                break
            moves.append(found[0])
            prev_to = found[1]
            state = rules.play_move(state, found[0])
        if len(moves) < len(moves_text):
            skipped += 1
        if moves:
            branches.append({"turn": turn, "moves": moves})
    notice = None
    if skipped:
        notice = {"code": "shogi.import.branch_skipped", "ja": f"読めない変化が{skipped}つあり、その手から先を読み込みませんでした",
                  "en": f"{skipped} branch(es) could not be read from a bad move on", "params": {"skipped": skipped}}
    branches.sort(key=lambda b: b["turn"])
    return {"branches": branches, "notice": notice}


def read_branches(text: Any) -> dict[str, Any]:
    """The 変化 of a KIF record as branches from its main line (a block that cannot be read is left
    out and named in ``notice``)."""
    data = import_text(text)
    main = list(data["moves"])
    lines_ = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    blocks: list[tuple[int, list[str]]] = []
    for ln in lines_:
        m = _BLOCK.match(ln)
        if m:
            blocks.append((int(m.group(1)), []))
        elif blocks:
            blocks[-1][1].append(ln)
    known: list[tuple[int, list[str]]] = [(1, main)]  # (first move number of the line, its moves from move 1)
    branches: list[dict[str, Any]] = []
    skipped = 0
    for start, body in blocks:
        base = next((full for first, full in reversed(known) if first < start and len(full) >= start), None)
        if base is None and start == len(main) + 1:
            base = main
        if base is None:
            skipped += 1
            continue
        rep = Replay(data["sfen"])
        for usi in base[:start - 1]:
            rep.play(usi)
        ok = True
        number = start
        for ln in body:
            mm = _KIF_MOVE.match(ln)
            s = ln.strip()
            if not mm or (s and s[0] in "*#&"):
                continue
            token = re.sub(r"^同[\s　]+", "同", mm.group(2).strip()).split()[0]
            if _end_word(token):
                break
            if not _step(rep, token, number):
                ok = False
                break
            number += 1
        moves = rep.moves
        if not ok or len(moves) < start:
            skipped += 1
            if len(moves) < start:
                continue
        known.append((start, list(moves)))
        turn = next((i for i in range(min(len(main), len(moves))) if main[i] != moves[i]), min(len(main), len(moves)))
        if moves[turn:]:
            branches.append({"turn": turn, "moves": moves[turn:]})
    notice = None
    if skipped:
        notice = {"code": "shogi.import.branch_skipped", "ja": f"読めない変化が{skipped}つあり、その手から先を読み込みませんでした",
                  "en": f"{skipped} branch(es) could not be read from a bad move on", "params": {"skipped": skipped}}
    branches.sort(key=lambda b: b["turn"])
    return {"branches": branches, "notice": notice, "main": main, "sfen": data["sfen"]}

