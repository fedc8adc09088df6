"""Action strings of 集大成将棋: what kind an action is, and the legal ones.

A board move is USI text (``7g7f``, ``P*5e``, ``8h2b+``); ``rules.play_move`` reads it and explains
a refusal. The other actions are ``draw``, ``resign`` and the drawn card's choices (``draw:on``,
``draw:off``, ``draw:nullify:<card>``).
"""

from __future__ import annotations

from . import rules
from .state import ShogiState


def parse(action: str) -> str:
    """The kind of a player action: ``resign``, ``draw``, ``choice`` (``draw:...``) or ``move``."""
    if action in ("resign", "draw"):
        return action
    return "choice" if action.startswith("draw:") else "move"


def legal(state: ShogiState) -> list[str]:
    """Every action of the seat to move."""
    if state.phase == "draw_choice":
        return rules.choice_actions(state)
    if state.phase != "move":
        return []
    actions = list(rules.moves_table(state))
    if rules.draw_refusal(state) is None:
        actions.append("draw")
    actions.append("resign")
    return actions
