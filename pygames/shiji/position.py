"""詰み札 positions: a JSON description of an open-hand position, validated, and its state.

``{"hands": [[codes], [codes]], "lands": [[...], [...]], "rows": [[cells], [cells]],
"merchant": [bool, bool], "turn": 0|1, "to_beat": int|null, "reverse": bool,
"star": "balanced"|"panic"|"M"|"D"|"E"|"N"}``; a row cell is a code, ``"~5"`` for a veiled 5.
Rows are read two cards to a shell. Each seat's cards must add up to its full set of 25.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import GameError
from .cards import CODES, FULL_SET, NUM_KINDS, STARS, from_codes, parse_card
from .state import BALANCED, PANIC_STATE, Rules, State


def _bad(why_ja: str, why_en: str) -> GameError:
    return GameError("shiji.puzzle.bad_position", f"詰み札の局面が不正です: {why_ja}",
                     f"The puzzle position is invalid: {why_en}")


def check_position(pos: Any) -> dict[str, Any]:
    """A normalised copy of ``pos``; GameError naming the fault if it is not a valid position."""
    if not isinstance(pos, dict):
        raise _bad("オブジェクトではありません", "not an object")
    try:
        hands = [list(map(str, pos["hands"][i])) for i in (0, 1)]
        lands = [list(map(str, pos.get("lands", [[], []])[i])) for i in (0, 1)]
        rows = [list(map(str, pos.get("rows", [[], []])[i])) for i in (0, 1)]
        merchant = [bool(pos.get("merchant", [True, True])[i]) for i in (0, 1)]
    except (KeyError, IndexError, TypeError):
        raise _bad("hands・lands・rows は２人分の札の一覧です", "hands, lands and rows are two lists of cards") from None
    turn = pos.get("turn", 0)
    to_beat = pos.get("to_beat")
    star = pos.get("star", "balanced")
    if turn not in (0, 1) or isinstance(turn, bool):
        raise _bad("turn は 0 か 1", "turn must be 0 or 1")
    if to_beat is not None and (isinstance(to_beat, bool) or not isinstance(to_beat, int) or not 0 <= to_beat <= 99):
        raise _bad("to_beat は 0〜99 か null", "to_beat must be 0-99 or null")
    if star not in ("balanced", "panic") and (parse_card(str(star)) not in STARS):
        raise _bad("star が不正です", "bad star state")
    for seat in (0, 1):
        try:
            counts = [a + b for a, b in zip(from_codes(hands[seat]), from_codes(lands[seat]))]
            for cell in rows[seat]:
                k = parse_card(cell[1:] if cell.startswith("~") else cell)
                if k is None:
                    raise ValueError(cell)
                counts[k] += 1
        except ValueError:
            raise _bad("知らない札があります", "unknown card code") from None
        counts[0] += merchant[seat]
        if tuple(counts) != FULL_SET:
            raise _bad(f"{seat + 1}人目の札が25枚一組になっていません", f"seat {seat + 1}'s cards are not one full set")
        if not 0 < len(hands[seat]) <= 10:
            raise _bad("手札は1〜10枚です", "a hand holds 1-10 cards")
    return {"hands": hands, "lands": lands, "rows": rows, "merchant": merchant, "turn": turn, "to_beat": to_beat,
            "reverse": bool(pos.get("reverse", False)), "star": star}


def state_from_position(pos: dict[str, Any]) -> State:
    """The play state of a checked position (open hands, no 閉場)."""
    rows: list[tuple[tuple[int, bool, int], ...]] = []
    for seat in (0, 1):
        cells: list[tuple[int, bool, int]] = []
        for i, cell in enumerate(pos["rows"][seat]):
            veiled = cell.startswith("~")
            kind = parse_card(cell[1:] if veiled else cell)
            assert kind is not None  # the position was checked
            cells.append((kind, veiled, i // 2))
        rows.append(tuple(cells))
    star = pos["star"]
    star_value = BALANCED if star == "balanced" else PANIC_STATE if star == "panic" else parse_card(star)
    assert star_value is not None
    placed = tuple((len(r) + 1) // 2 for r in rows)
    return State(rules=Rules(closing=0, open_hands=True), phase="play",
                 land=(from_codes(pos["lands"][0]), from_codes(pos["lands"][1])),
                 hand=(from_codes(pos["hands"][0]), from_codes(pos["hands"][1])),
                 merchant=(pos["merchant"][0], pos["merchant"][1]), rows=(rows[0], rows[1]), picks=(0, 0),
                 turn=pos["turn"], to_beat=pos["to_beat"], reverse=pos["reverse"], star=star_value,
                 placed=(placed[0], placed[1]))


def position_from_state(s: State) -> dict[str, Any]:
    """The JSON position of a play state (for the generator)."""
    def cells(seat: int) -> list[str]:
        return [("~" if v else "") + CODES[k] for k, v, _ in s.rows[seat] if k >= 0]
    from .cards import to_list
    star = "balanced" if s.star == BALANCED else "panic" if s.star == PANIC_STATE else CODES[s.star]
    return {"hands": [to_list(s.hand[0]), to_list(s.hand[1])], "lands": [to_list(s.land[0]), to_list(s.land[1])],
            "rows": [cells(0), cells(1)], "merchant": list(s.merchant), "turn": s.turn, "to_beat": s.to_beat,
            "reverse": s.reverse, "star": star}


assert len(CODES) == NUM_KINDS
