"""The view flags moves/drops that leave the mover's king capturable (card game, ruling 1)."""

from __future__ import annotations

import pytest

from pygames.shogi import GAME
from pygames.shogi.pieces import OU, sq_name

from .helpers import state


def _move(view: dict, frm: str, to: str) -> dict:
    (entry,) = [e for e in view["moves"][frm] if e["to"] == to]
    return entry


def _unsafe(view: dict) -> set[str]:
    """Every flagged target as 'from-to' or 'PIECE*to'."""
    out = {f"{frm}-{e['to']}" for frm, es in view["moves"].items() for e in es if e.get("unsafe")}
    return out | {f"{p}*{e['to']}" for p, es in view["drops"].items() for e in es if e.get("unsafe")}


def test_pinned_piece_and_king_step_into_attack_are_flagged():
    # 先手 king 5i, gold 5h pinned by the 後手 rook 5a; a 後手 pawn on 4g guards 4h.
    st = state({"5i": "K", "5h": "G", "5a": "r", "4g": "p", "9a": "k"})
    view = GAME.view(st, 0)
    assert _move(view, "5h", "4h").get("unsafe") is True       # leaves the file: the rook takes the king
    assert _move(view, "5h", "6h").get("unsafe") is True
    assert "unsafe" not in _move(view, "5h", "5g")             # stays in the line: safe
    assert _move(view, "5i", "4h").get("unsafe") is True       # steps next to the pawn's target
    assert "unsafe" not in _move(view, "5i", "6i") and "unsafe" not in _move(view, "5i", "4i")
    assert _unsafe(view) == {"5h-4h", "5h-6h", "5h-4g", "5h-6g", "5i-4h"}
    # every flagged move really lets the opponent take the king next turn, and no other move does
    for frm, entries in view["moves"].items():
        for e in entries:
            after = GAME.apply(st, 0, frm + e["to"])
            takes = any(a[2:4] == "5i" or (frm == "5i" and a[2:4] == e["to"])
                        for a in GAME.legal_actions(after, 1) if a[1] != "*")
            assert takes == bool(e.get("unsafe")), (frm, e["to"])


def test_in_check_drops_that_do_not_block_are_flagged():
    st = state({"5i": "K", "5a": "r", "9a": "k"}, hands="G")
    view = GAME.view(st, 0)
    assert view["in_check"][0]
    flagged = {e["to"] for e in view["drops"]["KI"] if e.get("unsafe")}
    safe = {e["to"] for e in view["drops"]["KI"] if not e.get("unsafe")}
    assert safe == {f"5{r}" for r in "bcdefgh"}                # only blocks on the file help
    assert "4e" in flagged and len(flagged) == len(view["drops"]["KI"]) - 7


def test_active_card_attacks_count():
    # A 後手 knight on 2h attacks nothing as a standard knight, but 4i with 八方桂 (Eight-way knight).
    pieces = {"5i": "K", "2h": "n", "9a": "k"}
    assert "unsafe" not in _move(GAME.view(state(pieces), 0), "5i", "4i")
    assert _move(GAME.view(state(pieces, active=["KE-hachiho"]), 0), "5i", "4i").get("unsafe") is True


def test_capturing_the_king_is_never_unsafe_and_hon_has_no_flag():
    # the bishop on 4h is pinned by the 後手 bishop on 1e, but leaving the line to take the king on 7e wins
    view = GAME.view(state({"5i": "K", "4h": "B", "1e": "b", "7e": "k"}), 0)
    assert "unsafe" not in _move(view, "4h", "7e")
    assert _move(view, "4h", "5g").get("unsafe") is True
    hon = GAME.view(state({"5i": "K", "5h": "G", "5a": "r", "9a": "k"}, ruleset="hon"), 0)
    assert not _unsafe(hon) and {e["to"] for e in hon["moves"]["5h"]} == {"5g"}


RANDOM_SEEDS = (3, 17)  # a few seeded card games (one test each); every move state is checked against a brute-force answer
RANDOM_ACTIONS = 120


def _brute_unsafe(st, frm: str, to: str) -> bool:
    after = GAME.apply(st, st.side, frm + to)
    if after.phase == "over":
        return False
    own = OU if st.side == 0 else -OU     # the mover's king on the board after the move (as the view names it)
    king = sq_name(after.board.index(own)) if own in after.board else None
    return any(a[2:4] == king for a in GAME.legal_actions(after, after.side) if a[1] != "*")


@pytest.mark.slow
@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_flags_match_brute_force_in_random_card_games(seed):
    from .helpers import play_random

    checked = 0

    def check(st) -> None:
        nonlocal checked
        if st.phase != "move":
            return
        view = GAME.view(st, None)
        for frm, entries in view["moves"].items():
            for e in entries:
                if e["promotion"] == "forced" or e["foul"]:
                    continue
                assert bool(e.get("unsafe")) == _brute_unsafe(st, frm, e["to"]), (view["sfen"], frm, e["to"])
                checked += 1

    play_random(seed, {"ruleset": "cards"}, max_actions=RANDOM_ACTIONS, check=check)
    assert checked > 1000   # each seed's game checks more than 1,000 moves (3: 4,091; 17: 3,509)
