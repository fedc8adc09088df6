"""四時の札遊び as a :class:`pygames.core.Game`: actions, chance, views, texts."""

from __future__ import annotations

from typing import Any

from ..core import CHANCE, Game, Outcome, Rng
from ..core.game import OptionSpec
from . import actions, bots, puzzles, rules as R, text, view
from .actions import lead_pairs, parse
from .cards import CODES, EMPTY, FULL_SET, NAMES_EN, NAMES_JA, NUM_KINDS, START_LAND, STARS, is_number, to_list
from .position import check_position, state_from_position
from ..core.messages import seat_name  # not 先手/後手: who places first is decided in play (先手決め)
from .messages import ENDINGS
from .state import evolve as replace, BALANCED, PANIC_STATE, Rules, State

DECK_SINCE = 3
"""The engine version from which a new match defaults to 山札 mode (the ruling of 2026-12-03)."""
OLD_LAND_VERSIONS = tuple(str(v) for v in range(1, DECK_SINCE))


class Shiji(Game[State]):
    """四時の札遊び: a two-player climbing card game with stars, goods and a market."""

    name = "shiji"
    title_ja = "四時の札遊び"
    title_en = "Shiji no Fuda-asobi (Four Seasons Cards)"
    summary_ja = "２枚組の貝札を相手より優位に並べ、手札を先になくした方の勝ち。星札の運行、商品、恐慌に注意。"
    summary_en = ("Place two-card shells that beat your opponent's and empty your hand first, "
                  "minding the star cycle, goods and panic.")
    min_seats = 2
    max_seats = 2
    hidden_information = True
    engine_version = "3"
    """2 (2026-12-01): a star or panic shell clears the value to beat (``literal_zero`` keeps the old
    reading); without goods, land cards may be added freely (``free_add``). 3 (2026-12-03): a new
    match is played from the deck (山札) unless 本式（土地） is chosen; older records lacking the
    key keep the land (see :data:`DECK_SINCE`)."""
    option_specs = (
        OptionSpec("reverse", "逆順あり（夜・恐慌で評価が逆転）", "Reverse order (Night and Panic reverse it)", "bool", True),
        OptionSpec("star_order", "運行の原則あり（跳躍・遡行の禁止）", "Star cycle enforced (no skipping or going back)",
                   "bool", True),
        OptionSpec("goods", "商品と報酬あり", "Goods and rewards", "bool", True),
        OptionSpec("back_to_front", "前巡の前札の隣に後札を置く", "New back card next to the previous front card",
                   "bool", False),
        OptionSpec("deck", "山札で遊ぶ（土地なし）", "Play from a shuffled deck (no land)", "bool", True),
        OptionSpec("closing", "10巡ルール（閉場）", "10-round rule (market closing)", "bool", True),
        OptionSpec("quick_start", "先手を乱数で決める", "Decide the first player at random", "bool", False),
        OptionSpec("literal_zero", "星組の値0を上回る（字義どおり）",
                   "Number shells must beat a star shell's value 0 (literal reading)", "bool", False,
                   since=2, legacy=True),
        OptionSpec("free_add", "商品・報酬なしのとき、手番に土地の札を自由に手札へ加えられる",
                   "Without goods, land cards may be added to the hand freely on one's turn", "bool", True,
                   since=2, legacy=False),
        OptionSpec("puzzle", "詰み札の局面", "Puzzle position (詰み札)", "json", None),
    )

    # --- setup ---------------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None, seats: int,
                          engine_version: str | None = None) -> dict[str, Any]:
        """Defaults plus a validated puzzle position, if any. A record of a version before
        :data:`DECK_SINCE` that lacks ``deck`` was played on the land (the default then)."""
        if isinstance(options, dict) and "deck" not in options and engine_version in OLD_LAND_VERSIONS:
            options = dict(options, deck=False)
        result = super().normalize_options(options, seats, engine_version)
        if result["puzzle"] is not None:
            # version 1 shipped puzzles that were not reachable: its records keep loading
            strict = int(engine_version or self.engine_version) >= 2
            result["puzzle"] = check_position(result["puzzle"], star_clears=not result["literal_zero"], strict=strict)
        return result

    def initial_state(self, options: dict[str, Any], seats: int) -> State:
        """Lands of 24 cards (merchant 0 face up); in 山札 mode six draws each first."""
        if options.get("puzzle") is not None:
            return state_from_position(options["puzzle"], star_clears=not options["literal_zero"])
        rules = Rules(reverse=options["reverse"], star_order=options["star_order"], goods=options["goods"],
                      back_to_front=options["back_to_front"], deck=options["deck"],
                      closing=10 if options["closing"] else 0, quick_start=options["quick_start"],
                      star_clears=not options["literal_zero"], free_add=options["free_add"])
        s = State(rules=rules, land=(START_LAND, START_LAND))
        if rules.deck:
            s = replace(s, picks=(0, 0), tasks=(("draw", 0, text.DEAL), ("draw", 1, text.DEAL)))
        return s

    # --- whose move ----------------------------------------------------------------------
    def to_move(self, s: State) -> tuple[int, ...]:
        return R.to_move(s)

    def _legal_actions(self, s: State, seat: int) -> list[str]:
        return actions.legal(s, seat)

    def chance_outcomes(self, s: State) -> list[tuple[str, float]]:
        if self.to_move(s) != (CHANCE,):
            return []
        task = s.tasks[0]
        if task[0] == "first":
            return [("first 0", 0.5), ("first 1", 0.5)]
        seat = task[1]
        land = s.land[seat]
        total = sum(land)
        return [(f"draw {seat} {CODES[k]}", land[k] / total) for k in range(NUM_KINDS) if land[k]]

    # --- applying ------------------------------------------------------------------------
    def _apply(self, s: State, seat: int, action: str) -> State:
        if seat == CHANCE:
            return R.chance(s, action)
        verb, args = actions.parse(action)
        return R.play(s, seat, verb, args, action)

    # --- results -------------------------------------------------------------------------
    def outcome(self, s: State) -> Outcome | None:
        if s.result is None:
            return None
        winners, reason, concerned = s.result
        ja, en = ENDINGS[reason]
        who = seat_name(concerned) if concerned >= 0 else ("", "")
        details: dict[str, Any] = {"reason": reason}
        cards = ("", "")
        if reason == "closing":
            details["hands"] = [to_list(s.hand[0]), to_list(s.hand[1])]
        elif reason == "forbidden_two":           # the two cards that lost, named and shown (view.shown_hand)
            kinds = [k for k in range(NUM_KINDS) for _ in range(s.hand[concerned][k])]
            details["hand"] = [CODES[k] for k in kinds]
            cards = ("・".join(NAMES_JA[k] for k in kinds), " and ".join(NAMES_EN[k] for k in kinds))
        return Outcome(tuple(winners), None, ja.format(w=who[0], l=who[0], cards_ja=cards[0]),
                       en.format(w=who[1], l=who[1], cards_en=cards[1]), details, termination=reason)

    # --- views ---------------------------------------------------------------------------
    def view(self, s: State, seat: int | None) -> dict[str, Any]:
        return view.build(s, seat)

    def check_details(self, s: State, seat: int, action: str) -> dict[str, Any] | None:
        """Before a legal placement: its ``warning`` (it loses), ``caution`` (on the land, the
        opponent's shells it could not answer afterwards) and ``adds`` (cards added to hands, and
        why) as ``{warning, caution, adds}``, each warning ``{code, ja, en, params}`` naming the rule;
        None for other actions. GameError if ``action`` is not legal now. Nothing is applied; it
        reads only what ``seat`` may see."""
        self.apply(s, seat, action)
        verb, args = parse(action)
        if verb != "place" or s.tasks or s.phase != "play":
            return None
        return view.details(s, seat, args)

    def describe_action(self, s: State, seat: int, action: str) -> tuple[str, str]:
        return text.describe(s, seat, action)

    def summarize_events(self, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The opening deal's twelve draws as one line (「配札：山札からそれぞれ6枚」)."""
        return text.summarize_events(entries)

    def progress(self, s: State) -> dict[str, Any]:
        rounds = min(s.placed)
        if s.phase in ("pick", "lead"):
            return {"turn": 0, "ja": "準備中", "en": "Setting up"}
        return {"turn": sum(s.placed), "ja": f"{rounds + 1}巡目 手札 {R.hand_size(s, 0)}・{R.hand_size(s, 1)}枚",
                "en": f"Round {rounds + 1}, hands {R.hand_size(s, 0)}/{R.hand_size(s, 1)}"}

    def is_undo_barrier(self, s: State, seat: int, action: str) -> bool:
        """Chance, and the second 先手決め choice (it reveals both pairs), cannot be undone."""
        if seat == CHANCE:
            return True
        if s.phase == "lead" and not s.tasks and s.lead.count(None) == 1:
            return True
        # A placement reveals cards; the opponent may already have seen it.
        return action.startswith("place") or action.startswith("accept")

    def extra_calls(self) -> dict[str, Any]:
        """The 詰み札 calls (list_puzzles, start_puzzle, check_puzzle_move, puzzle_solution) and glossary."""
        return puzzles.calls(self)

    # --- computer ------------------------------------------------------------------------
    def bot_action(self, s: State, seat: int, level: str, rng: Rng) -> str:
        return bots.choose(self, s, seat, level, rng)


def accounted(s: State, seat: int) -> tuple[int, ...]:
    """All of ``seat``'s cards by kind: land + hand + market + merchant (should equal FULL_SET)."""
    counts = [l + h for l, h in zip(s.land[seat], s.hand[seat])]
    for kind, _, _ in s.rows[seat]:
        if kind >= 0:
            counts[kind] += 1
    if s.merchant[seat]:
        counts[0] += 1
    return tuple(counts)


__all__ = ["Shiji", "parse", "lead_pairs", "accounted", "FULL_SET", "EMPTY", "STARS", "BALANCED", "PANIC_STATE",
           "NAMES_JA", "NAMES_EN", "is_number", "to_list"]
