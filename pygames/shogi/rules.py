"""The rules on top of the move generator: action tables, fouls, draws, endings."""

from __future__ import annotations

from dataclasses import replace
from operator import itemgetter
from typing import Any

from pygames.core.errors import GameError, refuse

from .cards import NULLIFY
from .formats.japanese import MARK, move_en, move_ja, square_en, square_ja
from .imported import ENDINGS
from .messages import FOULS
from .nyugyoku import refusal
from .pieces import ENGLISH, FU, KANJI, KIND_OF, LEAP, NAMES, OU, PROMOTABLE, SLIDE, sq_name
from .position import DROP0, MOVE_MASK, USI_NAMES, Position, _DEAD, _ZONE, move_usi, parse_usi
from .state import MAX_PLIES, ShogiState, order_active, position_key

_FIRST = itemgetter(0)
SEAT_JA = ("先手", "後手")
SEAT_EN = ("Sente", "Gote")


# --- action tables --------------------------------------------------------------------
def foul_error(code: str, action: str) -> GameError:
    """The refusal of a foul (default rules: fouls are prevented and explained)."""
    return refuse(f"shogi.foul.{code}", action=action, foul=code)


def _card_foul(pos: Position, m: int) -> str | None:
    frm, to = m & 127, (m >> 7) & 127
    b, side = pos.board, pos.side
    own_fu = FU if side == 0 else -FU
    if frm >= DROP0:
        if frm == DROP0 + FU and pos.pawn_files(side)[to % 9]:
            return "nifu"
        return None
    p = b[frm]
    if p == own_fu and frm % 9 != to % 9:
        for y in range(9):
            if b[y * 9 + to % 9] == own_fu:
                return "nifu"
    q = b[to]
    if q:
        kinds = m >> 15
        t = pos.tables
        leap_ok = bool(kinds & LEAP) and not t.immune_leap[q]
        slide_ok = bool(kinds & SLIDE) and not t.immune_slide[q]
        if not (leap_ok or slide_ok):
            return "immune_leap" if kinds & LEAP else "immune_slide"
    return None


def moves_table(state: ShogiState) -> dict[str, tuple[int, str | None]]:
    """Every board move/drop action of the side to move: USI -> (move int with kinds, foul or None).
    Fouls appear only with 反則負けあり; without it they are left out."""
    cached = state.cache.get("moves")
    if cached is not None:
        return cached
    table: dict[str, tuple[int, str | None]] = {}
    if state.phase == "move":
        pos = state.position()
        if state.rules.hon:
            names = USI_NAMES
            table = {names[m & MOVE_MASK]: (m, None) for m in pos.legal_moves()}
        else:
            merged: dict[int, int] = {}
            for m in pos.pseudo_moves():
                key = m & MOVE_MASK
                merged[key] = merged.get(key, 0) | m
            zone = _ZONE[pos.side]
            for m in merged.values():
                foul = _card_foul(pos, m)
                if foul is None or state.rules.foul_loss:
                    table[move_usi(m)] = (m, foul)
                frm, to = m & 127, (m >> 7) & 127
                if (state.rules.foul_loss and frm < DROP0 and not (m >> 14) & 1 and abs(pos.board[frm]) in PROMOTABLE
                        and not zone[frm] and not zone[to]):
                    table[move_usi(m) + "+"] = (m | 1 << 14, "promotion")
    state.cache["moves"] = table
    return table


def draw_refusal(state: ShogiState) -> GameError | None:
    """Why the side to move may not draw now (None if it may)."""
    if state.rules.hon:
        return refuse("shogi.draw.hon")
    if state.rules.variant == "setup":
        return refuse("shogi.draw.setup_variant")
    if state.phase != "move":
        return refuse("shogi.wrong_phase")
    if not state.deck and not state.discard:
        return refuse("shogi.draw.no_cards")
    if in_check(state, state.side):
        return refuse("shogi.draw.in_check")
    return None


def in_check(state: ShogiState, seat: int) -> bool:
    """True if ``seat``'s king is attacked."""
    key = f"check{seat}"
    if key not in state.cache:
        state.cache[key] = state.position().in_check(seat)
    return state.cache[key]


def choice_actions(state: ShogiState) -> list[str]:
    """The drawer's choices for the pending card."""
    card = state.rules.pool[state.pending or ""]
    if card["kind"] == NULLIFY:
        return ["draw:off"] + [f"draw:nullify:{c}" for c in state.active]
    return ["draw:on", "draw:off"]


def declare_refusal(state: ShogiState) -> GameError | None:
    """Why the side to move may not declare a win by 入玉宣言 now (None if it may)."""
    if not state.rules.can_declare:
        return refuse("shogi.declare.off")
    if state.phase != "move":
        return refuse("shogi.wrong_phase")
    key = "declare"
    if key not in state.cache:
        state.cache[key] = refusal(state.board, state.hands, state.side)
    return state.cache[key]


# --- explaining refusals --------------------------------------------------------------
def explain(state: ShogiState, action: str) -> GameError:
    """The precise reason why a move/drop ``action`` is not playable now."""
    try:
        m = parse_usi(action)
    except ValueError:
        return refuse("shogi.bad_action", action=action[:20])
    if state.phase != "move":
        return refuse("shogi.wrong_phase", action=action)
    pos = state.position()
    hon = state.rules.hon
    side, sign = pos.side, (1 if pos.side == 0 else -1)
    frm, to, promo = m & 127, (m >> 7) & 127, (m >> 14) & 1
    if frm >= DROP0:
        code = frm - DROP0
        if not pos.hands[side][code]:
            return refuse("shogi.not_in_hand", action=action, piece_ja=KANJI[code], piece_en=action[0])
        if pos.board[to]:
            return refuse("shogi.occupied", action=action)
        if hon and _DEAD[side][code * sign][to]:
            return refuse("shogi.dead_piece", action=action)
        if code == FU and pos.pawn_files(side)[to % 9]:
            return foul_error("nifu", action)
        if hon:
            return _hon_reason(pos, m, action)
        return refuse("shogi.illegal_action", action=action)
    p = pos.board[frm]
    if p * sign <= 0:
        return refuse("shogi.no_piece", action=action, square_ja=square_ja(frm), square_en=square_en(frm))
    code = abs(p)
    reach = [x for x in pos.pseudo_moves() if x & 127 == frm and (x >> 7) & 127 == to]
    if not reach:
        changed = any(_changed(state, code))
        return refuse("shogi.unreachable", action=action, piece=code, piece_ja=KANJI[code],
                      piece_en=ENGLISH[code].lower(), from_ja=square_ja(frm), from_en=square_en(frm),
                      to_ja=square_ja(to), to_en=square_en(to),
                      changed_ja="（有効カードで動きが変わっています）" if changed else "",
                      changed_en=" (an active card changes its move)" if changed else "")
    if promo:
        if code not in PROMOTABLE:
            return refuse("shogi.cannot_promote", action=action, piece_ja=KANJI[code], piece_en=ENGLISH[code].lower())
        zone = _ZONE[side]
        if not zone[frm] and not zone[to]:
            if hon:
                return refuse("shogi.promotion_zone", action=action)
            return foul_error("promotion", action)
    elif hon and code in PROMOTABLE and _DEAD[side][p][to]:
        return refuse("shogi.must_promote", action=action)
    if hon:
        return _hon_reason(pos, m, action)
    merged = 0
    for x in reach:
        if x & MOVE_MASK == m & MOVE_MASK:
            merged |= x
    foul = _card_foul(pos, merged) if merged else None
    if foul:
        return foul_error(foul, action)
    return refuse("shogi.illegal_action", action=action)


def _changed(state: ShogiState, code: int) -> list[str]:
    kind = KIND_OF[code]
    return [c for c in state.active if state.rules.pool[c]["kind"] == _KIND_NAME.get(kind)]


_KIND_NAME = {1: "FU", 2: "KY", 3: "KE", 4: "GI", 5: "KI", 6: "KA", 7: "HI"}


def _hon_reason(pos: Position, m: int, action: str) -> GameError:
    frm = m & 127
    if frm == DROP0 + FU and pos._drop_pawn_mate(m):
        return refuse("shogi.uchifuzume", action=action)
    return refuse("shogi.self_check", action=action)


# --- playing --------------------------------------------------------------------------
def _finish(state: ShogiState, winners: tuple[int, ...], code: str, ja: str, en: str) -> ShogiState:
    return replace(state, phase="over", result=(winners, code, ja, en), cache={})


def _after_turn(state: ShogiState) -> ShogiState:
    """Bookkeeping once a turn is complete: repetition, checkmate (本将棋), ply cap."""
    in_chk = state.position().in_check(state.side)
    key = position_key(state.board, state.hands, state.side, state.active)
    history = state.history + ((key, state.side, in_chk),)
    state = replace(state, history=history, cache={})
    state.cache[f"check{state.side}"] = in_chk
    if state.rules.hon and not moves_table(state):
        loser = state.side
        return _finish(state, (1 - loser,), "checkmate" if in_chk else "no_moves",
                       f"{'詰み' if in_chk else '指す手がありません'}: {SEAT_JA[1 - loser]}の勝ち",
                       f"{'Checkmate' if in_chk else 'No legal move'}: {SEAT_EN[1 - loser]} wins")
    if list(map(_FIRST, history)).count(key) >= 4:  # a scan in C: most positions never come back
        seen = [i for i, h in enumerate(history) if h[0] == key]
        if state.rules.hon:
            cycle = history[seen[0] + 1:]
            for checker in (0, 1):
                checked = [h for h in cycle if h[1] == 1 - checker]
                if checked and all(h[2] for h in checked):
                    return _finish(state, (1 - checker,), "perpetual_check",
                                   f"連続王手の千日手: {SEAT_JA[checker]}の負け",
                                   f"Repetition by perpetual check: {SEAT_EN[checker]} loses")
        return _finish(state, (), "repetition", "千日手（同一局面4回）で引き分け", "Draw by fourfold repetition")
    end = (state.rules.imported or {}).get("end")
    if end is not None and state.ply == end["ply"]:  # an imported record's own end (a foul, time, 持将棋...)
        _code, ja, en = ENDINGS[end["word"]]
        w = end["winner"]
        side_ja, side_en = ("", "") if w is None else (f": {SEAT_JA[w]}の勝ち", f": {SEAT_EN[w]} wins")
        return _finish(state, () if w is None else (w,), f"record.{_code}", f"{ja}（棋譜による）{side_ja}",
                       f"{en[0].upper()}{en[1:]} (as the record says){side_en}")
    if state.ply >= MAX_PLIES:
        return _finish(state, (), "max_plies", f"{MAX_PLIES}手に達したので引き分け", f"Draw: {MAX_PLIES} plies reached")
    return state


def play_move(state: ShogiState, action: str) -> ShogiState:
    """A board move or drop (checked)."""
    entry = moves_table(state).get(action)
    if entry is None:
        raise explain(state, action)
    m, foul = entry
    pos = state.position()
    ja = move_ja(pos, m, state.last_to)
    en = move_en(pos, m)
    mover = pos.side
    captured = pos.board[(m >> 7) & 127]
    pos.do(m)
    frm, to = m & 127, (m >> 7) & 127
    last = {"usi": move_usi(m), "from": None if frm >= DROP0 else sq_name(frm), "to": sq_name(to), "seat": mover,
            "drop": ("FU KY KE GI KI KA HI".split()[frm - DROP0 - 1] if frm >= DROP0 else None),
            "promoted": bool((m >> 14) & 1), "captured": _code_name(captured)}
    rec = {"ply": state.ply + 1, "seat": mover, "usi": move_usi(m), "ja": ja, "en": en}
    new = replace(state, board=tuple(pos.board), hands=(tuple(pos.hands[0]), tuple(pos.hands[1])), side=pos.side,
                  ply=state.ply + 1, record=state.record + (rec,), last=last, last_to=to, cache={})
    if foul:
        ja_f, en_f = FOULS[foul]
        return _finish(new, (1 - mover,), f"foul.{foul}", f"反則負け（{SEAT_JA[mover]}）: {ja_f}",
                       f"Foul by {SEAT_EN[mover]}: {en_f}")
    if captured and abs(captured) == OU:
        return _finish(new, (mover,), "king_captured", f"玉を取りました: {SEAT_JA[mover]}の勝ち",
                       f"King captured: {SEAT_EN[mover]} wins")
    return _after_turn(new)


def _code_name(p: int) -> str | None:
    return NAMES[abs(p)] if p else None


def resign(state: ShogiState) -> ShogiState:
    """The side to move gives up."""
    seat = state.side
    rec = {"ply": state.ply + 1, "seat": seat, "usi": "resign", "ja": f"{MARK[seat]}投了", "en": "Resigns"}
    return _finish(replace(state, record=state.record + (rec,)), (1 - seat,), "resign",
                   f"{SEAT_JA[seat]}の投了: {SEAT_JA[1 - seat]}の勝ち", f"{SEAT_EN[seat]} resigned: {SEAT_EN[1 - seat]} wins")


def declare(state: ShogiState) -> ShogiState:
    """入玉宣言: the side to move declares a win. A declaration that does not hold is refused with the
    reason, or (反則負けあり) loses, as the 27-point rule says."""
    why = declare_refusal(state)
    seat = state.side
    if why is not None and (not state.rules.can_declare or state.phase != "move" or not state.rules.foul_loss):
        raise why
    rec = {"ply": state.ply + 1, "seat": seat, "usi": "declare", "ja": f"{MARK[seat]}入玉宣言",
           "en": "Declares a win (entering king)"}
    new = replace(state, record=state.record + (rec,))
    if why is not None:
        ja_f, en_f = FOULS["declaration"]
        return _finish(new, (1 - seat,), "foul.declaration", f"反則負け（{SEAT_JA[seat]}）: {ja_f}（{why.message_ja}）",
                       f"Foul by {SEAT_EN[seat]}: {en_f} ({why.message_en})")
    return _finish(new, (seat,), "declaration", f"入玉宣言: {SEAT_JA[seat]}の勝ち",
                   f"Win by declaration (entering king): {SEAT_EN[seat]} wins")


def start_draw(state: ShogiState) -> ShogiState:
    """The 'draw' turn action: a chance node follows."""
    why = draw_refusal(state)
    if why is not None:
        raise why
    return replace(state, phase="draw_pending", cache={})


def draw_outcomes(state: ShogiState) -> list[tuple[str, float]]:
    """Each card id in the deck with its probability."""
    counts: dict[str, int] = {}
    for c in state.deck:
        counts[c] = counts.get(c, 0) + 1
    n = len(state.deck)
    return [(f"card:{c}", k / n) for c, k in sorted(counts.items())]


def _take(state: ShogiState, action: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    cid = action[5:] if action.startswith("card:") else ""
    if cid not in state.deck:
        raise refuse("shogi.bad_chance", card=cid[:40])
    deck = list(state.deck)
    deck.remove(cid)
    discard = state.discard
    if not deck:  # refill at once by shuffling the discard pile (order is drawn later, card by card)
        deck, discard = sorted(discard), ()
    return cid, tuple(deck), discard


def setup_done(state: ShogiState) -> bool:
    """2019 setup: done when 3 kinds are active or no other kind can still come."""
    kinds = {state.rules.pool[c]["kind"] for c in state.active}
    if len(kinds) >= 3:
        return True
    return not any(state.rules.pool[c]["kind"] not in kinds and state.rules.pool[c]["kind"] != NULLIFY
                   for c in state.deck + state.discard)


def play_setup_card(state: ShogiState, action: str) -> ShogiState:
    """One opening draw: a new kind becomes active, anything else is discarded."""
    cid, deck, discard = _take(state, action)
    pool = state.rules.pool
    kinds = {pool[c]["kind"] for c in state.active}
    kind = pool[cid]["kind"]
    if kind != NULLIFY and kind not in kinds:
        state = replace(state, active=order_active(state.active + (cid,), pool), deck=deck, discard=discard, cache={})
    else:
        state = replace(state, deck=deck, discard=discard + (cid,), cache={})
    if setup_done(state):
        state = replace(state, phase="move", cache={})
        return _after_turn(state)
    return state


def play_drawn_card(state: ShogiState, action: str) -> ShogiState:
    """The chance outcome of a draw turn: the card is shown and the drawer will choose."""
    cid, deck, discard = _take(state, action)
    if state.rules.pool[cid]["kind"] == NULLIFY:
        discard = discard + (cid,)
    return replace(state, deck=deck, discard=discard, pending=cid, phase="draw_choice", cache={})


def play_choice(state: ShogiState, action: str) -> ShogiState:
    """有効/無効 for the drawn card (or the 無効化 target)."""
    if action not in choice_actions(state):
        raise refuse("shogi.bad_choice", action=action[:60], choices_ja=", ".join(choice_actions(state)),
                     choices_en=", ".join(choice_actions(state)))
    pool = state.rules.pool
    cid = state.pending or ""
    card = pool[cid]
    active, discard = list(state.active), list(state.discard)
    target = None
    if action == "draw:on":
        old = [c for c in active if pool[c]["kind"] == card["kind"]]
        for c in old:
            active.remove(c)
            discard.append(c)
        active.append(cid)
        choice, ja_c, en_c = "on", "有効", "on"
    elif action == "draw:off":
        if card["kind"] != NULLIFY:
            discard.append(cid)
        choice, ja_c, en_c = "off", "無効", "off"
    else:
        target = action[len("draw:nullify:"):]
        active.remove(target)
        discard.append(target)
        choice, ja_c, en_c = "nullify", f"有効（「{pool[target]['name']}」を無効化）", f"on (nullifies {_en(pool[target])})"
    seat = state.side
    rec = {"ply": state.ply + 1, "seat": seat, "usi": action, "draw": cid,
           "ja": f"{MARK[seat]}ドロー「{card['name']}」{ja_c}", "en": f"Draw {_en(card)}: {en_c}"}
    new = replace(state, active=order_active(active, pool), discard=tuple(discard), pending=None, phase="move",
                  side=1 - seat, ply=state.ply + 1, record=state.record + (rec,),
                  last={"draw": cid, "choice": choice, "target": target, "seat": seat}, last_to=None, cache={})
    return _after_turn(new)


def _en(card: dict[str, Any]) -> str:
    return card.get("name_en") or card["name"]


