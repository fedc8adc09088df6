"""Deck building (2-1, 2-2, 7): limits with errors that say which limit and by how much."""

from __future__ import annotations

import pytest

from pygames.core import GameError
from pygames.kabu import GAME, cards

GOOD = {"stocks": ["S01", "S01", "S02", "S03", "S04"], "events": ["E01", "E02", "E03", "E04"], "tools": ["T01"]}


def check(deck, years=1, key="deck0"):
    return GAME.normalize_options({"years": years, key: deck}, 2)


@pytest.mark.parametrize("deck_id", sorted(cards.catalog()["decks"]))
@pytest.mark.parametrize("years", [1, 2, 3])
def test_ready_decks_fit_every_length(deck_id, years):
    deck = check(deck_id, years)["deck0"]
    assert len(deck["stocks"]) == 5 and len(deck["events"]) >= 4 * years


def test_defaults_are_ready_decks():
    opts = GAME.normalize_options({}, 2)
    assert opts["years"] == 1 and len(opts["deck0"]["stocks"]) == 5 and len(opts["deck1"]["tools"]) <= 3


@pytest.mark.parametrize("change, code, params", [
    ({"stocks": ["S01"] * 4}, "kabu.deck.stock_count", {"count": 4, "need": 5}),
    ({"stocks": ["S01"] * 6}, "kabu.deck.stock_count", {"count": 6, "need": 5}),
    ({"events": ["E01", "E02", "E03"]}, "kabu.deck.too_few_events", {"count": 3, "need": 4, "short": 1}),
    ({"events": ["E10", "E10", "E01", "E02"]}, "kabu.deck.event_cost", {"cost": 9, "limit": 7, "over": 2}),
    ({"events": ["E02", "E02", "E02", "E04"]}, "kabu.deck.too_many_copies", {"card": "E02", "count": 3, "over": 1}),
    ({"tools": ["T01", "T01", "T02", "T03"]}, "kabu.deck.too_many_tools", {"count": 4, "limit": 3, "over": 1}),
    ({"tools": ["T99"]}, "kabu.deck.unknown_card", {"card": "T99"}),
    ({"stocks": "S01"}, "kabu.deck.bad_shape", {}),
])
def test_each_limit_is_named_with_its_amount(change, code, params):
    with pytest.raises(GameError) as e:
        check({**GOOD, **change}, key="deck1")
    err = e.value
    assert err.code == code and err.params["key"] == "deck1"
    assert {k: err.params[k] for k in params} == params
    assert err.message_ja.startswith("後攻の") and "second player" in err.message_en


def test_stocks_and_tools_may_repeat():
    deck = check({**GOOD, "stocks": ["S05"] * 5, "tools": ["T04"] * 3})["deck0"]
    assert deck["stocks"] == ["S05"] * 5


def test_two_and_three_year_limits():
    eight = ["E02", "E02", "E04", "E04", "E06", "E06", "E07", "E07"]
    assert check({**GOOD, "events": eight, "tools": ["T01"] * 6}, years=2)
    with pytest.raises(GameError) as e:
        check({**GOOD, "events": eight, "tools": ["T01"] * 7}, years=2)
    assert e.value.params["limit"] == 6
    with pytest.raises(GameError) as e:
        check({**GOOD, "events": eight}, years=3)
    assert e.value.code == "kabu.deck.too_few_events" and e.value.params["short"] == 4
    costly = ["E10", "E10", "E01", "E01", "E03", "E03", "E05", "E05"]  # cost 6+4+4+4 = 18 > 14
    with pytest.raises(GameError) as e:
        check({**GOOD, "events": costly}, years=2)
    assert e.value.params == {**e.value.params, "cost": 18, "limit": 14, "over": 4}


def test_unknown_ready_deck_and_years():
    with pytest.raises(GameError) as e:
        check("nope")
    assert e.value.code == "kabu.deck.unknown_deck"
    with pytest.raises(GameError) as e:
        GAME.normalize_options({"years": 4}, 2)
    assert e.value.code == "match.bad_option"


def test_deck_builder_calls_through_the_web_api():
    import json

    from pygames import webapi

    def call(**args):
        return json.loads(webapi.dispatch("game_call", json.dumps({"game": "kabu", **args})))

    result = call(name="check_deck", args={"deck": GOOD, "years": 1})
    assert result["event_cost"] == 6 and result["limits"]["tools"] == 3
    err = call(name="check_deck", args={"deck": {**GOOD, "tools": ["T01"] * 4}, "years": 1})["error"]
    assert err["code"] == "kabu.deck.too_many_tools" and err["params"]["over"] == 1
    assert call(name="catalog", args={"years": 2})["limits"]["events_min"] == 8
    assert call(name="catalog", args={"years": 5})["error"]["code"] == "kabu.deck.bad_years"


def test_deck_state_gives_every_limit_and_the_verdict_for_the_builder():
    from pygames.kabu import GAME
    call = GAME.extra_calls()["deck_state"]
    ok = call(deck="balanced", years=1)
    assert ok["verdict"] is None and all(x["ok"] for x in ok["tally"])
    over = call(deck={"stocks": ["S01"] * 4, "events": ["E10", "E10", "E08"], "tools": []}, years=1)
    bad = {x["key"] for x in over["tally"] if not x["ok"]}
    assert bad == {"stocks", "events", "cost"} and over["verdict"]["code"].startswith("kabu.deck.")
    assert next(x for x in over["tally"] if x["key"] == "cost")["value"] == 8
