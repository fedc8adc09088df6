"""Computer players at three levels. They read only public facts (the view): the holdings,
dice, the coin up, the standing bid and the *set* of unseen coins; the deck order is never
read (the hard level samples possible orders with its own generator).

- easy: values a coin at its printed value, ignores the crash, bids the cheapest raise while
  its pips stay under a noisy budget.
- normal: bids the cheapest raise while its own projected score gains from the coin, the
  crash counted with a fixed expected decay of the dice (blind to how soon the game ends).
- hard: compares winning (for each sensible raise) with letting the coin go (the standing
  bidder takes it and the fluctuation hits this seat), scoring every player with the dice's
  expected decay until the end, which it estimates by sampling the unseen coins' order
  (so the chance the game ends soon shrinks the decay); free dice are worth more while many
  auctions remain; it plays for its margin over the others.
"""

from __future__ import annotations

from pygames.core import Rng

from . import state as st
from .bids import canonical, cheapest_by_size
from .coins import FORKS_TO_END, coin, merge_gap
from .scoring import score
from .state import RECOVER, MottoState

SAMPLES = 12
"""Sampled orders of the unseen coins per hard decision."""
NORMAL_DECAY = 3.0
NORMAL_FREE = 1.5


def choose(s: MottoState, seat: int, level: str, rng: Rng) -> str:
    """A legal action for ``seat`` at ``level``."""
    if s.phase == RECOVER:
        return _recover(s, seat, level)
    standing = s.offers[s.high] if s.high is not None else None
    raises = cheapest_by_size(s.free[seat], standing)
    if not raises:
        return "pass"
    if level == "easy":
        return _easy(s, seat, raises, rng)
    if level == "normal":
        return _by_utility(s, seat, raises, decay=NORMAL_DECAY, free_value=NORMAL_FREE, selfish=True)
    left = remaining_auctions(s, rng)
    n = s.n
    drops = [(-c.fluctuation if isinstance(c.fluctuation, int) else 0.6) for c in map(coin, s.deck + s.aside)]
    avg_drop = sum(drops) / len(drops) if drops else 1.0
    decay = left * (n - 1) / n * avg_drop * 0.85
    free_value = min(4.0, 0.5 * left)
    return _by_utility(s, seat, raises, decay=decay, free_value=free_value, selfish=False)


# --- levels ------------------------------------------------------------------------------
def _easy(s: MottoState, seat: int, raises: tuple[tuple[int, ...], ...], rng: Rng) -> str:
    if rng.random() < 0.25:
        return "pass"
    assert s.coin is not None  # an auction is on
    c = coin(s.coin)
    worth = (c.value or 0) if c.kind == "coin" else 12 * (c.multiplier or 1)
    budget = worth / 3 * (0.4 + rng.random())
    bid = min(raises, key=lambda b: (sum(b), len(b)))
    return canonical(bid) if sum(bid) <= budget else "pass"


def _by_utility(s: MottoState, seat: int, raises: tuple[tuple[int, ...], ...], decay: float, free_value: float,
                selfish: bool) -> str:
    def utility(t: MottoState) -> float:
        mine = evaluate(t, seat, decay, free_value)
        if selfish:
            return mine
        others = [evaluate(t, p, decay, free_value) for p in range(t.n) if p != seat]
        return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)

    best_action, best = "pass", utility(_if_lost(s, seat))
    for bid in raises:
        u = utility(_if_won(s, seat, bid))
        if u > best + 1e-9:
            best_action, best = canonical(bid), u
    return best_action


def _recover(s: MottoState, seat: int, level: str) -> str:
    choices = st.lowest_choices(s, seat)
    if level == "easy":
        return f"recover {choices[0]}"

    def after(cid: str) -> float:
        t = s.clone()
        st.recover_from(t, seat, cid)
        return evaluate(t, seat, 1.5, 0.0)

    return f"recover {max(choices, key=after)}"


# --- evaluation --------------------------------------------------------------------------
def evaluate(s: MottoState, seat: int, decay: float, free_value: float) -> float:
    """``seat``'s projected score with every locked die expected to drop by ``decay``
    (a die that drops below 1 costs nothing), plus ``free_value`` per free die."""
    sheet = score(s.holdings[seat], s.locked[seat], merge_gap(s.n))
    loss = 0.0
    for row in sheet["stacks"] + sheet["specials"]:
        loss += sum(max(0.0, f - decay) for f in row["dice"]) * row["crash"]
    return sheet["positive"] + loss + free_value * s.free[seat]


def _settle(t: MottoState) -> MottoState:
    while t.pending:  # hypothetical recoveries: take the first choice
        seat = t.pending.pop(0)
        st.recover_from(t, seat, st.lowest_choices(t, seat)[0])
    return t


def _if_won(s: MottoState, seat: int, bid: tuple[int, ...]) -> MottoState:
    t = s.clone()
    t.offers[seat], t.high, t.dropouts = bid, seat, []
    st.sell(t)
    return _settle(t)


def _if_lost(s: MottoState, seat: int) -> MottoState:
    """What likely happens if ``seat`` drops out: the standing bidder buys, or the next
    player still in buys with one low die, or nobody does."""
    t = s.clone()
    t.passed[seat] = True
    if t.high is None:
        others = [p for p in range(t.n) if not t.passed[p] and t.free[p] > 0]
        if not others:
            st.all_passed(t)
            return _settle(t)
        t.high = min(others, key=lambda p: (p - seat) % t.n)
        t.offers[t.high] = (1,)
    t.dropouts = []
    st.sell(t)
    return _settle(t)


def remaining_auctions(s: MottoState, rng: Rng, samples: int = SAMPLES) -> float:
    """Expected number of auctions after the current one, from sampled orders of the unseen
    coins (public: the deck's contents and the set-aside coins, never their order)."""
    total = 0
    for _ in range(samples):
        deck = list(s.deck)
        rng.shuffle(deck)
        aside = list(s.aside)
        revealed = list(s.revealed)
        forks = s.forks_up
        count = 0
        while True:
            if deck or revealed:
                while len(revealed) < 2 and deck:
                    revealed.append(deck.pop())
                pair = sorted(revealed)
                revealed = []
                if len(pair) == 2:
                    aside.append(pair[1])
                no = pair[0]
            elif aside:
                no = aside.pop(rng.randbelow(len(aside)))
            else:
                break
            if coin(no).kind == "fork":
                if forks + 1 >= FORKS_TO_END:
                    break
                forks += 1
            count += 1
        total += count
    return total / samples
