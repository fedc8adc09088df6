"""Computer players: easy (random), normal (one-step heuristic), hard (determinized Monte Carlo).

Every level sees only what ``view(state, seat)`` shows. The hard level never reads the
opponent's hand or land: it samples them from the cards it has not seen (the opponent's full set
minus their market and merchant card, split by the known hand and land sizes, keeping in hand
what public events put there: the revealed 先手決め pair when it has not been placed since, the
merchant 0 it saw taken by 交換 while no 0 of theirs has been placed), then plays each candidate
out to the end in those sampled worlds with a fast policy, and keeps the best average. It weighs
every placement the screen would not warn about (successive halving spends the rollouts on the
better ones) and chooses the cards it takes into hand the same way. In a rollout both hands of the
sampled world are known, so its players take a siege when one is there and take no star they could
not play out.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from ..core import Rng
from . import rules as R
from .actions import fmt_place, lead_pairs
from .cards import CODES, MORNING, NIGHT, NUM_KINDS, PANIC, STARS, is_number, next_star
from .risks import unseen
from .solver import Solver, TooBig
from .state import evolve as replace, State

HARD_ITERATIONS = 256
"""Rollouts per hard decision, spread over the candidates (an iteration budget, not wall time;
576 until 2026-12-03, up to 1 s CPU a move; with the ply bound below, under 0.3 s)."""
HARD_CANDIDATES = 32
"""The hard level weighs up to this many placements (best first by the normal heuristic) by rollouts."""
PUZZLE_NODES = 200_000
"""Search budget of the open-hands (詰み札) player; past it the hard level plays instead."""
PUZZLE_DEPTH = 3
"""Own placements the open-hands player looks ahead (the deepest puzzle level)."""
ROLLOUT_LIMIT = 200
"""Safety cap on plies per rollout."""


def choose(game: Any, s: State, seat: int, level: str, rng: Rng) -> str:
    """The action of ``seat`` at ``level``."""
    legal = game.legal_actions(s, seat)
    if len(legal) == 1:
        return legal[0]
    if s.rules.open_hands:          # 詰み札: the exact solver's play (its best defence), not sampling
        try:
            return Solver(game, PUZZLE_NODES).best_action(s, seat, PUZZLE_DEPTH)
        except TooBig:
            pass
    if level == "easy":
        return rng.choice(legal)
    now = s.tasks[0][0] if s.tasks else s.phase
    if now == "kaijo":
        return "place 0 0"
    if now == "pick" and level == "hard":
        return "pick " + CODES[opening_card(s, seat)]
    if now == "take" and level == "hard" and TAKE_CANDIDATES > 1:
        return "take " + CODES[hard_take(s, seat, rng)]
    if now in ("pick", "take"):
        return "take " + CODES[pick_card(s, seat, rng)] if now == "take" else "pick " + CODES[pick_card(s, seat, rng)]
    if now == "lead":
        a, b = max(lead_pairs(s.hand[seat]), key=lambda p: p[0] * 10 + p[1])
        return f"lead {CODES[a]} {CODES[b]}"
    if now == "recover":
        return legal[0]
    veil = veil_choice(s, seat)
    if veil is not None:
        return veil
    ranked = rank_placements(s, seat, rng)
    if not ranked:                  # goods off: nothing to place yet, so add a land card freely
        return "add " + CODES[pick_card(s, seat, rng)]
    if level == "normal" or len(ranked) == 1:
        return fmt_place(ranked[0])
    safe = [k for k in ranked if R.danger(s, seat, k) is None] or ranked
    return fmt_place(hard_choice(s, seat, safe[:HARD_CANDIDATES], rng))


# --- card choices ------------------------------------------------------------------------
def pick_card(s: State, seat: int, rng: Rng) -> int:
    """A land card to add to hand: a star or two for cancelling, otherwise high, varied digits."""
    hand, land = s.hand[seat], s.land[seat]
    # facing 夜 (reverse order), 朝 is the one star that may answer and 恐慌 answers anything
    facing_night = s.star == NIGHT and s.reverse and s.last is not None and s.last[0] != seat
    best, best_score = -1, -1e9
    for k in range(NUM_KINDS):
        if not land[k]:
            continue
        if k in STARS:
            score = 6.0 - 1.5 * sum(hand[j] for j in STARS)
            if facing_night and k == MORNING:
                score += 6.0
            if s.star >= 0 and k == next_star(s.star):
                score += CYCLE_BONUS     # the one star that may answer now
            elif s.star >= 0 and k != next_star(next_star(s.star)):
                score -= CYCLE_BONUS     # stuck until the cycle comes round
        elif k == PANIC:
            score = 4.5 + (6.0 if facing_night else 0.0)
        else:
            score = 2.0 + k * 0.5 - 2.5 * hand[k]
        score += rng.random() * 1.5
        if score > best_score:
            best, best_score = k, score
    return best


def rollout_pick(s: State, seat: int, rng: Rng) -> int:
    """Rollouts' card choice: :func:`pick_card`, but no star or 恐慌 that the hand could not play
    out (each needs a number partner and the last shell must be numbers: 2 per special + 2 cards)."""
    k = pick_card(s, seat, rng)
    if is_number(k) or not ROLLOUT_STAR_CARE:
        return k
    hand = s.hand[seat]
    specials = sum(hand[j] for j in STARS) + hand[PANIC] + 1
    size = sum(hand) + pending(s, seat)
    if size >= 2 * specials + 2:
        return k
    numbers = [j for j in range(10) if s.land[seat][j]]
    return max(numbers, key=lambda j: (j * 0.5 - 2.5 * hand[j], j)) if numbers else k


ROLLOUT_STAR_CARE = True
"""Rollouts take no star or 恐慌 that the hand could not play out."""

CYCLE_BONUS = 0.0
"""Taking a card: worth of the star that follows the last one placed (others wait for the cycle)."""

OPENING_ORDER = (14, 10, 9, 9, 8, 8, 13, 7, 7, 11, 6, 6, 12, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0)
"""The hard level's opening preference: 恐慌 and 朝 (they answer anything, 朝 also 夜), then high
numbers; more stars only later (each needs a number partner before the hand runs short)."""


def opening_card(s: State, seat: int) -> int:
    """The hard level's next opening card: the first of OPENING_ORDER not yet in hand."""
    need = [0] * NUM_KINDS
    for k in OPENING_ORDER:
        need[k] += 1
        if need[k] > s.hand[seat][k] and s.land[seat][k]:
            return k
    return next(k for k in range(NUM_KINDS) if s.land[seat][k])


def veil_choice(s: State, seat: int) -> str | None:
    """Veil the last card of the row when allowed: it stops future goods (rewards fill the hand)."""
    row = s.rows[seat]
    if row and (len(row) - 1) in s.veilable[seat] and row[-1][0] != 0:
        return f"veil {len(row) - 1}"
    return None


# --- placements --------------------------------------------------------------------------
def placement_score(s: State, seat: int, kinds: tuple[int, ...], warned: bool | None = None,
                    behind: bool = False) -> float:
    """The normal level's estimate of a placement (higher is better). ``warned``: whether the
    screen warns about it (computed here when not given; it reads only the placer's side)."""
    after = R.do_place(s, seat, kinds)
    if after.result is not None and seat in after.result[0] and R.hand_size(after, seat) == 0:
        return 1000.0                             # 上がり
    if warned if warned is not None else R.danger(s, seat, kinds) is not None:
        return -400.0                             # the placement the screen warns about
    if after.result is not None:
        return WORLD_WIN if seat in after.result[0] else -1000.0 if after.result[0] else 0.0
    if after.tasks and after.tasks[0][0] == "kaijo":
        return 500.0
    return (evaluate(after, seat, behind) - _spend(s, kinds) + FORCE * _forcing(after) * (BEHIND_FORCE if behind else 1)
            - LETS_OUT * lets_out(after, seat))


LETS_OUT = 40.0
"""Cost of a placement after which the opponent (in the sampled world) can go out at once (added
2026-12-03: a player who wants to win keeps the other side from going out, and matches last)."""


def lets_out(after: State, seat: int) -> float:
    """1.0 if, after ``seat``'s placement, the opponent can go out on their next turn (their two
    cards beat the value on the table, or 雷霆), else 0.0; a one-card hand taxed to two: the chance
    that the card added is a number. A player who wants to win looks at that
    first; in a sampled world it is a guess weighted by the samples."""
    opp = 1 - seat
    hand = after.hand[opp]
    size = sum(hand)
    owed = pending(after, opp)
    if owed:
        # the tax adds cards first: one card taxed to two goes out when the added card is a number
        # (a star or 恐慌 shell left no value to beat); more cards than two cannot go out at once
        if size + owed != 2 or R.has_star_or_panic(hand) or after.to_beat is not None:
            return 0.0
        land = after.land[opp]
        return sum(land[:10]) / max(1, sum(land))
    if size not in (2, 3) or (size == 3 and not R.is_raitei_hand(hand)):
        return 0.0
    return 1.0 if any(len(k) == size and all(is_number(c) for c in k) for k in R.placements(after, opp)) else 0.0


WORLD_WIN = 60.0
"""Worth of the opponent losing at once in a sampled world (their hidden hand is only a guess)."""


BEHIND_FORCE = 1.0
"""How much more blocking is worth when behind."""

FORCE = 3.0
"""Weight of how hard the placed value is to answer (the opponent may be besieged)."""


def _forcing(after: State) -> float:
    """0..1.3: how few shells can answer the value now on the table."""
    v = after.to_beat
    if v is None:
        return 0.0
    if v == 0 and after.reverse:
        return 1.3          # only a star, 恐慌 or a 00 pair can answer
    frac = (99 - v) / 99 if after.reverse else v / 99
    return frac * frac


def _spend(s: State, kinds: tuple[int, ...]) -> float:
    """How much strength a shell uses: high numbers in ascending, stars always a little."""
    cost = 0.0
    for k in kinds:
        if is_number(k):
            cost += (9 - k if s.reverse else k) * 0.12
        else:
            cost += 0.9
    return cost


def pending(s: State, seat: int) -> int:
    """Cards ``seat`` still has to take from the queued steps."""
    return sum(t[2] for t in s.tasks if t[0] in ("take", "draw") and t[1] == seat) + \
        sum(1 for t in s.tasks if t[0] == "merchant" and t[1] == seat)


def evaluate(s: State, seat: int, behind: bool = False) -> float:
    """A static estimate of ``s`` for ``seat``: fewer own cards, more opponent cards. ``behind``
    (the opponent is nearer going out): the opponent's cards weigh more, so taxing them and keeping
    answers (making the match last) is worth more than shedding cards."""
    if s.result is not None:
        return 1000.0 if seat in s.result[0] else -1000.0 if s.result[0] else 0.0
    opp = 1 - seat
    mine = R.hand_size(s, seat) + pending(s, seat)
    theirs = R.hand_size(s, opp) + pending(s, opp)
    score = -1.0 * mine + (BEHIND_THEIRS if behind else THEIRS) * theirs
    if mine > R.HAND_LIMIT - 2:
        score -= 3.0
    if mine == 1:
        score -= 2.0
    hand = s.hand[seat]
    specials: float = sum(hand[k] for k in STARS) + hand[PANIC]
    if s.star >= 0 and s.rules.star_order:    # a star the cycle does not allow yet must wait: more cards
        allowed = next_star(s.star)
        specials += STUCK * sum(hand[k] for k in STARS if k != allowed)
    # each star or 恐慌 needs a number partner and the last shell must be numbers: short of that,
    # the hand ends as two cards with a star (禁止行為)
    score -= STAR_PRESSURE * max(0, 2 * specials + 2 - mine)
    if mine > 2 * specials + 3:
        score += 0.15 * sum(hand[k] for k in STARS)
        score += ANSWER if specials else 0.0     # one star or 恐慌 kept answers any value (no 包囲)
    return score


STUCK = 0.5
"""A star the cycle does not allow next counts as this much more than one special (it waits)."""

BEHIND = 2
"""Cards more than the opponent from which a player counts as behind (see :func:`evaluate`)."""
THEIRS = 1.2
"""Weight of the opponent's cards (each card a star's tax adds is worth this much; 0.6 until
2026-12-03: the normal level now taxes more, as a player who wants to win keeps the other side
from going out)."""
BEHIND_THEIRS = 1.2
"""Weight of the opponent's cards when behind (THEIRS otherwise)."""

ANSWER = 1.0
"""Worth of keeping at least one star or 恐慌 while the hand is long enough to play it out."""


STAR_PRESSURE = 1.5
"""Penalty per card the hand is short of playing out its stars and 恐慌 with number partners."""


NORMAL_SAMPLES = 3
"""Sampled opponent hands the one-step heuristic averages over (it never reads the real one)."""


def rank_placements(s: State, seat: int, rng: Rng) -> list[tuple[int, ...]]:
    """Legal placements, best first by the normal heuristic averaged over sampled opponent hands
    (placing resolves the opponent's start-of-turn checks, which depend on their hidden hand)."""
    options = R.placements(s, seat)
    if len(options) <= 1:
        return options
    worlds = [sample_world(s, seat, rng) for _ in range(NORMAL_SAMPLES)]
    warned = {k: R.danger(s, seat, k) is not None for k in options}
    behind = R.hand_size(s, seat) - R.hand_size(s, 1 - seat) >= BEHIND
    scores = {k: sum(placement_score(w, seat, k, warned[k], behind) for w in worlds) for k in options}
    return sorted(options, key=lambda k: -scores[k])


# --- hard: determinized Monte Carlo -------------------------------------------------------
def sample_world(s: State, seat: int, rng: Rng) -> State:
    """``s`` with the opponent's hand and land replaced by a sample consistent with ``seat``'s view."""
    opp = 1 - seat
    pool = list(unseen(s, seat))
    must = [0] * NUM_KINDS
    if s.lead_shown:
        last = s.lead_shown[-1][opp]
        if last >= 0:
            must[last // 10] += 1
            must[last % 10] += 1
            for kind, _, _ in s.rows[opp]:
                if 0 <= kind < 10 and must[kind]:
                    must[kind] -= 1
    if not s.merchant[opp] and not any(kind == 0 for kind, _, _ in s.rows[opp]):
        must[0] = max(must[0], 1)    # public: the merchant 0 went to their hand (交換) and is not placed yet
    hand_n = R.hand_size(s, opp)
    cards = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
    hand = [0] * NUM_KINDS
    for k in range(NUM_KINDS):
        take = min(must[k], pool[k], hand_n - sum(hand))
        hand[k] += take
        cards.remove(k) if take else None
        for _ in range(take - 1):
            cards.remove(k)
    rng.shuffle(cards)
    need = hand_n - sum(hand)
    for k in cards[:need]:
        hand[k] += 1
    land = [pool[k] - hand[k] for k in range(NUM_KINDS)]
    hands = (s.hand[0], tuple(hand)) if opp == 1 else (tuple(hand), s.hand[1])
    lands = (s.land[0], tuple(land)) if opp == 1 else (tuple(land), s.land[1])
    return replace(s, hand=hands, land=lands)


def fast_place(s: State, seat: int, rng: Rng) -> tuple[int, ...]:
    """Rollout policy: go out if possible, else the cheapest number shell that beats, else a star."""
    options = R.placements(s, seat)
    hand = s.hand[seat]
    size = sum(hand)
    numbers = [k for k in options if all(is_number(c) for c in k)]
    if numbers and (size == 2 or (size == 3 and any(len(k) == 3 for k in numbers))):
        return next((k for k in numbers if len(k) == 3), numbers[0])
    if numbers and ROLLOUT_KILL:
        # the world is a sample with both hands known: take a siege when the strongest shell gives one
        strongest = max(numbers, key=lambda k: R.shell_value(k) * (-1 if s.reverse else 1))
        after = R.do_place(s, seat, strongest)
        if after.result is not None and seat in after.result[0]:
            return strongest
    specials = sum(hand[k] for k in STARS) + hand[PANIC]
    special_shells = [k for k in options if not all(is_number(c) for c in k)]
    if special_shells and size <= 2 * specials + 3 and rng.random() < 0.8:
        return rng.choice(special_shells)
    # never leave one card, or two with a star or 恐慌 among them (lost at the next turn)
    def leaves_ok(k: tuple[int, ...]) -> bool:
        left = list(hand)
        for c in k:
            left[c] -= 1
        n = sum(left)
        return n != 1 and not (n == 2 and R.has_star_or_panic(tuple(left)))
    numbers = [k for k in numbers if leaves_ok(k)] or numbers
    if numbers and rng.random() < 0.85:
        return min(numbers, key=lambda k: (R.shell_value(k) * (-1 if s.reverse else 1), rng.random()))
    return rng.choice(options)


ROLLOUT_KILL = True
"""Rollouts play the siege when the strongest number shell gives one (a player who wants to win would)."""


PLIES = [0]
"""Plies played by rollouts so far (a counter :func:`halving` reads to keep within its budget)."""


def rollout(s: State, seat: int, rng: Rng) -> float:
    """Play ``s`` to the end with the fast policy; 1 win, 0.5 draw, 0 loss for ``seat``."""
    for _ in range(ROLLOUT_LIMIT):
        PLIES[0] += 1
        if s.result is not None:
            break
        if s.tasks:
            task = s.tasks[0]
            kind = task[0]
            if kind == "draw":
                land = s.land[task[1]]
                k = rng.weighted_index(list(land))
                s = R.take(s, task[1], k)
            elif kind == "take":
                s = R.take(s, task[1], rollout_pick(s, task[1], rng))
            elif kind == "recover":
                pos = next(i for i, (k, v, _) in enumerate(s.rows[task[1]]) if v and k >= 0)
                s = R.recover(s, task[1], pos)
            elif kind == "kaijo":
                return 0.5
            else:  # "first" cannot occur in play
                break
            continue
        mover = s.turn
        if not R.can_place(s, mover):   # goods off: add a land card first
            s = R.add_card(s, mover, pick_card(s, mover, rng))
            continue
        s = R.do_place(s, mover, fast_place(s, mover, rng))
    if s.result is None:
        return 0.5
    winners = s.result[0]
    return 1.0 if seat in winners else 0.5 if not winners else 0.0


def hard_choice(s: State, seat: int, candidates: list[tuple[int, ...]], rng: Rng) -> tuple[int, ...]:
    """The placement with the best average rollout over sampled worlds (see :func:`halving`)."""
    return candidates[halving(s, seat, [_placing(seat, k) for k in candidates],
                              HARD_ITERATIONS, rng)]


def _placing(seat: int, kinds: tuple[int, ...]) -> Callable[[State], State]:
    def move(world: State) -> State:
        return R.do_place(world, seat, kinds)
    return move


def _taking(seat: int, kind: int) -> Callable[[State], State]:
    def move(world: State) -> State:
        return R.take(world, seat, kind)
    return move


def halving(s: State, seat: int, moves: list[Callable[[State], State]], budget: int, rng: Rng) -> int:
    """The index of the move whose rollouts do best for ``seat``, by successive halving: each round
    shares its sampled worlds among the moves still in, then the better half goes on (at least two),
    so the budget of rollouts goes to the moves that matter. Ties: the earliest move."""
    n = len(moves)
    alive = list(range(n))
    totals = [0.0] * n
    counts = [0] * n
    per_round = max(1, budget // max(1, math.ceil(math.log2(n))) if n > 1 else budget)
    limit = PLIES[0] + budget * PLIES_PER_ROLLOUT      # the work bound: plies, not wall time
    while True:
        for _ in range(max(1, per_round // len(alive))):
            world = sample_world(s, seat, rng)
            seed = rng.next_u64()
            for j in alive:
                totals[j] += rollout(moves[j](world), seat, Rng(seed ^ j))
                counts[j] += 1
            if PLIES[0] > limit:
                break
        if len(alive) <= 2 or PLIES[0] > limit:
            alive = [j for j in alive if counts[j]] or alive
            break
        alive.sort(key=lambda j: (-totals[j] / counts[j], j))
        alive = alive[:max(2, (len(alive) + 1) // 2)]
    return max(alive, key=lambda j: (totals[j] / counts[j], -j))


PLIES_PER_ROLLOUT = 10
"""The rollout plies a decision may spend, per rollout of its budget (long rollouts stop it early)."""

TAKE_CANDIDATES = 4
"""The hard level weighs this many land cards by rollouts when it adds a card to its hand."""
TAKE_ITERATIONS = 192
"""Rollouts per hard card choice, spread over the candidates."""


def take_candidates(s: State, seat: int) -> list[int]:
    """Land kinds worth weighing: the answers (恐慌, the star the cycle allows next, other stars) and
    the most useful numbers (high and not yet doubled), at most TAKE_CANDIDATES."""
    land, hand = s.land[seat], s.hand[seat]
    out: list[int] = []
    if land[PANIC]:
        out.append(PANIC)
    allowed = R.allowed_stars(s) if s.star >= 0 else STARS
    nxt = [k for k in STARS if land[k] and k in allowed and s.star >= 0]
    out += nxt
    numbers = sorted((k for k in range(10) if land[k]), key=lambda k: -(k * 0.5 - 2.5 * hand[k]))
    others = [k for k in STARS if land[k] and k not in out]
    merged = out + numbers[:2] + others[:1] + numbers[2:]
    seen: list[int] = []
    for k in merged:
        if k not in seen:
            seen.append(k)
    return seen[:TAKE_CANDIDATES]


def hard_take(s: State, seat: int, rng: Rng) -> int:
    """The land card to add whose rollouts (over sampled worlds) do best."""
    cands = take_candidates(s, seat)
    if len(cands) <= 1:
        return cands[0] if cands else pick_card(s, seat, rng)
    return cands[halving(s, seat, [_taking(seat, k) for k in cands], TAKE_ITERATIONS, rng)]
