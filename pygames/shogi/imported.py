"""What an imported record says beyond its moves, kept in the match's ``record`` option (engine version 2):
its end when the moves alone do not end the game (a foul, a loss on time, a declaration under other rules,
持将棋), its comments, each at its move, and whether its start is a composition that breaks a rule of the
starting position (nine pawns on a file...), which record viewers load and so do we, with a notice."""

from __future__ import annotations

from typing import Any

from pygames.core.errors import GameError, refuse

ENDINGS = {
    "反則負け": ("foul", "反則負け", "lost by a foul"), "反則勝ち": ("foul", "反則勝ち", "won by the opponent's foul"),
    "切れ負け": ("time_up", "切れ負け", "lost on time"), "時間切れ": ("time_up", "切れ負け", "lost on time"),
    "入玉勝ち": ("declaration", "入玉勝ち", "won by entering king"), "持将棋": ("impasse", "持将棋", "impasse (jishōgi)"),
    "引き分け": ("draw", "引き分け", "draw"), "不戦勝": ("default", "不戦勝", "won by default"),
    "不戦敗": ("default", "不戦敗", "lost by default"),
}
"""End words kept as the match's end: word -> (code, ja, en)."""
MAX_COMMENTS = 2000
MAX_TEXT = 500


def _bad(why: str) -> GameError:
    return refuse("shogi.option.record", why=why, key="record")


def check(value: Any) -> dict[str, Any] | None:
    """The ``record`` option normalised: ``{"end": {"word", "winner", "ply"} | None, "comments": [[ply, text]]}``."""
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"end", "comments", "composed"}:
        raise _bad("record.keys")
    if not isinstance(value.get("composed", False), bool):
        raise _bad("record.composed")
    end = value.get("end")
    if end is not None:
        if not isinstance(end, dict) or end.get("word") not in ENDINGS:
            raise _bad("record.end")
        winner, ply = end.get("winner"), end.get("ply")
        if winner not in (0, 1, None) or isinstance(winner, bool):
            raise _bad("record.winner")
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= 100_000:
            raise _bad("record.ply")
        end = {"word": end["word"], "winner": winner, "ply": ply}
    comments = value.get("comments") or []
    if not isinstance(comments, list) or len(comments) > MAX_COMMENTS:
        raise _bad("record.comments")
    out = []
    for c in comments:
        if (not isinstance(c, list) or len(c) != 2 or isinstance(c[0], bool) or not isinstance(c[0], int)
                or not 0 <= c[0] <= 100_000 or not isinstance(c[1], str) or len(c[1]) > MAX_TEXT):
            raise _bad("record.comment")
        out.append([c[0], c[1]])
    return {"end": end, "comments": out, "composed": bool(value.get("composed", False))}


def option_for(data: dict[str, Any], playable: bool) -> dict[str, Any] | None:
    """The ``record`` option for an import's data (``playable``: its end word is already an action)."""
    word = data.get("result")
    end = None
    if word in ENDINGS and not playable:
        end = {"word": word, "winner": data.get("winner"), "ply": len(data["moves"])}
    comments = data.get("comments") or []
    composed = bool(data.get("composed"))
    if end is None and not comments and not composed:
        return None
    return {"end": end, "comments": comments, "composed": composed}


def comments_at(option: dict[str, Any] | None) -> dict[int, list[str]]:
    """Comment lines by ply."""
    out: dict[int, list[str]] = {}
    for ply, text in (option or {}).get("comments", []):
        out.setdefault(ply, []).append(text)
    return out
