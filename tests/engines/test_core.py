"""The shared machinery: PRNG, records, migrations, links and the web API."""

from __future__ import annotations

import base64
import json
import pathlib
import random
import zlib

import pytest

from pygames import webapi
from pygames.core import GameError, Rng, linkcodec
from pygames.core.match import Match
from pygames.core.registry import register

from .toygame import GAME as TOY

register(TOY)
FIXTURES = pathlib.Path(__file__).parent / "fixtures"
PLAYERS = [{"name": "Aki", "type": "human"}, {"name": "CPU", "type": "bot", "level": "easy"}]


def call(call_name: str, **kwargs):
    return json.loads(webapi.dispatch(call_name, json.dumps(kwargs)))


def play_out(seed: int) -> dict:
    record = call("new_match", game="toy", seed=seed, players=PLAYERS)["record"]
    while not (view := call("view", record=record, seat=None))["outcome"]:
        seat = view["to_move"][0]
        action = call("bot_action", record=record, seat=seat, level="easy")["action"]
        record = call("apply", record=record, seat=seat, action=action)["record"]
    return record


def test_rng_known_values_and_independence_from_random_module():
    random.seed(1)
    first = [Rng(42).next_u64() for _ in range(2)]
    random.seed(2)
    assert first == [Rng(42).next_u64()] * 2
    # SplitMix64 reference value for seed 0 (first output).
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF
    assert Rng.derive(5, "chance", 1).state != Rng.derive(5, "chance", 2).state


def test_rng_ranges_are_uniform_enough():
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randbelow(6)] += 1
    assert all(900 < c < 1100 for c in counts)
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_same_seed_same_match_and_chance_is_logged():
    a, b = play_out(11), play_out(11)
    assert a == b
    assert a["actions"][0].startswith("c:bonus")
    assert play_out(12)["actions"] != a["actions"] or play_out(13)["actions"] != a["actions"]


def test_replay_needs_no_seed_and_checks_legality():
    record = play_out(5)
    record["seed"] = None
    assert call("load", record=record)["summary"]["finished"]
    bad = dict(record, actions=record["actions"][:3] + ["0:fly"] + record["actions"][3:])
    err = call("load", record=bad)["error"]
    assert err["code"] == "record.illegal_action" and err["params"]["ply"] == 4
    assert "4手目" in err["message_ja"]


def test_chance_outcome_cannot_be_forged_or_chosen():
    record = call("new_match", game="toy", seed=1, players=PLAYERS)["record"]
    assert call("apply", record=record, seat=0, action="roll")["record"]["actions"][-1].startswith("c:die")
    forged = dict(record, actions=record["actions"] + ["0:roll", "c:die9"])
    assert call("load", record=forged)["error"]["params"]["cause"] == "match.bad_chance"


def test_schema1_fixture_migrates():
    old = json.loads((FIXTURES / "toy_schema1.json").read_text())
    record = call("load", record=old)["record"]
    assert record["schema"] == 2
    assert record["actions"][:3] == ["c:bonus1", "c:bonus2", "0:roll"]
    assert record["players"][1]["level"] == "easy"


@pytest.mark.parametrize("mutate, code", [
    (lambda r: r.update(format="other"), "record.not_a_match"),
    (lambda r: r.update(schema=99), "record.newer_schema"),
    (lambda r: r.update(game="chess"), "match.unknown_game"),
    (lambda r: r.update(actions="0:roll"), "record.invalid"),
    (lambda r: r.update(seed=-1), "record.invalid"),
    (lambda r: r.update(options={"target": 999}), "match.bad_option"),
    (lambda r: r["players"][1].update(level="god"), "record.bad_level"),
    (lambda r: r["players"][0].update(name="x" * 500), "record.bad_name"),
])
def test_corrupt_records_are_refused_with_a_code(mutate, code):
    record = play_out(3)
    mutate(record)
    assert call("load", record=record)["error"]["code"] == code


def test_link_round_trip_hides_seed_of_unfinished_secret_match():
    record = call("new_match", game="toy", seed=9, players=PLAYERS)["record"]
    shared = call("encode_link", record=record)
    assert shared["reveals_secrets"] and not shared["finished"]
    back = call("decode_link", text="#" + shared["link"])["record"]
    assert back["seed"] is None and back["actions"] == record["actions"]
    finished = play_out(4)
    assert call("decode_link", text=call("encode_link", record=finished)["link"])["record"]["seed"] == 4


def test_tampered_truncated_and_bomb_links_are_refused():
    link = call("encode_link", record=play_out(4))["link"]
    assert call("decode_link", text=link[: len(link) // 2])["error"]["code"].startswith("link.")
    assert call("decode_link", text="m1.!!!!")["error"]["code"] == "link.invalid"
    flipped = link[:-5] + ("A" if link[-5] != "A" else "B") + link[-4:]
    assert "error" in call("decode_link", text=flipped)
    bomb = "m1." + base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 50_000_000 + b"]", 9)).decode()
    assert call("decode_link", text=bomb)["error"]["code"] in ("link.too_large", "link.too_long")
    with pytest.raises(GameError):
        linkcodec.decode("x" * (linkcodec.MAX_LINK_CHARS + 1))


def test_api_errors_are_json_never_tracebacks():
    assert call("nope")["error"]["code"] == "api.unknown_call"
    assert json.loads(webapi.dispatch("view", "{"))["error"]["code"] == "api.bad_json"
    assert call("view", bogus=1)["error"]["code"] == "api.bad_args"
    record = call("new_match", game="toy", seed=1, players=PLAYERS)["record"]
    err = call("apply", record=record, seat=0, action="jump")["error"]
    assert err["code"] == "toy.illegal_action" and "jump" in err["message_en"]
    assert call("apply", record=record, seat=1, action="roll")["error"]["code"] == "match.not_your_turn"
    # The failed calls left the cached match untouched.
    assert call("view", record=record, seat=0)["plies"] == len(record["actions"])


def test_cache_applies_only_new_actions(monkeypatch):
    record = play_out(8)
    call("view", record=record, seat=0)
    calls = []
    monkeypatch.setattr(Match, "from_record", classmethod(lambda cls, r: calls.append(1)))
    call("view", record=record, seat=0)
    assert calls == []


def test_undo_never_passes_chance():
    record = call("new_match", game="toy", seed=2, players=PLAYERS)["record"]
    after = call("apply", record=record, seat=0, action="stop")["record"]
    undone = call("undo", record=after, seat=0)["record"]
    assert undone["actions"] == record["actions"]
    rolled = call("apply", record=record, seat=0, action="roll")["record"]
    assert call("undo", record=rolled, seat=0)["error"]["code"] == "match.cannot_undo"


def test_replay_views_every_ply():
    record = play_out(6)
    views = [call("replay", record=record, ply=p, seat=None) for p in range(len(record["actions"]) + 1)]
    assert views[0]["view"]["totals"] == [0, 0] and views[-1]["outcome"]
    assert call("replay", record=record, ply=10_000)["error"]["code"] == "match.bad_ply"


def test_check_explains_without_applying():
    record = call("new_match", game="toy", seed=1, players=PLAYERS)["record"]
    assert call("check", record=record, seat=0, action="roll") == {"ok": True, "details": None}
    assert call("check", record=record, seat=0, action="fly")["error"]["code"] == "toy.illegal_action"
    assert call("view", record=record, seat=0)["plies"] == len(record["actions"])


def test_game_call_passes_the_replayed_match():
    record = play_out(6)
    scores = call("game_call", game="toy", name="scores", args={"record": record})["scores"]
    assert scores == call("summary", record=record)["outcome"]["scores"]
    assert call("game_call", game="toy", name="nope")["error"]["code"] == "api.unknown_call"


def test_view_says_why_undo_is_not_possible():
    record = call("new_match", game="toy", seed=2, players=PLAYERS)["record"]
    fresh = call("view", record=record, seat=0)
    assert fresh["can_undo"] is False and fresh["undo_reason"]["code"] == "match.undo_nothing"
    after = call("apply", record=record, seat=0, action="stop")["record"]
    mine = call("view", record=after, seat=0)
    assert mine["can_undo"] is True and mine["undo_reason"] is None
    rolled = call("apply", record=record, seat=0, action="roll")["record"]
    blocked = call("view", record=rolled, seat=0)
    assert blocked["can_undo"] is False and blocked["undo_reason"]["code"] == "match.undo_chance"
    assert blocked["undo_reason"]["ja"] and blocked["undo_reason"]["en"]
    assert call("view", record=rolled, seat=None)["undo_reason"] is None


def test_log_since_gives_the_tail_only():
    record = play_out(6)
    whole = call("log", record=record)["log"]
    tail = call("log", record=record, since=3)["log"]
    assert tail == whole[3:] and tail[0]["ply"] == 4
    assert call("log", record=record, since=-1)["error"]["code"] == "match.bad_ply"


def test_rulings_lists_only_rulings_newer_than_the_record():
    from pygames.core.registry import get_game
    motto = get_game("motto")
    players = [{"name": "", "type": "human"}] * 3
    new = call("new_match", game="motto", seed=1, players=players, options={"start": "1"})["record"]
    assert call("view", record=new)["rulings"]["older"] == []  # seat 1 chosen today is no old ruling
    old = dict(new, engine_version="1", options={})
    old["actions"] = [a for a in new["actions"]]
    older = call("view", record=old)["rulings"]["older"]
    assert [r["key"] for r in older] == ["start"] and motto.engine_version == "2"


def test_the_playout_helper_plays_stops_and_catches_mutation():
    from pygames.core.playout import bot_choice, playout, random_choice

    start = TOY.initial_state(TOY.normalize_options({}, 2), 2)
    end, log = playout(TOY, start, random_choice(TOY, Rng(1)), Rng(2))
    assert TOY.outcome(end) is not None and log[0][0] == -1
    assert playout(TOY, start, random_choice(TOY, Rng(1)), Rng(2)) == (end, log)
    steps = []
    _, short = playout(TOY, start, bot_choice(TOY, ("easy", "easy"), 3), Rng(2),
                       on_step=lambda before, seat, action, after: steps.append(action) or len(steps) == 3)
    assert len(short) == 3 == len(steps)
    assert len(playout(TOY, start, random_choice(TOY, Rng(1)), Rng(2), max_steps=2)[1]) == 2

    class Leaky(type(TOY)):
        name = "leaky"

        def _apply(self, s, seat, action):
            self.touched = getattr(self, "touched", 0) + 1
            return super()._apply(s, seat, action)

    leaky = Leaky()
    with pytest.raises(AssertionError, match="mutated"):
        playout(leaky, start, random_choice(leaky, Rng(1)), Rng(2), snapshot=lambda s: leaky.__dict__.copy())


def test_answers_carry_the_events_since_the_viewers_last_action():
    record = call("new_match", game="toy", seed=3, players=PLAYERS)["record"]
    first = call("look", record=record, look=0)
    assert [e["ply"] for e in first["events"]] == list(range(1, len(record["actions"]) + 1))[-6:]
    answer = call("play", record=record, seat=0, action="stop", look=0)
    log = call("log", record={**record, "actions": record["actions"] + answer["added"]})["log"]
    own = max(i for i, e in enumerate(log) if e["seat"] == 0)
    assert answer["events"] == log[max(own, len(log) - 6):]
    assert answer["events"][0]["seat"] == 0 and answer["events"][0]["action"] == "stop"
