"""A full hand against a bare king (issue 26): the expert's far drops are pruned one ply above the horizon,
so the search gets deeper in the same node budget; positions without a big hand search the same tree."""

from __future__ import annotations

from pygames.core import Rng
from pygames.shogi import search
from pygames.shogi.position import move_usi
from pygames.shogi.start import state_from_sfen


def test_a_full_hand_completes_depth_three_and_finds_the_mate():
    state = state_from_sfen("8k/9/9/9/9/9/9/9/K8 b RBGSNL 1", "hon")
    depths: list[int] = []
    m, score, depth, nodes = search.best_move(state, Rng(1), search.EXPERT_NODES,
                                              on_depth=lambda d, s, n, mv: depths.append(d))
    assert depth >= 3 and depths[-1] == depth and nodes <= search.EXPERT_NODES + 1
    assert score >= search.WIN - 64  # a forced win seen
    assert move_usi(m & 32767) == "L*2d"


def test_near_drops_keeps_checks_first_and_drops_far_ones():
    state = state_from_sfen("8k/9/9/9/9/9/9/9/K8 b RBGSNL 1", "hon")
    pos = state.position()
    moves = pos.pseudo_moves()
    kept = search._near_drops(pos, moves)
    usi = [move_usi(m) for m in kept]
    assert "L*1e" in usi and "R*5a" in usi and "B*5e" in usi  # lines to the king on ９一... (file, rank, diagonal)
    assert "G*5e" not in usi and "N*5e" not in usi  # far from both kings, on no line
    assert "G*8h" in usi  # beside one's own king
    assert set(kept) <= set(moves) and len(kept) < len(moves) / 2
    board_moves = [i for i, m in enumerate(kept) if (m & 127) < 81]
    assert usi.index("R*1b") < board_moves[0] and usi.index("L*1e") < board_moves[0]  # checks first
