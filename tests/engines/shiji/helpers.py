"""Building positions for the shiji tests."""

from __future__ import annotations


from pygames.shiji import GAME
from pygames.shiji.cards import FULL_SET, NUM_KINDS, from_codes, parse_card
from pygames.shiji.state import BALANCED, Rules, State


def position(hands, rows=([], []), lands=None, turn=0, to_beat=None, reverse=False, star=BALANCED,
             rules=None, merchant=(True, True)) -> State:
    """A play state: given hands and rows (codes, "~5" = veiled); the rest of each set goes to land
    unless ``lands`` is given (then the remainder is dropped into the row's start as veiled gaps... no:
    lands given explicitly must complete the set with rows and hands)."""
    rows_t, land_t, hand_t = [], [], []
    for seat in (0, 1):
        hand = from_codes(hands[seat])
        cells = []
        for i, c in enumerate(rows[seat]):
            veiled = c.startswith("~")
            cells.append((parse_card(c[1:] if veiled else c), veiled, i // 2))
        used = list(hand)
        for k, _, _ in cells:
            used[k] += 1
        used[0] += merchant[seat]
        if lands is None:
            land = tuple(FULL_SET[k] - used[k] for k in range(NUM_KINDS))
        else:
            land = from_codes(lands[seat])
        assert all(x >= 0 for x in land), (seat, land)
        rows_t.append(tuple(cells))
        land_t.append(land)
        hand_t.append(hand)
    return State(rules=rules or Rules(), phase="play", land=tuple(land_t), hand=tuple(hand_t), rows=tuple(rows_t),
                 picks=(0, 0), turn=turn, to_beat=to_beat, reverse=reverse, star=star, merchant=merchant,
                 placed=tuple((len(r) + 1) // 2 for r in rows))


def play(s: State, *actions: str) -> State:
    """Apply actions, each by whoever is to move (must be a single seat)."""
    for a in actions:
        (seat,) = GAME.to_move(s)
        s = GAME.apply(s, seat, a)
    return s


def take_any(s: State) -> State:
    """Resolve pending take choices by taking the lowest land cards."""
    while s.tasks and s.tasks[0][0] == "take":
        seat = s.tasks[0][1]
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    return s
