"""Branches (変化) of a 本将棋 record as KIF: written after the main line as 「変化：N手」 blocks, the
main line's move N marked with ``+`` (as Kifu for Windows writes them), and read back from any KIF.

A branch is ``{"turn": k, "moves": [USI...]}``: it leaves the main line after k moves, so its first
move is an alternative to move k + 1. Nested 変化 (a branch of a branch) are read as branches from
the main line where they leave it.
"""

from __future__ import annotations

import re
from typing import Any

from pygames.core.errors import refuse

from . import rules
from .calls import _export_args
from .formats.japanese import move_ja
from .formats.jimport import _KIF_MOVE, _end_word, _step
from .formats.kif import export_kif
from .formats.records import import_text
from .formats.replay import Replay
from .position import DROP0
from .review import positions

_BLOCK = re.compile(r"^\s*変化[：:]\s*([0-9]{1,6})\s*手")


def export_with_branches(match: Any, branches: list[dict[str, Any]]) -> str:
    """The match's KIF with ``branches`` (already checked) as 変化 blocks."""
    if not match.state.rules.hon:
        raise refuse("shogi.branch.cards")
    lines = export_kif(*_export_args(match)).rstrip("\n").split("\n")
    starts = {b["turn"] + 1 for b in branches}
    for i, ln in enumerate(lines):
        num = re.match(r"^\s*([0-9]+) ", ln)
        if num and int(num.group(1)) in starts and not ln.endswith("+"):
            lines[i] = ln + "+"
    states = positions(match)
    for b in sorted(branches, key=lambda b: -b["turn"]):
        lines += ["", f"変化：{b['turn'] + 1}手"]
        state = states[b["turn"]]
        prev_to = state.last_to
        for n, usi in enumerate(b["moves"], start=b["turn"] + 1):
            mv = rules.moves_table(state)[usi][0]
            text = move_ja(state.position(), mv, prev_to, mark=False, kif=True)
            frm = mv & 127
            if frm < DROP0:
                text += f"({9 - frm % 9}{frm // 9 + 1})"
            lines.append(f"{n:>4} {text}")
            prev_to = (mv >> 7) & 127
            state = rules.play_move(state, usi)
    return "\n".join(lines) + "\n"


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

