"""振り返り: batches of searched positions, marks from the mover's win rate, and marks that agree with
a deeper search of the same engine on seeded games."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.core.match import Match
from pygames.core.playout import play_match
from pygames.shogi import review
from pygames.shogi.analysis import analyse, winrate

BOTS = [{"type": "bot", "level": "easy", "name": ""}, {"type": "bot", "level": "normal", "name": ""}]


def seeded_game(seed: int, plies: int) -> Match:
    match = Match.new("shogi", {"ruleset": "hon"}, BOTS, seed)
    return play_match(match, lambda state, seat, decision: match.bot_action(seat), max_plies=plies)


def searched(match: Match, nodes: int) -> list[dict]:
    """Every position of the review searched in batches of four, as the screen asks for them."""
    total = len(review.positions(match))
    got = []
    for start in range(0, total, 4):
        batch = review.review_positions(match, start, 4, nodes)
        assert batch["total"] == total
        got += batch["positions"]
    assert [p["index"] for p in got] == list(range(total))
    return got


def deeper_marks(match: Match, got: list[dict], marked: list[int], nodes: int) -> dict:
    """The review judged again with ``nodes`` for the turns in ``marked``: turn k's mark reads only
    positions k (its score and best move) and k + 1 (review.judge), and each position is searched on
    its own (analysis.analyse), so those positions are searched again and the others keep ``got``'s
    entries, which none of those turns reads. Those turns' marks are the ones of a review searched
    wholly with ``nodes`` (the test checks only them), without searching the rest again."""
    deep = list(got)
    for i in sorted({i for k in marked for i in (k, k + 1)}):
        deep[i] = review.review_positions(match, i, 1, nodes)["positions"][0]
    return review.judge(match, deep)


def test_win_rate_scale() -> None:
    assert winrate(0) == 0.5 and winrate(600) > 0.7 and winrate(-600) < 0.3
    assert winrate(10**6) == 1.0 and winrate(-(10**6)) == 0.0


@pytest.fixture(scope="module")
def reviews() -> list[tuple[Match, dict, dict]]:
    """Two seeded games reviewed at the review's budget, and their 悪手 judged again at four times the
    nodes (``deeper_marks``: only the turns the test checks)."""
    out = []
    for seed in (3, 8):
        match = seeded_game(seed, 36)
        got = searched(match, 3_000)
        shallow = review.judge(match, got)
        marked = [k for k, t in enumerate(shallow["turns"]) if t["kind"] == "blunder"]
        out.append((match, shallow, deeper_marks(match, got, marked, 12_000)))
    return out


def test_marks_agree_with_a_deeper_search(reviews) -> None:
    """Every 悪手 found at the review's budget is still a clear loss (at least a 疑問手's drop) for the
    mover when every position is searched with four times the nodes."""
    checked = 0
    for _match, shallow, deep in reviews:
        for s, d in zip(shallow["turns"], deep["turns"]):
            if s["kind"] != "blunder":
                continue
            checked += 1
            assert d["kind"] in ("blunder", "dubious"), (s, d)
            assert d["before"] - d["after"] >= review.DUBIOUS
        assert sum(c["blunder"] for c in shallow["counts"].values()) == sum(
            1 for t in shallow["turns"] if t["kind"] == "blunder")
    assert checked >= 2  # the seeded games hold mistakes to check


def test_blunder_names_the_better_move_and_line(reviews) -> None:
    match, shallow, _deep = reviews[0]
    marked = [t for t in shallow["turns"] if t["kind"] == "blunder"]
    assert marked
    for t in marked:
        assert t["better"] != t["action"] and t["line"][0] == t["better"]
        assert t["better_text"]["ja"].startswith("▲△"[t["seat"]])
        assert t["before"] - t["after"] >= review.BLUNDER
    assert len(shallow["winrates"]) == len(review.positions(match))


def test_bad_review_input_is_refused() -> None:
    match = seeded_game(1, 4)
    with pytest.raises(GameError):
        review.review_positions(match, 0, 99, 3_000)
    with pytest.raises(GameError):
        review.review_positions(match, 0, 2, 10)
    with pytest.raises(GameError):
        review.judge(match, [{"index": 0, "score": 1}])
    with pytest.raises(GameError):
        review.judge(match, "x")


def test_analysis_is_deterministic_and_gives_candidates() -> None:
    match = seeded_game(2, 10)
    a = analyse(match.state, 4_000, 3)
    b = analyse(match.state, 4_000, 3)
    assert a == b
    assert 1 <= len(a["candidates"]) <= 3 and a["best"] == a["candidates"][0]["move"]
    assert a["line"][0] == a["best"]
    scores = [c["score"] for c in a["candidates"][1:]]
    assert scores == sorted(scores, reverse=True)


def test_puzzle_answer_says_whether_the_move_is_the_engines() -> None:
    """次の一手: a move the review would not mark is correct, and the answer names the engine's own move
    (best_move_text, one move) and says whether the move was that one (exact)."""
    from pygames.shogi.studycalls import puzzle_answer
    match = seeded_game(3, 20)
    turn = len(review.positions(match)) - 1
    best = puzzle_answer(match, turn, "9g9f" if match.state.side == 0 else "1c1d", nodes=2000)["best"]
    res = puzzle_answer(match, turn, best, nodes=2000)
    assert res["correct"] and res["exact"]
    assert len(res["best_move_text"]["ja"].split()) == 1 and res["best_text"]["ja"].startswith(res["best_move_text"]["ja"])
    other = next(m for m in ("9g9f", "1g1f", "1c1d", "9c9d") if m != best and m[1] in ("gc"[match.state.side]))
    first = puzzle_answer(match, turn, other, nodes=2000)
    assert not first["exact"] and first["best_move_text"] == res["best_move_text"]
    assert first["correct"] == (first["drop"] < review.DUBIOUS)
