"""四時の札遊び in the browser: a whole game against the computer through the real UI (with a
reload mid-game), one shipped puzzle solved, axe scans, the phone width, and the key moments of a
match (first prompt, a computer turn, the warning dialog, the end) at both sizes in both languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.e2e.conftest import assert_in_viewport, assert_no_horizontal_overflow, key_moment, open_saved_match, shot

PUZZLES = Path(__file__).resolve().parents[2] / "pygames" / "shiji" / "data" / "puzzles.json"
SEED = 8
"""A match (found with tests/e2e/shiji_policy.py) with a 先手決め tie and an end by 上がり."""
FIRST_LEAD = "lead 9 9"
RELOAD_AFTER = 12
"""UI actions before the mid-game reload."""
MAX_ACTIONS = 400


def _land(page: Any) -> None:
    """Choose 本式（土地） at setup (the tests below were written for the land game; 山札 is the default)."""
    page.wait_for_selector(".sj-setup .sj-modes")
    page.locator("[data-testid=mode-land] input").check()


def _deck_match(page: Any, site: Any, wait_for_engine: Any, seed: int, level: str | None = "normal") -> None:
    """Start the default (山札) match against the computer at ``level`` (None: the setup's default) with ``seed``."""
    page.goto(site.url + "#/new/shiji")
    wait_for_engine(page)
    page.wait_for_selector(".sj-setup .sj-modes")
    page.fill("#seed", str(seed))
    if level:
        page.select_option("#seat-1-level", level)
    page.click("#start-match")
    page.wait_for_url("**#/play/*")


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
    buttons = page.locator(f"{root} .sj-table .sj-hand.sj-pickable button.sj-card")
    for code in codes:
        # wait for the hand to be drawn (a count() right after a redraw does not wait)
        page.locator(f"{root} .sj-table .sj-hand.sj-pickable button.sj-card[data-card='{code}']").first.wait_for()
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
    if verb in ("pick", "take", "add"):
        page.locator(f"{root} .sj-table .sj-land button[data-card='{args[0]}']").first.click()
    elif verb in ("place", "lead") and len(args) == 2 and not page.locator(f"{root} .sj-table button", has_text="解除").count():
        _click_hand(page, root, args)
        page.locator(f"{root} [data-testid=verdict].sj-ok, {root} [data-testid=verdict].sj-warnv").wait_for()
        page.locator(f"{root} [data-testid=place]").click()
        if page.locator(f"{root} [data-testid=confirm]").count():
            page.locator(f"{root} [data-testid=confirm-place]").click()
    elif verb == "place" and len(args) == 3:
        page.locator(f"{root} .sj-table button", has_text="雷霆").click()
    elif verb == "place":
        page.locator(f"{root} .sj-table button", has_text="解除").click()
    elif verb == "accept":
        page.locator(f"{root} .sj-table button", has_text="認める").click()
    elif verb == "recover":
        page.locator(f"{root} .sj-table button[data-pos='{args[0]}']").click()
    elif verb == "veil":
        page.locator(f"{root} .sj-me .sj-market .sj-clickable").first.click()
    else:
        raise AssertionError(action)


def test_whole_game_to_agari_with_tie_round_counter_and_reload(warm_page, site, wait_for_engine, axe_violations):
    from pygames.shiji import GAME
    from tests.e2e.shiji_policy import choose, simulate
    expected, _ = simulate(SEED, FIRST_LEAD)             # the same match, played in CPython first
    assert expected.result[1] in ("agari", "closing") and len(expected.lead_shown) >= 2
    page = warm_page()              # its bot delay is 0 (sessionStorage: kept by the reload below)
    page.goto(site.url + "#/new/shiji")
    wait_for_engine(page)
    _land(page)
    bools = [o for o in GAME.info()["options"] if o["kind"] == "bool" and o["key"] != "deck"]
    assert page.locator(".sj-setup input[type=checkbox]").count() == len(bools)   # the engine's list, its labels
    assert page.locator(".sj-setup label", has_text="字義どおり").count() == 1
    page.fill("#seed", str(SEED))
    page.select_option("#seat-1-level", "easy")
    page.click("#start-match")
    page.wait_for_url("**#/play/*")
    _wait_idle(page)
    assert page.locator(".sj-table").is_visible()
    assert page.locator("[data-testid=pick-hint]").is_visible()
    assert not axe_violations(page)
    reloaded = tie_seen = warned = False
    rounds_seen = set()
    opp_shells_seen = 0
    events_checked = 0
    for step in range(MAX_ACTIONS):
        _wait_idle(page)
        st = _state(page)
        view = st["view"]
        opp = view["players"][1 - st["seat"]]
        if view["phase"] == "play" or st["outcome"]:
            done = min(p["placed"] for p in view["players"])
            assert page.locator("#view-root [data-testid=round]").inner_text().strip() == f"{done} / 10"
            rounds_seen.add(done)
        if opp["placed"] > opp_shells_seen:
            if step > 0:
                # the computer's new shell is named where the eye is (the shell's events strip, in
                # the table, also after the reload), with the engine's classification and cards
                lines = page.locator("#view-root .sj-table #turn-events .turn-bot").all_inner_texts()
                shell = opp["last_shell"]
                kind = shell["label"]["ja"].split("（")[0]
                assert any(line.startswith("コンピュータ") and kind in line
                           and all(c in line for c in shell["cards"] if c.isdigit()) for line in lines), lines
                events_checked += 1
            opp_shells_seen = opp["placed"]
        if st["outcome"]:
            break
        if view["phase"] == "lead" and view["lead"] and view["lead"]["tie"]:
            tie = page.locator("#view-root [data-testid=lead-tie]")       # in the prompt area, not only the log
            assert tie.is_visible() and "同じ値" in tie.inner_text()
            tie_seen = True
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
        if not warned and view["phase"] == "play" and not view["task"]:
            risky = next((e for e in view["shells"] if e["legal"] and e["warning"]), None)
            if risky:                                 # the screen asks before a placement that loses
                _click_hand(page, "#view-root", risky["cards"])
                page.locator("#view-root [data-testid=verdict].sj-warnv").wait_for()
                page.locator("#view-root [data-testid=place]").click()
                box = page.locator("#view-root [data-testid=confirm]")
                box.wait_for()
                assert risky["warning"]["ja"] in box.inner_text()
                # its two buttons are the only way on while it asks: no second 並べる or 選び直す beside them
                assert page.locator("#view-root [data-testid=place]").count() == 0
                assert page.locator("#view-root .sj-table button", has_text="選び直す").count() == 0
                box.locator("button", has_text="やめる").click()
                assert _state(page)["ply"] == st["ply"]           # nothing was played
                page.locator("#view-root .sj-table button", has_text="選び直す").click()
                warned = True
        _do(page, choose(legal, view, st["seat"], FIRST_LEAD))
    else:
        raise AssertionError("the game did not end")
    assert reloaded and tie_seen and warned and events_checked >= 1
    assert {1, 3} <= rounds_seen, rounds_seen
    final = _state(page)
    assert final["view"]["result"]["reason"] == expected.result[1]
    ending = page.locator("#view-root [data-testid=ending]").inner_text()
    result = final["view"]["result"]
    if result["seat"] >= 0:
        # the person against the computer is あなた there, as in the result's headline
        who = "あなた" if result["seat"] == final["seat"] else "コンピュータ"
        assert who in ending and "先手" not in ending and "後手" not in ending and "プレイヤー" not in ending, ending
    left = page.locator("#view-root .sj-controls .sj-zone-k")  # whose cards are left is said (the loser's own hand)
    if final["view"]["players"][final["seat"]]["hand"]:
        assert left.inner_text() == "あなたの残り手札", left.inner_text()
    else:
        assert left.count() == 0
    for seat, cls in ((final["seat"], ".sj-me"), (1 - final["seat"], ".sj-opp")):
        placed = final["view"]["players"][seat]["placed"]
        assert page.locator(f"#view-root {cls} .sj-market .sj-shell").count() == placed
    my_veiled = [c for c in final["view"]["players"][final["seat"]]["row"] if c["veiled"] and c["card"]]
    assert page.locator("#view-root .sj-me .sj-market .sj-back .sj-peek").count() == len(my_veiled)
    assert page.locator("#view-root .sj-opp .sj-market .sj-back .sj-peek").count() == 0
    assert not axe_violations(page)


def _puzzle_line(puzzle: dict) -> list[tuple[int, str]]:
    """The attacker's moves (with the plies played before each) against the page's defender (the
    solver's best defence), worked out in CPython."""
    from pygames.core import Rng
    from pygames.shiji import GAME
    from pygames.shiji.position import state_from_position
    from pygames.shiji.solver import Solver
    s = state_from_position(puzzle["position"])
    mine = []
    plies = 0
    while GAME.outcome(s) is None:
        (seat,) = GAME.to_move(s)
        action = (puzzle["answer"] if not mine else Solver(GAME).best_action(s, 0)) if seat == 0 \
            else GAME.bot_action(s, 1, "hard", Rng(0))
        if seat == 0:
            mine.append((plies, action))
        s = GAME.apply(s, seat, action)
        plies += 1
    assert GAME.outcome(s).winners == (0,)
    return mine


def test_solve_a_puzzle_of_each_level(warm_page, site, wait_for_engine, axe_violations):
    data = json.loads(PUZZLES.read_text(encoding="utf-8"))
    page = warm_page()
    page.goto(site.url + "#/page/shiji/puzzles")
    wait_for_engine(page)
    for level in (1, 2, 3):
        puzzle = next(p for p in data["puzzles"] if p["level"] == level)
        page.locator(f"button[data-puzzle='{puzzle['id']}']").click()
        page.wait_for_selector(".sj-puzzles .sj-table")
        assert "あなたの番" in page.locator("[data-testid=puzzle-goal]").inner_text()
        if level == 1:
            assert page.locator(".sj-puzzles .sj-opp .sj-zone-k", has_text="手札").count() == 1
            assert not axe_violations(page)
        for i, (plies, action) in enumerate(_puzzle_line(puzzle)):
            if plies:
                page.wait_for_function("(n) => document.querySelectorAll('[data-testid=puzzle-moves] li').length === n", arg=plies)
            _do(page, action, ".sj-puzzles")
            if i == 0:
                verdict = page.locator(".sj-puzzles [data-testid=puzzle-verdict]")
                verdict.wait_for()
                assert "正解" in verdict.inner_text()
        page.locator(".sj-puzzles [data-testid=puzzle-result]", has_text="勝ち").wait_for()
        result = page.locator("[data-testid=puzzle-result]").inner_text()
        assert "あなた（プレイヤー1）" in result or "相手（プレイヤー2）" in result, result
        page.locator("[data-testid=solution]").click()
        page.locator(".sj-solution").wait_for()
        shown = page.locator(".sj-solution .sj-answer")
        assert shown.get_attribute("data-answer") == puzzle["answer"]
        assert "place" not in shown.inner_text()
        page.locator(".sj-puzzles button", has_text="一覧へ").click()
        assert "✓" in page.locator(f"button[data-puzzle='{puzzle['id']}']").inner_text()
    progress = page.evaluate("() => JSON.parse(localStorage.getItem('pygames.game.shiji.puzzles'))")
    assert len(progress["solved"]) == 3


def _in_viewport(page: Any, selector: str) -> bool:
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; }""", selector)


def test_phone_prompt_and_primary_action_in_view(warm_page, site, wait_for_engine):
    from tests.e2e.shiji_policy import choose
    phone = warm_page(375, 812, phone=True)
    phone.goto(site.url + "#/new/shiji")
    wait_for_engine(phone)
    _land(phone)
    phone.fill("#seed", str(SEED))
    phone.click("#start-match")
    phone.wait_for_url("**#/play/*")
    for _ in range(40):
        _wait_idle(phone)
        st = _state(phone)
        if st["view"]["phase"] == "play" and any(a.startswith("place") for a in st["legal"]):
            break
        _do(phone, choose(st["legal"], st["view"], st["seat"], FIRST_LEAD))
    phone.evaluate("() => window.scrollTo(0, 0)")
    assert _in_viewport(phone, "#view-root .action-bar .sj-prompt")
    assert _in_viewport(phone, "#view-root [data-testid=place]")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 375


def test_phone_width_has_no_horizontal_scroll(warm_page, site, wait_for_engine):
    phone = warm_page(375, 740, phone=True)
    phone.goto(site.url + "#/page/shiji/puzzles")
    wait_for_engine(phone)
    phone.locator("button[data-puzzle]").first.click()
    phone.wait_for_selector(".sj-puzzles .sj-table")
    assert_no_horizontal_overflow(phone)
    phone.goto(site.url + "#/new/shiji")
    phone.wait_for_selector("#start-match")
    _land(phone)
    phone.fill("#seed", str(SEED))
    phone.click("#start-match")
    phone.wait_for_url("**#/play/*")
    _wait_idle(phone)
    phone.wait_for_selector(".sj-table")
    assert_no_horizontal_overflow(phone)


# --- key moments at both sizes, in both languages (issue 11) -----------------------------------
KEY_SEED = SEED


def _record_until(stop: Callable[[dict, list[str]], bool], seed: int = KEY_SEED) -> tuple[dict, str]:
    """The seeded match against the easy computer (seat 0 by the test's policy) stopped at the
    first decision of seat 0 where ``stop(view, legal)`` holds; with the policy's action there."""
    from pygames.core.match import Match
    from pygames.shiji import GAME
    from tests.e2e.shiji_policy import choose
    match = Match.new("shiji", {"deck": False}, [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"}],
                      seed)
    while match.to_move() and match.ply < 600:
        if 1 in match.to_move():
            match.play(1, match.bot_action(1))
            continue
        view, legal = GAME.view(match.state, 0), GAME.legal_actions(match.state, 0)
        action = choose(legal, view, 0, FIRST_LEAD)
        if stop(view, legal):
            return json.loads(json.dumps(match.record)), action
        match.play(0, action)
    raise AssertionError("the match never got there")


def _last_decision(seed: int = KEY_SEED) -> tuple[dict, str]:
    """The match at seat 0's last decision (the computer then ends the game, or this action does)."""
    from tests.e2e.shiji_policy import simulate
    _, actions = simulate(seed, FIRST_LEAD)
    mine = sum(a.startswith("0:") for a in actions)
    seen = {"n": 0}

    def stop(view: dict, legal: list[str]) -> bool:
        seen["n"] += 1
        return seen["n"] == mine
    return _record_until(stop, seed)


def _put(page: Any, site: Any, record: dict, match_id: str) -> None:
    open_saved_match(page, site, record, match_id, "#view-root .sj-table")
    _wait_idle(page)


BAR = "#view-root .action-bar .prompt"
PLACE = "#view-root [data-testid=place]"


@pytest.mark.parametrize("width,height,locale", [(1280, 800, "ja-JP"), (375, 812, "ja-JP"),
                                                 (1280, 800, "en-US"), (375, 812, "en-US")])
def test_key_moments_keep_the_next_step_in_view(warm_page, site, wait_for_engine, axe_violations, width, height, locale):
    lang = locale[:2]
    page = warm_page(width, height, phone=width < 500, locale=locale)     # its bot delay is 0
    name = f"shiji-{lang}-{width}"
    # 1. the first prompt: choose the opening hand from the land (the land cards are the action)
    record, _ = _record_until(lambda view, legal: True)
    _put(page, site, record, "shijikey1")
    assert page.evaluate("document.documentElement.lang") == lang
    key_moment(page, f"{name}-1-first-prompt", BAR, "#view-root .sj-table .sj-land button.sj-card")
    assert page.locator("#view-root .sj-verdict.sj-bad").count() == 0      # no error before the person acts
    assert not axe_violations(page)
    # 2. a computer turn: place a (second) shell; the thinking line is in the table, then the
    # computer's shell, highlighted
    record, action = _record_until(lambda view, legal: view["phase"] == "play" and not view["task"]
                                   and view["players"][0]["placed"] >= 1 and any(a.startswith("place") for a in legal))
    _put(page, site, record, "shijikey2")
    key_moment(page, f"{name}-2-place-prompt", BAR, PLACE)
    # the person against the computer is あなた / You on their own box, as in the turn line and the result
    assert page.inner_text("#view-root .sj-me .sj-name").startswith("あなた" if lang == "ja" else "You")
    # the highlight lasts long enough to be seen on a loaded machine (its briefness: test_shell)
    page.evaluate("sessionStorage.setItem('pygames.botDelayMs', '4000'); sessionStorage.setItem('pygames.flashMs', '60000')")
    _do(page, action)
    page.wait_for_selector("#view-root .sj-table #turn-events .turn-thinking:not([hidden])")
    key_moment(page, f"{name}-3-computer-turn", "#view-root #turn-events .turn-thinking", BAR)
    page.evaluate("sessionStorage.setItem('pygames.botDelayMs', '0')")
    _wait_idle(page)
    bot = page.locator("#view-root .sj-table #turn-events .turn-bot")
    assert bot.count() >= 1 and bot.first.is_visible()
    page.wait_for_selector("#view-root .sj-opp .sj-shell-new.pg-flash")    # the shell's highlight on the new shell
    key_moment(page, f"{name}-4-after-computer", "#view-root #turn-events", BAR)
    # 3. a dialog: a legal placement that loses asks first
    record, _ = _record_until(lambda view, legal: view["phase"] == "play" and not view["task"]
                              and any(e["legal"] and e["warning"] for e in view["shells"]))
    _put(page, site, record, "shijikey3")
    risky = next(e for e in page.evaluate("() => window.pygamesMatch.payload.view.shells") if e["legal"] and e["warning"])
    _click_hand(page, "#view-root", risky["cards"])
    page.locator("#view-root [data-testid=verdict].sj-warnv").wait_for()
    page.locator(PLACE).click()
    page.locator("#view-root [data-testid=confirm]").wait_for()
    key_moment(page, f"{name}-5-warning-dialog", "#view-root [data-testid=confirm]", "#view-root [data-testid=confirm-place]")
    assert not axe_violations(page)
    # 4. the end: the result over the final position; dismissed, the board and the engine's reason
    record, action = _last_decision()
    _put(page, site, record, "shijikey4")
    page.evaluate("(a) => window.pygamesMatch.act(a)", action)
    page.wait_for_selector("#outcome:not([hidden])")
    _wait_idle(page)
    key_moment(page, f"{name}-6-result", "#outcome h2", "#result-dismiss")
    assert not axe_violations(page)
    reason = page.inner_text("#outcome .result-reason")
    page.click("#result-dismiss")
    assert_in_viewport(page, "#outcome-bar")
    ending = page.locator("#view-root [data-testid=ending]")          # the engine's reason, the shown names
    final = page.evaluate("() => window.pygamesMatch.viewPayload")
    seat = final["view"]["result"]["seat"]
    me = final["seat"]
    # the person against the computer is あなた / You there as in the result's headline and reason (the
    # reason said 「プレイヤー1が上がりました」 under 「あなたの勝ち」)
    shown = ("あなた" if lang == "ja" else "You") if seat == me else final["players"][seat]["name"] if seat >= 0 else ""
    assert shown in ending.inner_text() and shown in reason, (ending.inner_text(), reason)
    assert not any(word in reason + ending.inner_text() for word in ("プレイヤー", "Player")), (reason, ending.inner_text())
    left = page.locator("#view-root .sj-controls .sj-zone-k")  # whose cards are left, by the shown name
    assert left.count() == (1 if final["view"]["players"][me]["hand"] else 0)
    if left.count():
        assert ("あなた" if lang == "ja" else "You") in left.inner_text(), left.inner_text()
    shot(page, f"{name}-7-final-position")


# --- issue 25: the setup choice, a land-mode caution, a word explained on tap -------------------
CAUTION_SEED = 1
"""A land match (the test's policy against the easy computer) where a placement leaves answers short."""

@pytest.mark.parametrize("width,height,locale", [(1280, 800, "ja-JP"), (375, 812, "ja-JP"),
                                                 (1280, 800, "en-US"), (375, 812, "en-US")])
def test_setup_choice_land_caution_and_glossary_tap(warm_page, site, wait_for_engine, width, height, locale):
    lang = locale[:2]
    page = warm_page(width, height, phone=width < 500, locale=locale)     # its bot delay is 0
    name = f"shiji-{lang}-{width}"
    # 1. the setup: 山札 chosen by default, 本式（土地） one choice away, one line each; remembered
    page.goto(site.url + "#/new/shiji")
    wait_for_engine(page)
    page.wait_for_selector(".sj-setup .sj-modes")
    assert page.locator("[data-testid=mode-deck] input").is_checked()
    lines = page.locator(".sj-setup .sj-mode-line").all_inner_texts()
    assert len(lines) == 2 and all(lines)
    shot(page, f"{name}-8-setup-choice")
    _land(page)
    page.reload()
    wait_for_engine(page)
    page.wait_for_selector(".sj-setup .sj-modes")
    assert page.locator("[data-testid=mode-land] input").is_checked()        # remembered in this browser
    # 2. on the land, before a placement: the opponent's values it could not answer afterwards
    record, _ = _record_until(lambda view, legal: view["phase"] == "play" and not view["task"]
                              and any(e["legal"] and e["caution"] for e in view["shells"]), CAUTION_SEED)
    _put(page, site, record, "shijicaution")
    risky = next(e for e in page.evaluate("() => window.pygamesMatch.payload.view.shells") if e["legal"] and e["caution"])
    _click_hand(page, "#view-root", risky["cards"])
    verdict = page.locator("#view-root [data-testid=verdict].sj-warnv")
    verdict.wait_for()
    said = verdict.inner_text()
    assert ("返せません" in said) if lang == "ja" else ("could not answer" in said), said
    assert risky["caution"]["params"]["examples"][0] in said
    shot(page, f"{name}-9-land-caution")
    # 3. a word on screen explained on tap (the glossary shared with the rules page)
    term = page.locator("#view-root .sj-table .sj-term:visible").first    # some labels are hidden on phones
    term.click()
    tip = page.locator("#view-root [data-testid=term-tip]")
    tip.wait_for()
    assert len(tip.inner_text()) > 15
    assert_in_viewport(page, "#view-root [data-testid=term-tip]")
    shot(page, f"{name}-10-glossary-tap")
    assert_no_horizontal_overflow(page)


def test_log_and_events_name_the_computer_not_player_2(warm_page, site, wait_for_engine):
    """The engine's lines that name a seat (a card drawn from the deck, who starts, the end) show the
    seat's displayed name: コンピュータ（ふつう）, not プレイヤー2 (issue 25)."""
    page = warm_page()
    page.goto(site.url + "#/new/shiji")
    wait_for_engine(page)
    page.wait_for_selector(".sj-setup .sj-modes")
    assert page.locator("[data-testid=mode-deck] input").is_checked()
    page.fill("#seed", "21")
    page.select_option("#seat-1-level", "normal")
    page.click("#start-match")
    page.wait_for_url("**#/play/*")
    _wait_idle(page)
    page.click("#match-log summary")
    page.locator("#match-log .log-list li").first.wait_for()
    lines = page.locator("#match-log .log-list li").all_inner_texts()
    drawn = [line for line in lines if "山札から" in line]
    assert drawn, lines                                   # the opening deal: each seat draws six
    assert any("コンピュータ（ふつう）が山札から" in line for line in drawn), drawn
    assert not any("プレイヤー2" in line for line in lines), lines


def test_a_computer_pass_is_said_where_the_eye_is(warm_page, site, wait_for_engine):
    """In the deck game, when the computer cannot place it draws two and passes: the screen says so
    (found playing seed 7 by hand: the turn came back with no word why)."""
    page = warm_page()
    _deck_match(page, site, wait_for_engine, 7, level=None)
    for action in ("lead 8 7", "place E 0", "place 8 7"):      # 87 is more than the computer can beat
        _wait_idle(page)
        _do(page, action)
    _wait_idle(page)
    st = _state(page)
    assert st["view"]["turn"] == st["seat"] and st["view"]["last_seat"] == st["seat"]   # the turn came back
    note = page.locator("#view-root [data-testid=latest-event]")
    assert "並べられる貝札がなく、山札から２枚引いて番を終えました" in note.inner_text()
    assert "コンピュータ（ふつう）" in note.inner_text()
    assert "プレイヤー2" not in page.locator("#undo-why").inner_text()



@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_the_notes_call_the_person_against_the_computer_you_once(warm_page, site, wait_for_engine, locale):
    """The notes under the strip name the person against the computer あなた / You, once: the 先手決め line
    said 「先手決め: あなた（あなた） 87・コンピュータ（ふつう） 98」 ("Who starts: You (you) 87, …"), the tax
    line 「あなた（あなた）: 星組の税で…」, as the players' list calls them プレイヤー1 and the table made that あなた."""
    ja = locale == "ja-JP"
    page = warm_page(locale=locale)
    _deck_match(page, site, wait_for_engine, 7)
    seen, undo = [], []
    for action in ("lead 8 7", "place E 0", "place 8 7"):
        _wait_idle(page)
        _do(page, action)
        _wait_idle(page)
        notes = page.locator("#view-root [data-testid=latest-event]")
        seen.append(notes.inner_text() if notes.count() else "")
        undo.append(page.inner_text("#undo-why"))
    text = "\n".join(seen)
    assert ("先手決め: あなた 87" if ja else "Who starts: You 87") in text, text
    assert ("あなた（あなた）" if ja else "You (you)") not in text, text
    # why 待った is greyed names the person the same way (「（プレイヤー1が山札から１枚引きました）」, it said)
    assert any(("あなたが山札から" if ja else "(you drew a card)") in u for u in undo), undo
    assert not any("プレイヤー" in u or "Player" in u for u in undo), undo


STAR_SEED = 10
"""A deck match against ふつう (found with bench/shiji_default.py's newcomer policy) lost by the two-card rule:
at 6·8·夕 the person kept 夕 while it was the next star, the computer then placed 夕 itself, and at 2·5·7·夕
every shell left 夕 among the last two cards."""


@pytest.mark.parametrize("width,height,locale", [(375, 812, "ja-JP"), (1280, 800, "en-US")])
def test_a_short_hand_with_a_star_is_told_before_a_pick_and_the_loss_names_the_cards(warm_page, site, wait_for_engine,
                                                                                    width, height, locale):
    ja = locale == "ja-JP"
    page = warm_page(width, height, phone=width < 500, locale=locale)     # its bot delay is 0
    name = f"shiji-{locale[:2]}-{width}"
    _deck_match(page, site, wait_for_engine, STAR_SEED)
    note = page.locator("#view-root .action-bar [data-testid=hand-note]")
    for action in ("lead 8 3", "place 1 M", "place 2 3"):
        _wait_idle(page)
        _do(page, action)
    _wait_idle(page)
    assert sorted(_state(page)["view"]["players"][0]["hand"]) == ["6", "8", "E"]
    # 夕 can still go: said in the bar, in view, before a card is picked
    assert note.inner_text() == ("夕 はいま出せます。残り２枚に星札・恐慌札があると負け" if ja
                                 else "Evening can be placed now. A star or Panic among your last two cards loses")
    assert_in_viewport(page, "#view-root .action-bar [data-testid=hand-note]")
    _click_hand(page, "#view-root", ["8", "6"])
    assert note.count() == 0                       # picked: the placement's own verdict speaks
    page.locator("#view-root [data-testid=verdict]").wait_for()
    page.locator(PLACE).click()
    _wait_idle(page)
    st = _state(page)
    assert sorted(st["view"]["players"][0]["hand"]) == ["2", "5", "7", "E"] and st["view"]["star"]["last"] == "E"
    # the computer placed 夕: it cannot go now, whichever two are placed
    key_moment(page, f"{name}-star-note", "#view-root .action-bar [data-testid=hand-note]", PLACE)
    assert note.inner_text() == ("夕 は今は出せません（次の星: 夜）。残り２枚に星札・恐慌札があると負け" if ja else
                                 "Evening cannot be placed now (next star: Night). A star or Panic among your last two cards loses")
    _do(page, "place 2 5")
    page.wait_for_selector("#outcome:not([hidden])")
    reason = page.inner_text("#outcome .result-reason")
    assert reason == ("あなたの残り２枚（7・夕）に星札・恐慌札があり上がれません（包囲・禁止行為）" if ja else
                      "Your last two cards (7 and Evening) include a star or Panic (siege: cannot go out)"), reason
    key_moment(page, f"{name}-two-card-loss", "#outcome h2", "#outcome .result-reason")


@pytest.mark.parametrize("width,height,locale", [(375, 812, "ja-JP"), (1280, 800, "en-US")])
def test_the_opponents_last_two_cards_are_said_in_the_bar(warm_page, site, wait_for_engine, width, height, locale):
    """Played on a phone against つよい (seed 5150): the computer's 1・昼 left it two cards, its count was under
    the docked bar, the person placed 64 and the computer went out with 75."""
    page = warm_page(width, height, phone=width < 500, locale=locale)     # its bot delay is 0
    _deck_match(page, site, wait_for_engine, 5150, "hard")
    for action in ("lead 9 8", "place D E", "place 8 2", "place 9 5"):
        _wait_idle(page)
        _do(page, action)
    _wait_idle(page)
    assert _state(page)["view"]["players"][1]["hand_size"] == 2
    selector = "#view-root .action-bar [data-testid=threat]"
    key_moment(page, f"shiji-{locale[:2]}-{width}-opponent-two", selector, PLACE)
    assert page.inner_text(selector) == ("相手は残り２枚: 上回られると上がられます" if locale == "ja-JP"
                                         else "The opponent has two cards left: if they beat your shell, they go out")

# --- the match played by hand (notes/shiji-match-by-hand.md, seed 7 vs ふつう): four confusions ----
HAND_SEED = 7
"""The deck match the teammate played by hand; the actions below are theirs."""


@pytest.mark.parametrize("width,height,locale", [(1280, 800, "ja-JP"), (375, 812, "ja-JP"),
                                                 (1280, 800, "en-US"), (375, 812, "en-US")])
def test_the_match_by_hand_reads_clearly(warm_page, site, wait_for_engine, width, height, locale):
    lang = locale[:2]
    ja = lang == "ja"
    page = warm_page(width, height, phone=width < 500, locale=locale)     # its bot delay is 0
    name = f"shiji-{lang}-{width}"
    _deck_match(page, site, wait_for_engine, HAND_SEED)
    _wait_idle(page)
    # 1. the deal is one line of the events strip, not six "drew a card"
    strip = page.locator("#view-root #turn-events .turn-event")
    lines = strip.all_inner_texts()
    deal = [line for line in lines if ("配札：山札からそれぞれ6枚" if ja else "The deal: 6 cards each") in line]
    assert len(deal) == 1 and not any(("山札から１枚" if ja else "drew a card") in line for line in lines), lines
    # 2. 先手決め: the chosen pair says what it decides, not that it "can be placed"
    _click_hand(page, "#view-root", ["8", "7"])
    verdict = page.locator("#view-root [data-testid=verdict]")
    verdict.wait_for()
    said = verdict.inner_text()
    assert ("先手" in said and "87" in said and "並べ" not in said) if ja else ("starts" in said and "87" in said and "played" not in said), said
    shot(page, f"{name}-11-deal-and-lead")
    page.locator(PLACE).click()
    for action in ("place E 0", "place 8 7", "place X 6"):
        _wait_idle(page)
        _do(page, action)
    _wait_idle(page)
    # 3. the notes box holds what holds now: no order flip beside its opposite, no tax of the first turn
    notes = page.locator("#view-root [data-testid=latest-event]")
    st = _state(page)
    text = notes.inner_text() if notes.count() else ""
    ascending, reversed_ = ("昇順に戻りました", "逆順になりました") if ja else ("ascending again", "now reversed")
    assert not (ascending in text and reversed_ in text), text
    if st["view"]["order"] == "asc":
        assert reversed_ not in text, text
    else:
        assert ascending not in text, text
    assert ("夕" not in text) if ja else ("Evening" not in text), text      # turn 1's star shell is old news
    # 4. the deck game: keeping one card is said, with the tax that can make it two with a star
    assert st["view"]["to_beat"] == 17 and sorted(st["view"]["players"][st["seat"]]["hand"]) == ["0", "4", "5"]
    _click_hand(page, "#view-root", ["0", "5"])
    caution = page.locator("#view-root [data-testid=verdict].sj-warnv")
    caution.wait_for()
    said = caution.inner_text()
    assert ("１枚" in said and "税" in said) if ja else ("one card" in said and "tax" in said), said
    # a bracketed word stays with its bracket: "(forbidden)" never wraps as "(" / "forbidden)"
    glued = page.locator("#view-root [data-testid=verdict] .sj-term-glued")
    assert any(g.startswith(("（", "(")) for g in glued.all_inner_texts()), said
    assert page.evaluate("""() => [...document.querySelectorAll('#view-root [data-testid=verdict] .sj-term-glued')]
      .every((el) => el.getClientRects().length === 1)""")
    shot(page, f"{name}-12-one-card-caution")
    assert_no_horizontal_overflow(page)


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_phone_labels_the_last_star_under_the_next(warm_page, site, locale):
    """On a phone the star box says 「次の星: 昼」 over the card of the star placed last: that card keeps a
    label (直前 / last) there. Its long label is left out on phones, and a bare ≥ under 「次の星: 昼」 read
    as the star to play next."""
    page = warm_page(375, 812, phone=True, locale=locale)     # its bot delay is 0
    record, _ = _record_until(lambda view, legal: view["phase"] == "play" and view["star"]["last"] is not None)
    _put(page, site, record, "shijilaststar")
    box = page.locator("#view-root .sj-stars .sj-laststar")
    assert box.locator(".sj-card").is_visible()
    label = box.evaluate("""el => [...el.children].filter((c) => !c.classList.contains('sj-card') && c.offsetWidth > 0)
        .map((c) => c.textContent.trim()).join(' ')""")
    assert label == ("直前" if locale == "ja-JP" else "last"), label
    key_moment(page, f"shiji-{locale[:2]}-375-last-star", "#view-root .sj-stars")


def test_puzzle_moves_say_whose_each_is(warm_page, site, wait_for_engine):
    """「これまでの手」 of a puzzle says whose move each line is: a shell's log line names no one, so after
    a wrong star shell 「星組 5・夕」, 「土地から7を手札に加えました」 (the opponent's tax) and 「数字組 7・0」
    (the opponent's answer) read as the person's own three moves."""
    page = warm_page(375, 812, phone=True)
    page.goto(site.url + "#/page/shiji/puzzles")
    wait_for_engine(page)
    page.locator("button[data-puzzle='L2-03']").click()
    page.wait_for_selector(".sj-puzzles .sj-table")
    _do(page, "place 5 E", ".sj-puzzles")          # wrong: the opponent is taxed a card, then answers
    page.locator(".sj-puzzles [data-testid=puzzle-result]").wait_for()
    moves = page.locator("[data-testid=puzzle-moves] li")
    texts = moves.all_inner_texts()
    whose = [("あなた：" if "sj-move-me" in (moves.nth(i).get_attribute("class") or "") else "相手：") for i in range(moves.count())]
    assert len(texts) >= 3 and whose.count("相手：") >= 2, texts
    for line, who in zip(texts, whose):
        assert line.startswith(who) or "プレイヤー" in line, (line, who)
    assert texts[0] == "あなた：星組 5・夕", texts
    shot(page, "shiji-ja-375-puzzle-moves")


@pytest.mark.parametrize("width,height,locale", [(375, 812, "ja-JP"), (1280, 800, "en-US")])
def test_puzzle_opponent_market_has_its_own_label_and_an_empty_land_says_so(warm_page, site, wait_for_engine,
                                                                              width, height, locale):
    """A puzzle whose opponent has no land (L1-05): 「土地」 stood alone and the market row under it read as
    the land. Now the land says 「なし」 and the market row has its own label 「市場」."""
    ja = locale == "ja-JP"
    page = warm_page(width, height, phone=width < 500, locale=locale)
    page.goto(site.url + "#/page/shiji/puzzles")
    wait_for_engine(page)
    page.locator("button[data-puzzle='L1-05']").click()
    page.wait_for_selector(".sj-puzzles .sj-table")
    opp = ".sj-puzzles .sj-opp"
    zones = page.evaluate("""(sel) => [...document.querySelectorAll(sel + ' > .sj-zone')]
      .map((z) => [z.querySelector('.sj-zone-k').textContent, z.querySelector('.sj-land, .sj-market, .sj-hand').className,
                   z.querySelector('.sj-land') ? z.querySelector('.sj-land').innerText.trim() : ''])""", opp)
    labels = [z[0] for z in zones]
    assert labels == (["手札", "土地", "市場"] if ja else ["Hand", "Land", "Market"]), zones
    assert zones[1][1].startswith("sj-land") and zones[1][2] == ("なし" if ja else "none"), zones
    assert zones[2][1].startswith("sj-market"), zones
    assert page.locator(f"{opp} > .sj-market").count() == 0  # no market row without its label
    assert_no_horizontal_overflow(page)
    page.locator(opp).scroll_into_view_if_needed()
    shot(page, f"shiji-puzzle-empty-land-{width}-{locale}")
