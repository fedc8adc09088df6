"""モットコイン (Motto Coin) for 3-5 players: the Game protocol around the rules in state.py."""

from __future__ import annotations

from typing import Any

from pygames.core import CHANCE, Game, GameError, Outcome, Rng
from pygames.core.game import OptionSpec
from pygames.core.grammar import is_number

from . import actions, bots, rules, text, view
from . import messages  # noqa: F401  (registers the catalogue)
from pygames.core.errors import refuse
from .coins import FORKS_TO_END, merge_gap
from .scoring import score
from .state import DRAW, OVER, RECOVER, START, MottoState

START_CHOICES = (("random", "抽選（シードで決める）", "Drawn by lot (from the seed)"),
                 *((str(k), f"{k}番目の席", f"Seat {k}") for k in range(1, 6)))


class MottoGame(Game[MottoState]):
    """Motto Coin: bid dice for crypto-coins; the dice stay on them until the crash."""

    name = "motto"
    title_ja = "モットコイン"
    title_en = "Motto Coin"
    summary_ja = "ダイスの目で仮想通貨を競り落とす。コインに載せたダイスは、ゲーム終了の大暴落で損失になる。"
    summary_en = "Bid dice faces for crypto-coins; the dice you lock up on them become losses in the final crash."
    min_seats = 3
    max_seats = 5
    bot_levels = ("easy", "normal", "hard")
    hidden_information = False
    engine_version = "2"
    option_specs = (
        # v2: the start player is chosen at setup or drawn by lot (v1 records: always seat 1).
        OptionSpec("start", "スタートプレイヤー", "Start player", "choice", "random", START_CHOICES,
                   since=2, legacy="1", choice_seats=(("4", 4), ("5", 5))),
    )

    # --- setup -----------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any], seats: int) -> MottoState:
        """The opening position; ``options["start"]`` is a seat number ("1"…) or "random" (a chance
        draw, logged, before the first coin). Without the key: seat 1, as in version 1."""
        s = MottoState(seats)
        start = options.get("start", "1")
        if start == "random":
            s.phase, s.starter = START, None
        elif isinstance(start, str) and is_number(start) and 1 <= int(start) <= seats:
            s.opener = s.starter = int(start) - 1
        else:
            raise refuse("motto.bad_start", start=str(start)[:10], seats=seats)
        return s

    # --- rules -----------------------------------------------------------------------
    def to_move(self, s: MottoState) -> tuple[int, ...]:
        if s.phase == OVER:
            return ()
        if s.phase in (DRAW, START):
            return (CHANCE,)
        if s.phase == RECOVER:
            return (s.pending[0],)
        return (s.turn,) if s.turn is not None else ()

    def chance_outcomes(self, s: MottoState) -> list[tuple[str, float]]:
        if s.phase == START:
            return [(f"start {k}", 1 / s.n) for k in range(1, s.n + 1)]
        if s.phase != DRAW:
            return []
        pool = s.deck or s.aside
        return [(f"draw {no}", 1 / len(pool)) for no in sorted(pool)]

    def _legal_actions(self, s: MottoState, seat: int) -> list[str]:
        return actions.legal(s, seat)

    def _apply(self, s: MottoState, seat: int, action: str) -> MottoState:
        if seat == CHANCE:
            return rules.chance(s, action)
        if s.phase == RECOVER:  # any action is answered with the recovery rule
            return rules.recover(s, seat, action)
        verb, arg = actions.parse(action)
        return rules.pass_(s, seat) if verb == "pass" else rules.bid(s, seat, arg)

    def outcome(self, s: MottoState) -> Outcome | None:
        if s.phase != OVER:
            return None
        sheets = [self.score(s, seat) for seat in range(s.n)]
        totals = tuple(sheet["total"] for sheet in sheets)
        best = max(totals)
        winners = tuple(i for i, v in enumerate(totals) if v == best)
        if s.end == "fork":
            ja, en = f"4枚目のハードフォーク（No.{s.end_coin}）が出て終了", f"The 4th hard fork (No.{s.end_coin}) came up"
        else:
            ja, en = "競りにかけるコインがなくなって終了", "No coins left to auction"
        return Outcome(winners, totals, ja, en, {"scores": sheets, "end": s.end, "end_coin": s.end_coin},
                       termination=s.end or "")

    def score(self, s: MottoState, seat: int) -> dict[str, Any]:
        """``seat``'s score if the game ended now, step by step."""
        return score(s.holdings[seat], s.locked[seat], merge_gap(s.n))

    # --- presentation ----------------------------------------------------------------
    def view(self, s: MottoState, seat: int | None) -> dict[str, Any]:
        return view.build(s, seat)

    def describe_action(self, s: MottoState, seat: int, action: str) -> tuple[str, str]:
        try:
            after: MottoState | None = self.apply(s, seat, action)
        except GameError:
            after = None
        return text.describe(s, seat, action, after)

    def progress(self, s: MottoState) -> dict[str, Any]:
        if s.phase == OVER:
            # the saved list says 終了 / Finished itself (its badge): how long the game was is what is left
            return {"turn": s.auctions, "ja": f"競り{s.auctions}回", "en": f"{s.auctions} auctions"}
        return {"turn": s.auctions,
                "ja": f"競り{s.auctions}回目・ハードフォーク{s.forks_up}/{FORKS_TO_END}",
                "en": f"Auction {s.auctions}, hard forks {s.forks_up}/{FORKS_TO_END}"}

    # --- computer players --------------------------------------------------------------
    def bot_action(self, s: MottoState, seat: int, level: str, rng: Rng) -> str:
        return bots.choose(s, seat, level, rng)


