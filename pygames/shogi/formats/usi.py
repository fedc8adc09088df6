"""USI move strings (7g7f, 8h2b+, P*5e) and the plain-Python board API built on them.

>>> b = Board.from_sfen("startpos", ruleset="hon")
>>> "7g7f" in b.legal_moves()
True
>>> b.push("7g7f"); b.sfen()
'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2'
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import refuse
from pygames.core.grammar import check_action

from .. import rules
from ..position import move_usi, parse_usi
from ..sfen import make_sfen
from ..start import state_from_sfen

__all__ = ["Board", "move_usi", "parse_usi"]


class Board:
    """A position under either ruleset, driven by USI strings (a thin wrapper over the game state)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    @classmethod
    def from_sfen(cls, sfen: str = "startpos", ruleset: str = "hon", active: list[str] | None = None,
                  custom_cards: list[dict[str, Any]] | None = None) -> Board:
        """Load ``sfen`` under ``ruleset`` ("hon" | "cards"); ``active`` card ids for the card game
        (active at once; none: plain pieces), the rest of the 基本セット as the deck."""
        return cls(state_from_sfen(sfen, ruleset, tuple(active or ()), custom_cards=custom_cards))

    def legal_moves(self) -> list[str]:
        """Legal board moves and drops as USI strings (card game: fouls excluded)."""
        return list(rules.moves_table(self.state)) if self.state.phase == "move" else []

    def push(self, usi: str) -> None:
        """Play one USI move (GameError if illegal)."""
        if self.state.phase != "move":
            raise refuse("match.game_over")
        self.state = rules.play_move(self.state, check_action(usi))

    def sfen(self) -> str:
        """The current SFEN."""
        s = self.state
        return make_sfen(s.board, s.hands, s.side, s.move_no0 + s.ply)

    def is_over(self) -> bool:
        """True once the game has ended (checkmate, king captured, repetition...)."""
        return self.state.phase == "over"
