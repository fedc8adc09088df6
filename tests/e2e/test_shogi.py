"""集大成将棋 through the real UI in headless Chromium (fixtures from tests/e2e/conftest.py).

The test player picks its moves from what the view offers (pieces marked ``data-movable``, the
highlighted targets of a selected piece), with a seeded tie-break, so every run plays the same
game: a card game against the computer with a draw and a promotion, a reload in the middle, until
a king is taken; a 本将棋 game played with the keyboard, exported as KIF and imported again; the
card gallery and editor; and an axe scan of each screen.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import assert_no_horizontal_overflow, axe_violations, key_moment, wait_for_engine

SEED = 3
"""Match seed of the card game (the computer's moves and the deck follow from it)."""
PICK_SEED = 5
"""Seed of the test player's tie-breaks."""
MAX_TURNS = 60
"""Turns the test player may take before the card game must have ended."""
RELOAD_AT = 4
"""Turn after which the page is reloaded to check that the match resumes."""

VALUE = {"FU": 1, "KY": 3, "KE": 3, "GI": 5, "KI": 6, "KA": 8, "HI": 10, "TO": 6, "NY": 6, "NK": 6, "NG": 6,
         "UM": 12, "RY": 14, "OU": 1000}


# --- helpers ------------------------------------------------------------------------------
def xy(sq: str) -> tuple[int, int]:
    return int(sq[0]), "abcdefghi".index(sq[1]) + 1


def plies(page: Any) -> str:
    return page.evaluate("() => document.querySelector('.sg-view').dataset.plies")


def wait_change(page: Any, before: str) -> None:
    page.wait_for_function("(b) => { const v = document.querySelector('.sg-view'); return v && v.dataset.plies !== b; }",
                           arg=before, timeout=60_000)


def wait_turn(page: Any) -> str:
    """Wait until the person may act (or the game is over): 'move', 'choice' or 'over'."""
    page.wait_for_function(
        """() => document.querySelector('[data-movable]')
              || document.querySelector('.sg-pending button[data-action]:not([disabled])')
              || document.querySelector('.sg-over')""", timeout=60_000)
    if page.query_selector(".sg-over"):
        return "over"
    if page.query_selector(".sg-pending button[data-action]:not([disabled])"):
        return "choice"
    return "move"


def start_match(page: Any, site: Any, *, hon: bool = False, seed: int = SEED) -> None:
    """New match from the setup screen: seat 2 is the computer (easy)."""
    page.goto(site.url + "#/new/shogi")
    wait_for_engine(page)
    page.wait_for_selector(".sg-setup input[data-opt=ruleset]")
    if hon:
        page.check(".sg-setup input[data-opt=ruleset][value=hon]")
    page.select_option("#seat-1-type", "bot")
    page.select_option("#seat-1-level", "easy")
    page.fill("#seed", str(seed))
    page.click("#start-match")
    page.wait_for_selector(".sg-board")


def best_move(page: Any, rng: random.Random) -> tuple[str, str, str]:
    """From the targets the view offers for each movable piece, prefer taking the king, captures,
    promotions, then getting close to the enemy king. Returns (from, to, promotion mark)."""
    info = page.evaluate("""() => {
      const me = document.querySelector('[data-movable]').dataset.owner;
      const king = document.querySelector(`[data-piece=OU]:not([data-owner="${me}"])`);
      const pieces = {};
      for (const b of document.querySelectorAll('.sg-sq[data-piece]')) pieces[b.dataset.sq] = b.dataset.piece;
      return {king: king ? king.dataset.sq : null, pieces,
              movable: [...document.querySelectorAll('[data-movable]')].map((b) => [b.dataset.sq, b.dataset.targets])};
    }""")
    kx, ky = xy(info["king"]) if info["king"] else (5, 1)
    best = None
    for sq, targets in info["movable"]:
        assert targets, f"a piece marked movable ({sq}) offers no target"
        for target in targets.split():
            to, promo = target[:2], target[2:]
            x, y = xy(to)
            score = (VALUE.get(info["pieces"].get(to), 0) * 10 + (30 if promo else 0)
                     - max(abs(x - kx), abs(y - ky)) + rng.random())
            if best is None or score > best[0]:
                best = (score, sq, to, promo)
    assert best is not None
    return best[1], best[2], best[3]


# --- tests ---------------------------------------------------------------------------------
def test_card_game_against_computer(warm_page: Any, site: Any) -> None:
    """Draw (on), promote through the dialog, reload and resume, play on until a king is taken."""
    page = warm_page()
    start_match(page, site)
    assert page.locator(".sg-cards .sg-card").count() == 3, "the 2019 setup makes three cards active"
    assert page.locator(".sg-card .sg-grid").count() >= 3, "each active card's move is drawn on a grid"
    rng = random.Random(PICK_SEED)
    drew = promoted = reloaded = False
    turns = 0
    while True:
        state = wait_turn(page)
        if state == "over":
            break
        before = plies(page)
        if state == "choice":
            actions = [b.get_attribute("data-action")
                       for b in page.query_selector_all(".sg-pending button[data-action]:not([disabled])")]
            page.click(f'.sg-pending button[data-action="{"draw:on" if "draw:on" in actions else actions[-1]}"]')
            wait_change(page, before)
            continue
        turns += 1
        assert turns <= MAX_TURNS, "the card game did not end"
        if turns == RELOAD_AT and not reloaded:
            moves_before = page.locator(".sg-move-list li.sg-move").all_text_contents()
            page.reload()
            wait_for_engine(page)
            page.wait_for_selector(".sg-board")
            assert plies(page) == before, "the reloaded match is at the same move"
            assert page.locator(".sg-move-list li.sg-move").all_text_contents() == moves_before
            reloaded = True
            continue
        if not drew:
            deck = page.locator(".sg-deck-count").text_content()
            page.click("[data-action=draw]")
            wait_change(page, before)
            drew = True
            page.wait_for_selector(".sg-pending")
            assert page.locator(".sg-pending .sg-card").count() == 1, "the drawn card is shown"
            assert page.locator(".sg-deck-count").text_content() != deck
            continue
        frm, to, promo = best_move(page, rng)
        page.click(f'[data-sq="{frm}"]')
        assert page.locator(f'[data-sq="{to}"].sg-target').count() == 1, "the picked target is highlighted"
        unsafe = page.get_attribute(f'[data-sq="{to}"]', "data-unsafe") == "1"
        page.click(f'[data-sq="{to}"]')
        if promo == "?":
            dialog = page.locator(".sg-dialog[role=dialog]")
            assert dialog.is_visible(), "an optional promotion asks 成 or 不成"
            dialog.locator("[data-promote=yes]").click()
            promoted = True
        elif promo == "+":
            promoted = True
        if unsafe:  # a move leaving the king open asks first (ruling 1: legal, but the screen warns)
            assert "王が取られる" in page.locator(".sg-dialog[role=dialog] .sg-warn").text_content()
            assert plies(page) == before, "nothing is played before the warning is confirmed"
            page.click(".sg-dialog [data-confirm=unsafe]")
        wait_change(page, before)
    assert drew and promoted and reloaded
    over = page.locator(".sg-over").text_content()
    assert "玉を取" in over or "king" in over.lower(), over
    moves = " ".join(page.locator(".sg-move-list li.sg-move").all_text_contents())
    assert "ドロー" in moves and "成" in moves
    assert not page.query_selector("[data-movable]"), "no moves are offered after the end"
    page.click(".sg-export summary")
    page.click("[data-export=sfen]")
    page.wait_for_function("() => document.querySelector('.sg-export-text').value.includes('\"active\"')")
    sfen, _cards = page.locator(".sg-export-text").input_value().split("\n", 1)
    assert len(sfen.split()) == 4 and sfen.split()[0].count("/") == 8, sfen
    assert axe_violations(page) == []


def test_hon_keyboard_kif_roundtrip(warm_page: Any, site: Any, tmp_path: Any) -> None:
    """本将棋: play with the arrow keys and Enter, refuse an illegal move with the engine's reason,
    export KIF, import it as a new match with the same moves."""
    page = warm_page()
    start_match(page, site, hon=True, seed=11)
    assert page.locator(".sg-cards").count() == 0
    assert page.locator("[data-action=draw]").count() == 0
    # keyboard: cursor starts on 5e (nothing moved yet); go to 7g, pick, up once, place
    page.focus('[data-sq="5e"]')
    for key in ("ArrowDown", "ArrowDown", "ArrowLeft", "ArrowLeft"):
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.sq") == "7g"
    page.keyboard.press("Enter")
    assert page.locator('[data-sq="7f"].sg-target').count() == 1
    page.keyboard.press("Escape")
    assert page.locator(".sg-target").count() == 0, "Escape cancels the pick"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    before = plies(page)
    page.keyboard.press("Enter")
    wait_change(page, before)
    wait_turn(page)
    # an illegal pick is explained by the engine
    page.click('[data-sq="2h"]')
    page.click('[data-sq="2c"]')
    assert page.locator(".sg-message-error").text_content().strip() != ""
    page.keyboard.press("Escape")
    # one more move by mouse
    before = plies(page)
    page.click('[data-sq="2g"]')
    page.click('[data-sq="2f"]')
    wait_change(page, before)
    wait_turn(page)
    moves = page.locator(".sg-move-list li.sg-move").all_text_contents()
    assert len(moves) == 4 and moves[0].startswith("▲７六歩")

    page.click(".sg-export summary")
    with page.expect_download() as dl:
        page.click("[data-export=kif]")
    path = tmp_path / "game.kifu"
    dl.value.save_as(path)
    kif = path.read_text(encoding="utf-8")
    assert "７六歩" in kif and "２六歩" in kif
    # the players as the screen names them, not the empty names of seats nobody typed a name for
    shown = page.evaluate("() => window.pygamesMatch.viewPayload.players.map((p) => p.name)")
    assert f"先手：{shown[0]}\n" in kif and f"後手：{shown[1]}\n" in kif and all(shown), (shown, kif[:300])

    old_hash = page.evaluate("location.hash")
    page.fill(".sg-import-text", kif)
    page.click("[data-import=go]")
    page.wait_for_function("(old) => location.hash.startsWith('#/play/') && location.hash !== old"
                           " && document.querySelector('.sg-move-list')", arg=old_hash, timeout=60_000)
    page.wait_for_selector(".sg-board")
    assert page.locator(".sg-move-list li.sg-move").all_text_contents() == moves
    # text that is no record is refused with a message and changes nothing
    page.click(".sg-export summary")
    page.fill(".sg-import-text", "手数----指手---------消費時間--\n   1 ５五歩\n")
    page.click("[data-import=go]")
    page.wait_for_selector(".sg-import-msg.sg-message-error")
    assert re.search(r"\[shogi\.[a-z_.]+\]$", page.locator(".sg-import-msg").text_content())
    assert page.locator(".sg-move-list li.sg-move").all_text_contents() == moves, "nothing changed"
    assert axe_violations(page) == []
    # the shell's language switch redraws the view in English
    page.click("#lang-toggle")
    page.wait_for_function("() => !/[\\u3040-\\u9fff]/.test(document.querySelector('.sg-title').textContent)")
    assert page.locator(".sg-move-list li.sg-move").first.text_content().startswith("P-7")


UNSAFE_SFEN = "k4r3/9/9/9/9/9/9/9/4K4 b - 1"
"""A card game where the 後手 rook on 4a guards the 4 file: ▲5i-4i / 4h leave the king open."""


def test_unsafe_move_asks_first(warm_page: Any, site: Any) -> None:
    """A move leaving the king capturable is marked on the board and asks before it is played."""
    page = warm_page()
    from pygames import webapi

    people = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]
    record = webapi.new_match("shogi", {"ruleset": "cards", "sfen": UNSAFE_SFEN}, 7, people)
    record = record.get("record", record)
    page.goto(site.url + "#m=" + webapi.encode_link(record)["link"])
    wait_for_engine(page)
    page.wait_for_selector("[data-movable]")
    page.click('[data-sq="5i"]')
    assert page.locator("[data-unsafe='1'].sg-target-unsafe").count() == 2
    assert "王が取られる" in page.get_attribute('[data-sq="4i"]', "aria-label")
    assert page.get_attribute('[data-sq="6i"]', "data-unsafe") is None
    before = plies(page)
    page.click('[data-sq="4i"]')
    dialog = page.locator(".sg-dialog[role=dialog]")
    assert dialog.locator(".sg-warn").text_content() == "この手では王が取られる状態になります。指しますか？"
    assert axe_violations(page) == []
    dialog.locator("[data-cancel]").click()
    assert page.locator(".sg-dialog").count() == 0 and plies(page) == before, "cancel plays nothing"
    page.click('[data-sq="4i"]')  # the king is still picked after cancelling
    page.click(".sg-dialog [data-confirm=unsafe]")
    wait_change(page, before)
    assert page.get_attribute('[data-sq="4i"]', "data-piece") == "OU"


def test_cards_page_and_editor(warm_page: Any, site: Any) -> None:
    """Gallery of the basic set; a user card is checked by the engine, saved, and offered at setup."""
    page = warm_page()
    page.goto(site.url + "#/page/shogi/cards")
    wait_for_engine(page)
    page.wait_for_selector(".sg-gallery .sg-card[data-card=KE-hachiho]")
    assert page.locator(".sg-gallery .sg-card").count() == 16, "15 designs and Nullify"
    copies = [int(x.rstrip("枚")) for x in page.locator(".sg-gallery .sg-copies").all_text_contents()]
    assert sum(copies) == 32, copies
    assert page.locator(".sg-gallery .sg-card[data-card=KE-hachiho] .sg-grid-leap").count() == 8
    assert page.locator(".sg-gallery .sg-card[data-card=HI-honno] .sg-grid-slide").count() == 8
    # an empty name is refused with the engine's message
    page.click("[data-leap='1,2']")
    page.click("[data-editor=save]")
    page.wait_for_selector(".sg-ed-msg.sg-message-error")
    assert "名前" in page.locator(".sg-ed-msg").text_content()
    assert page.locator(".sg-saved .sg-card").count() == 0
    page.fill("[data-field=name]", "跳ね歩")
    page.click("[data-slide='0,1']")
    page.click("[data-editor=save]")
    page.wait_for_selector(".sg-saved .sg-card")
    card = page.locator(".sg-saved .sg-card").first
    assert "跳ね歩" in card.text_content()
    assert card.locator(".sg-grid-leap").count() == 1 and card.locator(".sg-grid-slide").count() == 1
    assert axe_violations(page) == []
    # the setup form offers it (read back from storage); a set-up game with it active starts with that card
    page.goto(site.url + "#/new/shogi")
    page.wait_for_selector(".sg-setup [data-include]")
    page.check(".sg-setup [data-include]")
    page.check(".sg-setup input[data-opt=variant][value=setup]")
    page.check(".sg-setup [data-active^=user-]")
    assert axe_violations(page) == []
    page.fill("#seed", "1")
    page.click("#start-match")
    page.wait_for_selector(".sg-board")
    assert "跳ね歩" in page.locator(".sg-cards").text_content()
    assert page.locator("[data-action=draw]").count() == 0, "no drawing in the set-up variant"
    assert axe_violations(page) == []


def test_phone_width(warm_page: Any, site: Any) -> None:
    """At 375 px the board, hands, cards and controls fit without horizontal scrolling."""
    phone = warm_page(375, 740, phone=True)
    start_match(phone, site)
    assert_no_horizontal_overflow(phone)
    box = phone.locator(".sg-board").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375
    phone.goto(site.url + "#/rules/shogi")
    phone.wait_for_selector("text=集大成将棋 の遊び方")
    assert_no_horizontal_overflow(phone)


def test_board_turns_to_the_person_playing_gote(warm_page: Any, site: Any) -> None:
    """One person playing 後手 sees their own camp at the bottom; the flip button turns it back."""
    page = warm_page()
    from pygames import webapi

    players = [{"name": "", "type": "bot", "level": "easy"}, {"name": "B", "type": "human"}]
    record = webapi.new_match("shogi", {"ruleset": "hon"}, 7, players)["record"]
    page.goto(site.url + "#m=" + webapi.encode_link(record)["link"])
    wait_for_engine(page)
    page.wait_for_selector("[data-sq]")
    first = lambda: page.locator("[data-sq]").first.get_attribute("data-sq")
    assert first() == "1i", "後手's camp (rank 九 of 先手's view) is at the bottom"
    page.click(".sg-flip")
    page.wait_for_function("document.querySelector('[data-sq]').dataset.sq === '9a'")
    assert page.get_attribute(".sg-flip", "aria-pressed") == "false"


# --- the whole position in the window; nothing moves the board ----------------------------------
RESULTS = Path(__file__).resolve().parents[2] / "test-results"
"""Screenshots for reviewers (gitignored)."""

SIZES = [(1280, 800), (375, 812)]
POSITION_PARTS = {"board": ".sg-board", "top hand": ".sg-hand-top", "bottom hand": ".sg-hand-bottom",
                  "prompt": ".sg-prompt", "last move": ".sg-lastmove"}
CARD_PARTS = {"active cards": ".sg-active-cards", "deck counts": ".sg-counts", "draw button": "[data-action=draw]"}


def shot(page: Any, name: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"shogi-{name}.png"))


def outside(page: Any, parts: dict[str, str]) -> list[str]:
    """The parts not wholly inside the viewport (or missing), with their boxes."""
    bad = []
    for name, sel in parts.items():
        box = page.evaluate("""(s) => { const e = [...document.querySelectorAll(s)].find((x) => x.getClientRects().length);
            if (!e) return null; const r = e.getBoundingClientRect();
            return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: innerWidth, h: innerHeight}; }""", sel)
        if box is None or box["x"] < 0 or box["y"] < 0 or box["r"] > box["w"] + 0.5 or box["b"] > box["h"] + 0.5:
            bad.append(f"{name}: {box}")
    return bad


def board_box(page: Any) -> tuple[float, ...]:
    b = page.locator(".sg-board").bounding_box()
    return (round(b["x"]), round(b["y"]), round(b["width"]), round(b["height"]))


def card_record() -> dict[str, Any]:
    """A card game (person ▲ against the computer) a few turns in, the person to move and free to draw."""
    from pygames import webapi

    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"}]
    record = webapi.new_match("shogi", {"ruleset": "cards"}, SEED, players)["record"]
    for _ in range(40):
        view = webapi.view(record, 0)
        if 0 in view["to_move"] and "draw" in view["legal"] and view["view"]["ply"] >= 6:
            return record
        seat = view["to_move"][0]
        record = webapi.apply(record, seat, webapi.bot_action(record, seat, "easy")["action"])["record"]
    raise AssertionError("no position where the person may draw")


def open_link(page: Any, site: Any, record: dict[str, Any]) -> None:
    from pygames import webapi

    page.goto(site.url + "#m=" + webapi.encode_link(record)["link"])
    wait_for_engine(page)
    page.wait_for_selector(".sg-board")
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle")


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_position_fits_and_the_board_stays(warm_page: Any, site: Any, size: tuple[int, int]) -> None:
    """Board, both hands, active cards, deck counts, prompt and last move are inside the window; drawing
    a card, choosing, the computer's reply and the result all leave the board where it was."""
    width, height = size
    page = warm_page(width, height, phone=width < 500)
    open_link(page, site, card_record())
    page.wait_for_selector("[data-movable]")
    parts = {**POSITION_PARTS, **CARD_PARTS}
    assert outside(page, parts) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"{width}-ja-cards")
    before = board_box(page)
    page.click("[data-movable]")  # picking a piece shows its targets and the leap/slide legend in place
    assert page.locator(".sg-target").count() > 0 and board_box(page) == before
    page.keyboard.press("Escape")
    plies = page.evaluate("document.querySelector('.sg-view').dataset.plies")
    page.click("[data-action=draw]")
    page.wait_for_selector(".sg-pending button[data-action]:not([disabled])")
    assert board_box(page) == before, "showing the drawn card moved the board"
    assert outside(page, {"drawn card": ".sg-pending", **POSITION_PARTS}) == []
    shot(page, f"{width}-ja-drawn")
    page.click("[data-pending=hide]")  # fold the card away to look at the board, then back
    assert page.locator(".sg-pending").count() == 0 and board_box(page) == before
    page.click("[data-pending=show]")
    page.wait_for_selector(".sg-pending button[data-action]:not([disabled])")
    choice = page.locator(".sg-pending button[data-action]:not([disabled])").first.get_attribute("data-action")
    page.click(f'.sg-pending button[data-action="{choice}"]')
    page.wait_for_function("(p) => document.querySelector('.sg-view').dataset.plies !== p && window.pygamesMatch.idle"
                           " && document.querySelector('[data-movable]')", arg=plies, timeout=60_000)
    assert board_box(page) == before, "the card choice or the computer's reply moved the board"
    assert outside(page, parts) == []
    last = page.locator(".sg-lastmove").text_content()
    assert last.startswith("最終手：△") and len(last) > 5, last

    page.click("#lang-toggle")
    page.wait_for_function("() => document.querySelector('.sg-lastmove').textContent.startsWith('Last move')")
    assert outside(page, parts) == []
    assert not re.search(r"[\u3040-\u30ff]", page.locator(".sg-play").inner_text()), page.locator(".sg-play").inner_text()
    shot(page, f"{width}-en-cards")
    before = board_box(page)
    page.click(".sg-resign")
    page.click(".sg-dialog [data-confirm=resign]")
    page.wait_for_selector("#outcome:not([hidden])")
    assert board_box(page) == before, "the end of the game moved the board"
    # one result display: the shell's panel over the final position, with the view's breakdown
    assert outside(page, {"result": "#outcome", **POSITION_PARTS}) == []
    assert page.locator("#outcome #result-h").text_content().endswith(" won")
    assert page.locator("#outcome .sg-result-side").text_content() == "Gote won"
    assert page.locator("#outcome-bar").is_hidden()
    shot(page, f"{width}-en-over")
    page.click("#result-dismiss")  # put away: the compact banner floats, the board stays
    page.wait_for_selector("#outcome-bar:not([hidden]) #result-show")
    over = page.locator(".sg-prompt").text_content()  # the engine's reason once, in brackets (no "Game over: …: …")
    assert over.startswith("Game over (") and over.count(":") <= 1, over
    assert board_box(page) == before, "putting the result away moved the board"


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_hon_position_fits(warm_page: Any, site: Any, size: tuple[int, int]) -> None:
    """本将棋 is titled 本将棋 and its position fits the window too."""
    from pygames import webapi

    width, height = size
    page = warm_page(width, height, phone=width < 500)
    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"}]
    record = webapi.new_match("shogi", {"ruleset": "hon"}, 5, players)["record"]
    for seat, action in enumerate(("7g7f", "3c3d", "8h2b+", "3a2b")):  # a bishop exchange: each holds a bishop
        record = webapi.apply(record, seat % 2, action)["record"]
    open_link(page, site, record)
    assert page.locator(".sg-title").text_content() == "本将棋"
    if "title" in webapi.view(record, 0)["view"]:  # the engine names the match: the shell's heading too
        assert page.locator(".match-title").text_content() == "本将棋"
    assert outside(page, POSITION_PARTS) == []
    assert page.locator(".sg-hand-top [data-hand='1-KA']").count() == 1
    assert page.locator(".sg-hand-bottom [data-hand='0-KA']").count() == 1
    shot(page, f"{width}-ja-hon")
    if "title" in webapi.view(record, 0)["view"]:  # and the saved-match list on the home page
        page.goto(site.url + "#/")
        page.wait_for_selector(".save-list h3")
        assert page.locator(".save-list h3").first.text_content() == "本将棋"


KIF_JA = """# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----
開始日時：2026/12/01 10:00:00
手合割：平手
先手：山田
後手：佐藤
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ３四歩(33)   ( 0:01/00:00:02)
   3 ２六歩(27)   ( 0:01/00:00:03)
"""
"""A short record as Kifu for Windows writes it; saved as Shift_JIS (cp932) like most .kif files."""


def test_shift_jis_kif_file_and_move_list(warm_page: Any, site: Any) -> None:
    """A Shift_JIS .kif picked with the file input opens as a new match; a move in the list shows that
    position, ←/→ step through the game and Escape comes back."""
    page = warm_page()
    start_match(page, site, hon=True, seed=11)
    page.click(".sg-export summary")
    old_hash = page.evaluate("location.hash")
    page.set_input_files(".sg-import-file", files=[{"name": "game.kif", "mimeType": "application/octet-stream",
                                                    "buffer": KIF_JA.encode("cp932")}])
    page.wait_for_function("(old) => location.hash.startsWith('#/play/') && location.hash !== old", arg=old_hash,
                           timeout=60_000)
    page.wait_for_selector(".sg-move-list li.sg-move")
    assert page.locator(".sg-move-list li.sg-move").all_text_contents()[:3] == ["▲７六歩", "△３四歩", "▲２六歩"]
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle")
    assert page.get_attribute('[data-sq="2f"]', "data-piece") == "FU"
    page.click('.sg-move-list li[data-ply="1"]')
    page.wait_for_selector(".sg-view.sg-previewing")
    assert page.get_attribute('[data-sq="7f"]', "data-piece") == "FU"
    assert page.get_attribute('[data-sq="3d"]', "data-piece") is None, "after move 1, 後手's pawn is still home"
    assert "1手目" in page.locator(".sg-prompt").text_content()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('[data-sq=\"3d\"]').dataset.piece === 'FU'")
    assert page.get_attribute('[data-sq="2f"]', "data-piece") is None
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.sg-view.sg-previewing')")
    assert page.get_attribute('[data-sq="2f"]', "data-piece") == "FU"
    assert axe_violations(page) == []


def test_import_error_is_coded_beside_the_field(warm_page: Any, site: Any) -> None:
    """Text that is no record is refused next to the field, with its code, in the current language."""
    page = warm_page()
    start_match(page, site, hon=True, seed=11)
    page.click(".sg-export summary")
    page.fill(".sg-import-text", "これは棋譜ではありません")
    page.click("[data-import=go]")
    page.wait_for_selector(".sg-import-msg.sg-message-error")
    text = page.locator(".sg-import-msg").text_content()
    assert re.search(r"\[shogi\.[a-z_.]+\]$", text), text
    assert page.locator(".sg-import-msg").get_attribute("id") == page.locator(".sg-import-text").get_attribute("aria-describedby")


ILLEGAL_KIF = """手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ５五歩(57)
"""
"""Move 3 is illegal (a pawn moves one square)."""


def test_illegal_record_loads_up_to_the_foul(warm_page: Any, site: Any) -> None:
    """A record with an illegal move opens with the moves before it, and the engine's notice is shown."""
    page = warm_page()
    start_match(page, site, hon=True, seed=11)
    page.click(".sg-export summary")
    old_hash = page.evaluate("location.hash")
    page.fill(".sg-import-text", ILLEGAL_KIF)
    page.click("[data-import=go]")
    page.wait_for_function("(old) => location.hash.startsWith('#/play/') && location.hash !== old", arg=old_hash,
                           timeout=60_000)
    page.wait_for_selector(".sg-move-list li.sg-move")
    assert page.locator(".sg-move-list li.sg-move").all_text_contents() == ["▲７六歩", "△３四歩"]
    notice = page.locator(".sg-prompt").text_content()
    assert "3手目" in notice and "[shogi.import.illegal_move]" in notice, notice
    assert outside(page, {"notice": ".sg-prompt", **POSITION_PARTS}) == []


def test_refused_draw_says_why(warm_page: Any, site: Any) -> None:
    """In check a draw is refused: the button says why when pressed, and nothing is played."""
    page = warm_page()
    from pygames import webapi

    people = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]
    record = webapi.new_match("shogi", {"ruleset": "cards", "sfen": "k8/9/9/9/9/9/9/4r4/4K4 b - 1"}, 7, people)["record"]
    open_link(page, site, record)
    assert "王手" in page.locator(".sg-prompt").text_content()
    before = plies(page)
    page.click("[data-action=draw]", force=True)  # aria-disabled: pressable, explains itself
    page.wait_for_selector(".sg-prompt.sg-message-error")
    assert "[shogi.draw.in_check]" in page.locator(".sg-prompt").text_content()
    assert page.get_attribute("[data-action=draw]", "aria-disabled") == "true" and plies(page) == before
    assert page.locator(".sg-in-check[data-sq='5i']").count() == 1, "the king in check is marked"


# --- key moments of a match at both sizes, in both languages (issue 11) --------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_key_moments(warm_page: Any, site: Any, size: tuple[int, int], lang: str) -> None:
    """First prompt, the drawn-card dialog, the computer's reply (the shell's events strip beside the
    board) and the end: prompt and primary action in the window, no Japanese in English mode but
    the piece glyphs and card names (marked translate="no"), screenshots for a reviewer."""
    width, height = size
    page = warm_page(width, height, phone=width < 500, locale="en-US" if lang == "en" else "ja-JP")  # bot delay 0
    open_link(page, site, card_record())
    page.wait_for_selector("[data-movable]")
    assert page.evaluate("document.documentElement.lang") == lang
    name = f"shogi-{width}-{lang}"
    key_moment(page, f"{name}-1-prompt", ".sg-prompt", "[data-action=draw]", ".sg-board")
    before = board_box(page)
    plies_before = plies(page)
    page.click("[data-action=draw]")
    page.wait_for_selector(".sg-pending button[data-action]:not([disabled])")
    choice = ".sg-pending button[data-action]:not([disabled])"
    key_moment(page, f"{name}-2-dialog", ".sg-pending", choice, ".sg-prompt")
    page.locator(choice).first.click()
    page.wait_for_function("(p) => document.querySelector('.sg-view').dataset.plies !== p && window.pygamesMatch.idle"
                           " && document.querySelector('[data-movable]')", arg=plies_before, timeout=60_000)
    # the computer's reply is in the shell's events strip, where the eye is, and its square lights up
    page.wait_for_selector(".sg-view #turn-events .turn-bot:last-child")
    key_moment(page, f"{name}-3-computer", ".sg-prompt", ".sg-view #turn-events .turn-bot:last-child", ".sg-board")
    assert board_box(page) == before, "the events strip moved the board"
    page.click(".sg-resign")
    page.wait_for_selector(".sg-dialog [data-confirm=resign]")
    page.click(".sg-dialog [data-confirm=resign]")
    page.wait_for_selector("#outcome:not([hidden])")
    key_moment(page, f"{name}-4-end", "#outcome", "#result-dismiss", ".sg-prompt")
    assert board_box(page) == before, "the result moved the board"


DECLARE_SFEN = "+R+B1GKG3/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/9/4k4 b R2Sp 1"
"""先手's king in the enemy camp with 13 pieces there and 28 points: 入玉宣言 holds."""


def test_entering_king_declaration(warm_page: Any, site: Any, tmp_path: Any) -> None:
    """A position where 入玉宣言 holds, opened from an imported SFEN: the screen offers the declaration, asks
    first, and the game ends as a win by declaration, written 入玉勝ち in the KIF."""
    page = warm_page()
    start_match(page, site, hon=True, seed=11)
    page.click(".sg-export summary")
    old_hash = page.evaluate("location.hash")
    page.fill(".sg-import-text", f"sfen {DECLARE_SFEN}")
    page.click("[data-import=go]")
    page.wait_for_function("(old) => location.hash.startsWith('#/play/') && location.hash !== old", arg=old_hash,
                           timeout=60_000)
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle")
    button = page.locator("[data-action=declare]")
    button.wait_for()
    assert button.text_content() == "入玉宣言"
    page.screenshot(path=str(tmp_path / "declare-offered.png"))
    button.click()
    dialog = page.locator(".sg-dialog[role=dialog]")
    assert "入玉宣言の条件を満たしています" in dialog.text_content()
    assert axe_violations(page) == []
    dialog.locator("[data-cancel]").click()
    assert page.locator(".sg-dialog").count() == 0 and page.locator(".sg-over").count() == 0, "cancel declares nothing"
    button.click()
    page.click(".sg-dialog [data-confirm=declare]")
    page.wait_for_selector(".sg-over")
    assert "入玉" in page.locator(".sg-over").text_content()
    assert page.locator("[data-action=declare]").count() == 0
    page.screenshot(path=str(tmp_path / "declare-done.png"))


# --- the shell's replay of a shogi match (review 2) ---------------------------------------------
def inside(page: Any, sel: str) -> bool:
    return page.evaluate("""(s) => { const e = document.querySelector(s); if (!e) return false; const r = e.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; }""", sel)


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_replay_board_as_large_as_in_play(warm_page: Any, site: Any, size: tuple[int, int]) -> None:
    """The replay's board is as large as the match's (not shrunk under the shell's controls); the step
    buttons and the whole board are in the window together (a phone too), before and after a step; the
    hands' names are on one line, whole in their title (コンピュータ was broken as コンピュー／タ)."""
    from pygames import webapi

    width, height = size
    page = warm_page(width, height, phone=width < 500)
    players = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"}]
    record = webapi.new_match("shogi", {"ruleset": "hon"}, 5, players)["record"]
    for seat, action in enumerate(("7g7f", "3c3d", "2g2f", "8c8d")):
        record = webapi.apply(record, seat % 2, action)["record"]
    open_link(page, site, record)
    played = page.locator(".sg-board").bounding_box()["width"]
    match_id = page.evaluate("window.pygamesMatch.record.meta.id")
    page.goto(site.url + f"#/replay/{match_id}")
    page.wait_for_selector("#replay-slider")
    page.wait_for_function("() => document.querySelector('.sg-view .sg-board') && document.querySelector('.sg-view').dataset.fit")
    page.click("#replay-first")
    at = "(n) => document.getElementById('replay-slider').value === String(n) && document.querySelector('.sg-ply').textContent === n + '手'"
    page.wait_for_function(at, arg=0)
    try:
        page.wait_for_function("(w) => document.querySelector('.sg-board').getBoundingClientRect().width >= w * 0.97", arg=played,
                               timeout=5_000)
    except Exception as err:
        wide = page.locator(".sg-board").bounding_box()["width"]
        raise AssertionError(f"replay board {wide} px wide, {played} px in play") from err
    for step in range(2):
        shot(page, f"{width}-replay-{step}")
        for sel in ("#replay-forward", "#replay-back", ".sg-board", ".sg-hand-top", ".sg-hand-bottom"):
            assert inside(page, sel), f"{sel} is not in the window with the board (step {step})"
        page.click("#replay-forward")
        page.wait_for_function(at, arg=step + 1)
    names = page.evaluate("""() => [...document.querySelectorAll('.sg-hand-name')].map((e) => {
        const r = document.createRange(); r.selectNodeContents(e);
        return [e.textContent, e.title, r.getClientRects().length]; })""")
    assert names and all(title == text and lines == 1 for text, title, lines in names), names
    # the person's hand says あなた, as the turn line does (it said プレイヤー1 beside あなたの番です)
    assert sorted(n[0] for n in names) == ["あなた", "コンピュータ"], names
    assert_no_horizontal_overflow(page)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_phone_card_chips_show_whole_names(warm_page: Any, site: Any, lang: str) -> None:
    """Four active cards on a phone: the chips under the board show each card's whole name (two to a
    row, wrapping at words), none cut to a stub like 鉄… / Iro…."""
    from tests.e2e.test_shogi_study import card_record as four_cards

    page = warm_page(375, 812, phone=True, locale="en-US" if lang == "en" else "ja-JP")
    open_link(page, site, four_cards())
    chips = page.evaluate("""() => [...document.querySelectorAll('.sg-strip .sg-chip')].map((c) => {
        const n = c.querySelector('.sg-chip-name'); const r = n.getBoundingClientRect(), s = c.closest('.sg-strip').getBoundingClientRect();
        return [n.textContent, c.title, n.scrollWidth <= n.clientWidth, r.right <= s.right + 0.5 && r.bottom <= s.bottom + 0.5]; })""")
    assert len(chips) == 4, chips
    assert all(text == title and fits and shown for text, title, fits, shown in chips), chips
    if lang == "en":
        assert "Free-king dragon" in [c[0] for c in chips]
    assert outside(page, {**POSITION_PARTS, "active cards": ".sg-active-cards", "deck counts": ".sg-counts"}) == []
    assert_no_horizontal_overflow(page)
    shot(page, f"375-{lang}-four-chips")


@pytest.mark.parametrize("size,lang", [((375, 812), "en"), ((1280, 800), "ja")], ids=["phone-en", "desktop-ja"])
def test_setup_legends_labels_and_links(warm_page: Any, site: Any, size: tuple[int, int], lang: str) -> None:
    """The new-match form: no two fieldsets share a legend (the card variant's is its own, not a second
    遊び方), the 反則負けあり box is on a line of its own under the links, and the 駒落ち / Handicap label
    is one line beside its select (it broke as Handica／p on a phone)."""
    width, height = size
    page = warm_page(width, height, phone=width < 500, locale="en-US" if lang == "en" else "ja-JP")
    page.goto(site.url + "#/new/shogi")
    wait_for_engine(page)
    page.wait_for_selector(".sg-setup input[data-opt=ruleset]")
    page.check(".sg-setup input[data-opt=ruleset][value=cards]")  # the form may remember 本将棋 from before
    page.wait_for_selector(".sg-setup input[data-opt=foul_loss]")
    legends = page.locator("legend").all_inner_texts()
    assert len(legends) == len(set(legends)), legends
    links = page.locator(".sg-setup-links").bounding_box()
    foul = page.locator(".sg-setup input[data-opt=foul_loss]").bounding_box()
    assert foul["y"] >= links["y"] + links["height"], (links, foul)
    for ruleset, title in (("cards", ("集大成将棋", "Shūtaisei")), ("hon", ("本将棋", "Shogi"))):
        page.check(f".sg-setup input[data-opt=ruleset][value={ruleset}]")
        # the heading names the match the options make: 本将棋 once it is chosen
        assert page.locator("#setup-h").inner_text().startswith(title[lang == "en"]), ruleset
        lines = page.evaluate("""() => { const l = document.querySelector('.sg-setup label[for^=sg-handicap]');
            const r = document.createRange(); r.selectNodeContents(l); return r.getClientRects().length; }""")
        assert lines == 1, f"the handicap label is on {lines} lines ({ruleset})"
    assert_no_horizontal_overflow(page)
