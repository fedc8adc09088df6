"""四時の札遊び in the browser: a whole game against the computer through the real UI (with a
reload mid-game), one shipped puzzle solved, axe scans, and the phone width."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.conftest import assert_no_horizontal_overflow

PUZZLES = Path(__file__).resolve().parents[2] / "pygames" / "shiji" / "data" / "puzzles.json"
SEED = 4242
RELOAD_AFTER = 12
"""UI actions before the mid-game reload."""
MAX_ACTIONS = 400


def _fast_bots(page: Any) -> None:
    page.add_init_script("sessionStorage.setItem('pygames.botDelayMs', '0')")


def _wait_idle(page: Any) -> None:
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle", timeout=60_000)


def _state(page: Any) -> dict:
    return page.evaluate("""() => { const m = window.pygamesMatch;
      return {legal: m.payload.legal, outcome: m.general.outcome, ply: m.general.ply, covered: m.covered,
              view: m.payload.view, seat: m.payload.seat}; }""")


def _choose(legal: list[str], step: int) -> str:
    """A legal action, preferring placements (veils are optional)."""
    places = [a for a in legal if not a.startswith("veil")]
    pool = places or legal
    return pool[(step * 7919 + 13) % len(pool)]


def _click_hand(page: Any, root: str, codes: list[str]) -> None:
    used: list[int] = []
    buttons = page.locator(f"{root} .sj-controls .sj-hand.sj-pickable button.sj-card")
    for code in codes:
        for i in range(buttons.count()):
            if i not in used and buttons.nth(i).get_attribute("data-card") == code:
                buttons.nth(i).click()
                used.append(i)
                break
        else:
            raise AssertionError(f"no {code} button in hand")


def _do(page: Any, action: str, root: str = "#view-root") -> None:
    """Play ``action`` by clicking the UI, not by calling the engine."""
    verb, *args = action.split()
    if verb in ("pick", "take"):
        page.locator(f"{root} .sj-controls .sj-land button[data-card='{args[0]}']").first.click()
    elif verb in ("place", "lead") and len(args) == 2 and not page.locator(f"{root} .sj-controls button", has_text="解除").count():
        _click_hand(page, root, args)
        expect_ok = page.locator(f"{root} [data-testid=verdict].sj-ok")
        expect_ok.wait_for()
        page.locator(f"{root} [data-testid=place]").click()
    elif verb == "place" and len(args) == 3:
        page.locator(f"{root} .sj-controls button", has_text="雷霆").click()
    elif verb == "place":
        page.locator(f"{root} .sj-controls button", has_text="解除").click()
    elif verb == "accept":
        page.locator(f"{root} .sj-controls button", has_text="認める").click()
    elif verb == "recover":
        page.locator(f"{root} .sj-controls button[data-pos='{args[0]}']").click()
    elif verb == "veil":
        page.locator(f"{root} .sj-me .sj-market .sj-clickable").first.click()
    else:
        raise AssertionError(action)


def test_whole_game_against_the_computer_with_reload(page, site, wait_for_engine, axe_violations):
    _fast_bots(page)
    page.goto(site.url + "#/new/shiji")
    wait_for_engine(page)
    page.wait_for_selector("#start-match")
    assert page.locator(".sj-setup input[type=checkbox]").count() == 7
    page.fill("#seed", str(SEED))
    page.select_option("#seat-1-level", "easy")
    page.click("#start-match")
    page.wait_for_url("**#/play/*")
    _wait_idle(page)
    assert page.locator(".sj-table").is_visible()
    assert page.locator("[data-testid=pick-hint]").is_visible()      # the opening-hand tip (siege by 夜)
    assert not axe_violations(page)
    reloaded = False
    checked_refusal = False
    opp_shells_seen = 0
    events_checked = 0
    for step in range(MAX_ACTIONS):
        _wait_idle(page)
        st = _state(page)
        opp = st["view"]["players"][1 - st["seat"]]
        if opp["placed"] > opp_shells_seen:
            if step > 0 and not (reloaded and step == RELOAD_AFTER + 1):
                # the computer's new shell is reported by name in the recent events, with its cards
                events = page.locator("#view-root [data-testid=events] li").all_inner_texts()
                digits = [c["card"]["code"] for c in opp["row"] if c["new"] and c["card"] and c["card"]["code"].isdigit()]
                assert any(e.startswith("コンピュータ") and ("組" in e or "雷霆" in e) and all(d in e for d in digits)
                           for e in events[:2]), events
                assert not any(e.startswith(("先手:", "後手:")) for e in events), events
                events_checked += 1
            opp_shells_seen = opp["placed"]
        if st["outcome"]:
            break
        if step == RELOAD_AFTER and not reloaded:
            ply = st["ply"]
            page.reload()
            wait_for_engine(page)
            _wait_idle(page)
            assert _state(page)["ply"] == ply        # resumed from the save
            reloaded = True
            continue
        legal = st["legal"]
        assert legal, "the person must act but has no legal action"
        if not checked_refusal and st["view"]["phase"] == "play" and st["view"]["to_beat"]:
            hand = st["view"]["players"][st["seat"]]["hand"]
            bad = next((f"place {a} {b}" for i, a in enumerate(hand) for j, b in enumerate(hand)
                        if i != j and f"place {a} {b}" not in legal), None)
            if bad:
                _click_hand(page, "#view-root", bad.split()[1:])
                verdict = page.locator("#view-root [data-testid=verdict].sj-bad")
                verdict.wait_for()
                assert verdict.inner_text().strip() and "確認中" not in verdict.inner_text()
                assert page.locator("#view-root [data-testid=place]").is_disabled()
                page.locator("#view-root .sj-controls button", has_text="選び直す").click()
                checked_refusal = True
        _do(page, _choose(legal, step))
    else:
        raise AssertionError("the game did not end")
    assert reloaded
    assert events_checked >= 1
    final = _state(page)
    assert final["outcome"]["reason"]["ja"]
    # the table's end panel names the player concerned (not the engine's seat words 先手/後手)
    ending = page.locator("#view-root [data-testid=ending]").inner_text()
    result = final["view"]["result"]
    if result["seat"] >= 0:
        who = "プレイヤー1" if result["seat"] == final["seat"] else "コンピュータ"
        assert who in ending and "先手" not in ending and "後手" not in ending, ending
    # each shell is its own box in the market rows (one box per placement)
    for seat, cls in ((final["seat"], ".sj-me"), (1 - final["seat"], ".sj-opp")):
        placed = final["view"]["players"][seat]["placed"]
        assert page.locator(f"#view-root {cls} .sj-market .sj-shell").count() == placed
    # you see what lies under your own veiled cards; the opponent's stay blank
    my_veiled = [c for c in final["view"]["players"][final["seat"]]["row"] if c["veiled"] and c["card"]]
    assert page.locator("#view-root .sj-me .sj-market .sj-back .sj-peek").count() == len(my_veiled)
    assert page.locator("#view-root .sj-opp .sj-market .sj-back .sj-peek").count() == 0
    assert not axe_violations(page)


def test_solve_a_shipped_puzzle(page, site, wait_for_engine, axe_violations):
    data = json.loads(PUZZLES.read_text(encoding="utf-8"))
    puzzle = next(p for p in data["puzzles"] if p["depth"] == 1)
    page.goto(site.url + "#/page/shiji/puzzles")
    wait_for_engine(page)
    page.locator(f"button[data-puzzle='{puzzle['id']}']").click()
    page.wait_for_selector(".sj-puzzles .sj-table")
    assert "あなたの番" in page.locator("[data-testid=puzzle-goal]").inner_text()
    # the opponent's open hand and land carry visible labels
    assert page.locator(".sj-puzzles .sj-opp .sj-zone-k", has_text="手札").count() == 1
    assert not axe_violations(page)
    answer = puzzle["answer"].split()[1:]
    _click_hand(page, ".sj-puzzles", answer)
    page.locator(".sj-puzzles [data-testid=verdict].sj-ok").wait_for()
    page.locator(".sj-puzzles [data-testid=place]").click()
    verdict = page.locator(".sj-puzzles [data-testid=puzzle-verdict]")
    verdict.wait_for()
    assert "正解" in verdict.inner_text()
    page.locator(".sj-puzzles .sj-verdict", has_text="勝ち").wait_for()   # a one-move puzzle ends at once
    result = page.locator("[data-testid=puzzle-result]").inner_text()
    assert ("あなた（プレイヤー1）" in result or "相手（プレイヤー2）" in result), result   # the seat words say who is who
    moves = page.locator("[data-testid=puzzle-moves] li").all_inner_texts()
    assert moves and moves[0].startswith("あなた") and all(c in moves[0] for c in answer if c.isdigit()), moves
    page.locator("[data-testid=solution]").click()
    page.locator(".sj-solution").wait_for()
    assert page.locator("[data-testid=puzzle-goal]").count() == 0      # the goal goes once you have moved
    shown = page.locator(".sj-solution .sj-answer")
    assert shown.get_attribute("data-answer") == puzzle["answer"]
    assert [shown.locator(".sj-card").nth(i).get_attribute("data-card") for i in range(len(answer))] == answer
    assert "place" not in shown.inner_text()                        # cards, not the raw action string
    progress = page.evaluate("() => JSON.parse(localStorage.getItem('pygames.game.shiji.puzzles'))")
    assert puzzle["id"] in progress["tried"] and puzzle["id"] in progress["solved"]
    page.locator(".sj-puzzles button", has_text="一覧へ").click()
    assert "✓" in page.locator(f"button[data-puzzle='{puzzle['id']}']").inner_text()
    # after a win the page offers the next puzzle, which starts fresh with its goal shown
    ids = [p["id"] for p in data["puzzles"]]
    if ids.index(puzzle["id"]) + 1 < len(ids):
        page.locator(f"button[data-puzzle='{puzzle['id']}']").click()
        page.wait_for_selector(".sj-puzzles .sj-table")
        _click_hand(page, ".sj-puzzles", answer)
        page.locator(".sj-puzzles [data-testid=verdict].sj-ok").wait_for()
        page.locator(".sj-puzzles [data-testid=place]").click()
        page.locator("[data-testid=next-puzzle]").click()
        nxt = ids[ids.index(puzzle["id"]) + 1]
        page.locator(".sj-puzzle-head h2", has_text=nxt).wait_for()
        page.locator("[data-testid=puzzle-goal]").wait_for()


def test_phone_width_has_no_horizontal_scroll(phone, site, wait_for_engine):
    _fast_bots(phone)
    phone.goto(site.url + "#/page/shiji/puzzles")
    wait_for_engine(phone)
    phone.locator("button[data-puzzle]").first.click()
    phone.wait_for_selector(".sj-puzzles .sj-table")
    assert_no_horizontal_overflow(phone)
    phone.goto(site.url + "#/new/shiji")
    phone.wait_for_selector("#start-match")
    phone.fill("#seed", str(SEED))
    phone.click("#start-match")
    phone.wait_for_url("**#/play/*")
    _wait_idle(phone)
    phone.wait_for_selector(".sj-table")
    assert_no_horizontal_overflow(phone)
