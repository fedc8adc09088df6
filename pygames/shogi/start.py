"""Start positions: an SFEN checked for a match, and a state ready to move from an SFEN."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pygames.core.errors import refuse

from . import rules
from .cards import BASIC_CARDS, BASIC_DECK, validate_cards
from .sfen import check_hon, make_sfen, parse_sfen
from .state import Rules, ShogiState, order_active


def checked_sfen(sfen: Any, hon: bool, composed: bool = False) -> str:
    """The normalised text of an SFEN option; GameError if unreadable (or, in 本将棋, impossible: see
    :func:`pygames.shogi.sfen.check_hon`)."""
    if not isinstance(sfen, str):
        raise refuse("shogi.option.sfen", key="sfen")
    board, hands, side, move_no = parse_sfen(sfen)
    if hon:
        check_hon(board, hands, side, sfen, composed)
    return make_sfen(board, hands, side, move_no)


def state_from_sfen(sfen: str = "startpos", ruleset: str = "cards", active: list[str] | tuple[str, ...] = (),
                    foul_loss: bool = False, custom_cards: list[dict[str, Any]] | None = None,
                    deck: list[str] | tuple[str, ...] | None = None, discard: list[str] | tuple[str, ...] = (),
                    declare: bool = True) -> ShogiState:
    """A state ready to move from ``sfen`` with the given card situation (for callers and tests).
    ``deck`` defaults to the 基本セット minus the active and discarded cards; ``declare``: 入玉宣言 (本将棋)."""
    cards = validate_cards(custom_cards or [])
    pool = {**BASIC_CARDS, **{c["id"]: c for c in cards}}
    for cid in list(active) + list(discard) + list(deck or []):
        if cid not in pool:
            raise refuse("shogi.unknown_card", card=cid[:40])
    if deck is None:
        rest = Counter(BASIC_DECK)
        rest.subtract(Counter(list(active) + list(discard)))
        deck = sorted(rest.elements())
    board, hands, side, move_no = parse_sfen(sfen)
    rules_ = Rules(ruleset, foul_loss, "standard", pool, declare)
    state = ShogiState(rules_, tuple(board), (tuple(hands[0]), tuple(hands[1])), side, "move",
                       active=order_active(tuple(active), pool) if ruleset == "cards" else (),
                       deck=tuple(sorted(deck)) if ruleset == "cards" else (),
                       discard=tuple(discard) if ruleset == "cards" else (), move_no0=move_no)
    return rules._after_turn(state)
