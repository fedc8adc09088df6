"""How likely the next coin is to end the game (shown in the view, used by the bots)."""

from __future__ import annotations

from .coins import FORKS_TO_END, coin
from .state import OVER, MottoState


def end_chance(s: MottoState) -> float:
    """Probability that the next coin to come up ends the game (the 4th hard fork, or none left)."""
    if s.phase == OVER:
        return 1.0
    need_fork = s.forks_up + 1 >= FORKS_TO_END

    def ends(no: int) -> bool:
        return need_fork and coin(no).kind == "fork"

    if s.revealed and s.deck:
        return sum(ends(min(s.revealed[0], d)) for d in s.deck) / len(s.deck)
    if s.revealed:
        return float(ends(s.revealed[0]))
    if len(s.deck) >= 2:
        d = sorted(s.deck)
        m = len(d)
        # the lower of two random coins is d[i] in (m - 1 - i) of the m(m-1)/2 pairs
        return sum(m - 1 - i for i, no in enumerate(d) if ends(no)) / (m * (m - 1) / 2)
    if s.deck:
        return float(ends(s.deck[0]))
    if not s.aside:
        return 1.0
    return sum(ends(no) for no in s.aside) / len(s.aside)
