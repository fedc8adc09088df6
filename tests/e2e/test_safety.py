"""End-to-end tests of issue 22: secrets stay secret and saves stay safe.

Each test drives the built site the way a careful user found the problem: a replay that offered
the computer's seat (and so its hand), a move list that printed saved actions, two tabs
overwriting each other's moves, a share link that killed the engine, DOM nodes growing per move.
Records are made in CPython with the same engine the wheel is built from (seeded, no sleeps).
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from pygames import webapi
from pygames.core.match import Match

def _call(name: str, **args: Any) -> dict[str, Any]:
    answer = json.loads(webapi.dispatch(name, json.dumps(args, ensure_ascii=False)))
    assert "error" not in answer, answer
    return answer


def _level(game: str) -> str:
    info = next(g for g in _call("games")["games"] if g["name"] == game)
    return info["bot_levels"][0]


def _record(game: str, match_id: str, *, humans: int = 1, seed: int = 5, options: dict[str, Any] | None = None,
            plies: int = 0, to_end: bool = False) -> dict[str, Any]:
    """A saved record: seat 0..humans-1 people, the rest computers; ``plies`` decisions played
    (every seat by the engine's own computer), or until the end."""
    level = _level(game)
    players = [{"type": "human", "name": f"人{i + 1}"} if i < humans else {"type": "bot", "level": level, "name": ""}
               for i in range(2)]
    record = _call("new_match", game=game, seed=seed, players=players, options=options or {})["record"]
    match = Match.from_record(record)
    done = 0
    while not match.is_over() and (to_end or done < plies):
        seat = next(s for s in match.to_move() if s >= 0)
        match.play(seat, match.bot_action(seat, level))
        done += 1
    record = json.loads(json.dumps(match.record))
    record["meta"] = {"id": match_id, "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    return record


def _store(page: Any, site: Any, wait_for_engine: Any, records: list[dict[str, Any]]) -> None:
    page.goto(site.url)
    page.evaluate("(recs) => { for (const r of recs) localStorage.setItem('pygames.match.' + r.meta.id, JSON.stringify(r)); }",
                  records)
    page.reload()
    wait_for_engine(page)


def _seat_options(page: Any) -> list[str]:
    return page.eval_on_selector_all("#replay-seat option", "(os) => os.map((o) => o.value)")


# --- 1. hidden information ----------------------------------------------------------------------
def test_replay_of_an_unfinished_match_never_offers_the_computers_seat(page, site, wait_for_engine):
    """shiji and kabu against the computer: the replay offered コンピュータ as 視点 and showed its
    hand (shiji) and its tool hand and event deck (kabu). Now: public view and the person only."""
    records = [_record("shiji", "leakshiji1", plies=14), _record("kabu", "leakkabu01", plies=12)]
    _store(page, site, wait_for_engine, records)
    for record in records:
        page.goto(site.url + f"#/replay/{record['meta']['id']}")
        page.wait_for_selector("#replay-seat")
        page.wait_for_function("() => document.querySelector('#view-root') && document.querySelector('#view-root').childElementCount > 0")
        assert _seat_options(page) == ["", "0"], f"{record['game']}: a computer seat is offered"
        # The public view carries no seat's secrets: the engine's spectator view is what is asked for.
        page.select_option("#replay-seat", "")
        page.wait_for_function("() => document.querySelector('#replay-seat').value === ''")


def test_two_people_on_one_device_are_asked_who_looks_and_a_finished_match_shows_all(page, site, wait_for_engine):
    duo = _record("shiji", "duoshiji01", humans=2, plies=14)
    over = _record("shiji", "overshiji1", humans=1, seed=8, to_end=True)
    assert Match.from_record(over).is_over()
    _store(page, site, wait_for_engine, [duo, over])
    page.goto(site.url + "#/replay/duoshiji01")
    page.wait_for_selector("#replay-who:not([hidden])")
    assert _seat_options(page) == [""], "before anyone says who looks, only the public view"
    page.click("#replay-who button[data-seat='1']")
    page.wait_for_selector("#replay-who", state="hidden")
    assert _seat_options(page) == ["", "1"]
    page.click("#replay-other-looker")
    page.wait_for_selector("#replay-who:not([hidden])")
    assert _seat_options(page) == [""]

    page.goto(site.url + "#/replay/overshiji1")
    page.wait_for_selector("#replay-seat")
    assert _seat_options(page) == ["", "0", "1"], "a finished match shows every seat"
    assert page.locator("#replay-who").count() == 0 or page.locator("#replay-who").is_hidden()


def test_the_move_list_never_prints_saved_actions(page, site, wait_for_engine):
    """Before the engine's log answers (or if Python never starts) a row shows a placeholder,
    not 「コンピュータ（よわい）: pick 9」 or a sealed kabu order."""
    record = _record("kabu", "rawmoves01", plies=20)
    _store(page, site, wait_for_engine, [record])
    texts = page.evaluate("""async (record) => {
      const { moveList } = await import('./web/shell/movelist.js');
      const list = moveList(record);
      return Array.from(list.el.querySelectorAll('li')).map((li) => li.textContent);
    }""", record)
    assert len(texts) == len(record["actions"])
    for text, entry in zip(texts, record["actions"]):
        action = entry.split(":", 1)[1]
        assert action not in text, f"raw action {action!r} shown: {text!r}"
