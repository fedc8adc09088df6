"""Two people on two devices (two browser contexts) play 集大成将棋 by links passed through the page:
each link is read from the send panel of one context and opened in the other. The game has card
draws (every draw's card comes from both devices' values) and ends by resignation; both devices
end with the same finished match. Also: the same link opened twice, an older link opened after a
newer one, a tampered link, a link of another match; screenshots of the send panel with its QR
code and of an incoming link being merged (1280×800 ja, 375×812 en, then the other language)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from tests.e2e.conftest import key_moment, shot, wait_for_engine

IDLE = "() => window.pygamesMatch && window.pygamesMatch.idle && window.pygamesMatch.remote"


def link_of(page: Any) -> str:
    """The link in the send panel once it is up to date with the page's record."""
    page.wait_for_selector("#remote-url")
    page.wait_for_function("""() => {
      const input = document.querySelector('#remote-url');
      return input && input.value.includes('#r=r1.') && input.dataset.actions === String(window.pygamesMatch.record.actions.length);
    }""")
    return str(page.input_value("#remote-url"))


def open_link(page: Any, url: str) -> None:
    """Open a friend's link in this context, as a person would (the page navigates to it)."""
    page.evaluate("() => { window.__before = window.pygamesMatch || null; }")
    page.goto(url)
    page.wait_for_function(IDLE + " && window.pygamesMatch !== window.__before", timeout=60_000)


def status(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("() => window.pygamesMatch.remote"))


def act(page: Any, action: str) -> None:
    page.evaluate("(a) => window.pygamesMatch.act(a)", action)
    page.wait_for_function(IDLE)


def legal(page: Any) -> list[str]:
    return list(page.evaluate("() => window.pygamesMatch.payload.legal"))


def test_cards_game_with_draws_by_links_between_two_devices(warm_page: Any, site: Any) -> None:
    a = warm_page(1280, 800)
    b = warm_page(375, 812, phone=True, locale="en-US")
    a.goto(site.url + "#/new/shogi")
    wait_for_engine(a, timeout_ms=300_000)
    a.click("#setup-mode-remote")
    # one side chooser: the friend match's own (no computer's side, no seed: neither applies)
    a.wait_for_selector("#remote-side")
    assert a.locator("input[data-opt=side]").count() == 0
    assert "コンピュータ" not in a.inner_text("#start-match >> xpath=ancestor::form")
    assert a.locator("#seed").is_hidden()
    a.select_option("select[data-opt=handicap]", "bishop")  # with a handicap, the hint names 上手's seat
    a.wait_for_selector(".sg-sides .sg-hint:has-text('上手')")
    assert "後手の席" in a.inner_text(".sg-sides")
    a.select_option("select[data-opt=handicap]", "none")
    a.click("#setup-mode-local")
    a.wait_for_selector("input[data-opt=side]")  # on this device the side against the computer is asked
    a.click("#setup-mode-remote")
    a.wait_for_selector("input[data-opt=side]", state="detached")
    a.fill("#remote-name", "Aki")
    a.click("#start-match")
    invite = link_of(a)
    assert a.locator("#remote-qr svg path").count() == 1
    key_moment(a, "remote-send-panel-1280-ja", "#remote-qr", "#remote-url")

    # B's device has no match: it takes the free side (後手), reveals its value for the opening draws
    b.goto(invite)
    wait_for_engine(b, timeout_ms=300_000)
    b.wait_for_selector("#remote-join")
    b.fill("#remote-join-name", "Ben")
    b.click("#remote-join")
    b.wait_for_function(IDLE)
    assert status(b)["turn"] == "theirs"
    # no card is drawn yet on B's screen, and its note says only that B's value waits for A's
    b.wait_for_selector("#remote-happened li")
    joined = b.locator("#remote-happened li").all_inner_texts()
    assert len(joined) == 1 and "added its value" in joined[0] and "Checked" not in joined[0], joined
    assert b.evaluate("() => window.pygamesMatch.record.actions.length") == 0
    open_link(a, link_of(b))
    assert status(a)["turn"] == "mine"
    a.wait_for_selector("#remote-happened li")
    key_moment(a, "remote-merged-1280-ja", "#remote-happened")
    setup = a.evaluate("() => window.pygamesMatch.record.actions.filter((x) => x.startsWith('c:'))")
    assert len(setup) >= 3
    # each setup card once per draw, with what became of it, as the board's card panel has it
    lines = a.locator("#remote-happened li").all_inner_texts()
    cards = [x for x in lines if x.startswith("開始時のカード")]
    assert len(cards) == len(setup), lines
    active = a.evaluate("() => window.pygamesMatch.payload.view.cards.active.length")
    discard = a.evaluate("() => window.pygamesMatch.payload.view.cards.discard_count")
    assert sum(x.endswith("：有効") for x in cards) == active, lines
    assert sum("：捨て札へ（" in x for x in cards) == discard, lines
    assert any(f"これらの{len(setup)}枚のカード" in x for x in lines), lines

    script = ["7g7f", "draw", "draw", "3c3d", "draw", "8c8d", "2g2f", "draw", "resign"]
    seen_links: list[str] = []
    back_links: list[str] = []
    shots_taken = False
    for action in script:
        mover = a if status(a)["turn"] == "mine" else b
        other = b if mover is a else a
        options = legal(mover)
        if options and options[0].startswith("draw:"):  # the drawer chooses on/off first
            act(mover, options[0])
            open_link(other, link_of(mover))
            mover, other = other, mover
        if action not in legal(mover):
            action = next(x for x in legal(mover) if x not in ("draw", "resign") and not x.startswith("draw:"))
        act(mover, action)
        link = link_of(mover)
        seen_links.append(link)
        if action == "draw":  # the drawer sees its draw waiting for the friend's value, and whose turn it is
            en = mover.evaluate("() => document.documentElement.lang") == "en"
            pending = mover.inner_text("#sg-move-pending")
            assert ("draws (the card is not decided yet)" if en else "ドロー（カードはまだ決まっていません）") in pending
            assert pending in mover.inner_text(".sg-lastmove")
            assert ("drew: waiting for the card" if en else "がドローしました：カードが決まるのを待っています") in \
                mover.inner_text(".sg-prompt")
            said = mover.inner_text("#match-status")
            assert ("the card is decided when your friend opens this link" if en else "相手がこのリンクを開いて") in said, said
            if mover is b and not shots_taken:
                mover.locator("#sg-move-pending").scroll_into_view_if_needed()
                shot(mover, "remote-drew-375-en")
        open_link(other, link)
        if action == "draw":  # the last revealer sends the card back to the drawer
            assert status(other)["turn"] == "theirs"
            assert "send the link back" in other.inner_text("#match-status").lower() or "送り返す" in other.inner_text("#match-status")
            back = link_of(other)
            back_links.append(back)
            open_link(mover, back)
            assert status(mover)["turn"] == "mine"
            if not shots_taken and mover is b:
                b.wait_for_selector("#remote-happened li")
                key_moment(b, "remote-merged-375-en", "#remote-happened")
                key_moment(a, "remote-send-after-card-1280-ja", "#remote-qr")
                shots_taken = True
    for page in (a, b):
        page.wait_for_function("() => window.pygamesMatch.general.outcome !== null")
        assert status(page)["turn"] == "over"
    ra = a.evaluate("() => window.pygamesMatch.record")
    rb = b.evaluate("() => window.pygamesMatch.record")
    assert ra["actions"] == rb["actions"] and ra["remote"] == rb["remote"]
    assert sum(1 for x in ra["actions"] if x.endswith(":draw")) >= 3
    assert ra["actions"][-1].endswith(":resign")
    # the saved list on each device says the match is over
    a.goto(site.url + "#/")
    a.wait_for_selector(".save-list .save")
    assert "終局" in a.inner_text(".save-list")

    # the same link again, and an older link after a newer one: nothing changes, and the page says so
    before = rb["actions"]
    open_link(b, seen_links[-1])
    assert "already has everything" in b.inner_text("#remote-notes")
    open_link(b, seen_links[0])
    assert b.evaluate("() => window.pygamesMatch.record.actions") == before

    # a tampered link: a card changed inside the link (digest recomputed would still fail the chain)
    body = back_links[0].split("#r=", 1)[1][3:]
    obj = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    cards = [x for x in obj["a"] if x.startswith("c:")]
    assert cards, obj["a"]
    swap = "c:card:NULLIFY" if cards[-1] != "c:card:NULLIFY" else "c:card:FU-tate"
    obj["a"] = [swap if x == cards[-1] else x for x in obj["a"]]
    raw = json.dumps(obj, separators=(",", ":")).encode()
    tampered = site.url + "#r=r1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    b.goto(tampered)
    b.wait_for_selector("p.message[role=alert]")
    assert "refused" in b.inner_text("main")
    assert b.evaluate("() => JSON.parse(localStorage.getItem('pygames.match.' + "
                      "JSON.parse(localStorage.getItem('pygames.index'))[0].id)).actions") == before


def _crafted_invitation(game: str) -> str:
    """An invitation made by a device whose engine skips the check of games played by link."""
    from pygames.core import remote

    check = remote._remote_game
    remote._remote_game = lambda g: g  # type: ignore[assignment]
    try:
        record = remote.new(game, None, ["Mallory", ""], 0, "7a" * 16, "3c" * 32)
        return str(remote.encode(record)["link"])
    finally:
        remote._remote_game = check  # type: ignore[assignment]


def test_hon_by_link_and_links_of_another_match_or_broken(warm_page: Any, site: Any, guard: Any) -> None:
    a = warm_page(1280, 800)
    a.goto(site.url + "#/new/shogi")
    wait_for_engine(a, timeout_ms=300_000)
    a.click("#setup-mode-remote")
    a.click("input[data-opt=ruleset][value=hon]")
    a.click("#start-match")
    a.wait_for_function(IDLE)
    act(a, "7g7f")
    first = link_of(a)
    shot(a, "remote-hon-send-1280-ja")
    b = warm_page(375, 812, phone=True, locale="en-US")
    b.goto(first)
    wait_for_engine(b, timeout_ms=300_000)
    b.click("#remote-join")
    b.wait_for_function(IDLE)
    assert status(b)["turn"] == "mine"
    # the other language at each size: B's send panel (375, en then ja), A merging B's link (1280, en)
    act(b, "3c3d")
    link_b = link_of(b)
    key_moment(b, "remote-send-panel-375-en", "#remote-qr")
    holds = b.inner_text("#remote-send")
    assert "This link holds: 1 move (" in holds and "(s)" not in holds, holds  # counted words, no "move(s)"
    b.click("#lang-toggle")
    b.wait_for_selector("#remote-send-h:has-text('相手に送る')")
    b.locator("#remote-send").scroll_into_view_if_needed()  # the view keeps the board in sight on a re-render
    key_moment(b, "remote-send-panel-375-ja", "#remote-qr")
    # every control of the match's toolbar is on the screen (the friend match has the most of them)
    off = b.evaluate("""() => [...document.querySelectorAll('.toolbar > *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth).map((el) => el.textContent)""")
    assert off == [], off
    a.click("#lang-toggle")
    open_link(a, link_b)
    a.wait_for_selector("#remote-happened li")
    key_moment(a, "remote-merged-1280-en", "#remote-happened")
    act(a, "2g2f")
    key_moment(a, "remote-send-panel-1280-en", "#remote-qr")
    open_link(b, link_of(a))
    b.wait_for_selector("#remote-happened li")
    key_moment(b, "remote-merged-375-ja", "#remote-happened")
    hon_b = b.evaluate("() => window.pygamesMatch.record.meta.id")
    hon_a = a.evaluate("() => window.pygamesMatch.record.meta.id")
    # a second match made on A's device: its link names another match id, so B is asked to join it
    a.goto(site.url + "#/new/shogi")
    a.click("#setup-mode-remote")
    a.click("#start-match")
    a.wait_for_function(IDLE)
    other = link_of(a)
    b.goto(other)
    b.wait_for_selector("#remote-join")
    # a broken link is refused with its reason
    b.goto(site.url + "#r=r1.garbled")
    b.wait_for_selector("p.message[role=alert]")
    assert "リンクを読めません" in b.inner_text("main")
    assert b.inner_text("#message-code") == "理由のコード: remote.bad_link"
    # a crafted invitation to 四時の札遊び (hidden hands) is refused, not offered to join
    b.goto(site.url + "#r=" + _crafted_invitation("shiji"))
    b.wait_for_selector("p.message[role=alert][data-code='remote.unsupported']")
    assert "リンクでは遊べません" in b.inner_text("main") and b.locator("#remote-join").count() == 0
    assert "渡ってしまいます。この端末の対局は何も変わっていません。" in b.inner_text("main")  # one sentence each
    shot(b, "remote-crafted-shiji-refused-375-ja")

    # offline after the first visit: the server stops, B reloads its match from the service worker,
    # resigns, and A (offline too) merges B's link: the 本将棋 game ends alike on both devices
    for page in (a, b):
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    site.stop()
    try:
        guard.allow(r"Failed to (load resource|fetch|register|update)|ERR_CONNECTION_REFUSED|ServiceWorker")
        b.goto(site.url + "#/play/" + hon_b)
        b.reload()
        wait_for_engine(b, timeout_ms=300_000)
        b.wait_for_function(IDLE)
        assert "resign" in legal(b)
        act(b, "resign")
        last = link_of(b)
        a.goto(site.url + "#/play/" + hon_a)
        a.reload()
        wait_for_engine(a, timeout_ms=300_000)
        open_link(a, last)
        for page in (a, b):
            page.wait_for_function("() => window.pygamesMatch.general.outcome !== null")
        ra = a.evaluate("() => window.pygamesMatch.record")
        rb = b.evaluate("() => window.pygamesMatch.record")
        assert ra["actions"] == rb["actions"] and ra["actions"][-1].endswith(":resign")
    finally:
        site.start()


def _hon_between_phones(warm_page: Any, site: Any) -> tuple[Any, Any]:
    """A (375 ja) creates 本将棋 by link and plays 7g7f; B (375 en) joins and plays 3c3d; A opens it."""
    a = warm_page(375, 812, phone=True)
    b = warm_page(375, 812, phone=True, locale="en-US")
    a.goto(site.url + "#/new/shogi")
    a.click("#setup-mode-remote")
    a.click("input[data-opt=ruleset][value=hon]")
    a.click("#start-match")
    a.wait_for_function(IDLE)
    act(a, "7g7f")
    b.goto(link_of(a))
    b.click("#remote-join")
    b.wait_for_function(IDLE)
    act(b, "3c3d")
    open_link(a, link_of(b))
    return a, b


def _ask_by_link(a: Any, b: Any, button: str, said: str, answer: str) -> None:
    """A asks (``button``; its note says ``said``) and sends; B opens it: B's ``answer`` button is up
    and there is no link to send yet."""
    a.click(button)
    a.wait_for_selector(f"#remote-note:has-text('{said}')")
    held = {"#remote-offer-draw": "引き分けの申し出", "#remote-ask-undo": "待ったの申し出"}[button]
    a.wait_for_selector(f"#remote-contains:has-text('{held}')")  # the link says it carries the request
    open_link(b, link_of(a))
    b.wait_for_selector(answer)
    assert b.locator("#remote-send").count() == 0


def test_a_request_is_answered_before_anything_is_sent_and_the_answer_is_said(warm_page: Any, site: Any) -> None:
    """A friend's draw offer or take-back request: the phone that holds it asks for an answer first
    (no link to send yet: it would carry nothing new), and after answering says what it answered
    (the request is no longer shown as the news) and whether to send now or with the next move."""
    a, b = _hon_between_phones(warm_page, site)
    # whose turn, from this phone's side (it said 'プレイヤー1さんの番です' for a player who typed no name)
    assert a.inner_text("#match-status") == "あなたの番です。指すと、相手に送るリンクができます。"
    act(a, "2g2f")
    _ask_by_link(a, b, "#remote-offer-draw", "引き分けを申し出ました", "#remote-decline-draw")
    assert "Answer your friend's request (Accept or Decline), or move" in b.inner_text("#match-status")
    key_moment(b, "remote-draw-offer-375-en", "#remote-decline-draw")
    b.click("#remote-decline-draw")
    b.wait_for_selector("#remote-note:has-text('You declined the draw offer')")
    assert "your next move" in b.inner_text("#remote-note")
    assert b.locator("#remote-happened").count() == 0  # the offer is no longer shown as the news
    act(b, "8c8d")
    assert b.locator("#remote-note").count() == 0
    open_link(a, link_of(b))
    assert "引き分けの申し出は断られました" in a.inner_text("#remote-happened")
    # a take-back of A's move: accepting it makes it A's turn again, so B sends the answer at once
    act(a, "2f2e")
    _ask_by_link(a, b, "#remote-ask-undo", "待ったを頼みました", "#remote-accept-undo")
    b.click("#lang-toggle")
    b.wait_for_selector("#match-status:has-text('相手の申し出に「受ける」か「断る」で答えるか')")
    b.click("#remote-accept-undo")
    b.wait_for_selector("#remote-note:has-text('待ったを受けました')")
    assert "リンクを送って" in b.inner_text("#remote-note")
    assert b.locator("#remote-happened").count() == 0
    key_moment(b, "remote-undo-accepted-375-ja", "#remote-note")
    assert "待ったを受ける返事" in b.inner_text("#remote-contains")
    b.click("#lang-toggle")  # the note follows the language
    b.wait_for_selector("#remote-note:has-text('You accepted the take-back')")
    open_link(a, link_of(b))
    assert status(a)["turn"] == "mine"
    assert a.evaluate("() => window.pygamesMatch.record.actions.at(-1)") == "1:8c8d"


def test_the_end_is_sent_by_the_phone_that_ended_it_and_not_again(warm_page: Any, site: Any) -> None:
    """The phone that resigns is told to send the link so the match ends on the friend's phone too;
    the friend's phone, which the link ended, has nothing to send back (no send panel)."""
    a, b = _hon_between_phones(warm_page, site)
    act(a, "resign")
    a.wait_for_function("() => window.pygamesMatch.general.outcome !== null")
    assert "リンクを送ると、相手の端末でも終局になります" in a.inner_text("#match-status")
    end = link_of(a)
    a.locator("#remote-send").scroll_into_view_if_needed()
    shot(a, "remote-resigned-send-375-ja")
    open_link(b, end)
    b.wait_for_function("() => window.pygamesMatch.general.outcome !== null")
    # the phone's own person (no name typed) is You in the result, as against the computer; the friend a player
    assert b.inner_text("#result-h") == "You won" and a.inner_text("#result-h") == "プレイヤー2の勝ち"
    assert status(b)["turn"] == "over" and status(b)["synced"] is True
    assert b.locator("#remote-send").count() == 0
    assert "send the link" not in b.inner_text("#match-status").lower()
    shot(b, "remote-ended-by-link-375-en")


def test_no_computer_help_during_a_match_by_link_until_it_ends(warm_page: Any, site: Any) -> None:
    """During a match by link neither phone can consult the computer: 検討 and 次の一手 stay in sight,
    switched off, and pressing one says why under the buttons (the engine says the match is by link:
    payload.engine_help); once the match is over they are back, and 検討 analyses."""
    a, b = _hon_between_phones(warm_page, site)
    for page, said in ((a, "友だちとの対局中は使えません"), (b, "Not during a match with a friend")):
        assert page.evaluate("() => window.pygamesMatch.viewPayload.by_link") is True
        for tool in (".sg-study-analysis", ".sg-study-puzzles"):
            assert page.get_attribute(tool, "aria-disabled") == "true", tool
        page.click(".sg-study-puzzles", force=True)  # aria-disabled: pressable, explains itself
        page.wait_for_selector(f"#sg-help-off:has-text('{said}')")  # under the buttons, where the finger is
        page.click(".sg-study-analysis", force=True)
        assert page.locator(".sg-analysis, .sg-puzzles, .sg-study-close").count() == 0
    key_moment(b, "remote-no-help-375-en", ".sg-study-analysis", "#sg-help-off")
    act(a, "resign")
    open_link(b, link_of(a))
    for page in (a, b):
        page.wait_for_function("() => window.pygamesMatch.general.outcome !== null")
        page.wait_for_selector(".sg-study-analysis:not([aria-disabled])")
        assert page.locator(".sg-controls .sg-study-review").count() == 1
    b.click("#result-dismiss")
    b.click(".sg-study-analysis")
    b.wait_for_selector(".sg-analysis")
    b.click(".sg-analysis [data-step='-1']")  # the position before the resignation: the engine's candidates
    b.wait_for_selector(".sg-candidates li", timeout=120_000)


def test_play_again_after_a_match_by_link_is_with_the_friend_in_one_step(warm_page: Any, site: Any) -> None:
    """「もう一度遊ぶ」 after a match by link opens the setup with a friend again (it opened on this
    device), 本将棋 and the phone's own side kept: the rematch is one tap on 「対局開始」."""
    a, b = _hon_between_phones(warm_page, site)
    act(a, "resign")
    open_link(b, link_of(a))
    for page, side in ((a, "0"), (b, "1")):
        page.wait_for_function("() => window.pygamesMatch.general.outcome !== null")
        page.click("#result-again")
        page.wait_for_selector("#remote-setup:not([hidden])")
        assert page.is_checked("#setup-mode-remote")
        assert page.is_checked("input[data-opt=ruleset][value=hon]")
        assert page.input_value("#remote-side") == side
    key_moment(b, "remote-rematch-setup-375-en", "#setup-mode", "#remote-setup")
    a.click("#start-match")
    a.wait_for_function(IDLE)
    record = a.evaluate("() => window.pygamesMatch.record")
    assert record["remote"] and record["options"]["ruleset"] == "hon" and record["meta"]["remote_seat"] == 0
    assert status(a)["turn"] == "mine"


def test_the_games_played_by_link_are_the_engines_word(warm_page: Any, site: Any) -> None:
    """The setup offers 「友だちと（リンクで）」 for the games whose info (webapi.games) says ``by_link``:
    one list, the engine's (core/remote.py GAMES); the page keeps none of its own."""
    page = warm_page(1280, 800)
    flip = """(on) => import('./web/shell/engine.js').then((m) => m.games()).then((games) => {
      games.find((g) => g.name === 'shogi').by_link = on; })"""
    page.goto(site.url + "#/new/shogi")
    page.wait_for_selector("#setup-mode-remote")
    page.goto(site.url + "#/_fresh")
    page.evaluate(flip, False)
    try:
        page.goto(site.url + "#/new/shogi")
        page.wait_for_selector("#start-match")
        assert page.locator("#setup-mode, #remote-setup").count() == 0
    finally:
        page.evaluate(flip, True)
