"""One entry point for record text of any supported format (KIF, KI2, CSA, SFEN/USI position)."""

from __future__ import annotations

import re
from typing import Any

from pygames.core.errors import GameError, refuse

from . import csa, jimport
from .csa import looks_csa
from .replay import Replay

FORMATS = ("kif", "ki2", "csa", "sfen")
_EXT = {".kif": "kif", ".kifu": "kif", ".ki2": "kif", ".ki2u": "kif", ".csa": "csa", ".sfen": "sfen", ".usi": "sfen"}


def detect(text: str, filename: str = "") -> str:
    """``kif`` (KIF or KI2), ``csa`` or ``sfen`` for this text (the file name's extension first)."""
    name = (filename or "").lower()
    for ext, fmt in _EXT.items():
        if name.endswith(ext):
            return fmt
    s = text.lstrip("\ufeff").strip()
    if s.startswith(("sfen ", "position ", "startpos")) or (s.count("/") == 8 and "\n" not in s):
        return "sfen"
    if looks_csa(s) and not re.search(r"[▲△☗☖]|手合割|^\s*1\s+\S", s, re.MULTILINE):
        return "csa"
    return "kif"


def parse_sfen_text(text: str) -> dict[str, Any]:
    """An SFEN or USI ``position`` command as a record (the moves after ``moves`` are checked)."""
    body = text.strip()
    if body.startswith("position "):
        body = body[len("position "):].strip()
    moves: list[str] = []
    if " moves" in f" {body}":
        body, _, tail = f"{body} ".partition(" moves")
        moves = tail.split()
    body = body.strip()
    body = body.removeprefix("sfen ")
    rep = Replay(body or "startpos")  # checked there (a composition's start loads with a notice)
    for i, usi in enumerate(moves[:1000]):
        try:
            if rep.over():
                raise refuse("shogi.game_over")
            rep.play(usi)
        except GameError as e:
            rep.stop(i + 1, usi, e)
            break
    return rep.data("sfen", None)


def import_text(text: str, filename: str = "") -> dict[str, Any]:
    """``{"format", "sfen", "moves", "result", "result_text", "notice", "names"}`` of a 本将棋 record."""
    if not isinstance(text, str):
        raise refuse("shogi.kif.invalid", why="kif.not_text")
    fmt = detect(text, filename if isinstance(filename, str) else "")
    if fmt == "sfen":
        return parse_sfen_text(text)
    if fmt == "csa":
        return csa.parse(text)
    return jimport.parse(text)
