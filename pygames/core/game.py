"""The engine protocol shared by all four games.

A game is a stateless definition object (one instance per game, like boardgame.io's game
object); all match data lives in an opaque ``State``. ``apply`` never mutates its input: it
returns a new state, or raises :class:`GameError` and leaves everything unchanged.

Chance is explicit (as in OpenSpiel): when ``to_move`` returns ``(CHANCE,)`` the match layer
draws one of ``chance_outcomes`` from the match's PRNG and applies it as seat ``CHANCE``. The
outcome is logged, so a replay needs no RNG and a log reveals no future draws.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Sequence, TypeVar

from .errors import refuse
from .grammar import check_action
from .rng import Rng

CHANCE = -1
"""The pseudo-seat that acts at chance nodes (shuffles, dice, draws)."""

State = TypeVar("State")


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended."""

    winners: tuple[int, ...]
    """Seats that won; several for a shared win; empty for a draw."""
    scores: tuple[float, ...] | None = None
    reason_ja: str = ""
    reason_en: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    """Game-specific breakdown (e.g. motto's scoring steps), JSON-able."""
    termination: str = ""
    """How it ended, as a stable machine-readable code (e.g. shogi's ``checkmate``, shiji's
    ``raitei``, kabu's ``bankrupt``); each game lists its codes in its ``messages.TERMINATIONS``."""

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON."""
        return {"winners": list(self.winners), "draw": self.is_draw,
                "scores": list(self.scores) if self.scores is not None else None,
                "reason": {"ja": self.reason_ja, "en": self.reason_en}, "details": self.details,
                "termination": self.termination}


@dataclass(frozen=True)
class OptionSpec:
    """One setting of the new-match screen, described for a generic form."""

    key: str
    label_ja: str
    label_en: str
    kind: str  # "choice" | "bool" | "int" | "json"
    default: Any
    choices: tuple[tuple[Any, str, str], ...] = ()  # (value, label_ja, label_en)
    minimum: int | None = None
    maximum: int | None = None
    since: int = 1
    """The engine version that introduced this option (a ruling). Records of older versions
    lack the key and get ``legacy`` instead of ``default``, so they replay as they were played."""
    legacy: Any = None
    choice_seats: tuple[tuple[Any, int], ...] = ()
    """(value, fewest seats): a choice offered only from that many seats on (e.g. "seat 5")."""

    def default_for(self, engine_version: int) -> Any:
        """The value a record of ``engine_version`` that lacks this key was played under."""
        return self.legacy if engine_version < self.since else self.default

    def to_json(self) -> dict[str, Any]:
        """The spec as JSON for the setup form."""
        return {"key": self.key, "label": {"ja": self.label_ja, "en": self.label_en}, "kind": self.kind,
                "default": self.default, "min": self.minimum, "max": self.maximum, "since": self.since,
                "choices": [{"value": v, "label": {"ja": ja, "en": en}, "min_seats": dict(self.choice_seats).get(v)}
                            for v, ja, en in self.choices]}


class Game(ABC, Generic[State]):
    """A game definition. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    """Short id used in records and URLs: ``kabu``, ``shiji``, ``shogi``, ``motto``."""
    title_ja: ClassVar[str]
    title_en: ClassVar[str]
    summary_ja: ClassVar[str] = ""
    summary_en: ClassVar[str] = ""
    engine_version: ClassVar[str] = "1"
    """The rules' version, a decimal integer. Bump it when a ruling changes, and add the ruling
    as an :class:`OptionSpec` with ``since`` = the new version and ``legacy`` = the old behaviour."""
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "normal", "hard")
    hidden_information: ClassVar[bool] = True
    """True when seats hold secrets from each other (hand-over screens, link warnings)."""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()

    # --- setup -------------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None, seats: int,
                          engine_version: str | None = None) -> dict[str, Any]:
        """Validate options and fill in defaults; raise GameError naming the bad option.

        ``engine_version`` is the version a record was played under (default: the current one):
        options it lacks get the values that version played with (see :attr:`OptionSpec.since`)."""
        version = check_engine_version(self, engine_version if engine_version is not None else self.engine_version)
        if not self.min_seats <= seats <= self.max_seats:
            raise refuse("match.bad_seats", seats=seats, min=self.min_seats, max=self.max_seats)
        options = dict(options or {})
        known = {spec.key for spec in self.option_specs}
        unknown = sorted(set(options) - known)
        if unknown:
            raise refuse("match.unknown_option", why="option.unknown", keys=unknown)
        result: dict[str, Any] = {}
        for spec in self.option_specs:
            if spec.key in options and version < spec.since and options[spec.key] != spec.legacy:
                # a record of an older version may carry the ruling only with its legacy value
                # (that is how a loaded and continued record is saved again)
                raise refuse("match.unknown_option", why="option.newer", keys=[spec.key], engine_version=version,
                             label_ja=spec.label_ja, label_en=spec.label_en)
            result[spec.key] = _check_option(spec, options.get(spec.key, spec.default_for(version)))
        return result

    def older_rulings(self, options: dict[str, Any]) -> list[dict[str, Any]]:
        """The rulings (options with a ``since``) whose value in ``options`` is the legacy one,
        with their labels, so the screen can say a match is played under older rulings."""
        return [{"key": spec.key, "label": {"ja": spec.label_ja, "en": spec.label_en}, "value": options[spec.key]}
                for spec in self.option_specs
                if spec.since > 1 and spec.key in options and options[spec.key] == spec.legacy != spec.default]

    @abstractmethod
    def initial_state(self, options: dict[str, Any], seats: int) -> State:
        """The state before the first action (options already normalised)."""

    # --- the rules ---------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: State) -> tuple[int, ...]:
        """Seats that may act now: ``(CHANCE,)`` at a chance node, ``()`` when the match is over."""

    def legal_actions(self, state: State, seat: int) -> list[str]:
        """Canonical strings of the legal actions of ``seat`` now (empty if it may not act:
        chance, or a seat not in :meth:`to_move`). The seat guard lives here, once; the game
        lists its actions in :meth:`_legal_actions`.

        Where an action takes a free parameter (kabu's limit price) the list may hold a
        representative set; ``apply`` (and ``webapi.check``) is the authority on the rest."""
        if seat == CHANCE or seat not in self.to_move(state):
            return []
        return self._legal_actions(state, seat)

    @abstractmethod
    def _legal_actions(self, state: State, seat: int) -> list[str]:
        """The game's own list for ``seat``, which :meth:`legal_actions` has checked may act now."""

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        """At a chance node, each possible outcome with its probability; ``[]`` anywhere else."""
        return []

    def apply(self, state: State, seat: int, action: str) -> State:
        """The state after ``seat`` plays ``action``; raise GameError (input untouched) if illegal.

        The protocol's checks live here, once for every game: the action is a string, the match
        is not over (``match.game_over``), chance acts only at chance nodes and only with a
        possible outcome (``match.not_chance``, ``match.bad_chance``), a player only on its turn
        (``match.not_your_turn``) with canonical text (:mod:`.grammar`). Then the game's own
        :meth:`_apply` judges the action."""
        if not isinstance(action, str):
            raise refuse("match.bad_action")
        movers = self.to_move(state)
        if not movers:
            raise refuse("match.game_over", seat=seat, action=action[:40])
        if seat == CHANCE:
            if movers != (CHANCE,):
                raise refuse("match.not_chance")
            if action not in [a for a, p in self.chance_outcomes(state) if p > 0]:
                raise refuse("match.bad_chance", action=action[:40])
        elif seat not in movers:
            raise refuse("match.not_your_turn", seat=seat, action=action[:40])
        else:
            check_action(action)  # one grammar for every game: ASCII words, single spaces
        return self._apply(state, seat, action)

    @abstractmethod
    def _apply(self, state: State, seat: int, action: str) -> State:
        """The game's own rules for one action: ``seat`` may act now (``CHANCE`` with a possible
        outcome) and the match is not over, :meth:`apply` has checked. Raise GameError if illegal."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result once the match is over, else None."""

    # --- what players see --------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON-able picture of the state for ``seat`` (None: a spectator) with secrets removed."""

    def check_details(self, state: State, seat: int, action: str) -> dict[str, Any] | None:
        """What a player should know about a legal ``action`` before sending it (JSON-able), e.g.
        the worst case of a kabu order (ruling 16); None when there is nothing to say."""
        return None

    def describe_action(self, state: State, seat: int, action: str) -> tuple[str, str]:
        """(Japanese, English) text of ``action`` played from ``state``; used in logs."""
        return action, action

    def summarize_events(self, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log ``entries`` a page shows as "what just happened", with runs that say one thing
        (a deal of many draws) told as one entry; by default unchanged."""
        return entries

    def progress(self, state: State) -> dict[str, Any]:
        """A short summary for saved-match lists: ``{"turn": int, "ja": str, "en": str}``."""
        return {"turn": 0, "ja": "", "en": ""}

    def is_undo_barrier(self, state: State, seat: int, action: str) -> bool:
        """True if undoing past this action would un-reveal information. Chance always is."""
        return seat == CHANCE

    def extra_calls(self) -> dict[str, Any]:
        """The game's own web-API calls, by name (reached through ``webapi.game_call``).
        Each takes keyword arguments (``match`` when the caller passed a record) and returns
        a JSON-able dict, raising GameError on bad input."""
        return {}

    # --- computer players --------------------------------------------------------------
    @abstractmethod
    def bot_action(self, state: State, seat: int, level: str, rng: Rng) -> str:
        """A legal action chosen by the computer at ``level``. It may only use what
        ``view(state, seat)`` shows (sampling the rest from ``rng``), never hidden facts."""

    # --- shared helpers ----------------------------------------------------------------
    def match_title(self, state: State) -> tuple[str, str]:
        """The (ja, en) title a match in ``state`` goes by (saved list, invitations): the game's own,
        unless the game names its modes (shogi: 本将棋)."""
        return self.title_ja, self.title_en

    def info(self) -> dict[str, Any]:
        """Metadata for the landing page and setup form."""
        return {"name": self.name, "title": {"ja": self.title_ja, "en": self.title_en},
                "summary": {"ja": self.summary_ja, "en": self.summary_en},
                "min_seats": self.min_seats, "max_seats": self.max_seats,
                "bot_levels": list(self.bot_levels), "hidden_information": self.hidden_information,
                "engine_version": self.engine_version,
                "options": [spec.to_json() for spec in self.option_specs]}


def check_engine_version(game: Game[Any], version: Any) -> int:
    """The record's engine version as an int; GameError if malformed or newer than this engine."""
    if (not isinstance(version, str) or not version.isascii() or not version.isdigit() or len(version) > 6
            or int(version) < 1):
        raise refuse("record.engine_version", recorded=str(version)[:20])
    current = int(game.engine_version)
    if int(version) > current:
        raise refuse("record.newer_engine", recorded=version, current=game.engine_version)
    return int(version)


def _check_option(spec: OptionSpec, value: Any) -> Any:
    key, shown, label_ja, label_en = spec.key, repr(value)[:80], spec.label_ja, spec.label_en
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise refuse("match.bad_option", why="option.bool", key=key, value=shown, label_ja=label_ja,
                         label_en=label_en)
    elif spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise refuse("match.bad_option", why="option.int", key=key, value=shown, label_ja=label_ja,
                         label_en=label_en)
        if spec.minimum is not None and value < spec.minimum or spec.maximum is not None and value > spec.maximum:
            raise refuse("match.bad_option", why="option.range", key=key, value=shown, label_ja=label_ja,
                         label_en=label_en, min=spec.minimum, max=spec.maximum)
    elif spec.kind == "choice":
        if value not in [c[0] for c in spec.choices] or isinstance(value, bool) != isinstance(spec.default, bool):
            raise refuse("match.bad_option", why="option.choice", key=key, value=shown, label_ja=label_ja,
                         label_en=label_en)
    return value


def sample_chance(game: Game[Any], state: Any, rng: Rng) -> str:
    """Draw one chance outcome of ``state`` with the given generator."""
    outcomes: Sequence[tuple[str, float]] = game.chance_outcomes(state)
    return outcomes[rng.weighted_index([p for _, p in outcomes])][0]
