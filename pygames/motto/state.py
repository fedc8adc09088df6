"""The match state and the rule mechanics that change it (no parsing, no text)."""

from __future__ import annotations

from typing import Any

from .coins import DECK_NOS, FORKS_TO_END, START_FACES, STABLE_IDS, coin, dice_per_player

START, DRAW, AUCTION, RECOVER, OVER = "start", "draw", "auction", "recover", "over"


class MottoState:
    """Everything about a match. Treated as immutable: the rules clone before changing.

    The deck is kept as an unordered list: its order does not exist until a chance draw
    reveals the next coin, so no state (and no log) holds a future draw."""

    __slots__ = ("n", "ndice", "deck", "aside", "removed", "revealed", "holdings", "locked", "free",
                 "supply", "phase", "coin", "opener", "turn", "passed", "offers", "high", "dropouts",
                 "forks_up", "pending", "end", "end_coin", "auctions", "last", "starter")

    def __init__(self, n: int) -> None:
        self.n = n
        self.ndice = dice_per_player(n)
        self.deck: list[int] = list(DECK_NOS)
        self.aside: list[int] = []
        self.removed: list[int] = []
        self.revealed: list[int] = []
        self.holdings: list[list[str]] = [[STABLE_IDS[i]] for i in range(n)]
        self.locked: list[dict[str, list[int]]] = [{STABLE_IDS[i]: sorted(START_FACES, reverse=True)}
                                                   for i in range(n)]
        self.free: list[int] = [self.ndice - len(START_FACES)] * n
        self.supply: list[str] = list(STABLE_IDS[n:])
        self.phase = DRAW
        self.coin: int | None = None
        self.opener = 0
        self.turn: int | None = None
        self.passed: list[bool] = [False] * n
        self.offers: list[tuple[int, ...] | None] = [None] * n
        self.high: int | None = None
        self.dropouts: list[int] = []
        self.forks_up = 0
        self.pending: list[int] = []
        self.end: str | None = None
        self.end_coin: int | None = None
        self.auctions = 0
        self.last: dict[str, Any] | None = None
        self.starter: int | None = 0  # the start player (None while the lot is still to be drawn)

    def clone(self) -> "MottoState":
        """A deep copy (cheap: a few small lists)."""
        s = MottoState.__new__(MottoState)
        for name in self.__slots__:
            setattr(s, name, getattr(self, name))
        s.deck, s.aside, s.removed, s.revealed = list(self.deck), list(self.aside), list(self.removed), list(self.revealed)
        s.holdings = [list(h) for h in self.holdings]
        s.locked = [{k: list(v) for k, v in d.items()} for d in self.locked]
        s.free, s.supply, s.passed = list(self.free), list(self.supply), list(self.passed)
        s.offers, s.dropouts, s.pending = list(self.offers), list(self.dropouts), list(self.pending)
        return s

    @property
    def half(self) -> int:
        """1 while the deck (or a half-revealed pair) lasts, then 2."""
        return 1 if self.deck or self.revealed else 2

    def locked_dice(self, seat: int) -> int:
        """How many of ``seat``'s dice sit on coins."""
        return sum(len(v) for v in self.locked[seat].values())


# --- mechanics (all mutate a fresh clone) ------------------------------------------------
def shift_dice(s: MottoState, seat: int, delta: int) -> int:
    """Change every die on ``seat``'s coins by ``delta`` (never above 6); dice below 1
    return to the free dice. Returns how many returned."""
    back = 0
    for cid in list(s.locked[seat]):
        faces = [min(6, f + delta) for f in s.locked[seat][cid]]
        kept = [f for f in faces if f >= 1]
        back += len(faces) - len(kept)
        if kept:
            s.locked[seat][cid] = kept
        else:
            del s.locked[seat][cid]
    s.free[seat] += back
    return back


def lowest_choices(s: MottoState, seat: int) -> list[str]:
    """Coins holding one of ``seat``'s lowest locked dice (the 最小1個回収 candidates)."""
    low = min((f for faces in s.locked[seat].values() for f in faces), default=None)
    if low is None:
        return []
    return [cid for cid in s.holdings[seat] if low in s.locked[seat].get(cid, ())]


def recover_from(s: MottoState, seat: int, cid: str) -> None:
    """Return the lowest die on coin ``cid`` of ``seat`` to the free dice."""
    faces = s.locked[seat][cid]
    faces.remove(min(faces))
    if not faces:
        del s.locked[seat][cid]
    s.free[seat] += 1


def put_up(s: MottoState, no: int) -> None:
    """Coin ``no`` comes up for auction; the 4th hard fork ends the game instead."""
    if coin(no).kind == "fork":
        s.forks_up += 1
        if s.forks_up >= FORKS_TO_END:
            s.phase, s.end, s.end_coin = OVER, "fork", no
            s.last = dict(s.last or {}, ended="fork", end_coin=no)
            return
    s.phase, s.coin, s.turn, s.high = AUCTION, no, s.opener, None
    s.passed, s.offers, s.dropouts = [False] * s.n, [None] * s.n, []
    s.auctions += 1


def draw(s: MottoState, no: int) -> None:
    """Chance: coin ``no`` is revealed (from the deck in the first half, else from the set-aside coins)."""
    if s.deck:
        s.deck.remove(no)
        s.revealed.append(no)
        if len(s.revealed) == 2 or not s.deck:
            pair = sorted(s.revealed)
            s.revealed = []
            if len(pair) == 2:
                s.aside.append(pair[1])
                s.aside.sort()
            put_up(s, pair[0])
    else:
        s.aside.remove(no)
        put_up(s, no)


def after_auction(s: MottoState) -> None:
    """Clear the auction and go on: a choice of die to recover, the next draw, or the end."""
    s.coin, s.turn, s.high = None, None, None
    s.passed, s.offers, s.dropouts = [False] * s.n, [None] * s.n, []
    if s.pending:
        s.phase = RECOVER
    elif not s.deck and not s.revealed and not s.aside:
        s.phase, s.end = OVER, "exhausted"
        s.last = dict(s.last or {}, ended="exhausted")
    else:
        s.phase = DRAW


def sell(s: MottoState) -> None:
    """The standing bidder wins: dice locked on the coin, the runner-up of a double auction
    takes a stable coin, every other player suffers the price fluctuation."""
    no, winner = s.coin, s.high
    assert no is not None and winner is not None
    c = coin(no)
    bid = s.offers[winner] or ()
    s.holdings[winner].append(str(no))
    s.locked[winner][str(no)] = list(bid)
    s.free[winner] -= len(bid)
    exempt = {winner}
    event: dict[str, Any] = {"kind": "sale", "coin": no, "winner": winner, "bid": list(bid), "runner": None,
                             "fluctuation": c.fluctuation, "returned": [0] * s.n, "recovered": [None] * s.n}
    if c.double and s.dropouts:
        runner = s.dropouts[-1]
        exempt.add(runner)
        event["runner"] = runner
        if s.supply:
            sid = s.supply.pop(0)
            rbid = s.offers[runner] or ()
            s.holdings[runner].append(sid)
            s.locked[runner][sid] = list(rbid)
            s.free[runner] -= len(rbid)
            event["runner_coin"], event["runner_bid"] = sid, list(rbid)
    for k in range(1, s.n):
        seat = (winner + k) % s.n
        if seat in exempt:
            continue
        if c.fluctuation == "recover":
            choices = lowest_choices(s, seat)
            if len(choices) == 1:
                recover_from(s, seat, choices[0])
                event["recovered"][seat] = choices[0]
            elif choices:
                s.pending.append(seat)
        else:
            event["returned"][seat] = shift_dice(s, seat, int(c.fluctuation or 0))
    s.opener = winner
    s.last = event
    after_auction(s)


def all_passed(s: MottoState) -> None:
    """Nobody bid: the coin leaves the game and everyone's dice go down 1; the opener stays."""
    no = s.coin
    assert no is not None
    s.removed.append(no)
    returned = [shift_dice(s, seat, -1) for seat in range(s.n)]
    s.last = {"kind": "all_pass", "coin": no, "returned": returned}
    after_auction(s)


def next_bidder(s: MottoState, seat: int) -> None:
    """After ``seat`` acted: end the auction if it is decided, else pass the turn clockwise."""
    active = [i for i in range(s.n) if not s.passed[i]]
    if not active:
        all_passed(s)
        return
    if len(active) == 1 and s.high == active[0]:
        sell(s)
        return
    for k in range(1, s.n + 1):
        nxt = (seat + k) % s.n
        if not s.passed[nxt]:
            s.turn = nxt
            return
