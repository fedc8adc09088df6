"""A match: a game, its record, and every state along the way (for cheap replay and undo)."""

from __future__ import annotations

from typing import Any

from .errors import GameError, refuse
from .jointchance import check_remote, verify
from .game import CHANCE, Game, sample_chance
from .record import check_players, check_shape, format_action, new_record, parse_action
from .registry import get_game
from .rng import Rng


class Match:
    """A replayed match. ``states[i]`` is the state after the first ``i`` actions."""

    def __init__(self, game: Game[Any], record: dict[str, Any]) -> None:
        self.game = game
        self.record = record
        self.states: list[Any] = [game.initial_state(record["options"], len(record["players"]))]

    # --- construction ----------------------------------------------------------------
    @classmethod
    def new(cls, game_name: str, options: dict[str, Any] | None, players: list[dict[str, Any]],
            seed: int) -> "Match":
        """A fresh match, with any opening chance (shuffles, deals) already resolved."""
        game = get_game(game_name)
        players = check_players(players, game.bot_levels)
        options = game.normalize_options(options, len(players))
        match = cls(game, new_record(game.name, game.engine_version, options, players, seed))
        match.resolve_chance()
        return match

    @classmethod
    def from_record(cls, obj: Any) -> "Match":
        """Validate, migrate and replay a record from outside; every action is checked."""
        record = check_shape(obj)
        game = get_game(record["game"])
        record["players"] = check_players(record.get("players"), game.bot_levels)
        # An older engine_version is kept: its rulings become explicit options, so the match
        # replays exactly as it was played and can be continued under those rulings.
        record["options"] = game.normalize_options(record["options"], len(record["players"]),
                                                   record["engine_version"])
        actions, record["actions"] = record["actions"], []
        match = cls(game, record)
        for ply, entry in enumerate(actions):
            seat, action = parse_action(entry)
            try:
                match._push(seat, action)
            except GameError as err:
                raise refuse("record.illegal_action", ply=ply + 1, cause=err.code, cause_ja=err.message_ja,
                             cause_en=err.message_en) from err
        if "remote" in record:  # a match played by link: chance is checked against every seat's values
            record["remote"] = check_remote(record["remote"], len(record["players"]))
            verify(game, match.states, match.record["actions"], record["remote"])
        return match

    # --- reading ---------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    @property
    def ply(self) -> int:
        """Number of actions played (chance included)."""
        return len(self.record["actions"])

    def to_move(self) -> tuple[int, ...]:
        """Seats that may act now."""
        return self.game.to_move(self.state)

    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.game.outcome(self.state) is not None

    # --- acting ----------------------------------------------------------------------
    def _push(self, seat: int, action: str) -> None:
        new_state = self.game.apply(self.state, seat, action)  # the protocol's checks are there
        self.states.append(new_state)
        self.record["actions"].append(format_action(seat, action))

    def extend(self, entries: list[Any]) -> None:
        """Apply recorded entries (``"seat:action"``, chance included) as they stand, e.g. the
        actions a cached match lacks. GameError if one is illegal; the match is left as it was."""
        before = self.ply
        try:
            for entry in entries:
                self._push(*parse_action(entry))
        except GameError:
            self.truncate(before)
            raise

    def play(self, seat: int, action: str) -> None:
        """Apply a player's action, then resolve any chance that follows. GameError if illegal;
        then the match is left exactly as it was."""
        if seat == CHANCE:
            raise refuse("match.chance_chosen")
        before = self.ply
        try:
            self._push(seat, action)
            self.resolve_chance()
        except GameError:
            self.truncate(before)
            raise

    def chance_rng(self) -> Rng:
        """The generator for the next chance node: derived from the seed and the chance count."""
        seed = self.record["seed"]
        if seed is None:
            raise refuse("match.no_seed")
        count = sum(1 for entry in self.record["actions"] if entry.startswith("c:"))
        return Rng.derive(seed, "chance", count)

    def resolve_chance(self) -> None:
        """Play chance nodes until a player must act or the match ends."""
        while self.game.to_move(self.state) == (CHANCE,):
            self._push(CHANCE, sample_chance(self.game, self.state, self.chance_rng()))

    def bot_action(self, seat: int, level: str | None = None) -> str:
        """The computer's action for ``seat`` (its recorded level unless one is given)."""
        movers = self.to_move()
        if not movers:
            raise refuse("match.game_over", seat=seat)
        if seat not in movers:
            raise refuse("match.not_your_turn", seat=seat)
        level = level or self.record["players"][seat].get("level") or self.game.bot_levels[-1]
        if level not in self.game.bot_levels:
            raise refuse("match.bad_level", level=str(level)[:20], levels=list(self.game.bot_levels))
        rng = Rng.derive(self.record["seed"] or 0, "bot", self.ply, seat)
        return self.game.bot_action(self.state, seat, level, rng)

    def undo_point(self, seat: int) -> int | None:
        """The ply to truncate to so that ``seat``'s last action is taken back, with everything
        after it; None when nothing can be undone (never past revealed information)."""
        return self.undo_status(seat)[0]

    def undo_status(self, seat: int) -> tuple[int | None, dict[str, str] | None]:
        """``(ply, None)`` when ``seat`` may take its last action back (truncate to ``ply``), else
        ``(None, reason)`` with ``reason = {code, ja, en}`` saying why not, for the undo button."""
        point, refusal = self.undo_refusal(seat)
        if refusal is None:
            return point, None
        return None, {"code": refusal.code, "ja": refusal.message_ja, "en": refusal.message_en}

    def undo_refusal(self, seat: int) -> tuple[int | None, GameError | None]:
        """:meth:`undo_status` with the reason as the refusal to raise (``match.undo_*``)."""
        actions = self.record["actions"]
        if not any(entry.startswith(f"{seat}:") for entry in actions):
            return None, refuse("match.undo_nothing")
        for ply in range(len(actions) - 1, -1, -1):
            s, action = parse_action(actions[ply])
            if self.game.is_undo_barrier(self.states[ply], s, action):
                ja, en = self.game.describe_action(self.states[ply], s, action)
                if s == CHANCE:
                    return None, refuse("match.undo_chance", what_ja=ja, what_en=en)
                return None, refuse("match.undo_revealed", what_ja=ja, what_en=en)
            if s == seat:
                return ply, None
        return None, refuse("match.undo_nothing")

    def truncate(self, ply: int) -> None:
        """Drop every action from ``ply`` on."""
        del self.record["actions"][ply:]
        del self.states[ply + 1:]

    def log(self, since: int = 0) -> list[dict[str, Any]]:
        """Every action (from index ``since`` on) with its seat and its Japanese and English text."""
        entries = []
        actions = self.record["actions"]
        for ply in range(max(0, since), len(actions)):
            seat, action = parse_action(actions[ply])
            ja, en = self.game.describe_action(self.states[ply], seat, action)
            entries.append({"ply": ply + 1, "seat": seat, "action": action, "ja": ja, "en": en})
        return entries
