"""The view JSON described in VIEW.md."""

from __future__ import annotations

from typing import Any

from . import messages, rules
from .cards import card_json
from .handicap import CHOICES, NONE
from .imported import comments_at
from .pieces import ENGLISH, HAND_ORDER, KANJI, NAMES, OU, PROMOTABLE, sq_name
from .position import DROP0, MOVE_MASK, Position, _ALIGNED, _DEAD, _ZONE
from .sfen import make_sfen
from .state import MAX_PLIES, ShogiState, position_key


def _piece_moves(state: ShogiState) -> dict[str, Any]:
    faces = state.tables().faces
    by_kind = state.active_by_kind()
    std = __import__("pygames.shogi.pieces", fromlist=["STANDARD"]).STANDARD
    out = {}
    for code, name in NAMES.items():
        f = faces[code]
        kind = name if code <= OU else NAMES[code - 8]
        card = by_kind.get(kind)
        changed = (sorted(f["leaps"]) != sorted(std[code]["leaps"]) or sorted(f["slides"]) != sorted(std[code]["slides"])
                   or bool(f["specials"]))
        out[name] = {"moves": {"leaps": [list(o) for o in f["leaps"]], "slides": [list(o) for o in f["slides"]],
                               "specials": list(f["specials"])},
                     "changed": changed, "card": card if changed else None, "ja": KANJI[code], "en": ENGLISH[code]}
    return out


def _unsafe_check(state: ShogiState):
    """A test ``m -> bool``: True if move ``m`` leaves the mover's king capturable by the opponent's next
    move (card game only; 本将棋 never lists such moves). Only moves that can change the answer are
    played out: any move while in check, king moves, and moves from a square in line with the king
    (slides are unit directions, so only those can open a line); leaps do not depend on blockers."""
    if state.rules.hon:
        return None
    pos: Position = state.position()
    side = pos.side
    ksq = pos.kings[side]
    if ksq < 0:
        return None
    checked = rules.in_check(state, side)
    aligned = _ALIGNED[ksq]

    def unsafe(m: int) -> bool:
        frm = m & 127
        if not checked and frm != ksq and (frm >= DROP0 or not aligned[frm]):
            return False
        cap = pos.do(m)
        bad = pos.kings[side ^ 1] >= 0 and pos.in_check(side)  # taking the king ends the game
        pos.undo(m, cap)
        return bad

    return unsafe


def _moves(state: ShogiState) -> tuple[dict[str, list[dict[str, Any]]], dict[str, list[dict[str, Any]]]]:
    moves: dict[str, dict[str, dict[str, Any]]] = {}
    drops: dict[str, list[dict[str, Any]]] = {}
    if state.phase != "move":
        return {}, {}
    table = rules.moves_table(state)
    side = state.side
    zone = _ZONE[side]
    unsafe = _unsafe_check(state)
    for m, foul in table.values():
        frm, to, promo = m & 127, (m >> 7) & 127, (m >> 14) & 1
        if foul == "promotion":
            continue
        if frm >= DROP0:
            drop: dict[str, Any] = {"to": sq_name(to), "foul": messages.foul_json(foul)}
            if unsafe is not None and unsafe(m):
                drop["unsafe"] = True
            drops.setdefault(NAMES[frm - DROP0], []).append(drop)
            continue
        group = moves.setdefault(sq_name(frm), {})
        entry = group.get(sq_name(to))
        kinds = m >> 15
        if entry is None:
            p = state.board[frm]
            can = abs(p) in PROMOTABLE and (zone[frm] or zone[to])
            forced = can and state.rules.hon and _DEAD[side][p][to]
            q = state.board[to]
            entry = group[sq_name(to)] = {
                "to": sq_name(to), "kind": {1: "leap", 2: "slide", 3: "both"}.get(kinds, "leap"),
                "promotion": "forced" if forced else "optional" if can else "impossible",
                "capture": NAMES[abs(q)] if q else None, "foul": messages.foul_json(foul)}
            if unsafe is not None and unsafe(m & MOVE_MASK & ~(1 << 14)):
                entry["unsafe"] = True
        elif foul is None and not promo:
            entry["foul"] = None
    return ({k: list(v.values()) for k, v in moves.items()}, drops)


TITLES = {"hon": {"ja": "本将棋", "en": "Shogi"}, "cards": {"ja": "集大成将棋", "en": "Shūtaisei Shōgi"}}
LABELS = {"files": ["9", "8", "7", "6", "5", "4", "3", "2", "1"],
          "files_ja": ["９", "８", "７", "６", "５", "４", "３", "２", "１"],
          "ranks": {"ja": ["一", "二", "三", "四", "五", "六", "七", "八", "九"],
                    "en": ["1", "2", "3", "4", "5", "6", "7", "8", "9"]}}


def _with_comments(state: ShogiState) -> list[dict[str, Any]]:
    """The move list, each move with the comments an imported record had at it."""
    at = comments_at(state.rules.imported)
    if not at:
        return list(state.record)
    return [{**rec, "comments": at[rec["ply"]]} if rec.get("ply") in at and rec.get("usi") not in ("resign", "declare")
            else rec for rec in state.record]


def build(state: ShogiState, seat: int | None) -> dict[str, Any]:
    """The whole picture of a state (shogi has no secrets)."""
    board = [[None if not (p := state.board[y * 9 + x]) else {"p": NAMES[abs(p)], "o": 0 if p > 0 else 1}
              for x in range(9)] for y in range(9)]
    hands = [{NAMES[c]: state.hands[s][c] for c in HAND_ORDER} for s in (0, 1)]
    kings = [sq_name(state.board.index(OU)) if OU in state.board else None,
             sq_name(state.board.index(-OU)) if -OU in state.board else None]
    in_check = [rules.in_check(state, 0), rules.in_check(state, 1)]
    moves, drops = _moves(state)
    cards = None
    pending = None
    refusal = rules.draw_refusal(state) if state.phase == "move" else None
    if not state.rules.hon:
        pool = state.rules.pool
        deck: dict[str, int] = {}
        for c in state.deck:
            deck[c] = deck.get(c, 0) + 1
        cards = {"active": [card_json(pool[c]) for c in state.active], "deck_count": len(state.deck),
                 "discard_count": len(state.discard), "discard": list(state.discard), "deck": deck,
                 "pool": {cid: card_json(c) for cid, c in pool.items()}}
        if state.phase == "draw_choice" and state.pending:
            pending = {"card": card_json(pool[state.pending]), "choices": rules.choice_actions(state)}
    key = position_key(state.board, state.hands, state.side, state.active)
    return {
        "ruleset": state.rules.ruleset, "variant": state.rules.variant, "foul_loss": state.rules.foul_loss,
        "phase": state.phase, "side_to_move": state.side, "ply": state.ply, "max_plies": MAX_PLIES,
        "board": board, "hands": hands, "in_check": in_check, "kings": kings,
        "sfen": make_sfen(state.board, state.hands, state.side, state.move_no0 + state.ply),
        "last_move": state.last, "pieces": _piece_moves(state), "cards": cards, "pending_draw": pending,
        "can_draw": state.phase == "move" and refusal is None,
        "draw_refusal": None if refusal is None else {"code": refusal.code, "ja": refusal.message_ja,
                                                      "en": refusal.message_en},
        "moves": moves, "drops": drops, "record": _with_comments(state), "drawing": _drawing(state),
        "comments_at_start": comments_at(state.rules.imported).get(0, []),
        "repetition": sum(1 for h in state.history if h[0] == key) or 1,
        "title": dict(TITLES[state.rules.ruleset]), "labels": LABELS, "handicap": _handicap(state),
        "clock": None if state.rules.clock is None else {"main": state.rules.clock[0], "byoyomi": state.rules.clock[1]},
    }


def _drawing(state: ShogiState) -> dict[str, Any] | None:
    """A draw turn whose card is not drawn yet (phase draw_pending), as the move list's next entry."""
    if state.phase != "draw_pending":
        return None
    seat = state.side
    return {"ply": state.ply + 1, "seat": seat, "ja": f"{rules.MARK[seat]}ドロー（カードはまだ決まっていません）",
            "en": f"{rules.SEAT_EN[seat]} draws (the card is not decided yet)"}


def _handicap(state: ShogiState) -> dict[str, str] | None:
    """The 駒落ち of the match in words (None for an even game)."""
    if state.rules.handicap == NONE:
        return None
    ja, en = next((j, e) for v, j, e in CHOICES if v == state.rules.handicap)
    return {"ja": ja, "en": en}
