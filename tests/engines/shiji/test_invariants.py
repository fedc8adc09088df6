"""Seeded random playouts: cards accounted for, hand limits, no exception, determinism, secrecy."""

from __future__ import annotations

import json

import pytest

from pygames import webapi
from pygames.core import Rng
from pygames.core.playout import playout, random_choice
from pygames.shiji import GAME
from pygames.shiji import rules as R
from pygames.shiji.cards import FULL_SET
from pygames.shiji.game import accounted
from pygames.shiji.messages import ENDINGS

PLAYOUTS = 600
"""Random games per run (bench/shiji_playouts.py runs thousands)."""

OPTION_SETS = [{"deck": False}, {}, {"deck": False, "reverse": False, "star_order": False}, {"deck": False, "goods": False},
               {"deck": False, "back_to_front": True}, {"deck": False, "closing": False, "quick_start": True}]


def random_game(seed: int, options: dict) -> tuple[list[str], object]:
    rng = Rng.derive(seed, "test")
    s = GAME.initial_state(GAME.normalize_options(options, 2), 2)

    def on_step(before, seat: int, action: str, s2) -> None:
        check_invariants(s2)
        check_secrecy(s2)

    s, steps = playout(GAME, s, random_choice(GAME, rng), rng, seat_rng=rng, on_step=on_step, max_steps=2000)
    assert GAME.outcome(s) is not None, "no one to move but no outcome" if not GAME.to_move(s) else "too long"
    return [f"{seat}:{action}" for seat, action in steps], s


def check_invariants(s) -> None:
    for seat in (0, 1):
        assert accounted(s, seat) == FULL_SET
        assert all(x >= 0 for x in s.hand[seat]) and all(x >= 0 for x in s.land[seat])
        if s.result is None:
            assert R.hand_size(s, seat) <= R.HAND_LIMIT


def check_secrecy(s) -> None:
    if s.result is not None:
        return
    for viewer in (0, 1, None):
        v = GAME.view(s, viewer)
        json.dumps(v)
        for seat in (0, 1):
            if seat != viewer:
                p = v["players"][seat]
                assert p["hand"] is None and p["land"] is None
                assert all(c["card"] is None for c in p["row"] if c["veiled"])


SEEDS_PER_TEST = 20
"""Each option set's seeds run in tests of this many (so that two workers share them), each asking
for at least two different endings among its own games."""
CHUNKS = [(options, first) for options in OPTION_SETS
          for first in range(0, PLAYOUTS // len(OPTION_SETS), SEEDS_PER_TEST)]


@pytest.mark.slow
@pytest.mark.parametrize("options, first", CHUNKS,
                         ids=[f"{json.dumps(o)}-seeds{f}-{f + SEEDS_PER_TEST - 1}" for o, f in CHUNKS])
def test_random_playouts_keep_invariants(options, first):
    reasons = set()
    for seed in range(first, first + SEEDS_PER_TEST):
        _, s = random_game(seed, options)
        assert s.result is not None and s.result[1] in ENDINGS, s.result
        reasons.add(s.result[1])
    assert len(reasons) >= 2, f"every playout ended the same way ({reasons}): the playouts explore too little"


def test_same_seed_same_game():
    a = random_game(7, {"deck": True})[0]
    b = random_game(7, {"deck": True})[0]
    assert a == b and a != random_game(8, {"deck": True})[0]


def test_webapi_match_replays_and_hides_secrets():
    players = [{"name": "A", "type": "human"}, {"name": "B", "type": "bot", "level": "easy"}]
    rec = json.loads(webapi.dispatch("new_match", json.dumps({"game": "shiji", "seed": 3, "players": players,
                                                             "options": {"deck": True}})))["record"]
    assert all(a.startswith("c:draw") for a in rec["actions"])
    steps = 0
    while True:
        v = json.loads(webapi.dispatch("view", json.dumps({"record": rec, "seat": None})))
        if v["outcome"] or steps > 300:
            break
        seat = v["to_move"][0]
        act = json.loads(webapi.dispatch("bot_action", json.dumps({"record": rec, "seat": seat})))["action"]
        rec = json.loads(webapi.dispatch("apply", json.dumps({"record": rec, "seat": seat, "action": act})))["record"]
        steps += 1
    assert v["outcome"] is not None
    loaded = json.loads(webapi.dispatch("load", json.dumps({"record": rec})))
    assert loaded["summary"]["finished"]
    log = json.loads(webapi.dispatch("log", json.dumps({"record": rec})))["log"]
    assert all("drew a card" in e["en"] for e in log if e["seat"] == -1)


def test_bad_option_refused():
    err = json.loads(webapi.dispatch("new_match", json.dumps({"game": "shiji", "options": {"deck": "yes"}})))["error"]
    assert err["code"] == "match.bad_option"
    err = json.loads(webapi.dispatch("new_match", json.dumps({"game": "shiji", "options": {"puzzle": {"hands": 1}}})))
    assert err["error"]["code"] == "shiji.puzzle.bad_position"


@pytest.mark.slow
def test_bots_do_not_read_the_opponents_hidden_cards():
    """Same view, different hidden opponent hands: every level picks the same action."""
    from pygames.shiji import bots
    from .helpers import position
    for level in GAME.bot_levels:
        for seed in range(5):
            a = position([["5", "6", "7", "M", "N"], ["1", "2", "3"]], to_beat=45)
            b = position([["5", "6", "7", "M", "N"], ["9", "9", "8"]], to_beat=45)
            assert GAME.view(a, 0)["players"][1]["hand"] is None
            assert bots.choose(GAME, a, 0, level, Rng(seed)) == bots.choose(GAME, b, 0, level, Rng(seed))


def test_bots_take_morning_or_panic_as_tax_facing_night():
    from pygames.shiji import bots
    from pygames.shiji.cards import NIGHT
    from .helpers import position, play
    s = position([["N", "5", "3", "4"], ["9", "8", "7"]], to_beat=37, star=12)
    s = play(s, "place N 5")
    assert s.tasks[0][:2] == ("take", 1) and s.star == NIGHT and s.reverse
    for level in ("normal", "hard"):
        for seed in range(5):
            assert bots.choose(GAME, s, 1, level, Rng(seed)) in ("take M", "take X")


def test_hard_guesses_keep_the_merchant_it_saw_taken():
    from pygames.shiji import bots
    from .helpers import position
    # seat 1 placed 恐慌 (its merchant 0 went to its hand) and has no 0 in its row
    s = position([["5", "6", "7", "M"], ["0", "2", "3"]], rows=([], ["X", "4"]), to_beat=None, star=-2,
                 reverse=True, merchant=(True, False))
    for seed in range(20):
        world = bots.sample_world(s, 0, Rng(seed))
        assert world.hand[1][0] >= 1 and sum(world.hand[1]) == 3


def test_normal_does_not_leave_an_opponent_with_two_cards_a_way_out():
    """Issue 25: a player who wants to win looks first at whether the other side could go out next.
    The opponent holds two cards, numbers (its stars and 恐慌 are all placed; the rest of its hand
    is hidden, as in the deck game): with only low numbers to place, the normal level taxes them with its star shell
    (they must add a card first) instead of a low value their pair would beat (which the level did
    before, in every case here)."""
    from pygames.core import Rng
    from pygames.shiji import bots, rules as R
    from pygames.shiji.actions import parse
    from pygames.shiji.state import Rules
    from .helpers import position
    let_out = tried = 0
    for mine, opp, to_beat in ((["M", "3", "2", "4", "1", "5"], ["7", "6"], None),
                               (["D", "3", "2", "4", "1", "5"], ["9", "8"], 21)):
        # their stars and 恐慌 are all in their row: the two hidden cards can only be numbers
        s = position([mine, opp], rows=([], ["1", "M", "2", "D", "3", "E", "4", "N", "5", "X"]), to_beat=to_beat,
                     rules=Rules(deck=True), merchant=(True, False))
        for seed in range(8):
            kinds = parse(bots.choose(GAME, s, 0, "normal", Rng(seed)))[1]
            let_out += bots.lets_out(R.do_place(s, 0, kinds), 0) > 0
            tried += 1
    assert let_out <= tried // 8, (let_out, tried)


@pytest.mark.parametrize("deck", [False, True])
def test_additions_say_to_come_while_the_land_cards_are_still_to_choose(deck):
    """The banner of what the latest shell adds to hands: with a land the taxed (or rewarded) seat still
    chooses its cards, so it is said as to come (「加えます」) until that seat's take step is done, then as done;
    from the deck the cards are drawn at once."""
    from pygames.shiji.risks import after_view

    seen = set()
    for seed in range(12):
        rng = Rng.derive(seed, "additions")

        def on_step(before, seat: int, action: str, s2) -> None:
            choosing = {t[1] for t in s2.tasks if t[0] == "take"}
            for entry in after_view(s2, None):
                waiting = entry["seat"] in choosing
                seen.add((entry["kind"], waiting))
                assert ("加えます" in entry["ja"] and "to add" in entry["en"]) == waiting, (entry, s2.tasks)
                assert ("加わりました" in entry["ja"] and "added" in entry["en"]) == (not waiting), entry

        s = GAME.initial_state(GAME.normalize_options({"deck": deck}, 2), 2)
        playout(GAME, s, random_choice(GAME, rng), rng, seat_rng=rng, on_step=on_step, max_steps=2000)
    expected = {("tax", False), ("reward", False)} | ({("tax", True), ("reward", True)} if not deck else set())
    assert expected <= seen, seen
