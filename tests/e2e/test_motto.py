"""モットコイン end to end: a whole 4-player game (one person, three computer seats) through the
real UI — setup form, bid builder, hard pass, recover choices — with a reload mid-game, the
scoring screen at the end, the rules page, an axe scan and the phone width.

Seeded; computer seats run without the visible delay (the shell's ``pygames.botDelayMs`` seam).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pygames import webapi
from tests.e2e.conftest import assert_in_viewport, assert_no_horizontal_overflow, goto_saved_match, key_moment, shot

SEED = 4273  # a short game (237 plies, 15 decisions of the person) with this test's policy
MAX_TURNS = 400  # safety cap on the person's decisions; a game needs far fewer


def _idle(page: Any) -> None:
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle", timeout=60_000)


def _actions(page: Any) -> int:
    return page.evaluate("() => window.pygamesMatch.record.actions.length")


def _start(page: Any, site: Any, wait_for_engine: Any) -> str:
    if page.url.startswith(site.url):  # a warm page (init scripts would stay for later tests)
        page.evaluate("sessionStorage.setItem('pygames.botDelayMs', '0')")
    else:
        page.add_init_script("sessionStorage.setItem('pygames.botDelayMs', '0')")
    page.goto(site.url + "#/new/motto")
    wait_for_engine(page)
    page.wait_for_selector("#start-match")
    page.select_option("#seat-count", "5")
    page.select_option("#opt-start", label="5番目の席")
    page.select_option("#seat-count", "3")  # seat 5 is no start player for three: back to the lot
    assert page.locator("#opt-start option").count() == 4  # the lot and seats 1-3, as the engine accepts
    assert page.locator("#opt-start option:checked").inner_text().startswith("抽選")
    page.select_option("#seat-count", "4")
    assert page.locator(".seat-row").count() == 4 and page.locator("#opt-start option").count() == 5
    page.fill("#seat-0-name", "花子")
    page.fill("#seed", str(SEED))
    page.click("#start-match")
    page.wait_for_url("**#/play/*")
    page.wait_for_selector(".motto-info")
    return page.url.split("#/play/")[1]


def _my_turn(page: Any, turn: int, seen: dict[str, int]) -> None:
    """Act once as the person, through the view's own controls."""
    if page.locator(".recover-choices button").count():
        seen["recover"] += 1
        assert "最小1個回収" in page.locator("#motto-recover").inner_text()  # says which coin caused it
        page.locator(".recover-choices button").first.click()
        return
    page.wait_for_selector("#motto-pass")
    # the coin on auction is explained in words with units, not only bare numbers on the card
    assert "1目につき" in page.locator("#motto-coin-info").inner_text()
    standing = page.locator("#motto-standing .die").count()
    view = page.evaluate("() => window.pygamesMatch.viewPayload")
    if standing and view["view"]["standing"]["seat"] != view["seat"]:
        # the computers' bids since the person's last move are events beside the coin (also after
        # the reload: they come from the log), so the person sees what just happened
        assert any("入札" in e for e in page.locator(".motto-auction #turn-events .turn-bot").all_inner_texts())
        assert_in_viewport(page, "#motto-bar")  # prompt, bid and pass stay on screen
        seen["recent"] += 1
    if standing and not seen["too_weak"]:
        # a single 1 never beats a standing bid: the engine says why, and Bid stays disabled
        page.click('button[data-face="1"][data-op="plus"]')
        page.wait_for_selector("#motto-verdict.bad")
        assert page.locator("#motto-verdict").inner_text()
        assert page.locator("#motto-bid").is_disabled()
        page.click("#motto-clear")
        seen["too_weak"] += 1
    if turn % 3 == 0 and page.locator("#motto-weakest").count():
        page.click("#motto-weakest")
        page.wait_for_selector("#motto-verdict.ok")
        page.click("#motto-bid")
        seen["bid"] += 1
    else:
        page.click("#motto-pass")
        seen["pass"] += 1


def test_whole_four_player_game_through_the_ui(warm_page, site, wait_for_engine, axe_violations):
    page = warm_page()
    match_id = _start(page, site, wait_for_engine)
    saved = json.loads(page.evaluate(f"() => localStorage.getItem('pygames.match.{match_id}')"))
    assert saved["game"] == "motto" and saved["seed"] == SEED and len(saved["players"]) == 4
    assert [p["type"] for p in saved["players"]] == ["human", "bot", "bot", "bot"]
    seen = {"bid": 0, "pass": 0, "recover": 0, "too_weak": 0, "recent": 0}
    reloaded = False
    for turn in range(MAX_TURNS):
        _idle(page)
        if page.evaluate("() => Boolean(window.pygamesMatch.general.outcome)"):
            break
        before = _actions(page)
        _my_turn(page, turn, seen)
        page.wait_for_function(f"() => window.pygamesMatch.record.actions.length > {before}")
        if turn == 4 and not reloaded:
            _idle(page)
            assert axe_violations(page) == []
            played = _actions(page)
            page.reload()
            wait_for_engine(page)
            _idle(page)
            assert _actions(page) == played  # resumed where it was
            page.wait_for_selector(".motto-info")
            reloaded = True
    else:
        pytest.fail("the game did not end")
    assert reloaded and seen["bid"] >= 1 and seen["pass"] >= 1 and seen["recent"] >= 1, seen
    # The scoring screen: one sheet per player, totals equal to the engine's outcome.
    page.wait_for_selector("#motto-end")
    sheets = page.locator("#motto-end .sheet")
    assert sheets.count() == 4
    record = page.evaluate("() => window.pygamesMatch.record")
    outcome = json.loads(webapi.dispatch("view", json.dumps({"record": record})))["outcome"]
    for seat, total in enumerate(outcome["scores"]):
        assert page.locator(f'#motto-end .sheet[data-seat="{seat}"] .sheet-total').get_attribute("data-total") == str(total)
        assert page.locator(f'#motto-end .sheet[data-seat="{seat}"] .sheet-total').inner_text() == f"{total}点"
    # Three computers share one name: the seat number tells them apart everywhere.
    names = [page.locator(f'.player[data-seat="{seat}"] h3').evaluate("h => h.firstChild.textContent") for seat in range(4)]
    assert len(set(names)) == 4, names
    # Once the game is over the "chance the next auction ends the game" figure is gone.
    assert page.locator("#motto-endchance").count() == 0
    # ... and the hard fork that ended it is counted, as the banner says ("the 4th hard fork came up")
    assert outcome["details"]["end"] == "fork"
    assert page.locator("#motto-forks .stat-value").inner_text() == "4 / 4"
    assert page.locator("#outcome").is_visible()
    assert axe_violations(page) == []
    # The rules page in both languages is reachable from the game screen.
    page.click("a.motto-rules")
    page.wait_for_selector(".rules-body")
    assert "このサイトでの解釈" in page.locator(".rules-body").inner_text()


def test_phone_width_and_english(warm_page, site, wait_for_engine):
    phone = warm_page(375, 740, phone=True)
    record = json.loads(webapi.dispatch("new_match", json.dumps({"game": "motto", "seed": 9, "options": {"start": "1"}, "players": [
        {"name": "A", "type": "human"}, {"name": "B", "type": "human"}, {"name": "C", "type": "human"}]})))["record"]
    for action in ("bid 6,2", "bid 6,3"):
        seat = json.loads(webapi.dispatch("view", json.dumps({"record": record})))["to_move"][0]
        record = json.loads(webapi.dispatch("apply", json.dumps({"record": record, "seat": seat, "action": action})))["record"]
    record["meta"] = {"id": "mottophone1", "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    goto_saved_match(phone, site, record)
    phone.wait_for_selector(".motto .player")
    phone.wait_for_selector("#motto-standing .die")
    assert_no_horizontal_overflow(phone)
    assert phone.locator("#motto-auction-h").inner_text() == "競り"
    # Three people on one device: C (to move, no offer yet) builds and sends a bid; then A's builder
    # must hold A's own standing offer (6,2), never what C had built.
    assert phone.locator("#motto-turn").inner_text() == "Cの番"
    faces = "() => [...document.querySelectorAll('#motto-preview .die')].map((d) => d.dataset.face).join(',')"
    assert phone.evaluate(faces) == ""
    phone.click("#motto-weakest")
    phone.wait_for_selector("#motto-verdict.ok")
    c_bid = phone.evaluate(faces)
    assert c_bid and c_bid != "6,2"
    phone.click("#motto-bid")
    phone.wait_for_function("() => window.pygamesMatch.idle && document.querySelector('.player[data-seat=\"0\"] .badge.you')"
                            " && document.querySelector('#motto-preview')")
    assert phone.locator("#motto-turn").inner_text() == "Aの番"
    assert phone.evaluate(faces) == "6,2"
    phone.click(".lang-toggle")
    phone.wait_for_function("() => document.getElementById('motto-auction-h').textContent === 'Auction'")
    assert_no_horizontal_overflow(phone)


def _until_recover(seed: int) -> dict[str, Any]:
    """A 3-person match played by the engine's easy bot up to a 最小1個回収 choice."""
    call = lambda name, args: json.loads(webapi.dispatch(name, json.dumps(args)))  # noqa: E731
    record = call("new_match", {"game": "motto", "seed": seed, "options": {"start": "1"}, "players": [
        {"name": n, "type": "human"} for n in "ABC"]})["record"]
    for _ in range(600):
        view = call("view", {"record": record})
        assert not view["outcome"], "no recover choice came up"
        if view["view"]["phase"] == "recover":
            return record
        seat = view["to_move"][0]
        action = call("bot_action", {"record": record, "seat": seat, "level": "easy"})["action"]
        record = call("apply", {"record": record, "seat": seat, "action": action})["record"]
    raise AssertionError("no recover choice came up")


def test_recover_choice_on_a_phone_in_english(warm_page, site, wait_for_engine):
    phone = warm_page(375, 740, phone=True)
    record = _until_recover(1)  # seed 1: C must pick which coin gives back a 3 (No.7's effect)
    record["meta"] = {"id": "mottorecover1", "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    goto_saved_match(phone, site, record)
    phone.wait_for_selector(".recover-choices button")
    assert "最小1個回収" in phone.locator("#motto-recover").inner_text()
    phone.click(".lang-toggle")
    phone.wait_for_function("() => document.getElementById('motto-auction-h').textContent === 'Auction'")
    assert phone.locator(".motto .fluct.words").count() >= 1  # a 'recover 1 lowest' coin is on screen
    assert phone.evaluate(COIN_OVERFLOW) == []  # its label stays inside the coin
    assert_no_horizontal_overflow(phone)
    before = phone.evaluate("() => window.pygamesMatch.record.actions.length")
    phone.locator(".recover-choices button").first.click()
    phone.wait_for_function(f"() => window.pygamesMatch.record.actions.length > {before}")
    phone.wait_for_selector(".recover-choices button", state="detached")


# Elements drawn outside their coin's box (e.g. "recover 1 lowest" on a narrow phone coin).
COIN_OVERFLOW = """() => [...document.querySelectorAll('.motto .coin')].flatMap((c) => {
  const box = c.getBoundingClientRect();
  return [...c.querySelectorAll('*')].filter((k) => {
    const r = k.getBoundingClientRect();
    return r.right > box.right + 1 || r.left < box.left - 1;
  }).map((k) => `${c.dataset.coin}: ${k.textContent}`);
})"""


# --- key moments at both sizes, in both languages (issue 11) -----------------------------------
def _call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return json.loads(webapi.dispatch(name, json.dumps(args)))


def _near_the_end(seed: int) -> tuple[dict[str, Any], str]:
    """A match (person at seat 0, two computers) stopped at the person's last decision, and the
    action the engine's bot would play there (the computers then finish the game the same way)."""
    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"},
               {"name": "", "type": "bot", "level": "easy"}]
    record = _call("new_match", {"game": "motto", "seed": seed, "players": players, "options": {"start": "1"}})["record"]
    last = None
    for _ in range(2000):
        view = _call("view", {"record": record})
        if view["outcome"]:
            break
        seat = view["to_move"][0]
        action = _call("bot_action", {"record": record, "seat": seat, "level": "easy"})["action"]
        if seat == 0:
            last = (json.loads(json.dumps(record)), action)
        record = _call("apply", {"record": record, "seat": seat, "action": action})["record"]
    assert last, "the person never had to decide"
    return last


def _play_the_last_action(page, site, wait_for_engine, match_id: str) -> None:
    """Open the seeded match one action before its end (saved as ``match_id``), play that action as the
    person, and wait for the result over the final position."""
    before, action = _near_the_end(5)
    _put(page, site, wait_for_engine, before, match_id)
    page.wait_for_selector("#motto-bar, .recover-choices button")
    _idle(page)
    page.evaluate("(a) => window.pygamesMatch.act(a)", action)
    page.wait_for_selector("#outcome:not([hidden])")
    _idle(page)


def _put(page: Any, site: Any, wait_for_engine: Any, record: dict[str, Any], match_id: str) -> None:
    record["meta"] = {"id": match_id, "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    goto_saved_match(page, site, record)


def _first_prompt(page: Any, site: Any, wait_for_engine: Any, match_id: str) -> None:
    """Open a new match (the person at seat 0 opens, two easy computers; seed 21) at its first prompt."""
    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"},
               {"name": "", "type": "bot", "level": "easy"}]
    record = _call("new_match", {"game": "motto", "seed": 21, "players": players, "options": {"start": "1"}})["record"]
    _put(page, site, wait_for_engine, record, match_id)
    page.wait_for_selector("#motto-bar")
    _idle(page)


@pytest.mark.parametrize("width,height,locale", [(1280, 800, "ja-JP"), (375, 812, "ja-JP"),
                                                 (1280, 800, "en-US"), (375, 812, "en-US")])
def test_key_moments_keep_the_next_step_in_view(warm_page, site, wait_for_engine, axe_violations, width, height, locale):
    lang = locale[:2]
    page = warm_page(width, height, phone=width < 500, locale=locale)  # its bot delay is 0
    name = f"motto-{lang}-{width}"
    # 1. the first prompt: the person opens; prompt, Bid and Hard pass are on screen, nothing red
    _first_prompt(page, site, wait_for_engine, "mottokey1")
    assert page.evaluate("document.documentElement.lang") == lang
    key_moment(page, f"{name}-1-first-prompt", "#motto-prompt", "#motto-bid", "#motto-pass")
    assert page.locator("#motto-verdict.bad").count() == 0  # no error before the person acts
    assert axe_violations(page) == []
    # 2. a computer's turn: the thinking line and what it did are where the eye is
    page.evaluate("sessionStorage.setItem('pygames.botDelayMs', '4000')")
    page.click("#motto-pass")
    page.wait_for_selector(".motto-auction .turn-thinking:not([hidden])")
    key_moment(page, f"{name}-2-computer-turn", ".motto-auction .turn-thinking")
    page.evaluate("sessionStorage.setItem('pygames.botDelayMs', '0')")
    _idle(page)
    events = page.evaluate("() => window.pygamesMatch.viewPayload.events")
    assert any(e["kind"] == "bot" for e in events), events
    if page.locator("#motto-bar").count():
        assert_in_viewport(page, "#motto-bar")
    # 3. a dialog: the 最小1個回収 choice
    _put(page, site, wait_for_engine, _until_recover(1), "mottokey2")
    page.wait_for_selector(".recover-choices button")
    key_moment(page, f"{name}-3-recover-choice", "#motto-recover", ".recover-choices button")
    # 4. the end: the result over the final position, with the breakdown; dismiss to see the board
    _play_the_last_action(page, site, wait_for_engine, "mottokey3")
    key_moment(page, f"{name}-4-result", "#outcome h2", "#result-dismiss")
    assert page.locator("#outcome .motto-result-lines li").count() == 3
    assert axe_violations(page) == []
    log = _call("log", {"record": page.evaluate("() => window.pygamesMatch.record")})["log"]
    assert "ゲーム終了" in log[-1]["ja"] and ("ends the game" in log[-1]["en"] or "game is over" in log[-1]["en"])
    page.click("#result-dismiss")
    assert_in_viewport(page, "#outcome-bar")
    shot(page, f"{name}-5-final-position")


def test_a_version_1_save_says_it_keeps_the_old_start_rule(warm_page, site, wait_for_engine):
    page = warm_page()  # its bot delay is 0
    from pathlib import Path
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "records" / "motto-v1-12.json"
    record = json.loads(fixture.read_text())["record"]
    for p in record["players"]:
        p["type"], p["name"] = "human", ""  # people, so nothing moves on its own
    _put(page, site, wait_for_engine, record, "mottov1")
    page.wait_for_selector("#rulings-note:not([hidden])")
    assert "スタートプレイヤー" in page.locator("#rulings-note").inner_text()
    assert "1番目の席" in page.locator("#rulings-note").inner_text()
    page.click("#lang-toggle")
    assert "Start player" in page.locator("#rulings-note").inner_text()


def test_a_won_coin_and_the_others_moves_are_shown(warm_page, site, wait_for_engine):
    page = warm_page()  # its bot delay is 0
    people = [{"name": n, "type": "human"} for n in "ABC"]
    record = _call("new_match", {"game": "motto", "seed": 9, "players": people, "options": {"start": "1"}})["record"]
    for seat, action in ((0, "bid 6"), (1, "pass")):
        record = _call("apply", {"record": record, "seat": seat, "action": action})["record"]
    _put(page, site, wait_for_engine, record, "mottowin1")
    page.wait_for_selector("#motto-bar")
    # C sees what A and B did since C's last move (C has not moved yet: the last events)
    events = page.locator(".motto-auction #turn-events .turn-event").all_inner_texts()
    assert any("6 で入札" in e and e.startswith("A") for e in events), events
    assert any("ハードパス" in e and e.startswith("B") for e in events), events
    coin = page.evaluate("() => window.pygamesMatch.viewPayload.view.coin.id")
    page.evaluate("sessionStorage.setItem('pygames.flashMs', '60000')")  # still lit when a loaded machine looks
    page.click("#motto-pass")  # C passes: A wins the coin, which lights up in A's holdings
    page.wait_for_selector(f'.player[data-seat="0"] .coin[data-coin="{coin}"].pg-flash')
    # the event says who won by the name the screen uses everywhere (A), not by a seat number (1番, P1)
    sale = page.locator(".motto-auction #turn-events .turn-event", has_text="落札")
    assert sale.count() == 1
    assert re.search(r"→ AがNo\.\d+.*を6で落札", sale.inner_text()), sale.inner_text()
    page.click("#lang-toggle")
    sale = page.locator(".motto-auction #turn-events .turn-event", has_text=" wins ")
    assert re.search(r"→ A wins No\.\d+", sale.inner_text()) and not re.search(r"\bP\d", sale.inner_text()), sale.inner_text()


def test_the_lot_for_the_start_player_names_the_seat(warm_page, site, wait_for_engine):
    page = warm_page()
    people = [{"name": n, "type": "human"} for n in ("花子", "太郎", "次郎")]
    record = _call("new_match", {"game": "motto", "seed": 1, "players": people, "options": {"start": "random"}})["record"]
    k = int(record["actions"][0][len("c:start "):])
    _put(page, site, wait_for_engine, record, "mottolot1")
    page.wait_for_selector("#motto-bar")
    lot = page.locator(".motto-auction #turn-events .turn-event", has_text="抽選")
    assert lot.inner_text() == f"抽選でスタートプレイヤーは{people[k - 1]['name']}に決まった"


# --- the reviewer's second pass: what hid or broke on a phone (375x812) and a laptop (1280x800) ---
# Elements (of any of the selectors) that are not wholly on screen ABOVE the pinned action bar.
HIDDEN_UNDER_BAR = """(selectors) => {
  const bar = document.getElementById('motto-bar');
  const top = bar ? bar.getBoundingClientRect().top : innerHeight;
  return [...document.querySelectorAll(selectors)].filter((e) => e.getClientRects().length > 0).flatMap((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= -1 && r.bottom <= top + 1 ? [] : [`${e.id || e.textContent.trim() || e.getAttribute('aria-label')}: ${Math.round(r.top)}-${Math.round(r.bottom)} (bar at ${Math.round(top)})`];
  });
}"""


@pytest.mark.parametrize("width,height,locale", [(375, 812, "ja-JP"), (1280, 800, "en-US")])
def test_the_dice_to_pick_are_above_the_bar_when_the_turn_comes(warm_page, site, wait_for_engine, width, height, locale):
    page = warm_page(width, height, phone=width < 500, locale=locale)  # its bot delay is 0
    # four seats, the start player drawn by lot (seat 2): the three computers bid before the person
    # decides, so the events strip and the standing bid push the builder down the page
    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"},
               {"name": "", "type": "bot", "level": "normal"}, {"name": "", "type": "bot", "level": "normal"}]
    record = _call("new_match", {"game": "motto", "seed": 8, "players": players, "options": {"start": "random"}})["record"]
    _put(page, site, wait_for_engine, record, "mottobar1")
    page.wait_for_selector("#motto-bar")
    _idle(page)
    assert page.evaluate("() => window.pygamesMatch.record.actions.length") > 3  # the computers played first
    builder = ".bid-builder .face-grid button, #motto-weakest, #motto-clear"
    shot(page, f"motto-{locale[:2]}-{width}-turn-comes")
    assert page.evaluate(HIDDEN_UNDER_BAR, builder) == []
    # and the lines beside the coin wrap between phrases (not コンピュータ4（ふつう）の入 / 札)
    assert page.evaluate(LONE_CHARACTER_LINES, ".motto-auction .auction-side p, .motto .turn-event, #motto-prompt") == []
    # the bar's own prompt and buttons stay on screen as well
    for sel in ("#motto-prompt", "#motto-bid", "#motto-pass"):
        assert_in_viewport(page, sel)


# Lines of text (in the elements matching the selectors) that hold a single character, such as
# 了 of 終了 wrapped onto its own line: each text's characters grouped by the line they sit on.
LONE_CHARACTER_LINES = """(selectors) => [...document.querySelectorAll(selectors)].filter((e) => e.getClientRects().length > 0).flatMap((e) => {
  const lines = new Map();
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (let i = 0; i < n.length; i++) {
      if (!n.nodeValue[i].trim()) continue;
      const range = document.createRange();
      range.setStart(n, i);
      range.setEnd(n, i + 1);
      const r = range.getClientRects()[0];
      if (!r) continue;
      const key = Math.round(r.bottom);
      lines.set(key, (lines.get(key) || '') + n.nodeValue[i]);
    }
  }
  return lines.size > 1 ? [...lines.values()].filter((l) => l.length === 1).map((l) => `${e.textContent.trim().slice(0, 40)}: '${l}' alone`) : [];
})"""

# Lines that start with a separator (、・,), e.g. "、合計 119点" under "…暴落 −76".
LINES_STARTING_WITH_A_SEPARATOR = LONE_CHARACTER_LINES.replace(
    "return lines.size > 1 ? [...lines.values()].filter((l) => l.length === 1)",
    "return lines.size > 1 ? [...lines.values()].filter((l) => /^[、・,]/.test(l))").replace("alone", "starts a line")

# Per-player score items that break across lines (a name on one line, its score on the next).
SPLIT_ITEMS = """(selector) => [...document.querySelectorAll(selector)].filter((e) => {
  const range = document.createRange();
  range.selectNodeContents(e);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0);
  return rects.some((a) => rects.some((b) => b.top >= a.bottom - 1));  // one piece wholly below another
}).map((e) => e.textContent)"""


@pytest.mark.parametrize("width,height,locale", [(375, 812, "ja-JP"), (1280, 800, "en-US")])
def test_the_result_keeps_words_and_each_players_score_together(warm_page, site, wait_for_engine, width, height, locale):
    page = warm_page(width, height, phone=width < 500, locale=locale)  # its bot delay is 0
    name = f"motto-{locale[:2]}-{width}-result"
    _play_the_last_action(page, site, wait_for_engine, "mottoend2")  # the 4th hard fork: …（No.10）が出て終了
    shot(page, name)
    texts = "#outcome h2, #outcome .result-reason, #outcome .motto-result-lines li"
    assert page.evaluate(LONE_CHARACTER_LINES, texts) == []
    # each player's figures (value, crash, total) are items that never break inside (合 / 計 75点)
    assert page.locator("#outcome .motto-result-lines .score-part").count() == 9
    assert page.evaluate(SPLIT_ITEMS, "#outcome .motto-result-lines strong, #outcome .motto-result-lines .score-part") == []
    assert page.evaluate(LINES_STARTING_WITH_A_SEPARATOR, "#outcome .motto-result-lines li") == []
    page.click("#result-dismiss")
    page.wait_for_selector("#outcome-bar:not([hidden])")
    shot(page, f"{name}-dismissed")
    assert page.evaluate(LONE_CHARACTER_LINES, "#outcome-bar h2, #outcome-bar p") == []
    # the compact banner: one item per player, name and score never split
    items = page.locator("#outcome-bar .scores .score-item")
    assert items.count() == 3
    assert all(any(ch.isdigit() for ch in text) for text in items.all_inner_texts())
    assert page.evaluate(SPLIT_ITEMS, "#outcome-bar .scores .score-item") == []
    assert page.evaluate(LINES_STARTING_WITH_A_SEPARATOR, "#outcome-bar .scores") == []
    # and read as a list: 「A 75・B 60」, "A 75, B 60" (a space after the English comma)
    sep = "・" if page.evaluate("document.documentElement.lang") == "ja" else ", "
    listed = sep.join(text.rstrip("・,") for text in items.all_inner_texts())
    assert listed in page.inner_text("#outcome-bar .scores"), page.inner_text("#outcome-bar .scores")


@pytest.mark.parametrize("width,height,locale", [(375, 812, "ja-JP"), (1280, 800, "en-US")])
def test_the_person_against_the_computers_is_you_on_the_board_and_in_the_result(
        warm_page, site, wait_for_engine, width, height, locale):
    """The shell's turn line, strip and result call the one person あなた / You: the board's turn line,
    the person's own box, the scoring sheets and the result's lines say the same (they said プレイヤー1)."""
    page = warm_page(width, height, phone=width < 500, locale=locale)  # its bot delay is 0
    you, your_turn = ("あなた", "あなたの番") if locale == "ja-JP" else ("You", "Your turn to bid")
    _first_prompt(page, site, wait_for_engine, "mottoyou1")
    heading = "(seat) => document.querySelector(`#motto-p${seat}`).firstChild.textContent"
    assert page.locator("#motto-turn").inner_text() == your_turn
    assert page.evaluate(heading, 0) == you
    assert page.locator('.player[data-seat="0"] .badge.you').count() == 0  # its name says it already
    assert page.evaluate(heading, 1).startswith("コンピュータ" if locale == "ja-JP" else "Computer")
    _play_the_last_action(page, site, wait_for_engine, "mottoyou2")
    shot(page, f"motto-{locale[:2]}-{width}-you-result")
    assert page.locator("#outcome .motto-result-lines li strong").first.inner_text() == you
    sheet = '#motto-end .sheet[data-seat="0"] h3'
    assert page.evaluate(f"() => document.querySelector('{sheet}').firstChild.textContent") == you
    assert page.evaluate(heading, 0) == you
    for where in ("#outcome", "#motto-end", ".motto .player"):
        text = " ".join(page.locator(where).all_inner_texts())
        assert "プレイヤー1" not in text and "Player 1" not in text, (where, text)
