"""Remote matches by link: joint chance, verification on replay, merging, tampering."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from pygames import webapi
from pygames.core import GameError, chain, remote
from pygames.core.jointchance import runs_of
from pygames.core.match import Match
from tests.engines.remote.devices import MATCH_ID, Device, pack, play_game, secret_of, start, unpack

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "remote" / "shogi-cards-v1.json"


# --- chains and the draw ---------------------------------------------------------------
def test_chain_values_follow_down_to_the_head():
    secret = bytes.fromhex(secret_of(1))
    head = chain.head(secret)
    previous = head
    for run in range(1, 6):
        value = chain.reveal(secret, run)
        assert chain.follows(value, previous)
        assert not chain.follows(value, head) or run == 1
        previous = value


def test_integer_weights_are_exact_card_counts():
    assert chain.integer_weights([2 / 32, 4 / 32, 26 / 32]) == [1, 2, 13]


def test_draw_index_is_unbiased_over_many_values():
    counts = Counter(chain.draw_index(b"\0" * 16, 1, 0, [i.to_bytes(16, "big")], [1, 2, 3]) for i in range(3000))
    # expected 500/1000/1500; a modulo-biased or broken draw would be far off (6 sigma bounds)
    for index, expected in ((0, 500), (1, 1000), (2, 1500)):
        assert abs(counts[index] - expected) < 6 * (expected * (1 - expected / 3000)) ** 0.5


def test_runs_group_chance_with_no_decision_between():
    assert runs_of(["c:a", "c:b", "0:x", "c:d", "1:y"]) == [(1, 0), (1, 1), (0, 0), (2, 0), (0, 0)]


# --- a whole game by links ----------------------------------------------------------
def test_cards_game_with_ten_draws_to_the_end_on_both_devices():
    a, b = start()
    links = play_game(a, b, moves=60, draws=10)
    assert a.record["actions"] == b.record["actions"]
    assert a.record["remote"] == b.record["remote"]
    assert remote.digest(a.record) == remote.digest(b.record)
    match = a.match()
    assert match.is_over() and b.match().is_over()
    draws = sum(1 for x in a.record["actions"] if x.endswith(":draw"))
    assert draws == 10
    assert len(a.record["remote"]["reveals"]) == 11  # the opening run and one per draw
    assert all(len(link) < 1200 for link in links)


def test_hon_game_needs_no_values_and_the_creator_moves_at_once():
    a = Device.create({"ruleset": "hon"})
    a.act("7g7f")
    b = Device(secret_of(2))
    b.join(a.send(), 1)
    assert b.record["actions"] == ["0:7g7f"] and b.status()["turn"] == "mine"
    b.act("3c3d")
    a.open(b.send())
    assert a.status()["turn"] == "mine" and a.record["remote"]["reveals"] == []


def test_a_device_without_the_match_is_offered_the_free_side():
    a = Device.create({}, seat=1)
    answer = remote.receive(None, a.send())
    assert answer["status"] == "join" and answer["free"] == [0]
    b = Device(secret_of(2))
    with pytest.raises(GameError) as err:
        b.join(a.send(), 1)
    assert err.value.code == "remote.seat_taken"


# --- fairness ---------------------------------------------------------------------------
def _before_a_draw() -> tuple[Device, Device]:
    a, b = start()
    a.act("7g7f")
    b.open(a.send())
    return a, b


def test_before_an_event_neither_device_alone_determines_its_outcome():
    """A's whole data (its secret and the public record) before B's draw leaves the card open:
    over different secrets of B, different cards come; and the same the other way round."""
    def card_after_draw(secret_a: str, secret_b: str) -> str:
        a = Device.create({}, n=0)
        a.secret = secret_a
        a.record = remote.new("shogi", {}, ["A", "B"], 0, MATCH_ID, secret_a)
        b = Device(secret_b)
        b.join(a.send(), 1)
        a.open(b.send())
        a.act("7g7f")
        b.open(a.send())
        b.act("draw")
        a.open(b.send())
        return a.record["actions"][-1]

    fixed_a = secret_of(1)
    by_b = {card_after_draw(fixed_a, secret_of(100 + i)) for i in range(12)}
    fixed_b = secret_of(2)
    by_a = {card_after_draw(secret_of(200 + i), fixed_b) for i in range(12)}
    assert len(by_b) >= 3 and len(by_a) >= 3


def test_no_value_is_revealed_ahead_of_a_decision():
    a, b = _before_a_draw()
    rows = len(b.record["remote"]["reveals"])
    assert rows == 1  # only the opening run: B has not decided to draw, so nothing for it is out
    b.act("draw")
    link = b.send()
    # B's value for the draw travels only now, and A's is still unknown to B
    row = b.record["remote"]["reveals"][1]
    assert row[1] is not None and row[0] is None
    assert secret_of(1) not in link and chain.reveal(bytes.fromhex(secret_of(1)), 2).hex() not in link


def test_a_value_revealed_early_is_refused():
    a, b = _before_a_draw()
    record = copy.deepcopy(b.record)
    record["remote"]["reveals"].append([None, chain.reveal(bytes.fromhex(b.secret), 2).hex()])
    with pytest.raises(GameError) as err:
        Match.from_record(record)
    assert err.value.code == "remote.early_reveal"


# --- tampering ------------------------------------------------------------------------
def _redigest(receiver: Device, obj: dict) -> str:
    """A tamperer can recompute the digest (it is no signature): the deeper checks must hold."""
    return remote.digest(remote._sender_record(copy.deepcopy(receiver.record), obj))


def _draw_link() -> tuple[Device, Device, str]:
    """A receives the link of B's draw; A's answer carries the drawn card back to B."""
    a, b = _before_a_draw()
    b.act("draw")
    a.open(b.send())
    return a, b, a.send()


def test_changed_chance_outcome_is_refused_with_its_event():
    a, b, link = _draw_link()
    obj = unpack(link)
    real = obj["a"][-1]
    match = a.match()
    ply = len(a.record["actions"]) - 1
    others = [x for x, p in match.game.chance_outcomes(match.states[ply]) if p > 0 and "c:" + x != real]
    obj["a"][-1] = "c:" + others[0]
    obj["d"] = _redigest(b, obj)
    before = copy.deepcopy(b.record)
    with pytest.raises(GameError) as err:
        b.open(pack(obj))
    assert err.value.code == "remote.bad_chance"
    assert err.value.params["run"] == 2 and err.value.params["ply"] == ply + 1
    assert "2回目" in err.value.message_ja and "event 2" in err.value.message_en
    assert b.record == before


def test_changed_chance_outcome_in_a_saved_record_is_refused():
    a, _, _ = _draw_link()
    record = copy.deepcopy(a.record)
    ply = max(i for i, x in enumerate(record["actions"]) if x.startswith("c:"))
    for card in ("FU-tate", "KE-hachiho", "KA-hoo", "NULLIFY"):
        if record["actions"][ply] != f"c:card:{card}":
            record["actions"][ply] = f"c:card:{card}"
            break
    with pytest.raises(GameError) as err:
        Match.from_record(record)
    assert err.value.code in ("remote.bad_chance", "record.illegal_action")
    assert err.value.params.get("ply") == ply + 1


def test_changed_earlier_move_is_refused_and_nothing_changes():
    a, b = _before_a_draw()
    b.act("3c3d")
    link = b.send()
    obj = unpack(link)
    obj["b"] = 0  # resend everything, with A's earlier move changed
    actions = list(b.record["actions"])
    first = actions.index("0:7g7f")
    actions[first] = "0:2g2f"
    obj["a"] = actions
    before = copy.deepcopy(a.record)
    with pytest.raises(GameError) as err:
        a.open(pack(obj))
    assert err.value.code in ("remote.digest", "remote.fork")
    # the same with the digest recomputed for the changed record: a fork, both branches kept
    obj["d"] = _redigest(a, obj)
    with pytest.raises(GameError) as err:
        a.open(pack(obj))
    assert err.value.code == "remote.fork"
    assert err.value.params["branch"]["actions"][first] == "0:2g2f"
    assert a.record == before


def test_reveal_not_matching_the_chain_is_refused():
    a, b = _before_a_draw()
    b.act("draw")
    obj = unpack(b.send())
    row = obj["r"][-1]
    row[1] = chain.h(b"forged").hex()
    obj["d"] = _redigest(a, obj)
    with pytest.raises(GameError) as err:
        a.open(pack(obj))
    assert err.value.code == "remote.bad_reveal" and err.value.params["run"] == 2 and err.value.params["seat"] == 1


def test_link_for_another_match_is_refused():
    a, b = start()
    other = Device.create({}, match_id="77" * 16)
    with pytest.raises(GameError) as err:
        b.open(other.send())
    assert err.value.code == "remote.other_match"
    assert "別の対局" in err.value.message_ja and "another match" in err.value.message_en


def test_garbled_link_is_refused():
    a, _ = start()
    for text in ("r1.%%%", "r1." + "A" * 40, "m1.abc", 5, a.send()[:-30]):
        with pytest.raises(GameError) as err:
            remote.receive(a.record, text)
        assert err.value.code == "remote.bad_link"


# --- order ------------------------------------------------------------------------------
def test_same_link_twice_changes_nothing_the_second_time():
    a, b = _before_a_draw()
    b.act("3c3d")
    link = b.send()
    assert a.open(link)["status"] == "merged"
    before = copy.deepcopy(a.record)
    assert a.open(link)["status"] == "stale"
    assert a.record == before


def test_the_invitation_opened_again_after_joining_changes_nothing():
    """The friend taps the first link in the chat again: nothing new (it was refused as altered)."""
    a = Device.create({})
    invite = a.send()
    b = Device(secret_of(2))
    b.join(invite, 1)
    join_link = b.send()
    a.open(join_link)
    a.act("7g7f")
    b.open(a.send())
    for device in (b, a):
        before = copy.deepcopy(device.record)
        assert device.open(invite)["status"] == "stale"
        assert device.open(join_link)["status"] == "stale"
        assert device.record == before


def test_links_out_of_order():
    a, b = _before_a_draw()
    b.act("3c3d")
    first = b.send()
    b.record = remote.ask(b.record, "undo")  # a second link from B before A answers
    second = b.send()
    assert a.open(second)["status"] == "merged"
    assert a.status()["asks_in"] == [{"seat": 1, "index": 0, "kind": "undo"}]
    before = copy.deepcopy(a.record)
    assert a.open(first)["status"] == "stale"
    assert a.record == before


def test_a_link_after_a_missing_one_asks_for_the_earlier_link():
    a, b = _before_a_draw()
    old_b = copy.deepcopy(b.record)
    b.act("3c3d")
    a.open(b.send())
    a.act("2g2f")
    b.open(a.send())
    b.act("8c8d")
    a.open(b.send())
    a.act("2f2e")
    link = a.send()  # A knows B holds 2g2f; a device restored from an older copy does not
    stale_b = Device(b.secret, old_b)
    with pytest.raises(GameError) as err:
        stale_b.open(link)
    assert err.value.code == "remote.gap"


def test_a_later_link_in_another_browser_says_to_open_it_where_the_match_is():
    """A chat app opens links in its own browser, whose storage is not the one the friend joined in."""
    _, b = _before_a_draw()
    b.act("3c3d")
    with pytest.raises(GameError) as err:
        remote.receive(None, b.send())
    assert err.value.code == "remote.gap" and err.value.params["why"] == "gap.first"
    assert "同じブラウザ" in err.value.message_ja and "the browser you joined in" in err.value.message_en


# --- requests ---------------------------------------------------------------------------
def test_a_link_says_what_it_brings_the_friend_that_the_friend_lacks():
    """The send panel's 'this link holds': only the values the friend lacks (B's draw link said
    3 values for its one), and the requests and answers in it (an offer's link said only values)."""
    a, b = _before_a_draw()
    b.act("draw")
    said = remote.encode(b.record)
    assert (said["moves"], said["reveals"], said["asks"], said["answers"]) == (1, 1, [], [])
    a.open(b.send())
    assert remote.encode(a.record)["reveals"] == 1  # A's value, which decided the card
    b.open(a.send())
    b.act(next(x for x in b.match().game.legal_actions(b.match().state, 1) if x.startswith("draw:")))
    a.open(b.send())
    a.record = remote.ask(a.record, "draw")
    said = remote.encode(a.record)
    assert (said["moves"], said["reveals"], said["asks"], said["answers"]) == (0, 0, ["draw"], [])
    b.open(a.send())
    b.record = remote.reply(b.record, False)
    said = remote.encode(b.record)
    assert (said["asks"], said["answers"]) == ([], [{"kind": "draw", "ok": False}])
    a.open(b.send())
    assert remote.encode(a.record)["asks"] == []


def test_undo_only_with_the_opponents_consent():
    a, b = _before_a_draw()
    b.act("3c3d")
    a.open(b.send())
    a.act("2g2f")
    a.record = remote.ask(a.record, "undo")
    b.open(a.send())
    assert b.status()["asks_in"][0]["kind"] == "undo"
    b.record = remote.reply(b.record, True)
    assert b.record["actions"][-1] == "1:3c3d"
    a.open(b.send())
    assert a.record["actions"] == b.record["actions"] and a.status()["turn"] == "mine"
    a.act("2g2f")
    b.open(a.send())
    assert b.record["actions"][-1] == "0:2g2f"


def test_declined_undo_and_undo_declined_by_a_move():
    a, b = _before_a_draw()
    b.act("3c3d")
    a.open(b.send())
    a.act("2g2f")
    a.record = remote.ask(a.record, "undo")
    b.open(a.send())
    b.record = remote.reply(b.record, False)
    a.open(b.send())
    assert a.record["actions"][-1] == "0:2g2f" and not a.status()["asks_out"]
    happened = []
    b.act("8c8d")
    happened = a.open(b.send())["happened"]
    assert any(h["kind"] == "action" for h in happened)


def test_the_drawer_is_told_its_value_waits_for_the_friends():
    """After 'draw' the drawer's value is in and the card waits for the friend's: the status says
    so (the page's words), and no longer once the friend's link brought the card."""
    a, b = _before_a_draw()
    assert not b.status()["waits_value"]
    b.act("draw")
    assert b.status()["turn"] == "theirs" and b.status()["waits_value"]
    a.open(b.send())
    assert not a.status()["waits_value"]
    b.open(a.send())
    assert b.status()["turn"] == "mine" and not b.status()["waits_value"]


def test_joining_says_its_value_waits_and_claims_no_card():
    """The joiner's value alone decides nothing: its notes say the value waits for the friend's,
    and no note claims a card was drawn or checked (no card is on its screen yet)."""
    a = Device.create({})
    b = Device(secret_of(2))
    joined = remote.join(a.send(), 1, b.secret, "B")
    assert not any(x.startswith("c:") for x in joined["record"]["actions"])
    kinds = [line["kind"] for line in joined["happened"]]
    assert kinds == ["value"], joined["happened"]
    assert "カード" in joined["happened"][0]["ja"] and "確かめ" not in joined["happened"][0]["ja"]


def test_merged_setup_cards_each_say_what_became_of_them():
    """The opening draws, as the creator's device learns them: one line per card drawn, each
    saying whether it became active or went to the discard pile, as the match's state has it."""
    a = Device.create({})
    b = Device(secret_of(2))
    b.join(a.send(), 1)
    happened = a.open(b.send())["happened"]
    cards = [line for line in happened if line["kind"] == "chance"]
    setup = [x for x in a.record["actions"] if x.startswith("c:")]
    assert len(cards) == len(setup) >= 3
    match = a.match()
    view = match.game.view(match.state, 0)
    active = [line for line in cards if line["ja"].endswith("：有効") and line["en"].endswith("(now active)")]
    discarded = [line for line in cards if "：捨て札へ" in line["ja"] and "(discarded:" in line["en"]]
    assert len(active) == len(view["cards"]["active"]) and len(discarded) == view["cards"]["discard_count"]
    assert len(active) + len(discarded) == len(cards)
    checked = [line for line in happened if line["kind"] == "reveal"]
    assert len(checked) == 1 and checked[0]["count"] == len(cards), happened


def test_draw_offer_accepted_ends_the_match_on_both_devices():
    a, b = _before_a_draw()
    b.record = remote.ask(b.record, "draw")
    a.open(b.send())
    a.record = remote.reply(a.record, True)
    b_answer = b.open(a.send())
    assert any("accepted" in h["en"] for h in b_answer["happened"])
    for device in (a, b):
        status = device.status()
        assert status["turn"] == "over" and status["agreed"]["draw"]
    with pytest.raises(GameError):
        b.act("3c3d")


def test_resign_by_link():
    a, b = _before_a_draw()
    b.act("resign")
    assert not b.status()["synced"]  # the resigning device has the end to send
    a.open(b.send())
    assert a.match().is_over() and a.status()["turn"] == "over"
    assert a.status()["synced"]  # the friend's link held all this device holds: nothing to send back


def test_one_seat_on_two_devices_makes_a_fork_and_both_are_kept():
    a, b = _before_a_draw()
    b2 = Device(b.secret, copy.deepcopy(b.record))
    b.act("3c3d")
    b2.act("8c8d")
    a.open(b.send())
    with pytest.raises(GameError) as err:
        a.open(b2.send())
    assert err.value.code == "remote.fork"
    assert err.value.params["branch"]["actions"][-1] == "1:8c8d" and a.record["actions"][-1] == "1:3c3d"


@pytest.mark.parametrize("game", ["shiji", "kabu"])
def test_a_game_with_hidden_information_is_refused_by_link(game, monkeypatch):
    """Every action and chance outcome of a match by link is in both devices' records: a crafted
    invitation to 四時の札遊び would deal the friend's hand into the crafter's record (the hand was
    read from it in session 17). Refused at creation, on opening and when joining; nothing is made."""
    with pytest.raises(GameError) as err:
        remote.new(game, None, ["A", "B"], 0, MATCH_ID, secret_of(1))
    assert err.value.code == "remote.unsupported" and err.value.params["why"] == "unsupported.hidden"
    assert "見せない情報" in err.value.message_ja and "hidden cards" in err.value.message_en
    # a crafter's device that skips the check: its invitation is refused on the friend's device
    monkeypatch.setattr(remote, "_remote_game", lambda g: g, raising=False)
    crafted = remote.new(game, None, ["A", "B"], 0, MATCH_ID, secret_of(1))
    invite = str(remote.encode(crafted)["link"])
    monkeypatch.undo()
    for attempt in (lambda: remote.receive(None, invite), lambda: remote.join(invite, 1, secret_of(2), "B"),
                    lambda: remote.status(crafted)):
        with pytest.raises(GameError) as err:
            attempt()
        assert err.value.code == "remote.unsupported", err.value.code


def test_only_games_without_hidden_information_are_played_by_link():
    from pygames.core.registry import get_game
    assert remote.GAMES and all(not get_game(name).hidden_information for name in remote.GAMES)


def test_the_invitation_joined_on_a_second_device_is_refused_saying_so():
    """The friend opens the invitation on a laptop and on a phone: the second device's link says
    the seat was taken by another device (it said 'the commitment differs') and changes nothing."""
    a = Device.create({"ruleset": "hon"})
    invite = a.send()
    b, b2 = Device(secret_of(2)), Device(secret_of(3))
    b.join(invite, 1)
    b2.join(invite, 1)
    a.open(b.send())
    a.act("7g7f")
    before = copy.deepcopy(a.record)
    with pytest.raises(GameError) as err:
        a.open(b2.send())
    assert err.value.code == "remote.head_changed" and err.value.params == {"seat": 1}
    assert "2台で開いた" in err.value.message_ja and "opened on two devices" in err.value.message_en
    assert a.record == before


# --- the web door and saved records --------------------------------------------------
def test_webapi_remote_call_and_look_on_a_remote_record():
    a, _ = start()
    answer = json.loads(webapi.dispatch("remote", json.dumps({"op": "encode", "args": {"record": a.record}})))
    assert answer["link"].startswith("r1.") and answer["chars"] == len(answer["link"])
    look = json.loads(webapi.dispatch("look", json.dumps({"record": a.record})))
    assert look["next"] == 0  # only this device's seat is a person here
    bad = json.loads(webapi.dispatch("remote", json.dumps({"op": "nope", "args": {}})))
    assert bad["error"]["code"] == "api.unknown_call"
    # a remote record cannot be moved on by the seeded path: its chance needs every seat's values
    a.act("7g7f")
    b_turn = json.loads(webapi.dispatch("play", json.dumps({"record": a.record, "seat": 1, "action": "draw"})))
    assert b_turn["error"]["code"] in ("match.no_seed", "match.not_your_turn")


def test_saved_remote_record_replays_exactly():
    """A remote record saved by this version keeps replaying to the same state (fixture)."""
    saved = json.loads(FIXTURE.read_text())
    match = Match.from_record(saved["record"])
    assert match.record["actions"] == saved["record"]["actions"]
    assert remote.digest(match.record) == saved["digest"]


def make_fixture() -> None:  # pragma: no cover - run by hand: python -m tests.engines.remote.test_remote
    a, b = start()
    play_game(a, b, moves=24, draws=4)
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps({"record": a.record, "digest": remote.digest(a.record)}, ensure_ascii=False, indent=1))


if __name__ == "__main__":  # pragma: no cover
    make_fixture()


# --- the computer's help during a match by link -------------------------------------
def _call(call: str, **args: object) -> dict:
    return dict(json.loads(webapi.dispatch(call, json.dumps(args))))


def _study(record: dict, name: str, **args: object) -> dict:
    return _call("game_call", game="shogi", name=name, args={"record": record, **args})


def test_no_help_from_the_computer_until_a_match_by_link_is_over():
    """One player must not consult the computer mid-game unseen by the friend: the view says the help
    is off in a match by link (``by_link``, ``engine_help``) and the engine refuses its analysis,
    review, puzzle answer and choice of a move; once the match ends, all of it is back."""
    a, b = _before_a_draw()
    for device in (a, b):
        view = _call("look", record=device.record)["views"][0]
        assert view["by_link"] is True
        assert view["engine_help"]["allowed"] is False
        why = view["engine_help"]["why"]
        assert why["code"] == "remote.no_help" and "友だちとの対局中" in why["ja"] and "with a friend" in why["en"]
    # the replay of the unfinished match says the same (no analysis of the game in progress there)
    assert _call("replay", record=a.record, ply=1)["engine_help"]["allowed"] is False
    refused = [_study(a.record, "analyse_position", turn=1, nodes=500),
               _study(a.record, "review_positions", start=0, count=1, nodes=500),
               _study(a.record, "review_judge", positions=[]),
               _study(a.record, "puzzle_answer", turn=1, move="3c3d", nodes=500),
               _call("bot_action", record=b.record, seat=1),
               _call("play_bot", record=b.record, seat=1)]
    assert [r.get("error", {}).get("code") for r in refused] == ["remote.no_help"] * len(refused)
    b.act("resign")
    a.open(b.send())
    for device in (a, b):
        view = _call("look", record=device.record)["views"][0]
        assert view["by_link"] is True and view["engine_help"] == {"allowed": True, "why": None}
        assert "error" not in _study(device.record, "analyse_position", turn=1, nodes=500)


def test_an_agreed_draw_brings_the_help_back():
    a, b = _before_a_draw()
    b.record = remote.ask(b.record, "draw")
    a.open(b.send())
    a.record = remote.reply(a.record, True)
    assert _call("look", record=a.record)["views"][0]["engine_help"]["allowed"] is True


def test_matches_on_one_device_keep_the_computers_help():
    record = webapi.new_match("shogi", {"ruleset": "hon"}, 5,
                              [{"name": "", "type": "bot", "level": "easy"}, {"name": "", "type": "human"}])["record"]
    view = _call("look", record=record)["views"][0]
    assert view["by_link"] is False and view["engine_help"] == {"allowed": True, "why": None}
    assert "error" not in _study(record, "analyse_position", turn=0, nodes=500)
    assert "error" not in _call("bot_action", record=record, seat=0)


def test_the_games_say_which_are_played_by_link_from_the_one_list():
    infos = _call("games")["games"]
    assert {g["name"] for g in infos if g["by_link"]} == set(remote.GAMES)
    assert all(g["by_link"] is (g["name"] in remote.GAMES and not g["hidden_information"]) for g in infos)


def test_the_invitation_names_the_match_as_it_is_played():
    """The friend's join page named a 本将棋 invitation 集大成将棋 (the game's title): it says the match's."""
    hon = remote.receive(None, Device.create({"ruleset": "hon"}).send())
    cards = remote.receive(None, Device.create({}).send())
    assert hon["title"] == {"ja": "本将棋", "en": "Shogi"}
    assert cards["title"]["ja"] == "集大成将棋"
