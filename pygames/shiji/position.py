"""詰み札 positions: a JSON description of an open-hand position, validated, and its state.

``{"hands": [[codes], [codes]], "lands": [[...], [...]], "rows": [[cells], [cells]],
"merchant": [bool, bool], "turn": 0|1, "to_beat": int|null, "reverse": bool,
"star": "balanced"|"panic"|"M"|"D"|"E"|"N"}``; a row cell is a code, ``"~5"`` for a veiled 5,
``"-"`` for the gap a recovered card left. Rows are read two cards to a shell. Each seat's cards
must add up to its full set of 25, and the position must be one a match can reach (see
:func:`reachability_fault`); the side to move must not have lost already.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import refuse
from .cards import (
    CODES,
    FULL_SET,
    NIGHT,
    NUM_KINDS,
    PANIC,
    STARS,
    from_codes,
    is_number,
    next_star,
    parse_card,
    to_list,
)
from .rules import start_turn
from .state import BALANCED, PANIC_STATE, Rules, State

GAP = "-"


def _cell_kind(cell: str) -> int | None:
    """The kind of a row cell (-1 for a gap), None if unreadable."""
    if cell == GAP:
        return -1
    veiled = cell.startswith("~")
    kind = parse_card(cell[1:] if veiled else cell)
    if kind is None or (veiled and not is_number(kind)):
        return None
    return kind


def check_position(pos: Any, star_clears: bool = True, strict: bool = True) -> dict[str, Any]:
    """A normalised copy of ``pos``; GameError naming the fault if it is not a valid, reachable
    position whose side to move can still play (``strict=False``: only the card counts, as
    engine version 1 checked them, for its old records)."""
    if not isinstance(pos, dict):
        raise refuse("shiji.puzzle.bad_position", why="position.not_object")
    try:
        hands = [list(map(str, pos["hands"][i])) for i in (0, 1)]
        lands = [list(map(str, pos.get("lands", [[], []])[i])) for i in (0, 1)]
        rows = [list(map(str, pos.get("rows", [[], []])[i])) for i in (0, 1)]
        merchant = [bool(pos.get("merchant", [True, True])[i]) for i in (0, 1)]
    except (KeyError, IndexError, TypeError):
        raise refuse("shiji.puzzle.bad_position", why="position.lists") from None
    turn = pos.get("turn", 0)
    to_beat = pos.get("to_beat")
    star = pos.get("star", "balanced")
    reverse = pos.get("reverse", False)
    if turn not in (0, 1) or isinstance(turn, bool):
        raise refuse("shiji.puzzle.bad_position", why="position.turn")
    if to_beat is not None and (isinstance(to_beat, bool) or not isinstance(to_beat, int) or not 0 <= to_beat <= 99):
        raise refuse("shiji.puzzle.bad_position", why="position.to_beat")
    if not isinstance(star, str) or star not in ("balanced", "panic") and parse_card(star) not in STARS:
        raise refuse("shiji.puzzle.bad_position", why="position.star")
    if not isinstance(reverse, bool):
        raise refuse("shiji.puzzle.bad_position", why="position.reverse")
    for seat in (0, 1):
        try:
            counts = [a + b for a, b in zip(from_codes(hands[seat]), from_codes(lands[seat]))]
        except ValueError:
            raise refuse("shiji.puzzle.bad_position", why="position.card") from None
        for cell in rows[seat]:
            k = _cell_kind(cell)
            if k is None:
                raise refuse("shiji.puzzle.bad_position", why="position.cell", cell=cell[:4])
            if k >= 0:
                counts[k] += 1
        counts[0] += merchant[seat]
        if tuple(counts) != FULL_SET:
            raise refuse("shiji.puzzle.bad_position", why="position.full_set", player=seat + 1)
        if not 0 < len(hands[seat]) <= 10:
            raise refuse("shiji.puzzle.bad_position", why="position.hand")
    out = {"hands": hands, "lands": lands, "rows": rows, "merchant": merchant, "turn": turn, "to_beat": to_beat,
           "reverse": reverse, "star": star}
    if not strict:
        return out
    fault = reachability_fault(out, star_clears)
    if fault:
        raise refuse("shiji.puzzle.bad_position", why=fault)
    s = start_turn(state_from_position(out, star_clears))
    if s.result is not None:
        raise refuse("shiji.puzzle.already_lost")
    return out


def _shells(row: list[str]) -> list[list[int]]:
    return [[_cell_kind(c) for c in row[i:i + 2]] for i in range(0, len(row), 2)]  # type: ignore[misc]


def _zero_pair_after(row: list[str], start: int) -> bool:
    """True if the row holds a face-up 00 pair at positions after ``start``."""
    return any(row[i] == "0" and row[i + 1] == "0" for i in range(max(start + 1, 0), len(row) - 1))


def reachability_fault(pos: dict[str, Any], star_clears: bool = True) -> str | None:
    """Why ``pos`` cannot arise in a match (a ``reach.*`` cause of ``messages.REASONS``), or None. Checked: whole shells of valid kinds,
    恐慌 in a row exactly when that merchant was taken, alternating shell counts, the value to beat
    and star state agreeing with the opponent's last shell, the order agreeing with the star state."""
    rows, turn = pos["rows"], pos["turn"]
    specials: list[list[tuple[int, int]]] = [[], []]   # (position, kind) of stars and 恐慌 per row
    for seat in (0, 1):
        row = rows[seat]
        if len(row) % 2:
            return "reach.half_shell"
        for shell in _shells(row):
            known = [k for k in shell if k >= 0]
            stars = [k for k in known if k in STARS]
            if PANIC in known and (stars or known.count(PANIC) > 1):
                return "reach.panic_star"
            if len(stars) == 2 and stars[1] != next_star(stars[0]):
                return "reach.star_pair"
        specials[seat] = [(i, _cell_kind(c) or 0) for i, c in enumerate(row) if (_cell_kind(c) or 0) >= 10]
        has_panic = any(k == PANIC for _, k in specials[seat])
        if has_panic == pos["merchant"][seat]:
            return "reach.merchant"
    placed = [len(r) // 2 for r in rows]
    if placed[1 - turn] - placed[turn] not in (0, 1):
        return "reach.alternate"
    star = pos["star"]
    last_special = [specials[s][-1] if specials[s] else None for s in (0, 1)]
    if star == "balanced":
        if any(last_special) and not any(
                _zero_pair_after(rows[s], last_special[s][0] if last_special[s] else -1)  # type: ignore[index]
                for s in (0, 1)):
            return "reach.balanced"
    else:
        want = PANIC if star == "panic" else parse_card(star)
        if not any(ls is not None and ls[1] == want and not _zero_pair_after(rows[s], ls[0])
                   for s, ls in enumerate(last_special)):
            return "reach.star_state"
    reverse_expected = star in ("panic", CODES[NIGHT])
    if pos["reverse"] != reverse_expected:
        return "reach.order"
    opp_row = rows[1 - turn]
    if not opp_row:
        expected: int | None = None
    else:
        front, back = _cell_kind(opp_row[-2]), _cell_kind(opp_row[-1])
        if front is None or back is None or front < 0 or back < 0 or opp_row[-1].startswith("~") \
                or opp_row[-2].startswith("~"):
            return "reach.face_up"
        if is_number(front) and is_number(back):
            expected = front * 10 + back
            if front == 0 and (back == 0 or len(opp_row) > 2 and opp_row[-3] == "0") and star != "balanced":
                return "reach.zero_pair"
        else:
            expected = None if star_clears else 0
            last = back if not is_number(back) else front
            if (CODES[last] if last != PANIC else "panic") != star:
                return "reach.last_star"
    if pos["to_beat"] != expected:
        return "reach.to_beat"
    return None


def state_from_position(pos: dict[str, Any], star_clears: bool = True) -> State:
    """The play state of a checked position (open hands, no 閉場)."""
    rows: list[tuple[tuple[int, bool, int], ...]] = []
    for seat in (0, 1):
        cells: list[tuple[int, bool, int]] = []
        for i, cell in enumerate(pos["rows"][seat]):
            veiled = cell.startswith("~")
            kind = _cell_kind(cell)
            cells.append((-1 if kind is None else kind, veiled, i // 2))
        rows.append(tuple(cells))
    star = pos["star"]
    star_value = BALANCED if star == "balanced" else PANIC_STATE if star == "panic" else parse_card(star)
    assert star_value is not None
    placed = tuple((len(r) + 1) // 2 for r in rows)
    return State(rules=Rules(closing=0, open_hands=True, star_clears=star_clears), phase="play",
                 land=(from_codes(pos["lands"][0]), from_codes(pos["lands"][1])),
                 hand=(from_codes(pos["hands"][0]), from_codes(pos["hands"][1])),
                 merchant=(pos["merchant"][0], pos["merchant"][1]), rows=(rows[0], rows[1]), picks=(0, 0),
                 turn=pos["turn"], to_beat=pos["to_beat"], reverse=pos["reverse"], star=star_value,
                 placed=(placed[0], placed[1]))


def position_from_state(s: State) -> dict[str, Any]:
    """The JSON position of a play state (for the generator and tests)."""
    def cells(seat: int) -> list[str]:
        return [GAP if k < 0 else ("~" if v else "") + CODES[k] for k, v, _ in s.rows[seat]]
    star = "balanced" if s.star == BALANCED else "panic" if s.star == PANIC_STATE else CODES[s.star]
    return {"hands": [to_list(s.hand[0]), to_list(s.hand[1])], "lands": [to_list(s.land[0]), to_list(s.land[1])],
            "rows": [cells(0), cells(1)], "merchant": list(s.merchant), "turn": s.turn, "to_beat": s.to_beat,
            "reverse": s.reverse, "star": star}


assert len(CODES) == NUM_KINDS
