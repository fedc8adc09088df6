"""Seeded fuzz of everything a page can send: actions, options, records, links, SFEN and KIF.

Every input goes through ``webapi.dispatch`` (the only door from JavaScript). Whatever it is,
the answer is JSON, never the ``internal`` error (an uncaught exception), and a refused input
changes nothing: the match answers the same view afterwards. An accepted mutant is canonical
(the shared grammar) and is recorded exactly as sent.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any, Callable

import pytest

from pygames import webapi
from pygames.core import CHANCE, Rng
from pygames.core.grammar import check_action
from pygames.core.registry import GAME_MODULES, get_game

DIGIT_FORMS = ("０１２３４５６７８９", "⁰¹²³⁴⁵⁶⁷⁸⁹", "₀₁₂₃₄₅₆₇₈₉", "٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९",
               "⓪①②③④⑤⑥⑦⑧⑨", "〇一二三四五六七八九")
ODD_TEXT = ("\n", "\t", "\r", "\u3000", "\u00a0", "\u200b", "\x00", "\ufeff", "²", "ｘ", "𝟙", "é", "\U0001f600")
HUGE = ("9" * 10, "9" * 40, "1" + "0" * 5000, "-1", "+1", "1e9", "0x1F")
COUNTS: dict[str, int] = {}
"""How many inputs each fuzz sent (printed with ``-s``; the note quotes them)."""
RECORDING: list[set[str]] = []
"""Sets that :func:`call` adds every refusal's code to while a fuzz records them."""


def call(name: str, /, **kwargs: Any) -> dict[str, Any]:
    """``webapi.dispatch`` as a page calls it; the answer is JSON and never ``internal``."""
    answer = json.loads(webapi.dispatch(name, json.dumps(kwargs, ensure_ascii=False)))
    assert isinstance(answer, dict)
    error = answer.get("error")
    assert not error or error["code"] != "internal", f"{name}: internal error {error} for {str(kwargs)[:300]}"
    if error:
        assert error["message_ja"] and error["message_en"], error
        for codes in RECORDING:
            codes.add(error["code"])
    return answer


def mutate_text(text: str, rng: Rng) -> str:
    """One mutation of ``text``: odd digits, whitespace, truncation, huge numbers, case, junk."""
    kind = rng.randbelow(12)
    digits = [i for i, ch in enumerate(text) if ch in "0123456789"]
    if kind == 0 and digits:
        i = digits[rng.randbelow(len(digits))]
        return text[:i] + DIGIT_FORMS[rng.randbelow(len(DIGIT_FORMS))][int(text[i])] + text[i + 1:]
    if kind == 1 and digits:
        i = digits[rng.randbelow(len(digits))]
        return text[:i] + "0" + text[i:]
    if kind == 2:
        i = rng.randbelow(len(text) + 1)
        return text[:i] + ODD_TEXT[rng.randbelow(len(ODD_TEXT))] + text[i:]
    if kind == 3:
        return rng.choice(("", " ", "  ", "\n")) + text + rng.choice(("", " ", "\n", "\r\n", "\t"))
    if kind == 4 and " " in text:
        return text.replace(" ", rng.choice(("  ", "\t", "\u3000", "\n", "")), 1)
    if kind == 5:
        return text[:rng.randbelow(len(text) + 1)]
    if kind == 6:
        return re.sub(r"[0-9]+", HUGE[rng.randbelow(len(HUGE))], text, count=1) if digits else text + " " + HUGE[0]
    if kind == 7:
        return text.swapcase()
    if kind == 8:
        return text + " " + text
    if kind == 9:
        return text + rng.choice((" x²", " ②", " 1", " x0", ",", ":"))
    if kind == 10 and text:
        i = rng.randbelow(len(text))
        return text[:i] + chr(0x20 + rng.randbelow(0x3000)) + text[i + 1:]
    return text.replace("0", "00", 1) if "0" in text else text.upper()


def playout(name: str, seed: int, plies: int) -> list[dict[str, Any]]:
    """Records along a seeded random match: one per player decision."""
    game = get_game(name)
    players = [{"name": f"P{i}", "type": "human"} for i in range(game.min_seats)]
    record = call("new_match", game=name, seed=seed, players=players)["record"]
    records = [record]
    rng = Rng.derive(seed, "fuzz-playout")
    for _ in range(plies):
        view = call("view", record=record, seat=None)
        if view["outcome"]:
            break
        seat = view["to_move"][rng.randbelow(len(view["to_move"]))]
        legal = call("legal_actions", record=record, seat=seat)["actions"]
        record = call("apply", record=record, seat=seat, action=legal[rng.randbelow(len(legal))])["record"]
        records.append(record)
    return records


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_MODULES)
def test_mutated_actions_never_crash_and_refusals_change_nothing(name):
    """Also: every code the fuzz provokes is in the catalogue (test_catalogue.check_fuzzed_codes)."""
    from .test_catalogue import check_fuzzed_codes
    codes: set[str] = set()
    RECORDING.append(codes)
    try:
        mutated_actions(name)
    finally:
        RECORDING.remove(codes)
    check_fuzzed_codes(name, codes)


def mutated_actions(name: str) -> None:
    """Mutants of legal actions along a seeded match: refused with a code and changing nothing,
    or accepted as canonical legal actions recorded as sent."""
    rng = Rng.derive(11, "fuzz-actions", name)
    sent = 0
    records = playout(name, 3, 120)
    for record in records[:: max(1, len(records) // 30)]:
        before = call("view", record=record, seat=None)
        seats = [s for s in before["to_move"] if s != CHANCE]
        for seat in seats:
            legal = call("legal_actions", record=record, seat=seat)["actions"]
            for _ in range(40):
                action = mutate_text(legal[rng.randbelow(len(legal))], rng)
                sent += 1
                answer = call("apply", record=record, seat=seat, action=action)
                call("check", record=record, seat=seat, action=action)
                if "error" in answer:
                    assert call("view", record=record, seat=None) == before
                    continue
                assert check_action(action) == action
                # Accepted: a listed legal action, or a free parameter (kabu's limit price) written canonically.
                assert action in legal or name == "kabu" and " limit " in action, f"{name}: accepted {action!r}"
                assert not re.search(r"(^| |x)0[0-9]", action), f"{name}: leading zero accepted: {action!r}"
                played = [a for a in answer["record"]["actions"][len(record["actions"]):] if not a.startswith("c:")]
                assert played[0] == f"{seat}:{action}"
    COUNTS[f"actions/{name}"] = sent
    assert sent > 100


@pytest.mark.parametrize("action, game, code", [
    ("buy S03 mkt x²", "kabu", "match.action.not_ascii"),
    ("bid ②", "motto", "match.action.not_ascii"),
    ("place 9 8\n", "shiji", "match.action.not_ascii"),
])
def test_the_crashes_of_issue_9_are_coded_refusals(action, game, code):
    record = playout(game, 1, 0)[0]
    seat = call("view", record=record, seat=None)["to_move"][0]
    assert call("apply", record=record, seat=seat, action=action)["error"]["code"] == code


def test_kabu_limit_prices_take_ascii_digits_without_leading_zeros():
    records = playout("kabu", 2, 60)
    for record in records:
        view = call("view", record=record, seat=0)
        limits = [a.replace(" mkt ", " limit 12 ") for a in view["legal"] if a.startswith("buy ") and " mkt " in a]
        if limits:
            break
    else:
        pytest.fail("no buy order in the playout")
    base = limits[0]
    assert "record" in call("apply", record=record, seat=0, action=base)
    for bad, code in ((re.sub(r"limit [0-9]+", "limit ②3", base), "match.action.not_ascii"),
                      (re.sub(r"limit [0-9]+", "limit １２", base), "match.action.not_ascii"),
                      (re.sub(r"limit ([0-9]+)", r"limit 0\1", base), "match.action.leading_zero")):
        assert call("apply", record=record, seat=0, action=bad)["error"]["code"] == code


WEIRD_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 1, 2, 3, 10**30, -10**30, 1.5, "", "1", "１", "②",
                                 "x" * 3000, [], [1, "a"], {}, {"a": {"b": []}}, [[[[[[[[[[[]]]]]]]]]]],
                                 "startpos", "lnsgkgsnl/9/9/9/9/9/9/9/9 b - ²")


def weird(rng: Rng, spec_value: Any = None) -> Any:
    if spec_value is not None and rng.randbelow(3) == 0:
        if isinstance(spec_value, str):
            return mutate_text(spec_value, rng)
        if isinstance(spec_value, (list, dict)):
            return json.loads(mutate_json(json.dumps(spec_value), rng)) if rng.randbelow(2) else [spec_value]
    return WEIRD_VALUES[rng.randbelow(len(WEIRD_VALUES))]


def mutate_json(text: str, rng: Rng) -> str:
    """A mutation of JSON text that is still JSON (else the text itself)."""
    for _ in range(5):
        candidate = mutate_text(text, rng)
        try:
            json.loads(candidate)
            return candidate
        except ValueError:
            continue
    return text


@pytest.mark.parametrize("name", GAME_MODULES)
def test_odd_options_and_players_are_refused_with_a_code(name):
    game = get_game(name)
    rng = Rng.derive(12, "fuzz-options", name)
    specs = game.info()["options"]
    sent = 0
    for _ in range(150):
        options: dict[str, Any] = {}
        for spec in specs:
            if rng.randbelow(2):
                options[spec["key"]] = weird(rng, spec["default"])
        if rng.randbelow(8) == 0:
            options[mutate_text("years", rng)] = weird(rng)
        players: Any = [{"name": "A", "type": "human"} for _ in range(game.min_seats)]
        if rng.randbelow(4) == 0:
            players = rng.choice(([], None, "x", [{"type": "bot", "level": weird(rng)}] * game.min_seats,
                                  [{"name": weird(rng)}] * game.max_seats, [{}] * (game.max_seats + 1)))
        seed = rng.choice((0, 1, 2**53, -1, "1", True, 1.5)) if rng.randbelow(6) == 0 else rng.randbelow(1000)
        sent += 1
        answer = call("new_match", game=name, options=options, seed=seed, players=players)
        if "record" in answer:
            call("view", record=answer["record"], seat=0)
    COUNTS[f"options/{name}"] = sent


def mutate_record(record: dict[str, Any], rng: Rng) -> Any:
    """One damaged copy of a record: a field dropped or replaced, an action altered, reordered..."""
    bad = json.loads(json.dumps(record))
    kind = rng.randbelow(8)
    keys = sorted(bad)
    if kind == 0:
        del bad[keys[rng.randbelow(len(keys))]]
    elif kind == 1:
        bad[keys[rng.randbelow(len(keys))]] = weird(rng)
    elif kind == 2 and bad["actions"]:
        i = rng.randbelow(len(bad["actions"]))
        bad["actions"][i] = mutate_text(bad["actions"][i], rng)
    elif kind == 3 and len(bad["actions"]) > 1:
        i = rng.randbelow(len(bad["actions"]) - 1)
        bad["actions"][i], bad["actions"][i + 1] = bad["actions"][i + 1], bad["actions"][i]
    elif kind == 4:
        bad["engine_version"] = rng.choice(("0", "01", "²", "99", "1.0", " 1", "", 1, None, "9" * 50))
    elif kind == 5:
        bad["schema"] = rng.choice((0, 1, 3, -1, "2", None, 2.0, True))
    elif kind == 6:
        bad["actions"].append(weird(rng))
    else:
        return mutate_json(json.dumps(bad, ensure_ascii=False), rng)
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_MODULES)
def test_damaged_records_and_links_are_refused_with_a_code(name):
    rng = Rng.derive(13, "fuzz-records", name)
    records = playout(name, 5, 60)
    sent = 0
    for record in records[:: max(1, len(records) // 6)]:
        for _ in range(40):
            sent += 1
            call("load", record=mutate_record(record, rng))
        link = call("encode_link", record=record)["link"]
        for _ in range(40):
            sent += 1
            call("decode_link", text=mutate_text(link, rng))
        text = json.dumps(record, ensure_ascii=False)
        for _ in range(10):
            sent += 1
            call("load", record=text[:rng.randbelow(len(text))])
        # One call per click with a damaged key, ply or tip: a coded miss (or refusal), never a crash.
        state = call("look", record=record)
        for _ in range(10):
            sent += 1
            args = {"match": state["match"], "ply": state["ply"], "tip": state["tip"], "seat": 0, "look": 0}
            args[rng.choice(("match", "ply", "tip", "seat", "look"))] = weird(rng, "x")
            call(rng.choice(("play", "play_bot", "look")), **({"action": "pass"} | args if rng.randbelow(2) else args))
        for call_name, extra in (("view", {"seat": weird(rng)}), ("replay", {"ply": weird(rng)}),
                                 ("undo", {"seat": weird(rng)}), ("bot_action", {"seat": 0, "level": weird(rng)})):
            sent += 1
            call(call_name, record=record, **extra)
    COUNTS[f"records+links/{name}"] = sent


def _shogi_texts() -> tuple[list[str], list[str]]:
    records = playout("shogi", 7, 40)
    hon = call("new_match", game="shogi", options={"ruleset": "hon"}, seed=3)["record"]
    rng = Rng(4)
    for _ in range(30):
        seat = call("view", record=hon, seat=None)["to_move"][0]
        legal = [a for a in call("legal_actions", record=hon, seat=seat)["actions"] if a != "resign"]
        hon = call("apply", record=hon, seat=seat, action=legal[rng.randbelow(len(legal))])["record"]
    sfens = [call("game_call", game="shogi", name="export_sfen", args={"record": r})["sfen"] for r in records[::5]]
    kifs = [call("game_call", game="shogi", name="export_kif", args={"record": r})["kif"] for r in (records[-1], hon)]
    return sfens, kifs


@pytest.mark.slow
def test_mutated_sfen_and_kif_text_is_refused_with_a_code():
    sfens, kifs = _shogi_texts()
    rng = Rng(14)
    sent = 0
    calls: list[tuple[str, Callable[[str], dict[str, Any]]]] = [
        ("normalize_sfen", lambda t: {"sfen": t}), ("import_sfen", lambda t: {"text": t}),
        ("import_record", lambda t: {"text": t})]
    for sfen in [*sfens, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b ²P 1"]:
        for _ in range(60):
            text = mutate_text(sfen, rng) if rng.randbelow(5) else sfen.replace("1", "²", 1)
            for name, args in calls:
                sent += 1
                call("game_call", game="shogi", name=name, args=args(text))
            sent += 1
            call("new_match", game="shogi", options={"ruleset": "hon", "sfen": text}, seed=1)
    for kif in kifs:
        lines = kif.split("\n")
        for _ in range(150):
            i = rng.randbelow(len(lines))
            text = "\n".join(lines[:i] + [mutate_text(lines[i], rng)] + lines[i + 1:])
            for name in ("import_kif", "import_record"):
                sent += 1
                call("game_call", game="shogi", name=name, args={"text": text})
    COUNTS["sfen+kif/shogi"] = sent
    print(COUNTS)


def test_other_game_calls_take_odd_arguments():
    rng = Rng(15)
    for _ in range(80):
        call("game_call", game="kabu", name="check_deck", args={"deck": weird(rng, {"stocks": ["S01"]}),
                                                                 "years": weird(rng)})
        call("game_call", game="kabu", name="deck_state", args={"deck": weird(rng, {"stocks": ["S01"]}),
                                                                 "years": weird(rng, 1)})
        call("game_call", game="kabu", name="catalog", args={"years": weird(rng)})
        call("game_call", game="shiji", name="check_puzzle_move",
             args={"id": weird(rng, "p1"), "action": mutate_text("place 9 8", rng)})
        call("game_call", game="shiji", name="start_puzzle", args={"id": weird(rng)})
        call("game_call", game="shogi", name="validate_cards", args={"cards": weird(rng, [{"id": "x"}])})
        call("game_call", game=weird(rng, "shogi"), name=weird(rng, "export_kif"), args={})


def _raw(name: str, args_json: str) -> dict[str, Any]:
    """``dispatch`` with argument text as a page could send it (never ``internal``)."""
    answer = json.loads(webapi.dispatch(name, args_json))
    error = answer.get("error")
    assert not error or error["code"] != "internal", f"{name}: internal error {error}"
    return answer


def _nest(depth: int, rng: Rng) -> str:
    """JSON text nested ``depth`` deep, arrays and objects mixed (seeded)."""
    opens, closes = [], []
    for _ in range(depth):
        if rng.randbelow(2):
            opens.append("[")
            closes.append("]")
        else:
            opens.append('{"a":')
            closes.append("}")
    return "".join(opens) + "1" + "".join(reversed(closes))


DEPTHS = (8, 62, 63, 64, 65, 5_000, 100_000)


@pytest.mark.parametrize("name", GAME_MODULES)
def test_deep_nesting_anywhere_is_refused_before_parsing(name):
    """Nested JSON in a call, a record field, an imported text or a link: deeper than the limit
    is refused with a ``too_deep`` code before ``json.loads`` runs (in Pyodide a deep parse
    overflows the JavaScript stack and kills the engine); shallower is an ordinary refusal."""
    from pygames.core import jsonlimit, linkcodec
    rng = Rng.derive(16, "fuzz-deep", name)
    record = playout(name, 3, 12)[-1]
    sent = 0
    for depth in DEPTHS:
        deep = _nest(depth, rng)
        too_deep = depth + 2 > jsonlimit.MAX_DEPTH  # the call's object and the record add levels
        fields = ("options", "players", "meta", "actions", "seed", "game")
        for field in fields if depth < 1000 else fields[::3]:
            text = json.dumps(record, ensure_ascii=False)
            text = text.replace(f'"{field}": ', f'"{field}": {deep}, "x_{field}": ', 1)
            for call_name, args in (("load", '{"record": %s}' % text), ("view", '{"record": %s, "seat": 0}' % text),
                                    ("look", '{"record": %s}' % text)):
                sent += 1
                answer = _raw(call_name, args)
                if too_deep:
                    assert answer["error"]["code"] == "api.too_deep"
            sent += 1
            answer = _raw("load", json.dumps({"record": text}))  # an imported file's text
            if depth > jsonlimit.MAX_DEPTH:
                assert answer["error"]["code"] == "record.too_deep"
        raw = deep.encode("utf-8")
        link = linkcodec.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
        sent += 1
        answer = _raw("decode_link", json.dumps({"text": link}))
        assert "error" in answer
        if depth > jsonlimit.MAX_DEPTH:
            assert answer["error"]["code"] == "link.too_deep", (depth, len(link))
        for game, call_name, key in (("kabu", "deck_state", "deck"), ("kabu", "check_deck", "deck"),
                                     ("shogi", "validate_cards", "cards"), ("shiji", "start_puzzle", "id")):
            sent += 1
            _raw("game_call", '{"game": "%s", "name": "%s", "args": {"%s": %s}}' % (game, call_name, key, deep))
        sent += 1
        _raw(rng.choice(("view", "play", "new_match", "encode_link")), deep)
    COUNTS[f"deep/{name}"] = sent


def test_the_deep_link_of_issue_22_is_a_coded_refusal():
    """A few hundred characters of link that inflate to 200,000 nested arrays: ``link.too_deep``."""
    raw = ("[" * 200_000 + "]" * 200_000).encode()
    link = "m1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    assert len(link) < 1000
    assert _raw("decode_link", json.dumps({"text": link}))["error"]["code"] == "link.too_deep"
    assert _raw("load", json.dumps({"record": "[" * 100 + "]" * 100}))["error"]["code"] == "record.too_deep"
    brackets_in_strings = json.dumps({"record": {"game": "[" * 500}})
    assert _raw("load", brackets_in_strings)["error"]["code"] != "api.too_deep"


def test_deck_state_refuses_a_deck_of_the_wrong_shape():
    """Issue 22: ``{"stocks": 5}`` was an ``internal`` TypeError; it is refused as check_deck refuses it."""
    for deck in ({"stocks": 5}, {"events": "E01"}, {"tools": [1]}, [], {"cards": []}):
        answer = _raw("game_call", json.dumps({"game": "kabu", "name": "deck_state", "args": {"deck": deck}}))
        assert answer["error"]["code"] == "kabu.deck.bad_shape", deck
    ok = _raw("game_call", json.dumps({"game": "kabu", "name": "deck_state", "args": {"deck": {"stocks": []}}}))
    assert ok["verdict"]["code"] == "kabu.deck.stock_count"
