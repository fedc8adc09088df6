"""What one seat sees (``build``). See VIEW.md."""

from __future__ import annotations

from typing import Any

from . import risks, rules as R
from .cards import CODES, NAMES_EN, NAMES_JA, NUM_KINDS, PANIC, SYMBOLS, is_number, to_list
from .state import BALANCED, PANIC_STATE, State
from ..core.errors import refuse
from ..core.messages import seat_name
from .messages import warning_text

TIP = {"ja": "ヒント: 星札と恐慌札は相手の値を打ち消し（相殺）、次の数字組はどの値でも並べられます。ただし残り２枚に"
             "星札・恐慌札が残ると上がれずに負けるので、早めに使いましょう。",
       "en": "Tip: a star or the panic card cancels the opponent's value: after it any number shell may follow. "
             "Two cards left with a star or the panic card among them lose, so play them early."}
TIP_LITERAL = {"ja": "ヒント（字義どおりの読み）: 夜の星組の後は逆順で「超える値 00」になり、答えられるのは朝の星札・恐慌札・"
                     "00の双札だけです。答えられないとその場で負け（包囲）。",
               "en": "Tip (literal reading): after a Night star shell the order is reversed with 00 to beat: only a "
                     "Morning star, the panic card or a 00 pair can answer, and with none of them you lose (siege)."}
ORDER_NOTE = {"ja": "00 が揃うと昇順に戻ってから比べます",
              "en": "A 00 pair turns the order ascending first, then compares"}
"""Said with 逆順: a 00 pair (inside the shell or with the row's last 0) compares in ascending order."""
GOOD_NAMES = {"pair": ("双札", "pair"), "ten": ("十札", "ten"), "step": ("段札", "step")}


def _card(kind: int) -> dict[str, Any]:
    return {"code": CODES[kind], "ja": NAMES_JA[kind], "en": NAMES_EN[kind], "symbol": SYMBOLS[kind],
            "number": is_number(kind)}


def _goods_reward(s: State, seat: int) -> dict[str, Any] | None:
    """What the goods of ``seat``'s last shell add to the hand: nothing when that shell went out
    (上がり: goods bring no reward), one draw of DECK_REWARD cards in 山札 mode whatever the goods,
    else the goods' rewards summed (連結). None without goods."""
    goods = s.goods[seat]
    if not goods:
        return None
    if R.hand_size(s, seat) == 0:
        return {"cards": 0, "how": "out"}
    return {"cards": R.goods_reward(s, goods), "how": "deck" if s.rules.deck else "land"}


def _row(s: State, seat: int, viewer: int | None) -> list[dict[str, Any]]:
    highlight: dict[int, list[str]] = {}
    for name, positions, _ in s.goods[seat]:
        for p in positions:
            highlight.setdefault(p, []).append(name)
    last = set(s.last[1]) if s.last and s.last[0] == seat else set()
    cells = []
    for i, (kind, veiled, shell) in enumerate(s.rows[seat]):
        cell: dict[str, Any] = {"pos": i, "shell": shell, "veiled": veiled, "gap": kind < 0, "new": i in last,
                                "goods": highlight.get(i, [])}
        show = kind >= 0 and (not veiled or viewer == seat or s.rules.open_hands or s.result is not None)
        cell["card"] = _card(kind) if show else None
        cells.append(cell)
    if s.rules.back_to_front:
        cells.reverse()
    return cells


def star_info(s: State) -> dict[str, Any]:
    """The star state: balanced/panic/cycle, the last star and the stars allowed next."""
    state = "balanced" if s.star == BALANCED else "panic" if s.star == PANIC_STATE else "cycle"
    allowed = R.allowed_stars(s)
    return {"state": state, "last": CODES[s.star] if s.star >= 0 else None,
            "next": [CODES[k] for k in allowed], "enforced": s.rules.star_order}


SHELL_KINDS = {"number": ("数字組", "number shell"), "star": ("星組", "star shell"),
               "panic": ("恐慌組", "panic shell"), "raitei": ("雷霆", "雷霆 (100)")}


def shell_kind(kinds: tuple[int, ...]) -> str:
    """The classification of a shell: number, star, panic or raitei."""
    if len(kinds) == 3:
        return "raitei"
    if all(is_number(k) for k in kinds):
        return "number"
    return "panic" if PANIC in kinds else "star"


def shell_entry(s: State, kinds: tuple[int, ...], action: str) -> dict[str, Any]:
    """What a shell is (kind, value, its label) before it is placed."""
    kind = shell_kind(kinds)
    value = R.shell_value(kinds) if kind in ("number", "raitei") else None if s.rules.star_clears else 0
    ja, en = SHELL_KINDS[kind]
    if value is not None:
        shown = "100" if kind == "raitei" else f"{value:02d}"
        ja, en = f"{ja}（値 {shown}）", f"{en} (value {shown})"
    return {"action": action, "cards": [CODES[k] for k in kinds], "kind": kind, "value": value,
            "label": {"ja": ja, "en": en}}


def shells_for(s: State, seat: int) -> list[dict[str, Any]]:
    """Every shell the seat's hand can form now, legal or not: kind, value, the refusal's rule
    or the warning of a losing placement (the screen asks before playing it)."""
    hand = s.hand[seat]
    kinds = [k for k in range(NUM_KINDS) if hand[k]]
    lead = s.phase == "lead"
    out = []
    pairs = [(a, b) for a in kinds for b in kinds if a != b or hand[a] >= 2]
    if lead:
        pairs = [p for p in pairs if is_number(p[0]) and is_number(p[1])]
    elif R.is_raitei_hand(hand):
        pairs.append((1, 0, 0))  # type: ignore[arg-type]
    for pair in pairs:
        action = ("lead " if lead else "place ") + " ".join(CODES[k] for k in pair)
        entry = shell_entry(s, pair, action)
        entry["warning"] = entry["refusal"] = entry["caution"] = None
        entry["adds"] = []
        if lead:
            entry["legal"] = True
            entry["note"] = lead_note(entry["value"])
        else:
            problem = R.place_problem(s, seat, pair)
            entry["legal"] = problem is None
            if problem:
                err = refuse(problem[0], action=action, **problem[1])
                entry["refusal"] = {"code": err.code, "ja": err.message_ja, "en": err.message_en}
            else:
                entry.update(details(s, seat, pair))
        out.append(entry)
    return out


def details(s: State, seat: int, kinds: tuple[int, ...]) -> dict[str, Any]:
    """What the screen says before a legal placement: ``warning`` (it loses: the screen asks),
    ``caution`` (on the land, the opponent's values it could not answer afterwards) and ``adds``
    (cards the placement adds to hands, and why)."""
    danger = R.danger(s, seat, kinds)
    caution = risks.unanswered(s, seat, kinds) if danger is None else None
    taxed = risks.one_card(s, seat, kinds) if danger is None else None
    return {"warning": warning_text(*danger) if danger else None,
            "caution": risks.caution_text(caution) if caution else warning_text(*taxed) if taxed else None,
            "adds": risks.additions(s, seat, kinds)}


def _last_shell(s: State, seat: int, viewer: int | None) -> dict[str, Any] | None:
    """The seat's latest shell as it was placed (for the events), unless now hidden by a veil."""
    no = s.placed[seat] - 1
    cells = [(k, v) for k, v, shell in s.rows[seat] if shell == no]
    if no < 0 or not cells:
        return None
    if any(k < 0 or v for k, v in cells) and not (viewer == seat or s.rules.open_hands):
        return {"no": no, "hidden": True}
    kinds = tuple(k for k, _ in cells)
    if s.rules.back_to_front and len(kinds) == 2:
        kinds = (kinds[1], kinds[0])
    entry = shell_entry(s, kinds, "")
    del entry["action"]
    entry["no"] = no
    entry["hidden"] = False
    return entry


def round_info(s: State) -> dict[str, Any]:
    """The round counter toward 閉場: rounds both players have completed."""
    done = min(s.placed)
    total = s.rules.closing
    if total:
        return {"done": done, "total": total, "text": f"{done} / {total}",
                "ja": f"{done}巡済み（{total}巡で閉場）", "en": f"{done} of {total} rounds done (closing after {total})"}
    return {"done": done, "total": 0, "text": str(done), "ja": f"{done}巡済み", "en": f"{done} rounds done"}


def lead_info(s: State) -> dict[str, Any] | None:
    """先手決め so far: the last revealed pair values and whether they tied (choose again)."""
    if not s.lead_shown:
        return None
    a, b = s.lead_shown[-1]
    tie = a == b and s.phase == "lead"
    fa, fb = (f"{x:02d}" if x >= 0 else "—" for x in (a, b))
    p1, p2 = seat_name(0), seat_name(1)
    if tie:
        ja = f"先手決めは同じ値でした（{p1[0]} {fa}・{p2[0]} {fb}）。もう一度、数字組を選んでください"
        en = f"Deciding who goes first was a tie ({p1[1]} {fa}, {p2[1]} {fb}): choose a pair again"
    else:
        ja = f"先手決め: {p1[0]} {fa}・{p2[0]} {fb}"
        en = f"Who starts: {p1[1]} {fa}, {p2[1]} {fb}"
    return {"tries": len(s.lead_shown), "values": [a, b], "tie": tie, "ja": ja, "en": en}


def lead_note(value: int) -> dict[str, str]:
    """What a 先手決め pair does (said when it is chosen, before it is shown)."""
    return {"ja": f"この数字組（値 {value:02d}）を見せ合って先手を決めます。相手の値より大きければあなたが先手、"
                  "同じ値なら選び直しです",
            "en": f"Both pairs are shown to decide who starts: if your value {value:02d} is higher than the "
                  "opponent's, you play first; a tie, and both choose again"}


def shown_hand(s: State, seat: int) -> bool:
    """At the end, a hand every viewer sees: both at 閉場 (compared), the loser's two cards after a loss by
    the two-card rule (the star or 恐慌 that did it)."""
    if s.result is None:
        return False
    return s.result[1] == "closing" or (s.result[1] == "forbidden_two" and s.result[2] == seat)


def build(s: State, viewer: int | None) -> dict[str, Any]:
    """The JSON picture of ``s`` for ``viewer`` (None: spectator); see VIEW.md."""
    players = []
    for seat in (0, 1):
        mine = viewer == seat or s.rules.open_hands or shown_hand(s, seat)
        see_land = (viewer == seat and not s.rules.deck) or s.rules.open_hands
        players.append({
            "seat": seat,
            "hand": to_list(s.hand[seat]) if mine else None,
            "hand_size": R.hand_size(s, seat),
            "land": to_list(s.land[seat]) if see_land else None,
            "land_size": R.land_size(s, seat),
            "merchant": s.merchant[seat],
            "row": _row(s, seat, viewer),
            "placed": s.placed[seat],
            "picks_left": s.picks[seat],
            "lead_chosen": s.lead[seat] is not None and s.phase == "lead",
            "goods": [{"kind": g[0], "ja": GOOD_NAMES[g[0]][0], "en": GOOD_NAMES[g[0]][1],
                       "positions": list(g[1]), "reward": g[2]} for g in s.goods[seat]],
            "goods_reward": _goods_reward(s, seat),
            "veilable": list(s.veilable[seat]) if viewer == seat and s.turn == seat else [],
            "last_shell": _last_shell(s, seat, viewer),
        })
    task = None
    if s.tasks:
        t = s.tasks[0]
        task = {"kind": t[0], "seat": t[1] if len(t) > 1 else None, "count": t[2] if len(t) > 2 else None}
        if t[0] in ("take", "draw") and s.last is not None:
            why = "reward" if t[1] == s.last[0] else "tax"     # own goods, or the opponent's star shell
            task["why"] = {"kind": why, "ja": "報酬（商品）" if why == "reward" else "税（相手の星組）",
                           "en": "Reward (goods)" if why == "reward" else "Tax (opponent's star shell)"}
    last_value = None
    if s.last is not None and s.phase != "pick":
        last_value = s.to_beat
    return {
        "phase": s.phase if s.result is None else "over",
        "viewer": viewer,
        "turn": s.turn,
        "players": players,
        "to_beat": s.to_beat,
        "last_value": last_value,
        "last_seat": s.last[0] if s.last else None,
        "order": "desc" if s.reverse else "asc",
        "order_note": ORDER_NOTE if s.reverse and s.rules.goods else None,
        "star": star_info(s),
        "round": round_info(s),
        "lead": lead_info(s),
        "shells": shells_for(s, viewer) if viewer is not None and s.result is None and not s.tasks
        and viewer in R.to_move(s) and s.phase in ("play", "lead") else [],
        "additions": risks.after_view(s, viewer),
        "hand_note": risks.hand_note(s, viewer) if viewer is not None else None,
        "threat": risks.threat(s, viewer) if viewer is not None else None,
        "tip": TIP_LITERAL if not s.rules.star_clears else TIP,
        "task": task,
        "lead_shown": [list(v) for v in s.lead_shown],
        "rules": {"reverse": s.rules.reverse, "star_order": s.rules.star_order, "goods": s.rules.goods,
                  "back_to_front": s.rules.back_to_front, "deck": s.rules.deck, "closing": s.rules.closing,
                  "puzzle": s.rules.open_hands, "star_clears": s.rules.star_clears, "free_add": R.can_add(s, s.turn)
                  if s.phase == "play" else False},
        "hand_limit": R.HAND_LIMIT,
        "result": None if s.result is None else {"winners": list(s.result[0]), "reason": s.result[1],
                                                 "seat": s.result[2]},
    }
