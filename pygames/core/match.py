"""A match: a game, its record, and every state along the way (for cheap replay and undo)."""

from __future__ import annotations

from typing import Any

from .errors import GameError
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
                raise GameError("record.illegal_action", f"{ply + 1}手目が不正です: {err.message_ja}",
                                f"Action {ply + 1} is illegal: {err.message_en}", ply=ply + 1,
                                cause=err.code) from err
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
            raise GameError("match.not_chance", "抽選（札を引く・さいころなど）の結果は指定できません", "Chance outcomes cannot be chosen")
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
            raise GameError("match.no_seed", "この対局には乱数の種がありません", "This match has no seed")
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
            raise GameError("match.game_over", "対局は終わっています", "The game is over", seat=seat)
        if seat not in movers:
            raise GameError("match.not_your_turn", f"今は{seat + 1}番目の席の手番ではありません",
                            f"It is not seat {seat + 1}'s turn", seat=seat)
        level = level or self.record["players"][seat].get("level") or self.game.bot_levels[-1]
        if level not in self.game.bot_levels:
            raise GameError("record.bad_level", f"コンピュータの強さが不正です: {str(level)[:20]}",
                            f"Unknown computer level: {str(level)[:20]}", levels=list(self.game.bot_levels))
        rng = Rng.derive(self.record["seed"] or 0, "bot", self.ply, seat)
        return self.game.bot_action(self.state, seat, level, rng)

    def undo_point(self, seat: int) -> int | None:
        """The ply to truncate to so that ``seat``'s last action is taken back, with everything
        after it; None when nothing can be undone (never past revealed information)."""
        return self.undo_status(seat)[0]

    def undo_status(self, seat: int) -> tuple[int | None, dict[str, str] | None]:
        """``(ply, None)`` when ``seat`` may take its last action back (truncate to ``ply``), else
        ``(None, reason)`` with ``reason = {code, ja, en}`` saying why not, for the undo button."""
        actions = self.record["actions"]
        nothing = {"code": "match.undo_nothing", "ja": "まだ戻せる手がありません", "en": "You have nothing to take back yet"}
        if not any(entry.startswith(f"{seat}:") for entry in actions):
            return None, nothing
        for ply in range(len(actions) - 1, -1, -1):
            s, action = parse_action(actions[ply])
            if self.game.is_undo_barrier(self.states[ply], s, action):
                ja, en = self.game.describe_action(self.states[ply], s, action)
                if s == CHANCE:
                    return None, {"code": "match.undo_chance",
                                  "ja": f"そのあとで運が決まったので戻せません（{ja}）",
                                  "en": f"Chance has spoken since then, so it cannot be taken back ({en})"}
                return None, {"code": "match.undo_revealed",
                              "ja": f"そのあとで情報が公開されたので戻せません（{ja}）",
                              "en": f"Something was revealed since then, so it cannot be taken back ({en})"}
            if s == seat:
                return ply, None
        return None, nothing

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
