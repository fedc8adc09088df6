"""End-to-end tests of the site shell (landing, setup, saves, links, match screen, replay).

Match flows run over whichever real engines ``games()`` returns (the same source tree the wheel is
built from); they are skipped, with the reason, only while no engine exists. Actions are sent
through ``window.pygamesMatch.act`` (the same path a game view's ``ctx.act`` takes), so the tests
do not depend on any game's own screen.
"""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest

from pygames import webapi
from pygames.core import linkcodec
from pygames.core.match import Match
from tests.e2e.conftest import (assert_no_horizontal_overflow, assert_no_japanese,
                                assert_no_placeholder_english, key_moment, shot)

from .conftest import without_service_worker

ROOT = Path(__file__).resolve().parents[2]
GAMES: list[dict[str, Any]] = json.loads(webapi.dispatch("games"))["games"]
needs_game = pytest.mark.skipif(not GAMES, reason="no game engine in pygames/ yet: match flows need one")
MAX_DECISIONS = 3000  # a safety cap on play-to-the-end loops; real games end far sooner

# A Chromium console line for a missing file (a game whose view.js does not exist yet).
MISSING_FILE = r"Failed to load resource: the server responded with a status of 404"


def _has_view(game: str) -> bool:
    return (ROOT / "web" / "games" / game / "view.js").is_file()


def _allow_missing_views(guard: Any) -> None:
    """Setup and match pages import web/games/<game>/view.js: tolerate the 404 of a game without one."""
    if not all(_has_view(g["name"]) for g in GAMES):
        guard.allow(MISSING_FILE)


def _pick_game() -> dict[str, Any]:
    """A game for match flows: one with its own view first, then the fewest seats."""
    return sorted(GAMES, key=lambda g: (not _has_view(g["name"]), g["min_seats"], g["name"]))[0]


def _players(info: dict[str, Any], humans: int = 1) -> list[dict[str, Any]]:
    level = info["bot_levels"][0] if info["bot_levels"] else None
    seats = []
    for i in range(info["min_seats"]):
        if i < humans or level is None:
            seats.append({"type": "human", "name": f"人{i + 1}"})
        else:
            seats.append({"type": "bot", "level": level, "name": f"コンピュータ{i + 1}"})
    return seats


def _record(info: dict[str, Any], match_id: str, seed: int = 7, humans: int = 1) -> dict[str, Any]:
    """A fresh saved record, as the shell stores it."""
    out = json.loads(webapi.dispatch("new_match", json.dumps(
        {"game": info["name"], "seed": seed, "players": _players(info, humans)})))
    record = out["record"]
    record["meta"] = {"id": match_id, "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    return record


def _open(page: Any, site: Any, wait_for_engine: Any, hash_: str = "") -> None:
    page.goto(site.url + (hash_ or "#/"))
    wait_for_engine(page)
    if not hash_:
        page.wait_for_selector(".games[data-state=ready]")


def _storage(page: Any) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


def _put_saves(page: Any, site: Any, wait_for_engine: Any, saves: dict[str, str]) -> None:
    """Store raw save texts (key → text) in the site's localStorage, then open the landing page
    (which reads them as it renders; a page whose engine is up is not reloaded)."""
    if not page.url.startswith(site.url):
        page.goto(site.url + "#/_saves")
    page.evaluate("(saves) => { for (const [k, v] of Object.entries(saves)) localStorage.setItem(k, v); }", saves)
    page.goto(site.url + "#/")
    wait_for_engine(page)
    page.wait_for_selector(".games[data-state=ready]")


def _wait_idle(page: Any) -> None:
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle", timeout=60_000)


PLAY_JS = """async ([max, onlyOne]) => {
  const m = () => window.pygamesMatch;
  const idle = () => new Promise((resolve) => {
    const poll = () => (m() && m().idle ? resolve() : setTimeout(poll, 10));
    poll();
  });
  for (let i = 0; i < max; i++) {
    await idle();
    if (m().covered) document.getElementById('handover-button').click();
    if (m().general.outcome) return i;
    const legal = m().payload.legal;
    if (!legal.length) throw new Error('a person must act but has no legal action');
    await m().act(legal[(i * 7919 + 13) % legal.length]);
    if (onlyOne) return i + 1;
  }
  return -1;
}"""


# --- landing and language --------------------------------------------------------------------
def test_landing_in_japanese_and_english_toggle_is_remembered(warm_page, site, wait_for_engine):
    page = warm_page()
    _open(page, site, wait_for_engine)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#games-h").inner_text() == "ゲーム"
    assert page.locator("#boot").is_hidden()
    listed = page.locator(".game-card").evaluate_all("(els) => els.map((e) => e.dataset.game)")
    assert listed == [g["name"] for g in GAMES]
    for g in GAMES:
        card = page.locator(f'.game-card[data-game="{g["name"]}"]')
        assert g["title"]["ja"] in card.inner_text()
        assert card.locator(f'a[href="#/new/{g["name"]}"]').count() == 1
        assert card.locator(f'a[href="#/rules/{g["name"]}"]').count() == 1

    page.click("#lang-toggle")
    assert page.locator("#games-h").inner_text() == "Games"
    assert page.evaluate("document.documentElement.lang") == "en"
    page.reload()
    wait_for_engine(page)
    page.wait_for_selector(".games[data-state=ready]")
    assert page.locator("#games-h").inner_text() == "Games"
    assert page.locator("#lang-toggle").inner_text() == "日本語"
    for g in GAMES:
        assert g["title"]["en"] in page.locator(f'.game-card[data-game="{g["name"]}"]').inner_text()
    page.click("#lang-toggle")
    assert page.locator("#games-h").inner_text() == "ゲーム"


def test_dates_of_saved_matches_read_as_the_browsers_own_formatting(warm_page, site, wait_for_engine):
    """formatTime writes dates by hand (no Intl on the landing page): the same text as toLocaleString
    for ja-JP and en-GB, for every month, one- and two-digit days and hours, midnight."""
    page = warm_page()
    _open(page, site, wait_for_engine)
    pairs = page.evaluate("""async () => {
      const i18n = await import(new URL('web/shell/i18n.js', document.baseURI).href);
      const opts = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
      const out = [];
      const before = i18n.getLang();
      for (const lang of ['ja', 'en']) {
        i18n.setLang(lang);
        for (let month = 0; month < 12; month++) {
          for (const [day, hour, minute] of [[1, 0, 0], [9, 7, 5], [28, 23, 59]]) {
            const ms = new Date(2026, month, day, hour, minute).getTime();
            out.push([lang, i18n.formatTime(ms), new Date(ms).toLocaleString(lang === 'en' ? 'en-GB' : 'ja-JP', opts)]);
          }
        }
      }
      i18n.setLang(before);
      return out;
    }""")
    assert len(pairs) == 72
    for lang, ours, browsers in pairs:
        if lang == "en" and "Sept" in browsers:  # newer ICU abbreviates September so in en-GB; ours says Sep
            browsers = browsers.replace("Sept", "Sep")
        assert ours == browsers, (lang, ours, browsers)


def test_failed_boot_says_what_failed_and_offers_retry(page, site, guard):
    guard.allow(".")  # the blocked downloads are logged as console errors on purpose
    without_service_worker(page)  # the route must see Python's downloads
    page.route("**/pyodide/**", lambda route: route.abort())
    page.goto(site.url)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'error'", timeout=60_000)
    assert page.locator("#boot-error").inner_text().strip()
    assert page.locator("#boot-title").inner_text() == "起動できませんでした"
    assert page.locator("#games-h").is_visible()  # never a blank page
    assert page.locator("#boot-retry").is_enabled()
    page.unroute("**/pyodide/**")
    with page.expect_navigation():  # 再試行 reloads the page: wait for the new document before asking it
        page.click("#boot-retry")
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=90_000)


def test_update_notice_offers_a_reload(page, site, wait_for_engine):
    _open(page, site, wait_for_engine)
    assert page.locator("#update").is_hidden()
    page.evaluate("() => window.dispatchEvent(new CustomEvent('pygames:update', {detail: {version: 'next'}}))")
    assert "新しい版があります" in page.locator("#update").inner_text()
    assert page.locator("#update-button").inner_text() == "更新"


def test_unknown_route_says_so(warm_page, site, wait_for_engine):
    page = warm_page()
    _open(page, site, wait_for_engine, "#/nowhere/at/all/really")
    assert "ありません" in page.locator(".message").inner_text()
    page.click("text=ホームに戻る")
    page.wait_for_selector("#games-h")


# --- setup -------------------------------------------------------------------------------------
@needs_game
def test_new_match_setup_saves_a_reproducible_match(warm_page, site, wait_for_engine, guard):
    page = warm_page()
    info = _pick_game()
    if not _has_view(info["name"]):
        guard.allow(MISSING_FILE)  # the plain fallback view is used until the game has one
    _open(page, site, wait_for_engine, f"#/new/{info['name']}")
    page.wait_for_selector("#start-match")
    assert page.locator(".seat-row").count() == info["min_seats"]
    page.fill("#seat-0-name", "<b>花子</b>")
    page.fill("#seed", "not a number")
    page.click("#start-match")
    assert "整数" in page.locator("#setup-error").inner_text()
    assert not [k for k in _storage(page) if k.startswith("pygames.match.")]

    page.fill("#seed", "12345")
    page.click("#start-match")
    page.wait_for_url("**#/play/*")
    _wait_idle(page)
    match_id = page.url.split("#/play/")[1]
    saved = json.loads(_storage(page)[f"pygames.match.{match_id}"])
    assert saved["seed"] == 12345
    assert saved["game"] == info["name"]
    assert saved["players"][0] == {"name": "<b>花子</b>", "type": "human"}
    assert all(p["type"] == "bot" for p in saved["players"][1:])
    # The name is shown as text, never as markup.
    assert "<b>花子</b>" in page.locator(".match-players").inner_text()
    assert page.locator(".match-players b").count() == 0
    index = json.loads(_storage(page)["pygames.index"])
    assert [e["id"] for e in index] == [match_id]
    # Same seed, same opening: the engine deals exactly what the saved record says.
    again = json.loads(webapi.dispatch("new_match", json.dumps(
        {"game": info["name"], "seed": 12345, "players": saved["players"], "options": saved["options"]})))["record"]
    assert again["actions"] == saved["actions"][:len(again["actions"])]


# --- bad saves and bad links -------------------------------------------------------------------
def test_corrupt_save_is_reported_on_its_entry_only(warm_page, site, wait_for_engine, guard):
    page = warm_page()
    saves = {"pygames.match.brokenjson1": '{"format": "pygames.match", "schema": 2, "game": '}
    if GAMES:
        info = _pick_game()
        good = _record(info, "goodsave01")
        tampered = _record(info, "tampered01")
        tampered["actions"].append("0:this-is-not-a-legal-action")
        saves["pygames.match.goodsave01"] = json.dumps(good)
        saves["pygames.match.tampered01"] = json.dumps(tampered)
    _put_saves(page, site, wait_for_engine, saves)
    before = _storage(page)
    broken = page.locator('.save[data-id="brokenjson1"]')
    assert "壊れて" in broken.locator(".save-error").inner_text()
    assert broken.locator("text=続ける").count() == 0
    if not GAMES:
        return
    if not _has_view(_pick_game()["name"]):
        guard.allow(MISSING_FILE)
    page.locator('.save[data-id="tampered01"] button', has_text="続ける").click()
    assert "開けません" in page.locator(".message").inner_text()
    page.click("text=ホームに戻る")
    entry = page.locator('.save[data-id="tampered01"]')
    assert "開けません" in entry.locator(".save-error").inner_text()
    after = _storage(page)
    for key in ("pygames.match.goodsave01", "pygames.match.tampered01", "pygames.match.brokenjson1"):
        assert after[key] == before[key]
    page.locator('.save[data-id="goodsave01"] button', has_text="続ける").click()
    page.wait_for_url("**#/play/goodsave01")
    _wait_idle(page)
    assert page.locator("#view-root").is_visible()


def test_latest_unfinished_match_is_offered_above_the_games(warm_page, site, wait_for_engine):
    """A returning player continues in one tap: the newest match not finished (a finished or a damaged one
    newer than it is passed over) sits above the games, even on a phone, where the saved list is far below."""
    if not GAMES:
        return
    page = warm_page(375, 812, phone=True)
    info = _pick_game()
    older, newer = _record(info, "unfinished1"), _record(info, "finished001", seed=8)
    newer["meta"]["updated"] = older["meta"]["updated"] + 60_000
    index = [{"id": "finished001", "game": info["name"], "updated": newer["meta"]["updated"], "finished": True}]
    saves = {"pygames.match.unfinished1": json.dumps(older), "pygames.match.finished001": json.dumps(newer),
             "pygames.match.brokenjson1": "{oops", "pygames.index": json.dumps(index)}
    _put_saves(page, site, wait_for_engine, saves)
    card = page.locator(".resume .resume-card")
    assert card.get_attribute("data-id") == "unfinished1"
    # in the saved list a finished match offers its result, not a match to continue
    assert page.inner_text('.save[data-id="finished001"] button.primary') == "結果を見る"
    assert page.inner_text('.save[data-id="unfinished1"] button.primary') == "続ける"
    assert page.locator(".resume").is_visible()
    assert page.locator(".resume").bounding_box()["y"] < page.locator(".games").bounding_box()["y"]
    assert card.bounding_box()["y"] + card.bounding_box()["height"] < 812  # on the first screen
    card.locator("button", has_text="続ける").click()
    page.wait_for_url("**#/play/unfinished1")
    _wait_idle(page)
    page.evaluate("() => localStorage.removeItem('pygames.match.unfinished1')")
    page.goto(site.url + "#/")
    page.wait_for_selector(".games[data-state=ready]")
    assert page.locator(".resume").is_hidden()  # only finished or damaged matches left: nothing to continue
    assert page.locator('.save[data-id="finished001"]').is_visible()


def test_play_again_on_this_device_keeps_the_seats_names_and_levels(warm_page, site, wait_for_engine):
    """「もう一度遊ぶ」 after a match on this device opens the setup as it was: the same number of seats, the
    person's typed name, the computer at the same level in the same seat, and the options."""
    page = warm_page(375, 812, phone=True)
    players = [{"type": "human", "name": "花子"}, {"type": "bot", "level": "hard", "name": ""},
               {"type": "bot", "level": "easy", "name": ""}, {"type": "human", "name": ""}]
    record = webapi.new_match("motto", options={"start": "4"}, seed=3, players=players)["record"]
    record["meta"] = {"id": "againmotto1", "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    _put_saves(page, site, wait_for_engine, {"pygames.match.againmotto1": json.dumps(record)})
    page.goto(site.url + "#/new/motto/againmotto1")
    page.wait_for_selector("#start-match")
    assert page.input_value("#seat-count") == "4"
    assert page.input_value("#seat-0-name") == "花子"
    assert (page.input_value("#seat-1-type"), page.input_value("#seat-1-level")) == ("bot", "hard")
    assert (page.input_value("#seat-2-type"), page.input_value("#seat-2-level")) == ("bot", "easy")
    assert (page.input_value("#seat-3-type"), page.input_value("#seat-3-name")) == ("human", "")
    assert page.input_value("#opt-start") == str(_choice_index("motto", "start", "4"))
    assert_no_horizontal_overflow(page)


def _motto_to_the_end(seed: int) -> dict[str, Any]:
    """A モットコイン match, the person at seat 0 against two easy computers, played to its end by the
    engine's computer on every seat."""
    players = [{"type": "human", "name": ""}] + [{"type": "bot", "level": "easy", "name": ""}] * 2
    match = Match.from_record(webapi.new_match("motto", seed=seed, players=players, options={"start": "1"})["record"])
    while not match.is_over():
        seat = next(s for s in match.to_move() if s >= 0)
        match.play(seat, match.bot_action(seat, "easy"))
    return json.loads(json.dumps(match.record))


def test_the_saved_list_says_who_won_a_finished_match(warm_page, site, wait_for_engine):
    """A finished match in the saved list says who won, in the result's words (あなたの勝ち /
    コンピュータ3（よわい）の勝ち), and its players with the person as あなた; a match saved before the
    list kept results gets its result once the engine is up. (It said only 終了 and プレイヤー1.)"""
    page = warm_page(375, 812, phone=True)
    played = _motto_to_the_end(5)
    # one match finished on this page: opened one person's action before its end, then played
    cut = _near_the_end(played, "listwin1", moves_left=1)
    # one finished match saved by an older page: its list entry has no result yet
    old = _motto_to_the_end(8)
    old["meta"] = {"id": "listold1", "created": 1_700_000_000_000, "updated": 1_600_000_000_000}
    index = [{"id": "listold1", "game": "motto", "players": old["players"], "updated": 1_600_000_000_000,
              "finished": True, "progress": {"ja": "終了（競り20回）", "en": "Finished (20 auctions)"}}]
    _put_saves(page, site, wait_for_engine, {"pygames.match.listwin1": json.dumps(cut),
                                             "pygames.match.listold1": json.dumps(old), "pygames.index": json.dumps(index)})
    page.goto(site.url + "#/play/listwin1")
    _wait_idle(page)
    assert page.evaluate(PLAY_JS, [MAX_DECISIONS, False]) >= 0, "the match did not end"
    page.wait_for_selector("#outcome:not([hidden])")
    headline = page.inner_text("#outcome h2")
    page.goto(site.url + "#/")
    entry = page.locator('.save[data-id="listwin1"]')
    entry.locator(".save-result").wait_for()
    entry.scroll_into_view_if_needed()
    shot(page, "shell-saved-list-result")
    assert entry.locator(".save-result").inner_text() == headline
    assert entry.locator(".save-players").inner_text() == "あなた・コンピュータ2（よわい）・コンピュータ3（よわい）"
    meta = entry.locator(".save-meta").inner_text()
    assert meta.startswith("終了") and meta.count("終了") == 1, meta  # the badge, then 競り N回
    # the older save: its result comes from the engine, as the match page would say it
    winners = webapi.summary(old)["outcome"]["winners"]
    names = ["あなた" if s == 0 else f"コンピュータ{s + 1}（よわい）" for s in winners]
    page.locator('.save[data-id="listold1"] .save-result').wait_for()
    assert page.inner_text('.save[data-id="listold1"] .save-result') == f"{'・'.join(names)}の勝ち"
    assert "終了（" not in page.inner_text('.save[data-id="listold1"] .save-meta')  # the engine's progress now
    page.click("#lang-toggle")
    en = ["You" if s == 0 else f"Computer {s + 1} (easy)" for s in winners]
    assert page.inner_text('.save[data-id="listold1"] .save-result') == f"{', '.join(en)} won"
    assert page.inner_text('.save[data-id="listwin1"] .save-players').startswith("You, Computer 2 (easy)")
    assert_no_horizontal_overflow(page)


def test_the_replay_of_a_finished_match_ends_with_who_won(warm_page, site, wait_for_engine):
    """At its last step the replay of a finished match says who won and why, under the step bar on a
    phone (it showed the final position with no word of the result); earlier steps do not."""
    page = warm_page(375, 812, phone=True)
    record = _motto_to_the_end(5)
    record["meta"] = {"id": "replayend1", "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    outcome = webapi.summary(record)["outcome"]
    names = ["あなた" if s == 0 else f"コンピュータ{s + 1}（よわい）" for s in outcome["winners"]]
    _put_saves(page, site, wait_for_engine, {"pygames.match.replayend1": json.dumps(record)})
    page.goto(site.url + "#/replay/replayend1")
    page.wait_for_selector("#replay-result:not([hidden])")
    key_moment(page, "shell-replay-end-375", "#replay-result h2", "#replay-bar")
    assert page.inner_text("#replay-result h2") == f"{'・'.join(names)}の勝ち"
    assert page.inner_text("#replay-result .result-reason") == outcome["reason"]["ja"]
    slider = "() => document.getElementById('replay-slider').value"
    page.locator("body").press("ArrowLeft")
    page.wait_for_function(f"{slider} === '{len(record['actions']) - 1}'")
    page.wait_for_selector("#replay-result", state="hidden")
    page.locator("body").press("End")
    page.wait_for_selector("#replay-result:not([hidden])")
    page.click("#lang-toggle")
    en = ["You" if s == 0 else f"Computer {s + 1} (easy)" for s in outcome["winners"]]
    assert page.inner_text("#replay-result h2") == f"{', '.join(en)} won"


def test_a_finished_match_has_no_take_back_to_explain(warm_page, site, wait_for_engine):
    """Over a finished match that nothing can take back, the toolbar has no greyed 待った and no note
    under it (「待ったできません。そのあとで運が決まったので戻せません…」 was the first line above the result)."""
    page = warm_page(375, 812, phone=True)
    record = _motto_to_the_end(5)
    record["meta"] = {"id": "overundo1", "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    _put_saves(page, site, wait_for_engine, {"pygames.match.overundo1": json.dumps(record)})
    page.goto(site.url + "#/play/overundo1")
    page.wait_for_selector("#outcome:not([hidden])")
    _wait_idle(page)
    assert not page.evaluate("() => window.pygamesMatch.payload.can_undo")
    shot(page, "shell-finished-toolbar-375")
    assert page.locator("#undo-button").count() == 0
    assert page.inner_text("#undo-why") == "" and not page.locator("#undo-why").is_visible()  # no empty gap either
    assert page.locator("#share-button").is_visible()  # share, export, replay and home stay


def test_a_saved_match_can_be_given_a_name_of_ones_own(warm_page, site, wait_for_engine):
    """名前を付ける on the saved list: the name (plain text, never markup) heads the entry with the game's
    title beside it, stays after more moves are saved and after a reload, and an empty name gives the
    game's title back. (Three モットコイン matches read alike, told apart only by their dates.)"""
    page = warm_page(375, 812, phone=True)
    info = _pick_game()
    _put_saves(page, site, wait_for_engine, {"pygames.match.named001": json.dumps(_record(info, "named001"))})
    entry = page.locator('.save[data-id="named001"]')
    page.evaluate("() => { const d = document.querySelector('.save[data-id=\"named001\"]'); d.scrollIntoView(); }")
    entry.locator(".save-rename").click()
    name = "<b>花子と決勝</b>"
    page.fill("#rename-named001", name)
    shot(page, "shell-rename-375")
    page.press("#rename-named001", "Enter")
    page.wait_for_selector('.save[data-id="named001"] .save-game')
    assert entry.locator("h3").evaluate("h => h.firstChild.textContent") == name  # as text
    assert entry.locator("h3 b").count() == 0
    assert entry.locator(".save-game").inner_text() == info["title"]["ja"]
    assert page.evaluate("document.activeElement.classList.contains('save-rename')")
    # more moves saved on the match page keep the name
    page.goto(site.url + "#/play/named001")
    _wait_idle(page)
    assert page.evaluate(PLAY_JS, [1, True]) == 1
    _wait_idle(page)
    page.goto(site.url + "#/")
    page.reload()
    wait_for_engine(page)
    page.wait_for_selector('.save[data-id="named001"] .save-game')
    assert entry.locator("h3").evaluate("h => h.firstChild.textContent") == name
    assert page.locator(".resume-card strong").inner_text() == name  # the match to continue says it too
    # an empty name: the game's title again; やめる changes nothing
    entry.locator(".save-rename").click()
    page.click('.save[data-id="named001"] .rename button[type=button]')
    assert entry.locator(".save-game").count() == 1
    entry.locator(".save-rename").click()
    page.fill("#rename-named001", "  ")
    page.click('.save[data-id="named001"] .rename button[type=submit]')
    page.wait_for_selector('.save[data-id="named001"] .save-game', state="detached")
    assert entry.locator("h3").inner_text() == info["title"]["ja"]


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_the_one_person_against_the_computer_is_you_in_engine_lines(warm_page, site, wait_for_engine, locale):
    """Against the computer the person with no typed name is あなた / You in the engine's lines the shell
    shows (the events strip, the result's reason), as in the headline; others keep their names."""
    page = warm_page(375, 812, phone=True, locale=locale)
    page.goto(site.url + "#/")
    wait_for_engine(page)
    got = page.evaluate("""() => Promise.all([import('./web/shell/seats.js'), import('./web/shell/turn.js')]).then(([seats, turn]) => {
      const alone = [{type: 'human', name: ''}, {type: 'bot', level: 'hard', name: ''}];
      const named = [{type: 'human', name: 'Hana'}, {type: 'bot', level: 'hard', name: ''}];
      const strip = turn.eventStrip();
      strip.update({events: [{ply: 3, seat: 1, kind: 'bot', ja: 'プレイヤー1に2枚の課税', en: "Player 1's hand takes 2 cards"},
                             {ply: 4, seat: 0, kind: 'other', ja: 'プレイヤー1が上がりました', en: 'Player 1 went out'}], players: alone});
      return {
        reason: seats.yourText(document.documentElement.lang === 'ja' ? 'プレイヤー1の手札が10枚を超えました' : "Player 1's hand went over 10 cards", alone),
        named: seats.yourText('Player 1 went out / プレイヤー1が上がりました', named),
        strip: [...strip.el.querySelectorAll('li')].map((li) => li.textContent),
      };
    })""")
    if locale == "ja-JP":
        assert got["reason"] == "あなたの手札が10枚を超えました", got
        assert got["strip"][0].endswith("あなたに2枚の課税") and got["strip"][1].startswith("あなた"), got
    else:
        assert got["reason"] == "Your hand went over 10 cards", got
        assert got["strip"][0].endswith("Your hand takes 2 cards") and got["strip"][1].startswith("You"), got
    assert got["named"] == "Hana went out / Hanaが上がりました", got


def _choice_index(game: str, key: str, value: Any) -> int:
    """The position of ``value`` among the choices of ``game``'s option ``key`` (the setup's select values)."""
    info = next(g for g in webapi.games()["games"] if g["name"] == game)
    spec = next(o for o in info["options"] if o["key"] == key)
    return [c["value"] for c in spec["choices"]].index(value)


def _links() -> dict[str, str]:
    record = {"format": "pygames.match", "schema": 2, "game": "nosuchgame", "engine_version": "1",
              "options": {}, "players": [{"name": "a", "type": "human"}], "seed": 1, "actions": [], "meta": {}}
    if GAMES:
        record = _record(_pick_game(), "x" * 8)
    good = linkcodec.encode(record)
    bomb = linkcodec.PREFIX + base64.urlsafe_b64encode(zlib.compress(b" " * 20_000_000, 9)).decode().rstrip("=")
    return {"truncated": good[: len(good) // 2], "garbled": good[:10] + "!!**" + good[14:],
            "bomb": bomb, "not_a_link": "hello", "wrong_game": linkcodec.encode({**record, "game": "nosuchgame"})}


def test_bad_share_links_are_refused_politely(warm_page, site, wait_for_engine):
    page = warm_page()
    keep = {"pygames.match.brokenjson1": "{oops", "pygames.index": "[]"}
    _put_saves(page, site, wait_for_engine, keep)
    before = _storage(page)
    for kind, link in _links().items():
        page.goto(site.url + "#/")
        page.wait_for_selector(".games[data-state=ready]")
        page.goto(site.url + "#m=" + link)
        page.wait_for_selector(".message[role=alert]")
        text = page.locator(".message").inner_text()
        assert "このリンクは開けません" in text, kind
        assert "保存した対局は変わっていません" in text, kind
        assert _storage(page) == before, kind


# --- import / export -----------------------------------------------------------------------------
@needs_game
def test_export_then_import_round_trip(warm_page, site, wait_for_engine, tmp_path):
    page = warm_page()
    info = _pick_game()
    record = _record(info, "exportme01")
    _put_saves(page, site, wait_for_engine, {"pygames.match.exportme01": json.dumps(record)})
    entry = page.locator('.save[data-id="exportme01"]')
    with page.expect_download() as dl:
        entry.locator("button", has_text="書き出し").click()
    path = tmp_path / "export.json"
    dl.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["actions"] == record["actions"]

    entry.locator("button", has_text="削除").click()
    page.locator(".confirm button", has_text="削除する").click()
    assert page.locator('.save[data-id="exportme01"]').count() == 0
    assert "pygames.match.exportme01" not in _storage(page)

    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#import-status.ok")
    saves = [k for k in _storage(page) if k.startswith("pygames.match.")]
    assert len(saves) == 1
    imported = json.loads(_storage(page)[saves[0]])
    assert imported["actions"] == record["actions"] and imported["players"] == record["players"]
    assert page.locator(".save").count() == 1

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "actions": record["actions"] + ["0:nonsense"]}), encoding="utf-8")
    before = _storage(page)
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector("#import-status.error")
    assert "読み込めませんでした" in page.locator("#import-status").inner_text()
    assert _storage(page) == before


def test_import_of_a_non_match_file_is_refused(warm_page, site, wait_for_engine, tmp_path):
    page = warm_page()
    _open(page, site, wait_for_engine)
    bad = tmp_path / "notes.json"
    bad.write_text("これはJSONではありません", encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector("#import-status.error")
    assert "JSON" in page.locator("#import-status").inner_text()
    assert not [k for k in _storage(page) if k.startswith("pygames.match.")]


# --- full storage --------------------------------------------------------------------------------
QUOTA_JS = """() => {
  const original = Storage.prototype.setItem;
  window.__restoreSetItem = () => { Storage.prototype.setItem = original; };
  Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
}"""


@needs_game
def test_quota_exceeded_is_explained_and_loses_nothing(page, site, wait_for_engine, tmp_path, guard):
    info = _pick_game()
    _allow_missing_views(guard)
    record = _record(info, "keepme0001")
    _put_saves(page, site, wait_for_engine, {"pygames.match.keepme0001": json.dumps(record)})
    before = _storage(page)
    path = tmp_path / "other.json"
    path.write_text(json.dumps(_record(info, "another001", seed=99)), encoding="utf-8")
    page.evaluate(QUOTA_JS)
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#import-status.error")
    assert "保存容量がいっぱい" in page.locator("#import-status").inner_text()
    assert _storage(page) == before

    page.goto(site.url + f"#/new/{info['name']}")
    page.wait_for_selector("#start-match")
    page.click("#start-match")
    page.wait_for_selector("#setup-error:not(:empty)")
    assert "保存容量がいっぱい" in page.locator("#setup-error").inner_text()
    assert _storage(page) == before
    page.evaluate("() => window.__restoreSetItem()")


# --- phone width and accessibility -------------------------------------------------------------
def _no_horizontal_scroll(page: Any) -> None:
    assert_no_horizontal_overflow(page)


def test_phone_width_has_no_horizontal_scroll(warm_page, site, wait_for_engine, guard):
    phone = warm_page(375, 740, phone=True)
    _allow_missing_views(guard)
    _put_saves(phone, site, wait_for_engine, {"pygames.match.brokenjson1": "{oops"})
    _no_horizontal_scroll(phone)
    for g in GAMES:
        phone.goto(site.url + f"#/new/{g['name']}")
        phone.wait_for_selector("#start-match")
        _no_horizontal_scroll(phone)
    if GAMES:
        phone.goto(site.url + f"#/new/{_pick_game()['name']}")
        phone.click("#start-match")
        phone.wait_for_url("**#/play/*")
        phone.wait_for_selector("#view-root > *")
        _no_horizontal_scroll(phone)
        phone.click("#share-button")
        phone.wait_for_selector("#share-url")
        _no_horizontal_scroll(phone)
    phone.goto(site.url + "#m=garbage")
    phone.wait_for_selector(".message")
    _no_horizontal_scroll(phone)


def test_axe_landing_and_setup_pages(warm_page, site, wait_for_engine, axe_violations, guard):
    page = warm_page()
    _allow_missing_views(guard)
    _put_saves(page, site, wait_for_engine, {"pygames.match.brokenjson1": "{oops"})
    assert axe_violations(page) == []
    page.click("#lang-toggle")
    assert axe_violations(page) == []
    page.click("#lang-toggle")
    for g in GAMES:
        page.goto(site.url + f"#/new/{g['name']}")
        page.wait_for_selector("#start-match")
        assert axe_violations(page) == [], g["name"]


def _shell_axe(page: Any) -> list[dict[str, Any]]:
    """Serious/critical axe violations of the shell's parts only (the game view is excluded)."""
    from tests.e2e.conftest import AXE_JS
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE_JS.read_text(encoding="utf-8"))
    result = json.loads(page.evaluate(
        "async () => JSON.stringify(await window.axe.run({exclude: [['#view-root']]}))"))
    return [{"id": v["id"], "targets": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def _start_from_setup(page, site, wait_for_engine, info, seed: str) -> None:
    """Start a match of ``info``'s game from its setup screen with ``seed`` (no computer delay)."""
    if page.url.startswith(site.url):  # a warm page: its reset set the delay (init scripts would stay)
        page.evaluate("sessionStorage.setItem('pygames.botDelayMs', '0')")
    else:
        page.add_init_script("sessionStorage.setItem('pygames.botDelayMs', '0')")
    _open(page, site, wait_for_engine, f"#/new/{info['name']}")
    page.wait_for_selector("#start-match")
    page.fill("#seed", seed)
    page.click("#start-match")
    page.wait_for_url("**#/play/*")


# --- a match, start to end ---------------------------------------------------------------------
@needs_game
def test_match_against_the_computer_resume_undo_replay_share(warm_page, site, wait_for_engine, new_page, guard,
                                                             axe_violations):
    page = warm_page()
    info = _pick_game()
    if not _has_view(info["name"]):
        guard.allow(MISSING_FILE)
    _start_from_setup(page, site, wait_for_engine, info, "2024")
    match_id = page.url.split("#/play/")[1]
    _wait_idle(page)
    assert axe_violations(page) == []
    assert page.evaluate(PLAY_JS, [1, True]) in (0, 1)
    _wait_idle(page)
    played = page.evaluate("() => window.pygamesMatch.record.actions.length")
    assert json.loads(_storage(page)[f"pygames.match.{match_id}"])["actions"] == page.evaluate(
        "() => window.pygamesMatch.record.actions")

    page.reload()  # resume
    wait_for_engine(page)
    _wait_idle(page)
    assert page.evaluate("() => window.pygamesMatch.record.actions.length") == played

    if page.locator("#undo-button").is_enabled():
        page.click("#undo-button")
        page.wait_for_function(f"() => window.pygamesMatch.record.actions.length < {played}")
        _wait_idle(page)

    assert page.evaluate(PLAY_JS, [MAX_DECISIONS, False]) >= 0, "the match did not end"
    banner = page.locator("#outcome")
    assert banner.is_visible() and banner.locator("h2").inner_text()
    entry = next(e for e in json.loads(_storage(page)["pygames.index"]) if e["id"] == match_id)
    assert entry["finished"] is True
    # the result panel floats over the page (it may cover the log on a short screen): a player lays it
    # aside with 「盤面を見る」, and the compact result bar stays
    page.click("#result-dismiss")
    assert page.locator("#outcome-bar").is_visible() and not banner.is_visible()
    page.click("#match-log summary")
    page.wait_for_selector(".log-list li")
    plies = len(page.evaluate("() => window.pygamesMatch.record.actions"))
    assert page.locator(".log-list li").count() == plies
    assert _shell_axe(page) == []  # the end screen with the open log (the view has its own tests)

    page.click(f'a[href="#/replay/{match_id}"]')
    page.wait_for_selector("#replay-slider")
    page.click("#replay-first")
    page.wait_for_function("() => document.getElementById('replay-slider').value === '0'")
    page.click("#replay-forward")
    page.wait_for_function("() => document.getElementById('replay-slider').value === '1'")
    assert page.locator("#replay-back").is_enabled()
    assert axe_violations(page) == []

    page.goto(site.url + f"#/play/{match_id}")
    _wait_idle(page)
    page.click("#share-button")
    url = page.locator("#share-url").input_value()
    assert url.startswith(site.url) and "#m=m1." in url
    other = new_page()
    other.goto(url)
    wait_for_engine(other)
    other.wait_for_url("**#/replay/*")  # a finished match opens as a replay
    other.wait_for_selector("#replay-slider")
    stored = [json.loads(v) for k, v in _storage(other).items() if k.startswith("pygames.match.")]
    assert len(stored) == 1 and len(stored[0]["actions"]) == plies


@needs_game
def test_two_people_on_one_device_get_a_hand_over_screen(warm_page, site, wait_for_engine, guard):
    page = warm_page()
    secret = [g for g in GAMES if g["hidden_information"]]
    if not secret:
        pytest.skip("no game with hidden information yet")
    info = sorted(secret, key=lambda g: (not _has_view(g["name"]), g["min_seats"]))[0]
    if not _has_view(info["name"]):
        guard.allow(MISSING_FILE)
    record = _record(info, "twohumans1", humans=info["min_seats"])
    _put_saves(page, site, wait_for_engine, {"pygames.match.twohumans1": json.dumps(record)})
    page.goto(site.url + "#/play/twohumans1")
    page.wait_for_selector("#handover:not([hidden])")
    assert page.locator("#view-root").is_hidden()
    first = page.evaluate("() => window.pygamesMatch.payload.seat")
    assert f"{record['players'][first]['name']}さんの番です" in page.locator("#handover-msg").inner_text()
    page.click("#handover-button")
    assert page.locator("#view-root").is_visible()
    for _ in range(50):  # play until the device must change hands
        page.evaluate(PLAY_JS, [1, True])
        if page.evaluate("() => window.pygamesMatch.covered || !!window.pygamesMatch.general.outcome"):
            break
    if page.evaluate("() => !!window.pygamesMatch.general.outcome"):
        pytest.skip("the match ended before the other person's turn")
    assert page.locator("#handover").is_visible() and page.locator("#view-root").is_hidden()
    assert page.evaluate("() => window.pygamesMatch.payload.seat") != first


# --- language, seat names, the turn display, undo, result, replay (issue 11) -------------------
def test_first_visit_follows_the_browser_language_then_the_choice(new_page, site, wait_for_engine, guard):
    _allow_missing_views(guard)
    page = new_page(locale="en-US")
    _open(page, site, wait_for_engine)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#games-h").inner_text() == "Games"
    assert_no_japanese(page)
    assert_no_placeholder_english(page)
    page.click("#lang-toggle")  # the choice wins over the browser from now on
    page.reload()
    wait_for_engine(page)
    assert page.locator("#games-h").inner_text() == "ゲーム"
    assert_no_placeholder_english(page)


@needs_game
def test_share_link_in_an_english_browser_is_english_with_localised_seats(warm_page, site, wait_for_engine, guard):
    _allow_missing_views(guard)
    info = _pick_game()
    record = _record(info, "unused")
    for p in record["players"]:
        p["name"] = "" if p["type"] == "bot" else p["name"]
    record["players"][0]["name"] = ""  # an untyped name: the localised default
    link = json.loads(webapi.dispatch("encode_link", json.dumps({"record": record})))["link"]
    for width, height in ((1280, 800), (375, 812)):
        page = warm_page(width, height, phone=width < 500, locale="en-US")
        page.goto(site.url + "#m=" + link)
        wait_for_engine(page)
        page.wait_for_url("**#/play/*")
        _wait_idle(page)
        assert page.evaluate("document.documentElement.lang") == "en"
        names = page.evaluate("() => window.pygamesMatch.viewPayload.players.map((p) => p.name)")
        assert names[0] == "Player 1" and all(n.startswith("Computer") for n in names[1:]), names
        # The shell's parts are English (each game's own screen has its own tests); no focus frame
        # around a page opened from a link.
        assert_no_japanese(page, exclude="#view-root")
        assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") in ("none", "")
        shot(page, f"shell-share-link-en-{width}")


@needs_game
def test_setup_stores_only_typed_names_and_undo_says_why(warm_page, site, wait_for_engine, guard):
    page = warm_page()
    info = _pick_game()
    if not _has_view(info["name"]):
        guard.allow(MISSING_FILE)
    _start_from_setup(page, site, wait_for_engine, info, "31")
    _wait_idle(page)
    players = page.evaluate("() => window.pygamesMatch.record.players")
    assert all(p["name"] == "" for p in players), players  # no name typed: none stored
    # the one person against the computer is あなた in the players line, as in the turn line and the result
    assert page.locator(".match-players").inner_text().startswith("あなた・")
    payload = page.evaluate("() => window.pygamesMatch.payload")
    if not payload["can_undo"]:
        # A greyed 待った says why as visible text (no hover tooltip: touch screens never show one),
        # in the current language, and still does after a click.
        assert page.locator("#undo-button").get_attribute("aria-disabled") == "true"
        assert page.locator("#undo-button").get_attribute("title") is None
        assert page.locator("#undo-why").is_visible()
        assert payload["undo_reason"]["ja"] in page.locator("#undo-why").inner_text()
        assert page.locator("#undo-button").get_attribute("aria-describedby") == "undo-why"
        page.click("#undo-button", force=True)  # aria-disabled: Playwright would wait for "enabled"
        assert payload["undo_reason"]["ja"] in page.locator("#undo-why").inner_text()
        page.click("#lang-toggle")
        assert payload["undo_reason"]["en"] in page.locator("#undo-why").inner_text()
        assert page.locator(".match-players").inner_text().startswith("You, ")
        page.click("#lang-toggle")
    page.evaluate(PLAY_JS, [1, True])
    _wait_idle(page)
    after = page.evaluate("() => window.pygamesMatch.viewPayload")
    log = json.loads(webapi.dispatch("log", json.dumps({"record": page.evaluate("() => window.pygamesMatch.record")})))["log"]
    own = max(i for i, e in enumerate(log) if e["seat"] == after["seat"])
    # The payload's events are what happened since the person's own last action (that one first).
    assert [e["ply"] for e in after["events"]] == [e["ply"] for e in log[max(own, len(log) - 6):]]
    strip = page.locator("#turn-events")
    if strip.count() and any(e["kind"] != "self" for e in after["events"]):  # where the view placed it
        assert strip.is_visible() and strip.locator("li").count() == len(after["events"])
    if after["can_undo"]:
        assert page.locator("#undo-button").get_attribute("aria-disabled") is None


def _near_the_end(record: dict[str, Any], match_id: str, moves_left: int = 3) -> dict[str, Any]:
    """``record`` (a finished match) cut back to ``moves_left`` of the people's actions before its
    end, saved anew as ``match_id``."""
    people = {str(i) for i, p in enumerate(record["players"]) if p["type"] == "human"}
    theirs = [i for i, a in enumerate(record["actions"]) if a.split(":", 1)[0] in people]
    assert len(theirs) > moves_left, "the match ended before the person acted enough times"
    cut = {**record, "actions": record["actions"][:theirs[-moves_left]]}
    cut["meta"] = {"id": match_id, "created": 1_700_000_000_000, "updated": 1_700_000_000_000}
    return cut


@needs_game
def test_result_over_the_final_position_and_replay_by_keys_and_move_list(warm_page, site, wait_for_engine, guard):
    _allow_missing_views(guard)
    info = _pick_game()
    played: dict[str, Any] | None = None  # the match the first size played to its end
    for width, height in ((1280, 800), (375, 812)):
        page = warm_page(width, height, phone=width < 500)
        # The whole match is played once; the phone starts a few of the person's moves before its end.
        record = _record(info, f"toend{width}", seed=11) if played is None else _near_the_end(played, f"toend{width}")
        _put_saves(page, site, wait_for_engine, {f"pygames.match.toend{width}": json.dumps(record)})
        page.goto(site.url + f"#/play/toend{width}")
        _wait_idle(page)
        assert page.evaluate(PLAY_JS, [MAX_DECISIONS, False]) >= 0, "the match did not end"
        if played is None:
            played = page.evaluate("() => window.pygamesMatch.record")
        page.wait_for_selector("#outcome:not([hidden])")
        key_moment(page, f"shell-result-{width}", "#outcome h2", "#result-dismiss")
        outcome = page.evaluate("() => window.pygamesMatch.general.outcome")
        if isinstance(outcome.get("scores"), list):  # the shell's score table, or the view's breakdown that shows them
            own = page.locator("#outcome [data-scores=shown]")
            if own.count():  # the view's breakdown (kabu: a row per source of the totals) shows every score
                shown = own.inner_text().replace(",", "")
                assert all(str(score) in shown for score in outcome["scores"]), (outcome["scores"], shown)
            else:
                assert page.locator("#outcome .result-scores tr").count() == len(outcome["scores"])
            assert page.locator("#outcome .result-scores").count() == (0 if own.count() else 1)
        page.click("#result-dismiss")
        assert page.locator("#outcome").is_hidden() and page.locator("#outcome-bar").is_visible()
        page.click("#result-show")
        assert page.locator("#outcome").is_visible()

        page.goto(site.url + f"#/replay/toend{width}")
        page.wait_for_selector("#replay-moves li[data-ply] button")
        plies = page.locator("#replay-moves li[data-ply]").count()
        slider = "() => document.getElementById('replay-slider').value"
        page.locator("body").press("Home")
        page.wait_for_function(f"{slider} === '0'")
        page.locator("body").press("ArrowRight")
        page.wait_for_function(f"{slider} === '1'")
        page.locator("body").press("End")
        page.wait_for_function(f"{slider} === '{plies}'")
        page.locator("body").press("ArrowLeft")
        page.wait_for_function(f"{slider} === '{plies - 1}'")
        page.click('#replay-moves li[data-ply="2"] button')
        page.wait_for_function(f"{slider} === '2'")
        assert page.locator('#replay-moves li.current').get_attribute("data-ply") == "2"
        assert page.locator('#replay-moves li.current button').get_attribute("aria-current") == "step"
        assert_no_horizontal_overflow(page)
        shot(page, f"shell-replay-{width}")


@needs_game
def test_flash_highlights_briefly_and_without_motion_when_asked(warm_page, site, wait_for_engine, guard):
    page = warm_page()
    _allow_missing_views(guard)
    info = _pick_game()
    _put_saves(page, site, wait_for_engine, {"pygames.match.flash1": json.dumps(_record(info, "flash1"))})
    page.goto(site.url + "#/play/flash1")
    _wait_idle(page)
    probe = """async () => {
      const { flash } = await import('./web/shell/turn.js');
      const el = document.getElementById('match-status');
      flash(el, 'gain');
      const cs = getComputedStyle(el);
      return { cls: el.className, animation: cs.animationName, outline: cs.outlineStyle };
    }"""
    moving = page.evaluate(probe)
    assert "pg-flash" in moving["cls"] and moving["animation"] == "pg-flash"
    page.emulate_media(reduced_motion="reduce")
    still = page.evaluate(probe)
    assert still["animation"] == "none" and still["outline"] == "solid"  # a steady mark instead
    page.wait_for_function("() => !document.getElementById('match-status').classList.contains('pg-flash')")
