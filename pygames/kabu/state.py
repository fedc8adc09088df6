"""The duel state: a plain object copied (not shared) by every ``apply``."""

from __future__ import annotations

import copy
from typing import Any

UNIT_YEN = 100
"""One price unit (単位) in yen (ruling 1)."""
START_CASH = 8000
SALARY = 4000
MIN_PRICE = 1
"""A price never falls below one unit (ruling 1)."""
MAX_LIMIT = 9999
"""Input sanity bound on a limit price in units (the source sets no limit: 5)."""
LIQUIDATION_DISCOUNT = 3
"""清算 sells at the current price minus this many units (4 清算フェーズ)."""
SPECIAL_SELL_PREMIUM = 1
"""T02/T03 sell at price + this many units."""
PHASE_SIDE = {5: "buy", 6: "sell", 9: "buy", 10: "sell"}
LIQUIDATION_PHASE = 11
OVER_PHASE = 12
FAR_UNITS = 3
"""A preview warns when a fill would be at least this many units from the current price (ruling 16)..."""
FAR_SHARE = 0.25
"""...and at least this share of it."""
RULINGS = ("market_one_judging", "bankruptcy_draw", "t05_distinct", "ascii_digits")
"""The rulings added in engine version 2 (design rulings 15, 17, 18, 19): each a bool option;
records of version 1 play with all of them off."""


class KabuState:
    """Everything about one duel. Mutated only on a fresh copy inside ``apply``."""

    _SHALLOW = ("fills", "events", "tool_log", "dividends", "price_history", "asset_history", "chart", "snapshot",
                "price", "div_mult", "market", "turn_start_price", "ranks", "effect", "cash", "done", "peek_orders",
                "janken", "t04", "top", "top_seen", "cancels", "price_cards", "jankens")
    """Containers whose elements are immutable values or never-mutated entries: copied shallowly."""
    _NESTED = ("holdings", "bought", "hand", "tools_used", "deck", "drawn")
    """Per-seat containers: each seat's dict or list is copied."""

    def __init__(self) -> None:
        self.years = 1
        self.rules: dict[str, bool] = {r: True for r in RULINGS}
        """The rulings this duel is played under (never mutated after setup)."""
        self.total_turns = 8
        self.issues: list[str] = []
        self.total_qty: dict[str, int] = {}
        self.price: dict[str, int] = {}
        self.div_mult: dict[str, int] = {}
        self.market: dict[str, int] = {}
        self.holdings: list[dict[str, int]] = [{}, {}]
        self.cash = [START_CASH, START_CASH]
        self.hand: list[list[str]] = [[], []]
        self.tools_used: list[list[str]] = [[], []]
        self.deck: list[list[str]] = [[], []]
        self.top: list[str | None] = [None, None]        # a deck's top card once T06 fixed it
        self.top_seen: list[int | None] = [None, None]   # who peeked at deck i's top
        self.drawn: list[list[str]] = [[], []]
        self.orders: list[dict[str, Any]] = []
        self.next_seq = 1
        self.next_oid = 1
        self.ranks: dict[str, int] = {}
        self.turn = 0
        self.phase = 3
        self.step = "turn_start"
        self.pending: dict[str, Any] | None = None
        self.snapshot: list[dict[str, Any]] = []
        self.done = [False, False]
        self.peek_orders = [False, False]
        self.peek_chance: int | None = None                # seat waiting for a T06 chance draw
        self.bought: list[dict[str, int]] = [{}, {}]
        self.turn_start_price: dict[str, int] = {}
        self.flows = {"salary": [0, 0], "dividends": [0, 0], "market_in": [0, 0], "market_out": [0, 0]}
        self.janken: list[str | None] = [None, None]
        self.janken_rounds = 0
        self.t04 = [False, False]
        self.chart: list[int] = []
        self.chart_wanted = 1
        self.effect: dict[str, int] = {}
        self.effect_source = ""
        self.effect_card: str | None = None
        self.effect_target: str | None = None
        self.fills: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.tool_log: list[dict[str, Any]] = []
        self.dividends: list[dict[str, Any]] = []
        self.price_history: list[dict[str, Any]] = []
        self.asset_history: list[dict[str, Any]] = []
        self.last_price_card: dict[str, Any] | None = None
        self.price_cards: list[dict[str, Any]] = []
        """Every price card applied so far (for the story of the duel)."""
        self.cancels: list[dict[str, Any]] = []
        """Order remainders the engine cancelled (ruling 15: a market buy lives for one judging)."""
        self.jankens: list[dict[str, Any]] = []
        """Every decided janken: turn, phase, the tied group, each round's hands and the winner (for the story)."""
        self.bankrupt: int | None = None
        self.finished = False

    def clone(self) -> KabuState:
        """An independent copy (log entries and snapshots are never mutated, so they are shared)."""
        new = KabuState.__new__(KabuState)
        new.__dict__.update(self.__dict__)
        for name in self._SHALLOW:
            setattr(new, name, copy.copy(getattr(self, name)))
        for name in self._NESTED:
            setattr(new, name, [copy.copy(x) for x in getattr(self, name)])
        new.orders = [dict(o) for o in self.orders]
        new.flows = {k: list(v) for k, v in self.flows.items()}
        if self.pending is not None:
            new.pending = dict(self.pending, waiting=list(self.pending["waiting"]))
        return new

    # --- small queries ---------------------------------------------------------------
    @property
    def active(self) -> int:
        """The seat whose turn it is (seat 0 = 先攻)."""
        return self.turn % 2

    def shares(self, seat: int, issue: str) -> int:
        """Shares of ``issue`` held by ``seat``."""
        return self.holdings[seat].get(issue, 0)

    def stock_value(self, seat: int) -> int:
        """Market value of ``seat``'s shares in yen."""
        return sum(q * self.price[i] * UNIT_YEN for i, q in self.holdings[seat].items())

    def total(self, seat: int) -> int:
        """Total assets: cash plus shares at the current price (yen)."""
        return self.cash[seat] + self.stock_value(seat)

    def move_shares(self, issue: str, qty: int, seller: int | None, buyer: int | None) -> None:
        """Move shares between the market (None) and players."""
        if seller is None:
            self.market[issue] -= qty
        else:
            left = self.holdings[seller][issue] - qty
            if left:
                self.holdings[seller][issue] = left
            else:
                del self.holdings[seller][issue]
        if buyer is None:
            self.market[issue] += qty
        else:
            self.holdings[buyer][issue] = self.holdings[buyer].get(issue, 0) + qty
