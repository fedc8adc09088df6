"""株式デュエル as a :class:`pygames.core.Game`."""

from __future__ import annotations

from typing import Any

from pygames.core import CHANCE, Game, GameError, Outcome, Rng
from pygames.core.errors import refuse
from pygames.core.game import OptionSpec
from pygames.core.messages import seat_name

from . import actions, bots, cards, flow, preview, rules, text, view
from . import messages  # noqa: F401  (registers the catalogue)
from .state import RULINGS, KabuState

DEFAULT_DECKS = ("balanced", "dividend")


class KabuGame(Game[KabuState]):
    """Stock card duel: two players trade the ten stock cards of their decks over 1-3 years."""

    name = "kabu"
    engine_version = "2"
    title_ja = "株式デュエル"
    title_en = "Stock Card Duel"
    summary_ja = "株式カードを売買して1年（春夏秋冬×先攻後攻の8ターン）で総資産を増やす対戦。"
    summary_en = "Trade stock cards for a year (four seasons × two turns) and end with the larger fortune."
    option_specs = (
        OptionSpec("years", "年数", "Years", "choice", 1,
                   choices=((1, "1年（8ターン）", "1 year (8 turns)"), (2, "2年（16ターン）", "2 years (16 turns)"),
                            (3, "3年（24ターン）", "3 years (24 turns)"))),
        OptionSpec("deck0", "先攻のデッキ", "First player's deck", "json", DEFAULT_DECKS[0]),
        OptionSpec("deck1", "後攻のデッキ", "Second player's deck", "json", DEFAULT_DECKS[1]),
        # Rulings of engine version 2 (design file, rulings 15-19); version-1 records keep the old ones.
        OptionSpec("market_one_judging", "成行注文は1回の約定判定だけ有効",
                   "A market order lives for one judging", "bool", True, since=2, legacy=False),
        OptionSpec("bankruptcy_draw", "両者とも清算できなければ引き分け",
                   "Both players unable to cover their debt: a draw", "bool", True, since=2, legacy=False),
        OptionSpec("t05_distinct", "チャート分析は異なる2枚を引く",
                   "Chart analysis draws two different cards", "bool", True, since=2, legacy=False),
        OptionSpec("ascii_digits", "注文の数字は半角数字だけ",
                   "Numbers in orders are ASCII digits only", "bool", True, since=2, legacy=False),
    )

    # --- setup -------------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None, seats: int,
                          engine_version: str | None = None) -> dict[str, Any]:
        """Check years and both decks against the deck limits (2-1, 2-2, 7)."""
        result = super().normalize_options(options, seats, engine_version)
        for key in ("deck0", "deck1"):
            try:
                result[key] = cards.resolve_deck(result[key], result["years"])
            except GameError as err:
                who_ja, who_en = ("先攻", "first player") if key == "deck0" else ("後攻", "second player")
                raise GameError(err.code, f"{who_ja}の{err.message_ja}", f"The {who_en}'s deck: {err.message_en}",
                                key=key, **err.params) from None
        return result

    def initial_state(self, options: dict[str, Any], seats: int) -> KabuState:
        rules = {key: bool(options.get(key, True)) for key in RULINGS}
        return flow.new_state(options["years"], [options["deck0"], options["deck1"]], rules)

    # --- rules -------------------------------------------------------------------------
    def to_move(self, state: KabuState) -> tuple[int, ...]:
        if state.finished:
            return ()
        if state.peek_chance is not None or state.pending is None:
            return (CHANCE,)
        return tuple(sorted(state.pending["waiting"]))

    def chance_outcomes(self, state: KabuState) -> list[tuple[str, float]]:
        if self.to_move(state) != (CHANCE,):
            return []
        if state.peek_chance is not None:
            deck = state.deck[1 - state.peek_chance]
            return [(f"top {c}", deck.count(c) / len(deck)) for c in sorted(set(deck))]
        if state.step == "p4_draw":
            values = list(flow.PRICE_CARDS)
            if state.rules["t05_distinct"] and state.chart_wanted == 2 and state.chart:
                values.remove(state.chart[0])  # ruling 18: the second card of T05 is another card
            return [(f"price {v:+d}", 1 / len(values)) for v in values]
        if state.step == "p8_draw":
            deck = state.deck[state.active]
            if state.top[state.active] is not None:
                return [(f"event {state.top[state.active]}", 1.0)]
            return [(f"event {c}", deck.count(c) / len(deck)) for c in sorted(set(deck))]
        return []

    def _legal_actions(self, state: KabuState, seat: int) -> list[str]:
        """Every legal action, except limit orders (free price): see VIEW.md."""
        return actions.legal(state, seat)

    def _apply(self, state: KabuState, seat: int, action: str) -> KabuState:
        tokens = actions.parse(action)
        if seat == CHANCE:
            new = state.clone()
            verb, arg = tokens
            if verb == "top":
                rules.peek_drawn(new, arg)
            elif verb == "price":
                flow.price_card_drawn(new, int(arg))
            else:
                flow.event_drawn(new, arg)
            flow.advance(new)
            return new
        new = state.clone()
        rules.apply_action(new, seat, tokens, action)
        flow.advance(new)
        return new

    def outcome(self, state: KabuState) -> Outcome | None:
        if not state.finished:
            return None
        totals = (state.total(0), state.total(1))
        # a seat by its generic name (プレイヤー1 / Player 1), as every engine writes one: the page puts in the
        # name it shows for that seat (あなた against the computer, a typed name, プレイヤー2), so the reason
        # names the winner as the result's headline and table do; 先攻/後攻 is not what they call a person
        if state.bankrupt in (0, 1):
            loser = state.bankrupt
            return Outcome((1 - loser,), totals, f"{seat_name(loser)[0]}が清算できず破産",
                           f"{seat_name(loser)[1]} went bankrupt in liquidation",
                           {"bankrupt": loser}, termination="bankrupt")
        if state.bankrupt == -1:  # ruling 17: both still in debt after 清算
            return Outcome((), totals, f"両者とも清算しても借金が残り破産: 引き分け（{totals[0]:,}円 対 {totals[1]:,}円）",
                           f"Both players were still in debt after liquidation: a draw (¥{totals[0]:,} vs ¥{totals[1]:,})",
                           {}, termination="both_bankrupt")
        if totals[0] == totals[1]:
            return Outcome((), totals, f"総資産が同じで引き分け（{totals[0]:,}円 対 {totals[1]:,}円）",
                           f"Equal total assets: a draw (¥{totals[0]:,} vs ¥{totals[1]:,})", {},
                           termination="equal_assets")
        winner = 0 if totals[0] > totals[1] else 1
        high, low = max(totals), min(totals)
        # past tense in English: "You had more…" reads as well as "Player 2 had more…"
        return Outcome((winner,), totals, f"総資産で{seat_name(winner)[0]}の勝ち（{high:,}円 対 {low:,}円）",
                       f"{seat_name(winner)[1]} had more total assets (¥{high:,} vs ¥{low:,})", {},
                       termination="assets")

    # --- presentation ------------------------------------------------------------------
    def view(self, state: KabuState, seat: int | None) -> dict[str, Any]:
        return view.build(state, seat)

    def describe_action(self, state: KabuState, seat: int, action: str) -> tuple[str, str]:
        return text.describe(state, seat, action)

    def progress(self, state: KabuState) -> dict[str, Any]:
        return text.progress(state)

    def is_undo_barrier(self, state: KabuState, seat: int, action: str) -> bool:
        """Chance, and any action that reveals something: the second confirmation of an order
        phase (sealed orders go public), the second janken hand, and T06/T07."""
        if seat == CHANCE:
            return True
        p = state.pending
        if action.startswith("tool T06") or action.startswith("tool T07"):
            return True
        if p and p["kind"] in ("orders", "janken") and (action == "done" or action.startswith("janken")):
            return len(p["waiting"]) == 1
        return False

    def extra_calls(self) -> dict[str, Any]:
        """``catalog`` (cards, ready decks, limits) and ``check_deck`` for the deck builder."""
        return {"catalog": _catalog_call, "check_deck": _check_deck_call, "deck_state": _deck_state_call}

    def check_details(self, state: KabuState, seat: int, action: str) -> dict[str, Any] | None:
        """Ruling 16: the worst case of an order action against the orders ``seat`` can see."""
        return preview.worst_case(state, seat, action)

    # --- computer ----------------------------------------------------------------------
    def bot_action(self, state: KabuState, seat: int, level: str, rng: Rng) -> str:
        return bots.choose(self, state, seat, level, rng)


def _years(years: Any) -> int:
    if years not in (1, 2, 3) or isinstance(years, bool):
        raise refuse("kabu.deck.bad_years", years=str(years)[:8])
    return years


def _catalog_call(years: Any = 1) -> dict[str, Any]:
    """Every card, the ready-made decks and the deck limits for ``years``."""
    return {"catalog": cards.catalog(), "limits": cards.limits(_years(years))}


def _check_deck_call(deck: Any, years: Any = 1) -> dict[str, Any]:
    """A deck (ready-deck id or object) checked against the limits; GameError names the limit."""
    years = _years(years)
    checked = cards.resolve_deck(deck, years)
    cost = sum(cards.event(c)["cost"] for c in checked["events"])
    return {"deck": checked, "event_cost": cost, "limits": cards.limits(years)}


def _deck_state_call(deck: Any, years: Any = 1) -> dict[str, Any]:
    """The deck builder's live picture: every limit with the deck's figure (``tally``) and the
    engine's verdict (``verdict``: the GameError JSON of the first broken limit, or None; not
    ``error``, which the web bridge would take for a failed call)."""
    years = _years(years)
    if isinstance(deck, str):
        deck = cards.resolve_deck(deck, years)
    cards.check_shape(deck)  # a deck that is not even the right shape is refused, not tallied
    error = None
    try:
        cards.check_deck(deck, years)
    except GameError as err:
        error = err.to_json()
    return {"tally": cards.tally(deck, years), "verdict": error, "limits": cards.limits(years)}
