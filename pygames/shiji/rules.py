"""The rules of 四時の札遊び: shells, superiority, 運行の原則, goods, rewards, tax, 恐慌, ends.

Pure functions over :class:`State`. ``place_problem`` says why a shell may not be placed (a
``(code, params)`` pair, or None when it may); ``do_place`` places it and queues what follows
(rewards to take, tax, 交換, 回収, end of turn), which ``advance`` resolves up to the next choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import CHANCE
from .cards import EMPTY, NIGHT, NUM_KINDS, PANIC, STARS, add, is_number, next_star, parse_card
from ..core.errors import refuse
from .messages import NOW
from .state import evolve as replace, BALANCED, PANIC_STATE, Cell, State

HAND_LIMIT = 10
"""腐敗: a hand above this many cards loses at once."""
REWARD = {"pair": 2, "ten": 2, "step": 3}
"""報酬 per good: 双札 2, 十札 2, 段札 3."""
DECK_REWARD = 2
"""山札 mode: making goods (or failing to place) draws this many cards."""
MAX_LEAD_TIES = 3
"""先手決め: after this many equal tries the seeded RNG decides (the source would loop forever)."""

Problem = tuple[str, dict[str, Any]]


# --- reading the state -----------------------------------------------------------------
def hand_size(s: State, seat: int) -> int:
    """Cards in ``seat``'s hand."""
    return sum(s.hand[seat])


def land_size(s: State, seat: int) -> int:
    """Cards in ``seat``'s land (deck in 山札 mode)."""
    return sum(s.land[seat])


def has_star_or_panic(counts: tuple[int, ...]) -> bool:
    """True if the counts hold a 星札 or the 恐慌札."""
    return any(counts[k] for k in STARS) or counts[PANIC] > 0


def shell_value(kinds: tuple[int, ...]) -> int:
    """The 値 of a shell: 10·front + back for a 数字組, 100 for 雷霆, 0 with any star or 恐慌."""
    if len(kinds) == 3:
        return 100
    if all(is_number(k) for k in kinds):
        return kinds[0] * 10 + kinds[1]
    return 0


def is_raitei_hand(hand: tuple[int, ...]) -> bool:
    """Exactly 0, 0, 1 in hand: the 雷霆 hand."""
    return hand[0] == 2 and hand[1] == 1 and sum(hand) == 3


def superior(value: int, to_beat: int | None, reverse: bool, equal_ok: bool = False) -> bool:
    """Whether ``value`` beats ``to_beat`` in the current order (優位)."""
    if to_beat is None:
        return True
    if value == to_beat:
        return equal_ok
    return value < to_beat if reverse else value > to_beat


def stored(s: State, kinds: tuple[int, ...]) -> tuple[int, ...]:
    """The shell's cards in row storage order (reversed when the back goes next to the front)."""
    if s.rules.back_to_front and len(kinds) == 2:
        return (kinds[1], kinds[0])
    return kinds


def forms_zero_pair(s: State, seat: int, kinds: tuple[int, ...]) -> bool:
    """True if placing this 2-card shell makes a 00 双札 (inside it or with the row's end)."""
    if len(kinds) != 2 or not s.rules.goods:
        return False
    cards = stored(s, kinds)
    if cards[0] == 0 and cards[1] == 0:
        return True
    row = s.rows[seat]
    if cards[0] == 0 and row:
        kind, veiled, _ = row[-1]
        return kind == 0 and not veiled
    return False


def allowed_stars(s: State, zero_pair: bool = False) -> tuple[int, ...]:
    """The stars that may come next under 運行の原則."""
    if not s.rules.star_order or zero_pair or s.star in (BALANCED, PANIC_STATE):
        return STARS
    return (next_star(s.star),)


def place_problem(s: State, seat: int, kinds: tuple[int, ...]) -> Problem | None:
    """Why ``seat`` may not place ``kinds`` now (code, params), or None if it may."""
    hand = s.hand[seat]
    for k in kinds:
        need = kinds.count(k)
        if need > hand[k]:
            return ("shiji.place.not_in_hand", {"card": k, "have": hand[k], "need": need})
    size = sum(hand)
    if len(kinds) == 3:
        if kinds != (1, 0, 0):
            return ("shiji.place.three_cards", {})
        if not is_raitei_hand(hand):
            return ("shiji.place.raitei_hand", {})
        if s.reverse and s.to_beat not in (None, 0):
            return ("shiji.place.raitei_reverse", {"to_beat": s.to_beat})
        return None
    a, b = kinds
    if a < 10 and b < 10:
        zero_pair = forms_zero_pair(s, seat, kinds) if (a == 0 or b == 0) else False
        value = a * 10 + b
        rev = s.reverse and not zero_pair
        if not superior(value, s.to_beat, rev, equal_ok=zero_pair):
            return _not_superior(s, value, rev, zero_pair)
        return None
    numbers = [k for k in kinds if is_number(k)]
    stars = [k for k in kinds if k in STARS]
    panic = kinds.count(PANIC)
    if panic and stars:
        return ("shiji.place.panic_with_star", {})
    if (stars or panic) and size == 2:
        return ("shiji.place.forbidden_last", {})
    zero_pair = forms_zero_pair(s, seat, kinds) if numbers else False
    if len(numbers) == 2:
        value = shell_value(kinds)
        rev = s.reverse and not zero_pair
        if not superior(value, s.to_beat, rev, equal_ok=zero_pair):
            return _not_superior(s, value, rev, zero_pair)
        return None
    if stars:
        allowed = allowed_stars(s, zero_pair)
        if stars[0] not in allowed:
            return (_star_fault(s, stars[0]), {"star": stars[0], "allowed": list(allowed)})
        if len(stars) == 2 and s.rules.star_order and stars[1] != next_star(stars[0]):
            return ("shiji.place.star_pair_order", {"first": stars[0], "second": stars[1]})
    return None


def _not_superior(s: State, value: int, rev: bool, zero_pair: bool) -> Problem:
    """The refusal of a number shell that does not beat; a 00 pair that turned a reverse order
    ascending says so (the status said 逆順, the comparison is made in ascending order)."""
    if zero_pair and s.reverse:
        return ("shiji.place.zero_pair_ascending", {"value": value, "to_beat": s.to_beat, "reverse": False})
    return ("shiji.place.not_superior", {"value": value, "to_beat": s.to_beat, "reverse": rev})


def _star_fault(s: State, star: int) -> str:
    prev = s.star
    if STARS.index(star) == (STARS.index(prev) + 2) % 4:
        return "shiji.place.jump"       # 跳躍
    if STARS.index(star) == (STARS.index(prev) - 1) % 4:
        return "shiji.place.backward"   # 遡行
    return "shiji.place.same_star"


def placements(s: State, seat: int) -> list[tuple[int, ...]]:
    """Every shell ``seat`` may place now (front, back) or (1, 0, 0)."""
    hand = s.hand[seat]
    kinds = [k for k in range(NUM_KINDS) if hand[k]]
    out: list[tuple[int, ...]] = []
    for a in kinds:
        for b in kinds:
            if a == b and hand[a] < 2:
                continue
            if place_problem(s, seat, (a, b)) is None:
                out.append((a, b))
    if is_raitei_hand(hand) and place_problem(s, seat, (1, 0, 0)) is None:
        out.append((1, 0, 0))
    return out


def can_place(s: State, seat: int) -> bool:
    """True if ``seat`` has at least one legal shell."""
    hand = s.hand[seat]
    kinds = [k for k in range(NUM_KINDS) if hand[k]]
    for a in kinds:
        for b in kinds:
            if (a != b or hand[a] >= 2) and place_problem(s, seat, (a, b)) is None:
                return True
    return is_raitei_hand(hand) and place_problem(s, seat, (1, 0, 0)) is None


# --- goods -----------------------------------------------------------------------------
def goods_reward(s: State, goods: Sequence[tuple[str, tuple[int, ...], int]]) -> int:
    """The cards ``goods`` of one shell add to its owner's hand: one draw of DECK_REWARD in 山札 mode
    whatever the goods, else their rewards summed (連結). A shell that went out takes none (the caller's case)."""
    return DECK_REWARD if s.rules.deck else sum(g[2] for g in goods)


def find_goods(row: tuple[Cell, ...], new_start: int) -> list[tuple[str, tuple[int, ...], int]]:
    """Goods (name, positions, reward) in ``row`` that include a card at or after ``new_start``.

    Face-up number cards are adjacent across shell boundaries; stars, 恐慌, veiled cards and
    gaps break adjacency. 5·5 is both a 双札 and a 十札 (連結 counts both).
    """
    goods: list[tuple[str, tuple[int, ...], int]] = []
    n = len(row)

    def num(i: int) -> int:
        kind, veiled, _ = row[i]
        return kind if 0 <= kind < 10 and not veiled else -1

    for i in range(max(0, new_start - 1), n - 1):
        a, b = num(i), num(i + 1)
        if a < 0 or b < 0:
            continue
        if a == b:
            goods.append(("pair", (i, i + 1), REWARD["pair"]))
        if a + b == 10:
            goods.append(("ten", (i, i + 1), REWARD["ten"]))
    for i in range(max(0, new_start - 2), n - 2):
        a, b, c = num(i), num(i + 1), num(i + 2)
        if a < 0 or b < 0 or c < 0:
            continue
        if (b - a) % 10 == 1 and (c - b) % 10 == 1 or (a - b) % 10 == 1 and (b - c) % 10 == 1:
            goods.append(("step", (i, i + 1, i + 2), REWARD["step"]))
    return goods


def is_zero_pair(row: tuple[Cell, ...], good: tuple[str, tuple[int, ...], int]) -> bool:
    """True if the good is the 00 双札."""
    return good[0] == "pair" and row[good[1][0]][0] == 0


# --- acting ----------------------------------------------------------------------------
def _set(pair: tuple, seat: int, value: Any) -> tuple:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def lose(s: State, seat: int, reason: str) -> State:
    """The state with ``seat`` having lost for ``reason``."""
    return replace(s, phase="over", tasks=(), result=((1 - seat,), reason, seat))


def do_place(s: State, seat: int, kinds: tuple[int, ...], resolve: bool = True) -> State:
    """Place an already-validated shell and queue its consequences; returns the advanced state
    (with ``resolve`` False: the queued steps are left unresolved, for :func:`danger`)."""
    opp = 1 - seat
    hand = s.hand[seat]
    for k in kinds:
        hand = add(hand, k, -1)
    zero_pair_before = forms_zero_pair(s, seat, kinds) if len(kinds) == 2 else False
    row = s.rows[seat]
    start = len(row)
    shell_no = s.placed[seat]
    row = row + tuple((k, False, shell_no) for k in stored(s, kinds))
    positions = tuple(range(start, len(row)))
    numbers_only = all(is_number(k) for k in kinds)
    value: int | None = shell_value(kinds)
    if not numbers_only and s.rules.star_clears:
        value = None          # 相殺: a star or panic shell clears the value to beat (ruling of 2026-12-01)
    s = replace(s, hand=_set(s.hand, seat, hand), rows=_set(s.rows, seat, row), placed=_set(s.placed, seat, shell_no + 1),
                last=(seat, positions), veilable=_set(s.veilable, seat, ()), to_beat=value,
                goods=_set(s.goods, seat, ()))
    if sum(hand) == 0 and numbers_only:   # 上がり (goods bring no reward)
        raitei = len(kinds) == 3
        s = replace(s, goods=_set(s.goods, seat, tuple(find_goods(row, start)) if s.rules.goods else ()))
        if raitei and s.hand[opp] == (2,) + (0,) * (NUM_KINDS - 1):
            return replace(s, tasks=(("kaijo", opp),))
        return replace(s, phase="over", result=((seat,), "raitei" if raitei else "agari", seat))
    tasks: list[tuple] = []
    goods = find_goods(row, start) if s.rules.goods else []
    zero_pair = zero_pair_before or any(is_zero_pair(row, g) for g in goods)
    if goods:
        reward = goods_reward(s, goods)
        tasks.append(("draw" if s.rules.deck else "take", seat, reward))
        veil = sorted({p for g in goods if not is_zero_pair(row, g) for p in g[1]}
                      - {p for g in goods if is_zero_pair(row, g) for p in g[1]})
        s = replace(s, goods=_set(s.goods, seat, tuple(goods)), veilable=_set(s.veilable, seat, tuple(veil)))
    reverse, star = s.reverse, s.star
    if zero_pair:
        reverse, star = False, BALANCED
    stars = [k for k in kinds if k in STARS]
    if stars:
        star = stars[-1]
        reverse = stars[-1] == NIGHT and s.rules.reverse
        tasks.append(("draw" if s.rules.deck else "take", opp, len(stars)))
    if PANIC in kinds:
        reverse, star = s.rules.reverse, PANIC_STATE
        if s.merchant[seat]:
            tasks.append(("merchant", seat))
        tasks.append(("recover", opp))
    tasks.append(("end", seat))
    s = replace(s, reverse=reverse, star=star, tasks=tuple(tasks))
    return advance(s) if resolve else s


def advance(s: State) -> State:
    """Resolve queued steps until one needs a choice (take, recover, 解除) or chance (draw)."""
    while s.result is None and s.tasks:
        task = s.tasks[0]
        kind = task[0]
        if kind in ("take", "draw"):
            seat, n = task[1], task[2]
            if n == 0:
                s = replace(s, tasks=s.tasks[1:])
                continue
            have, land = hand_size(s, seat), land_size(s, seat)
            if have + min(n, land) > HAND_LIMIT:
                return lose(s, seat, "rot")          # 腐敗
            if land < n:
                return lose(s, seat, "bankrupt")     # 破産
            if kind == "take" and land == n:         # no choice left: take the whole land
                s = replace(s, hand=_set(s.hand, seat, tuple(h + l for h, l in zip(s.hand[seat], s.land[seat]))),
                            land=_set(s.land, seat, EMPTY), tasks=s.tasks[1:])
                continue
            return s
        if kind == "merchant":
            seat = task[1]
            s = replace(s, hand=_set(s.hand, seat, add(s.hand[seat], 0)), merchant=_set(s.merchant, seat, False),
                        tasks=s.tasks[1:])
            if hand_size(s, seat) > HAND_LIMIT:
                return lose(s, seat, "rot")
            continue
        if kind == "recover":
            if any(v and k >= 0 for k, v, _ in s.rows[task[1]]):
                return s
            s = replace(s, tasks=s.tasks[1:])
            continue
        if kind == "kaijo":
            return s
        if kind in ("end", "pass"):
            s = end_turn(replace(s, tasks=s.tasks[1:]), task[1], passed=kind == "pass")
            continue
        raise AssertionError(f"unknown task {kind}")
    return s


def end_turn(s: State, seat: int, passed: bool = False) -> State:
    """Hand the turn to the opponent: 閉場 check, then the checks at the start of a turn."""
    opp = 1 - seat
    s = replace(s, turn=opp, to_beat=None if passed else s.to_beat)
    if s.rules.closing and min(s.placed) >= s.rules.closing:
        return close_market(s)
    return start_turn(s)


def start_turn(s: State) -> State:
    """Losses at the start of a turn: two cards with a star or 恐慌札, or no legal shell (包囲).
    In 山札 mode a player who cannot place draws 2 and passes instead; without goods (free adding)
    a player who may still add land cards is not besieged yet."""
    seat = s.turn
    hand = s.hand[seat]
    if sum(hand) == 2 and has_star_or_panic(hand):
        return lose(s, seat, "forbidden_two")
    if not can_place(s, seat) and not can_add(s, seat):
        if s.rules.deck:
            return advance(replace(s, tasks=(("draw", seat, DECK_REWARD), ("pass", seat))))
        return lose(s, seat, "siege")
    return s


def can_add(s: State, seat: int) -> bool:
    """Without goods (商品・報酬なし) a player may add land cards to the hand freely on their turn,
    as long as the hand stays within the limit (the source: 自由に手札を増やせるようにする)."""
    r = s.rules
    return (r.free_add and not r.goods and not r.deck and land_size(s, seat) > 0
            and hand_size(s, seat) < HAND_LIMIT)


def add_card(s: State, seat: int, kind: int) -> State:
    """The free addition of one land card (goods off); besieged if still nothing can be done."""
    s = replace(s, land=_set(s.land, seat, add(s.land[seat], kind, -1)),
                hand=_set(s.hand, seat, add(s.hand[seat], kind)), veilable=_set(s.veilable, seat, ()))
    if not can_place(s, seat) and not can_add(s, seat):
        return lose(s, seat, "siege")
    return s


def pending_additions(s: State, seat: int) -> int:
    """Cards ``seat`` must still add to the hand from the queued steps (rewards, tax, 交換)."""
    return sum(t[2] for t in s.tasks if t[0] in ("take", "draw") and t[1] == seat) + \
        sum(1 for t in s.tasks if t[0] == "merchant" and t[1] == seat)


def danger(s: State, seat: int, kinds: tuple[int, ...]) -> Problem | None:
    """Why a legal placement loses at once, at the start of the placer's next turn, or the turn
    after (the two-card rule a turn ahead), or None. It reads only the placer's side and public
    counts, never the opponent's hidden hand (a warning must not hint at it).

    At once: the rewards or 交換 push the hand above 10 (腐敗) or the land runs out (破産). At the
    start of the next turn (unless the opponent's star or panic shell adds cards first): two cards of
    which one is a star or 恐慌 (禁止行為), or, on the land, one card, which forms no shell (包囲; in
    山札 mode that player draws instead). A turn ahead: four cards whose every shell leaves two with
    a star or 恐慌 among them."""
    after = do_place(s, seat, kinds, resolve=False)
    if after.result is not None:
        if after.result[1] == "closing" and not s.rules.open_hands:
            # 閉場 compares both hands: whether it loses depends on the opponent's hidden hand,
            # so the placer is told only that the market closes (issue 22: no secret leaks).
            return ("shiji.warn.closes", {})
        return None                      # 上がり (or the opponent's 解除 chance): nothing to fear
    have, land = hand_size(after, seat), land_size(after, seat)
    added = 0
    for task in after.tasks:
        if task[0] in ("take", "draw") and task[1] == seat:
            n = task[2]
            if n and have + min(n, land) > HAND_LIMIT:
                return ("shiji.warn.loses_now", {"reason": "rot"})
            if land < n:
                return ("shiji.warn.loses_now", {"reason": "bankrupt"})
            have, land, added = have + n, land - n, added + n
        elif task[0] in ("take", "draw") and task[2] and (
                hand_size(after, task[1]) + min(task[2], land_size(after, task[1])) > HAND_LIMIT
                or land_size(after, task[1]) < task[2]):
            return None                  # the tax ends the match in the placer's favour (public counts)
        elif task[0] == "merchant":
            have += 1
            if have > HAND_LIMIT:
                return ("shiji.warn.loses_now", {"reason": "rot"})
    hand = after.hand[seat]
    if PANIC in kinds and after.merchant[seat] != s.merchant[seat]:
        hand = add(hand, 0)              # the merchant 0 comes into hand (交換)
    if have == 2 and has_star_or_panic(hand):
        return ("shiji.warn.two_with_star", {"cards": [k for k in range(NUM_KINDS) for _ in range(hand[k])]})
    if have == 1 and not s.rules.deck and not can_add(replace(after, tasks=(), hand=_set(after.hand, seat, hand)), seat):
        return ("shiji.warn.one_card", {})
    if have == 4 and not added and not escapes(hand, allowed_stars(after)):
        return ("shiji.warn.two_ahead", {"cards": [k for k in range(NUM_KINDS) for _ in range(hand[k])]})
    return None


def escapes(hand: tuple[int, ...], allowed: tuple[int, ...] = STARS) -> bool:
    """True if some shell of ``hand`` (whatever the value to beat) leaves no two cards with a star or
    恐慌 among them: a star the cycle ``allowed`` (or 恐慌) with a number, two stars in cycle order,
    or two numbers. (If the opponent places a star first, its tax adds a card anyway.)"""
    kinds = [k for k in range(NUM_KINDS) if hand[k]]
    for a in kinds:
        for b in kinds:
            if a == b and hand[a] < 2:
                continue
            first = next((k for k in (a, b) if k in STARS), None)
            if first is not None and first not in allowed:
                continue
            if a in STARS and b in STARS and next_star(a) != b:
                continue
            if PANIC in (a, b) and not (is_number(a) or is_number(b)):
                continue
            left = add(add(hand, a, -1), b, -1)
            if not (sum(left) == 2 and has_star_or_panic(left)):
                return True
    return False


def close_market(s: State) -> State:
    """閉場: hands are shown; a star or 恐慌札 loses, else fewer number cards wins."""
    bad = [has_star_or_panic(s.hand[i]) for i in (0, 1)]
    nums = [sum(s.hand[i][:10]) for i in (0, 1)]
    if bad[0] and bad[1]:
        winners: tuple[int, ...] = ()
    elif bad[0] or bad[1]:
        winners = (1,) if bad[0] else (0,)
    elif nums[0] == nums[1]:
        winners = ()
    else:
        winners = (0,) if nums[0] < nums[1] else (1,)
    return replace(s, phase="over", tasks=(), result=(winners, "closing", -1))


def take(s: State, seat: int, kind: int) -> State:
    """Move one chosen (or drawn) card of ``kind`` from land to hand for the head task."""
    task = s.tasks[0]
    s = replace(s, land=_set(s.land, seat, add(s.land[seat], kind, -1)),
                hand=_set(s.hand, seat, add(s.hand[seat], kind)),
                tasks=((task[0], seat, task[2] - 1),) + s.tasks[1:])
    return advance(s)


def recover(s: State, seat: int, pos: int) -> State:
    """回収: the veiled card at ``pos`` of ``seat``'s row goes back to hand (its place stays a gap)."""
    kind, _, shell = s.rows[seat][pos]
    row = s.rows[seat][:pos] + ((-1, False, shell),) + s.rows[seat][pos + 1:]
    s = replace(s, rows=_set(s.rows, seat, row), hand=_set(s.hand, seat, add(s.hand[seat], kind)),
                veilable=_set(s.veilable, seat, tuple(p for p in s.veilable[seat] if p != pos)),
                tasks=s.tasks[1:])
    if hand_size(s, seat) > HAND_LIMIT:
        return lose(s, seat, "rot")
    return advance(s)


def veil(s: State, seat: int, pos: int) -> State:
    """ヴェール: turn the card at ``pos`` face down."""
    kind, _, shell = s.rows[seat][pos]
    row = s.rows[seat][:pos] + ((kind, True, shell),) + s.rows[seat][pos + 1:]
    return replace(s, rows=_set(s.rows, seat, row),
                   veilable=_set(s.veilable, seat, tuple(p for p in s.veilable[seat] if p != pos)))


def veil_problem(s: State, seat: int, pos: int) -> Problem | None:
    """Why the card at ``pos`` may not be veiled now, or None."""
    row = s.rows[seat]
    if not 0 <= pos < len(row):
        return ("shiji.veil.no_card", {"pos": pos})
    kind, veiled, shell = row[pos]
    if veiled:
        return ("shiji.veil.already", {"pos": pos})
    if kind < 0:
        return ("shiji.veil.no_card", {"pos": pos})
    if pos in s.veilable[seat]:
        return None
    if not is_number(kind):
        return ("shiji.veil.not_number", {"pos": pos})
    mine = s.goods[seat]
    if any(is_zero_pair(row, g) and pos in g[1] for g in mine):
        return ("shiji.veil.zero_pair", {"pos": pos})
    if not any(pos in g[1] for g in mine):
        if shell == s.placed[seat] - 1:
            return ("shiji.veil.not_goods", {"pos": pos})
        return ("shiji.veil.not_recent", {"pos": pos})
    return ("shiji.veil.not_goods", {"pos": pos})


# --- 先手決め pairs -------------------------------------------------------------------
def lead_pairs(hand: tuple[int, ...]) -> list[tuple[int, int]]:
    """The 数字組 a hand can show for 先手決め."""
    nums = [k for k in range(10) if hand[k]]
    return [(a, b) for a in nums for b in nums if a != b or hand[a] >= 2]


# --- one action (moved from game.py) ------------------------------------------------
def to_move(s: State) -> tuple[int, ...]:
    """Seats that may act now (``(CHANCE,)`` at a chance node, ``()`` when the match is over)."""
    if s.result is not None:
        return ()
    if s.tasks:
        task = s.tasks[0]
        return (CHANCE,) if task[0] in ("draw", "first") else (task[1],)
    if s.phase == "pick":
        return tuple(i for i in (0, 1) if s.picks[i] > 0)
    if s.phase == "lead":
        return tuple(i for i in (0, 1) if s.lead[i] is None)
    return (s.turn,)


def play(s: State, seat: int, verb: str, args: tuple[int, ...], action: str) -> State:
    """``seat`` plays ``action`` (read by :func:`.actions.parse` as ``verb`` and ``args``) from ``s``;
    GameError (naming the rule) if it may not."""
    now = now_doing(s, seat)
    expected = {"pick": ("pick",), "lead": ("lead",), "play": ("veil", "place", "add"), "take": ("take",),
                "recover": ("recover",), "kaijo": ("place", "accept")}[now]
    if verb not in expected:
        raise refuse("shiji.action.wrong_time", action=action, verb=verb, now_ja=NOW[now][0], now_en=NOW[now][1])
    if now in ("pick", "take"):
        kind = args[0]
        if not s.land[seat][kind]:
            raise refuse("shiji.take.not_in_land", action=action, card=kind)
        if now == "take":
            return take(s, seat, kind)
        s = replace(s, land=_set(s.land, seat, add(s.land[seat], kind, -1)),
                    hand=_set(s.hand, seat, add(s.hand[seat], kind)),
                    picks=_set(s.picks, seat, s.picks[seat] - 1))
        return _after_setup(s)
    if now == "lead":
        a, b = args
        if (a, b) not in lead_pairs(s.hand[seat]):
            raise refuse("shiji.lead.not_numbers", action=action)
        return _after_lead(replace(s, lead=_set(s.lead, seat, (a, b))))
    if now == "recover":
        pos = args[0]
        row = s.rows[seat]
        if not (0 <= pos < len(row) and row[pos][1] and row[pos][0] >= 0):
            raise refuse("shiji.recover.not_veiled", action=action, pos=pos)
        return recover(s, seat, pos)
    if now == "kaijo":
        if verb == "accept":
            return replace(s, phase="over", tasks=(), result=((1 - seat,), "raitei", 1 - seat))
        if args != (0, 0):
            raise refuse("shiji.action.wrong_time", action=action, verb=action, now_ja=NOW[now][0], now_en=NOW[now][1])
        hand = add(s.hand[seat], 0, -2)
        row = s.rows[seat] + ((0, False, s.placed[seat]), (0, False, s.placed[seat]))
        return replace(s, hand=_set(s.hand, seat, hand), rows=_set(s.rows, seat, row), phase="over",
                       tasks=(), placed=_set(s.placed, seat, s.placed[seat] + 1),
                       last=(seat, (len(row) - 2, len(row) - 1)), result=((), "kaijo", seat))
    if verb == "add":
        if not can_add(s, seat):
            raise refuse("shiji.add.not_allowed", action=action)
        if not s.land[seat][args[0]]:
            raise refuse("shiji.take.not_in_land", action=action, card=args[0])
        return add_card(s, seat, args[0])
    if verb == "veil":
        problem = veil_problem(s, seat, args[0])
        if problem:
            raise refuse(problem[0], action=action, **problem[1])
        return veil(s, seat, args[0])
    problem = place_problem(s, seat, args)
    if problem:
        raise refuse(problem[0], action=action, **problem[1])
    return do_place(s, seat, args)

def now_doing(s: State, seat: int) -> str:
    if s.tasks:
        return s.tasks[0][0]
    return s.phase

def chance(s: State, action: str) -> State:
    """A chance outcome: who plays first, or a card drawn from a land (山札 mode)."""
    parts = action.split()
    if parts[0] == "first":
        first = int(parts[1])
        s = replace(s, tasks=s.tasks[1:], phase="play", turn=first, lead=(None, None))
        return start_turn(s)
    seat, kind = int(parts[1]), parse_card(parts[2])
    assert kind is not None  # a listed chance outcome
    s = take(s, seat, kind)
    if s.phase == "pick":
        s = _after_setup(s)
    return s

def _after_setup(s: State) -> State:
    """When both opening hands are complete: 先手決め (or a chance node in quick start)."""
    if s.tasks or any(s.picks) or s.phase != "pick":
        return s
    return _begin_lead(replace(s, phase="lead"))

def _begin_lead(s: State) -> State:
    lead = tuple(None if lead_pairs(s.hand[i]) else (-1, -1) for i in (0, 1))
    s = replace(s, lead=lead)
    if s.rules.quick_start or lead == ((-1, -1), (-1, -1)) or len(s.lead_shown) >= MAX_LEAD_TIES:
        return replace(s, lead=((-1, -1), (-1, -1)), tasks=(("first",),))
    return s

def _after_lead(s: State) -> State:
    if None in s.lead:
        return s
    values = tuple(-1 if p is None or p == (-1, -1) else p[0] * 10 + p[1] for p in s.lead)
    s = replace(s, lead_shown=s.lead_shown + (values,))
    if values[0] == values[1]:
        return _begin_lead(replace(s, lead=(None, None)))
    first = 0 if values[0] > values[1] else 1
    return start_turn(replace(s, phase="play", turn=first, lead=(None, None)))
