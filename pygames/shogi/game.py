"""集大成将棋 (and 本将棋) as a :class:`pygames.core.Game`."""

from __future__ import annotations

from typing import Any

from pygames.core import CHANCE, Game, GameError, Outcome, Rng
from pygames.core.errors import refuse
from pygames.core.game import OptionSpec

from . import actions, bots, calls, rules, text, view
from .cards import BASIC_CARDS, BASIC_DECK, check_pickup, check_setup, validate_cards
from .clock import bot_nodes, check_clock, timeout
from .handicap import CHOICES as HANDICAPS
from .handicap import NONE as EVEN
from .handicap import handicap_sfen
from .sfen import STARTPOS, parse_sfen
from .start import checked_sfen
from .state import Rules, ShogiState, order_active
from .imported import check as check_imported



class ShogiGame(Game[ShogiState]):
    """The card game 集大成将棋 with the 基本セット, plus plain 本将棋."""

    name = "shogi"
    title_ja = "集大成将棋"
    title_en = "Shūtaisei Shōgi"
    summary_ja = "カードで駒の動きが変わる将棋。ドローで手番を使ってカードを引き、有効・無効を選ぶ。本将棋も遊べます。"
    summary_en = "Shogi where cards change how pieces move: spend a turn to draw, then switch the card on or off. Plain shogi too."
    hidden_information = False
    engine_version = "2"
    """2: the 駒落ち and clock options; 入玉宣言 in 本将棋 (records of version 1 replay without them)."""
    bot_levels = ("easy", "normal", "hard", "expert")
    option_specs = (
        OptionSpec("ruleset", "ルール", "Rules", "choice", "cards",
                   (("cards", "集大成将棋（カードあり）", "Shūtaisei (cards)"), ("hon", "本将棋", "Standard shogi"))),
        OptionSpec("foul_loss", "反則負けあり", "Fouls lose (allow foul moves)", "bool", False),
        OptionSpec("variant", "遊び方", "Variant", "choice", "standard",
                   (("standard", "通常（2019年ルール）", "Standard (2019 setup)"),
                    ("pickup", "ピックアップ", "Pick-up deck"), ("setup", "セットアップ", "Set-up (no drawing)"))),
        OptionSpec("custom_cards", "オリジナルカード", "User cards", "json", []),
        OptionSpec("deck", "ピックアップの山札", "Pick-up deck", "json", None),
        OptionSpec("active", "セットアップの有効カード", "Set-up active cards", "json", None),
        OptionSpec("sfen", "開始局面（SFEN）", "Start position (SFEN)", "json", None),
        OptionSpec("declare", "入玉宣言（27点法・本将棋）", "Entering-king declaration (27-point rule, standard shogi)",
                   "bool", True, since=2, legacy=False),
        OptionSpec("record", "棋譜から読み込んだ終わり方とコメント", "End and comments of an imported record", "json",
                   None, since=2, legacy=None),
        OptionSpec("handicap", "駒落ち", "Handicap", "choice", EVEN, HANDICAPS, since=2, legacy=EVEN),
        OptionSpec("clock", "持ち時間と秒読み", "Clock (main time and byoyomi)", "json", None, since=2, legacy=None),
    )

    # --- setup -------------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None, seats: int,
                          engine_version: str | None = None) -> dict[str, Any]:
        """Check the card options against the schema and the variant rules."""
        opts = super().normalize_options(options, seats, engine_version)
        opts["custom_cards"] = validate_cards(opts["custom_cards"])
        pool = {**BASIC_CARDS, **{c["id"]: c for c in opts["custom_cards"]}}
        if opts["variant"] == "pickup" and opts["ruleset"] == "cards":
            opts["deck"] = list(check_pickup(opts["deck"], pool))
        elif opts["deck"] is not None:
            raise refuse("shogi.option.deck", key="deck")
        if opts["variant"] == "setup" and opts["ruleset"] == "cards":
            opts["active"] = list(check_setup(opts["active"], pool))
        elif opts["active"] is not None:
            raise refuse("shogi.option.active", key="active")
        opts["record"] = check_imported(opts["record"])
        clock = check_clock(opts["clock"])
        opts["clock"] = None if clock is None else {"main": clock[0], "byoyomi": clock[1]}
        if opts["sfen"] is not None:
            if opts["handicap"] != EVEN:
                raise refuse("shogi.option.handicap_sfen", key="handicap")
            composed = bool((opts["record"] or {}).get("composed"))  # an imported composition's start
            opts["sfen"] = checked_sfen(opts["sfen"], opts["ruleset"] == "hon", composed)
        return opts

    def older_rulings(self, options: dict[str, Any]) -> list[dict[str, Any]]:
        """As for every game, but 入玉宣言 is named only for 本将棋 (the card game never had it)."""
        found = super().older_rulings(options)
        return [r for r in found if r["key"] != "declare" or options.get("ruleset") == "hon"]

    def initial_state(self, options: dict[str, Any], seats: int) -> ShogiState:
        pool = {**BASIC_CARDS, **{c["id"]: c for c in options.get("custom_cards", [])}}
        rules_ = Rules(options["ruleset"], bool(options["foul_loss"]), options["variant"], pool, bool(options["declare"]),
                       options.get("record"), options.get("handicap", EVEN), check_clock(options.get("clock")))
        start = options.get("sfen") or handicap_sfen(options.get("handicap", EVEN)) or STARTPOS
        board, hands, side, move_no = parse_sfen(start)
        state = ShogiState(rules_, tuple(board), (tuple(hands[0]), tuple(hands[1])), side, "setup", move_no0=move_no)
        if rules_.hon:
            return rules._after_turn(ShogiState(rules_, state.board, state.hands, side, "move", move_no0=move_no))
        if rules_.variant == "setup":
            state = ShogiState(rules_, state.board, state.hands, side, "move", active=order_active(options["active"], pool),
                               move_no0=move_no)
            return rules._after_turn(state)
        deck = tuple(options["deck"]) if rules_.variant == "pickup" else BASIC_DECK
        return ShogiState(rules_, state.board, state.hands, side, "setup", deck=tuple(sorted(deck)), move_no0=move_no)

    # --- the rules ---------------------------------------------------------------------
    def to_move(self, state: ShogiState) -> tuple[int, ...]:
        if state.phase == "over":
            return ()
        if state.phase in ("setup", "draw_pending"):
            return (CHANCE,)
        return (state.side,)

    def _legal_actions(self, state: ShogiState, seat: int) -> list[str]:
        return actions.legal(state)

    def chance_outcomes(self, state: ShogiState) -> list[tuple[str, float]]:
        if state.phase not in ("setup", "draw_pending"):
            return []
        return rules.draw_outcomes(state)

    def _apply(self, state: ShogiState, seat: int, action: str) -> ShogiState:
        if seat == CHANCE:
            if state.phase == "setup":
                return rules.play_setup_card(state, action)
            return rules.play_drawn_card(state, action)
        kind = actions.parse(action)
        if state.phase == "draw_choice":
            if action == "timeout":
                return timeout(state)
            return rules.play_choice(state, action)
        if kind == "resign":
            return rules.resign(state)
        if kind == "timeout":
            return timeout(state)
        if kind == "draw":
            return rules.start_draw(state)
        if kind == "declare":
            return rules.declare(state)
        if kind == "choice":
            raise refuse("shogi.no_pending_draw", action=action[:40])
        return rules.play_move(state, action)

    def outcome(self, state: ShogiState) -> Outcome | None:
        if state.result is None:
            return None
        winners, code, ja, en = state.result
        return Outcome(winners, None, ja, en, {"code": code}, termination=code)

    # --- what players see --------------------------------------------------------------
    def view(self, state: ShogiState, seat: int | None) -> dict[str, Any]:
        return view.build(state, seat)

    def describe_action(self, state: ShogiState, seat: int, action: str) -> tuple[str, str]:
        try:
            after: ShogiState | None = self.apply(state, seat, action) if seat != CHANCE else None
        except GameError:
            after = None
        return text.describe(state, seat, action, after)

    def match_title(self, state: ShogiState) -> tuple[str, str]:
        """The title a saved match is listed under: 本将棋 or 集大成将棋."""
        return ("本将棋", "Shogi") if state.rules.hon else (self.title_ja, self.title_en)

    def progress(self, state: ShogiState) -> dict[str, Any]:
        mover = rules.SEAT_JA[state.side]
        if state.phase == "over":
            from .formats.kif import ending_line  # deferred: the record formats load when a match ends, not at boot
            ja, en = ending_line(self.outcome(state), state.ply)
            return {"turn": state.ply, "ja": ja, "en": en}
        return {"turn": state.ply, "ja": f"{state.ply}手目まで・{mover}の番",
                "en": f"{state.ply} plies, {rules.SEAT_EN[state.side]} to move"}

    def is_undo_barrier(self, state: ShogiState, seat: int, action: str) -> bool:
        return seat == CHANCE or action == "draw"

    def extra_calls(self) -> dict[str, Any]:
        """KIF/SFEN export and import, card schema (see VIEW.md)."""
        from .studycalls import CALLS as STUDY  # deferred: the study tools (formats, review, analysis: ~35 ms CPU of imports here) load on first use
        return {**calls.CALLS, **STUDY}

    # --- computer players --------------------------------------------------------------
    def bot_action(self, state: ShogiState, seat: int, level: str, rng: Rng) -> str:
        if state.phase == "move" and rules.declare_refusal(state) is None:
            return "declare"  # 入玉宣言: the computer declares whenever it holds
        if level == "expert":
            from . import search  # deferred: the expert's search and its tables (~110 ms CPU of imports) load when a computer first plays at that level, not when a match opens
            return search.choose_expert(state, rng, bot_nodes(state.rules.clock, search.EXPERT_NODES))
        return bots.choose(state, level, rng)

