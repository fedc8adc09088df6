"""What a player should know before a placement, beyond the rules: the answers it leaves (land
mode), and the cards it adds to hands (goods and tax). Read from the placer's side only: the
opponent's possible shells come from the cards the placer has not seen, never their real hand."""

from __future__ import annotations

from typing import Any

from . import rules as R
from .cards import CODES, FULL_SET, NAMES_EN, NAMES_JA, NUM_KINDS, PANIC, STARS
from .state import evolve as replace, BALANCED, State

GOOD_NAMES = {"pair": ("双札", "pair"), "ten": ("十札", "ten"), "step": ("段札", "step")}


def unseen(s: State, seat: int) -> tuple[int, ...]:
    """The opponent's cards ``seat`` has not seen: their set minus their market and merchant."""
    opp = 1 - seat
    pool = list(FULL_SET)
    for kind, _, _ in s.rows[opp]:
        if kind >= 0:
            pool[kind] -= 1
    if s.merchant[opp]:
        pool[0] -= 1
    return tuple(max(0, n) for n in pool)


def unanswered(s: State, seat: int, kinds: tuple[int, ...]) -> dict[str, Any] | None:
    """On the land: the number shells the opponent could place after this one that ``seat`` could
    not answer, as ``{count, total, examples}`` (distinct values, the weakest first), or None.

    ``seat``'s answers are the hand after the placement plus what its rewards may bring (chosen
    from its land); the opponent may hold any card ``seat`` has not seen. In 山札 mode a player who
    cannot answer draws instead of losing, so nothing is counted there."""
    if s.rules.deck or s.rules.open_hands:
        return None
    after = R.do_place(s, seat, kinds, resolve=False)
    if after.result is not None:
        return None
    opp = 1 - seat
    hand = list(after.hand[seat])
    if PANIC in kinds and s.merchant[seat]:
        hand[0] += 1
    extra = R.pending_additions(after, seat) - (1 if PANIC in kinds and s.merchant[seat] else 0)
    if extra:
        for k in range(NUM_KINDS):
            hand[k] += min(after.land[seat][k], extra)
    mine = replace(after, tasks=(), turn=seat, hand=R._set(after.hand, seat, tuple(hand)))
    pool = unseen(s, seat)
    if R.hand_size(after, opp) < 2:
        return None
    # the opponent's star or panic shells leave no value to beat: any number shell answers them
    answers: dict[tuple[int, bool, int], bool] = {}
    values: set[int] = set()
    beaten: set[int] = set()
    for a in range(10):
        for b in range(10):
            if (a == b and pool[a] < 2) or not pool[a] or not pool[b]:
                continue
            # forms_zero_pair reads the rules and the opponent's row only (not hands, turn or tasks)
            zero = R.forms_zero_pair(after, opp, (a, b)) if 0 in (a, b) else False
            value = a * 10 + b
            if not R.superior(value, after.to_beat, after.reverse and not zero, equal_ok=zero):
                continue
            values.add(value)
            key = (value, after.reverse and not zero, BALANCED if zero else after.star)
            if key not in answers:
                answers[key] = R.can_place(replace(mine, to_beat=value, reverse=key[1], star=key[2]), seat)
            if not answers[key]:
                beaten.add(value)
    if not beaten:
        return None
    order = sorted(beaten, reverse=after.reverse)
    return {"count": len(beaten), "total": len(values), "examples": [f"{v:02d}" for v in order[:2]]}


def one_card(s: State, seat: int, kinds: tuple[int, ...]) -> tuple[str, dict[str, Any]] | None:
    """In 山札 mode, a placement that leaves one card: the opponent's star shell would tax it into
    two cards, and two with a star or 恐慌 lose (禁止行為). As ``(code, params)`` for
    :func:`messages.warning_text`, or None. Reads the placer's hand only (whether the opponent
    holds a star is theirs to know)."""
    if not s.rules.deck or s.rules.open_hands:
        return None
    after = R.do_place(s, seat, kinds, resolve=False)
    if after.result is not None:
        return None
    hand = list(after.hand[seat])
    if any(t[0] == "merchant" and t[1] == seat for t in after.tasks):
        hand[0] += 1                          # 恐慌's exchange: the merchant 0 comes into hand
    if sum(after.hand[seat]) + R.pending_additions(after, seat) != 1:   # rewards drawn: more than one
        return None
    card = next(k for k in range(NUM_KINDS) if hand[k])
    if card in STARS or card == PANIC:
        return ("shiji.warn.one_star_tax", {"cards": [card]})
    return ("shiji.warn.one_card_tax", {})


def additions(s: State, seat: int, kinds: tuple[int, ...]) -> list[dict[str, Any]]:
    """The cards this placement adds to hands and why: the placer's reward for goods, the
    opponent's tax for each star, the merchant 0 for 恐慌 (``{seat, count, kind, ja, en}``)."""
    after = R.do_place(s, seat, kinds, resolve=False)
    if after.result is not None:
        return []
    return explain(after, seat, kinds)


def explain(after: State, seat: int, kinds: tuple[int, ...]) -> list[dict[str, Any]]:
    """The additions of a placement whose steps are queued in ``after`` (see :func:`additions`)."""
    out = []
    deck = after.rules.deck
    goods = after.goods[seat]
    reward = sum(t[2] for t in after.tasks if t[0] in ("take", "draw") and t[1] == seat)
    if goods and reward:
        names_ja = "・".join(dict.fromkeys(GOOD_NAMES[g[0]][0] for g in goods))
        names_en = ", ".join(dict.fromkeys(GOOD_NAMES[g[0]][1] for g in goods))
        how_ja, how_en = ("山札から引きます", "drawn from the deck") if deck else ("土地から選びます", "chosen from the land")
        out.append({"seat": seat, "count": reward, "kind": "reward",
                    "ja": f"商品（{names_ja}）ができるので、報酬として手札に {reward} 枚加わります（{how_ja}）。"
                          "手札が増えるぶん、上がりは遠のきます",
                    "en": f"This makes goods ({names_en}): as a reward {reward} cards join your hand ({how_en}). "
                          "More cards means going out takes longer"})
    stars = sum(1 for k in kinds if k in STARS)
    if stars:
        out.append({"seat": 1 - seat, "count": stars, "kind": "tax",
                    "ja": f"星札 {stars} 枚の税として、相手の手札に {stars} 枚加わります",
                    "en": f"The tax of {stars} star{'s' if stars > 1 else ''}: {stars} card"
                          f"{'s join' if stars > 1 else ' joins'} the opponent's hand"})
    if any(t[0] == "merchant" and t[1] == seat for t in after.tasks):
        out.append({"seat": seat, "count": 1, "kind": "merchant",
                    "ja": "恐慌の交換: 自分の商人札（0）が手札に入ります",
                    "en": "Panic's exchange: your merchant card (0) joins your hand"})
    return out


def after_view(s: State, viewer: int | None) -> list[dict[str, Any]]:
    """What the latest shell added to hands, as the screen says it after the fact (the same
    texts told from the viewer's side)."""
    if s.last is None or s.phase != "play" and s.result is None:
        return []
    seat = s.last[0]
    no = s.placed[seat] - 1
    cells = [k for k, v, shell in s.rows[seat] if shell == no]
    if not cells or any(k < 0 for k in cells):
        return []
    kinds = tuple(cells)
    out = []
    # with a land, the cards are still to be chosen while that seat's "take" step waits: said as to come
    choosing = {t[1] for t in s.tasks if t[0] == "take"}
    goods = s.goods[seat]
    if goods and s.result is None:
        reward = R.goods_reward(s, goods)
        names_ja = "・".join(dict.fromkeys(GOOD_NAMES[g[0]][0] for g in goods))
        names_en = ", ".join(dict.fromkeys(GOOD_NAMES[g[0]][1] for g in goods))
        out.append({"seat": seat, "count": reward, "kind": "reward", **(
            {"ja": f"商品（{names_ja}）の報酬: 土地から {reward} 枚を手札に加えます",
             "en": f"Goods ({names_en}): {reward} land cards to add to the hand as a reward"} if seat in choosing else
            {"ja": f"商品（{names_ja}）の報酬で {reward} 枚手札に加わりました",
             "en": f"Goods ({names_en}): {reward} cards added to the hand as a reward"})})
    stars = sum(1 for k in kinds if k in STARS)
    if stars:
        cards = f"card{'s' if stars > 1 else ''}"
        out.append({"seat": 1 - seat, "count": stars, "kind": "tax", **(
            {"ja": f"星組の税: 土地から {stars} 枚を手札に加えます",
             "en": f"Star shell tax: {stars} land {cards} to add to the hand"} if 1 - seat in choosing else
            {"ja": f"星組の税で {stars} 枚手札に加わりました",
             "en": f"Star shell tax: {stars} {cards} added to the hand"})})
    return out


def caution_text(info: dict[str, Any]) -> dict[str, Any]:
    """The words of :func:`unanswered`: 「この後、相手の 98 などに返せません」."""
    ex_ja = "・".join(info["examples"])
    ex_en = ", ".join(info["examples"])
    return {"code": "shiji.warn.no_answer", "params": info,
            "ja": f"この後、相手の {ex_ja} などに返せません（相手が出せる数字組の値 {info['total']} 通りのうち "
                  f"{info['count']} 通り）。返せないと負けです（包囲）",
            "en": f"After this, you could not answer the opponent's {ex_en} and the like ({info['count']} of the "
                  f"{info['total']} values they could place); with no answer you lose (siege)"}



def _placing_turn(s: State, seat: int) -> bool:
    """``seat`` is to place a shell now, in a match (a puzzle's hands are open: it says nothing more)."""
    return not s.rules.open_hands and s.phase == "play" and s.result is None and not s.tasks and seat in R.to_move(s)


HAND_NOTE_SLACK = 3
"""The hand note shows while the hand holds at most this many cards beyond two for each star or 恐慌
(one star: five cards or fewer), when each of them soon needs a shell of its own."""
HAND_NOTE_STUCK_SLACK = 5
"""The same with a star the cycle does not allow now (one such star: seven cards or fewer): it waits for
the other stars, while each number shell brings the last two cards nearer (played at 2·3·5·8·9·夜 after 朝,
every shell but one drawing goods was warned two turns ahead)."""


def hand_note(s: State, seat: int) -> dict[str, Any] | None:
    """On ``seat``'s turn to place (not in a puzzle): a short hand's stars and 恐慌, which lose among the
    last two cards, and which of them can be placed now (a star only as 運行の原則 allows), as
    ``{code, ja, en, params}``, or None. The placement's own warning comes later; this says it before a
    card is picked (players met the two-card rule holding a star the cycle had just passed by)."""
    if not _placing_turn(s, seat):
        return None
    hand = s.hand[seat]
    specials = [k for k in (*STARS, PANIC) for _ in range(hand[k])]
    count = sum(hand)
    if not specials or count > 2 * len(specials) + HAND_NOTE_STUCK_SLACK:
        return None
    playable = {k for shell in R.placements(s, seat) for k in shell}
    allowed = R.allowed_stars(s)
    now = [k for k in specials if k in playable]
    order = [k for k in specials if k not in playable and k in STARS and k not in allowed]
    alone = [k for k in specials if k not in playable and k not in order]
    if count > 2 * len(specials) + (HAND_NOTE_STUCK_SLACK if order else HAND_NOTE_SLACK):
        return None

    def names(kinds: list[int], sep: tuple[str, str] = ("・", " and ")) -> tuple[str, str]:
        return sep[0].join(NAMES_JA[k] for k in kinds), sep[1].join(NAMES_EN[k] for k in kinds)
    nxt = names(list(allowed), ("・", " or "))
    ja, en = [], []
    if now:
        ja.append(f"{names(now)[0]} はいま出せます")
        en.append(f"{names(now)[1]} can be placed now")
    if order:
        ja.append(f"{names(order)[0]} は今は出せません（次の星: {nxt[0]}）")
        en.append(f"{names(order)[1]} cannot be placed now (next star: {nxt[1]})")
    if alone:
        ja.append(f"{names(alone)[0]} と組める札がありません")
        en.append(f"{names(alone)[1]} has nothing to pair with")
    # what can be done first (the line must stay short: it sits in a phone's docked bar), then the rule
    ja.append("残り２枚に星札・恐慌札があると負け")
    en.append("A star or Panic among your last two cards loses")
    return {"code": "shiji.note.stars_left", "ja": "。".join(ja), "en": ". ".join(en),
            "params": {"count": count, "cards": [CODES[k] for k in specials], "now": [CODES[k] for k in now],
                       "not_now": [CODES[k] for k in order + alone]}}


def threat(s: State, seat: int) -> dict[str, Any] | None:
    """On ``seat``'s turn to place (not in a puzzle): the opponent holds two cards, so a number shell of
    theirs that beats this placement goes out (public: the hand counts), as ``{code, ja, en}``, or None.
    On a phone the opponent's counts sit under the docked bar; a person placed 64 against two cards and
    the computer went out with 75."""
    if not _placing_turn(s, seat):
        return None
    if R.hand_size(s, 1 - seat) != 2:
        return None
    return {"code": "shiji.note.opponent_two", "ja": "相手は残り２枚: 上回られると上がられます",
            "en": "The opponent has two cards left: if they beat your shell, they go out"}
