"""The expert's and hard's chosen moves on a seeded set of positions, pinned (issue 26 item 4): a speed-up of
the search or the move generator must not change any move chosen at a given node budget.

The fixture ``bestmove_pins.json`` was made by this module's ``make()`` (``python3 -m
tests.engines.shogi.test_bestmove_pins``) with the code of main at 3bc98e2, before the speed-ups."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygames.core import Rng
from pygames.shogi import GAME, search
from pygames.shogi.position import move_usi
from pygames.shogi.start import state_from_sfen

FIXTURE = Path(__file__).with_name("bestmove_pins.json")
EXPERT_BUDGET = 6000
GAMES = [  # (ruleset, active cards, seed of the "normal" moves that lead there, plies at which to stop)
    ("hon", [], 3, (10, 30, 50, 70)),
    ("hon", [], 8, (20, 40, 60)),
    ("cards", ["KE-hachiho", "HI-honno"], 5, (12, 32)),
    ("cards", ["FU-tate", "KI-kinjo"], 6, (16, 36)),
    ("cards", ["KA-hoo", "GI-mohyo"], 9, (24,)),
]
SFENS = ["8k/9/9/9/9/9/9/9/K8 b RBGSNL 1", "ln1g3nl/1r1sk1sb1/p1ppgpppp/4p4/1p7/2P6/PP1PPPPPP/1BG1S2R1/LNS1KG1NL b - 1"]


def _state(case: dict[str, Any]):
    st = state_from_sfen(case["sfen"], case["ruleset"], **({"active": case["active"]} if case["active"] else {}))
    for a in case["actions"]:
        st = GAME.apply(st, st.side, a)
    return st


def _chosen(st) -> dict[str, Any]:
    """The actions chosen, and the expert's search as (move, score, completed depth, nodes): the same tree."""
    m, score, depth, nodes = search.best_move(st, Rng(st.ply + 1), EXPERT_BUDGET)
    return {"expert": search.choose_expert(st, Rng(st.ply + 1), budget=EXPERT_BUDGET),
            "hard": GAME.bot_action(st, st.side, "hard", Rng(st.ply + 1)),
            "expert_search": [move_usi(m & 32767), score, depth, nodes]}


def make() -> list[dict[str, Any]]:
    """The cases with the moves the current code chooses."""
    cases: list[dict[str, Any]] = []
    for ruleset, active, seed, stops in GAMES:
        st = state_from_sfen("startpos", ruleset, **({"active": active} if active else {}))
        rng, actions = Rng(seed), []
        for ply in range(max(stops) + 1):
            if GAME.outcome(st):
                break
            if ply in stops and st.phase == "move":
                cases.append({"ruleset": ruleset, "active": active, "sfen": "startpos", "actions": actions[:]})
            a = GAME.bot_action(st, st.side, "normal", rng)
            actions.append(a)
            st = GAME.apply(st, st.side, a)
    cases += [{"ruleset": "hon", "active": [], "sfen": s, "actions": []} for s in SFENS]
    for case in cases:
        case["chosen"] = _chosen(_state(case))
    return cases


def test_the_chosen_moves_are_pinned():
    cases = json.loads(FIXTURE.read_text())["cases"]
    assert len(cases) >= 12 and {c["ruleset"] for c in cases} == {"hon", "cards"}
    for case in cases:
        chosen = _chosen(_state(case))
        assert chosen == case["chosen"], case


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({
        "_comment": "Made by `python3 -m tests.engines.shogi.test_bestmove_pins` (its make()) with main at 3bc98e2, "
                    "before the issue 26 speed-ups: expert at EXPERT_BUDGET nodes and hard at its budget, "
                    "Rng(ply + 1); positions reached by the seeded 'normal' bot.",
        "cases": make()}, indent=1, ensure_ascii=False) + "\n")
