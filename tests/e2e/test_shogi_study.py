"""The shogi study tools through the real UI (issue 27): a handicap game against the computer with the
person's side chosen at setup; a finished game reviewed in the worker (progress, graph, a marked
blunder with its better move on the board, counts), stopped and resumed; analysis with candidates and
a branch kept; the blunder as a puzzle solved; screenshots at both sizes in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import assert_in_viewport, assert_no_horizontal_overflow, shot, wait_for_engine

# A seeded game (easy ▲ against normal △, seed 3, 24 plies) in which ▲'s 21st move 8h3c+ gives the bishop
# away: a review at the view's budget marks it 悪手 (tests/engines/shogi/test_review.py checks marks).
ACTIONS = ["0:7i7h", "1:8b9b", "0:2h3h", "1:9b5b", "0:3h1h", "1:9a9b", "0:3i4h", "1:1a1b", "0:1h3h", "1:3a4b",
           "0:1i1h", "1:7a6b", "0:6i6h", "1:2b3a", "0:7g7f", "1:5c5d", "0:3h3i", "1:2c2d", "0:7h6i", "1:6c6d",
           "0:8h3c+", "1:2a3c", "0:4g4f", "1:8c8d"]
SIZES = [(1280, 800), (375, 812)]


def study_record() -> dict[str, Any]:
    from pygames import webapi
    players = [{"name": "", "type": "human"}, {"name": "", "type": "human"}]
    record = webapi.new_match("shogi", {"ruleset": "hon"}, 3, players)["record"]
    for raw in ACTIONS:
        seat, action = raw.split(":")
        record = webapi.apply(record, int(seat), action)["record"]
    return record


_REVIEWED: list[dict[str, Any]] = []


def reviewed() -> dict[str, Any]:
    """The view's saved review of the study game after ▲ resigned, worked out by the engine."""
    if not _REVIEWED:
        from pygames import webapi
        from pygames.core.match import Match
        from pygames.shogi import review
        record = webapi.apply(study_record(), 0, "resign")["record"]
        match = Match.from_record(record)
        total = len(review.positions(match))
        positions = review.review_positions(match, 0, 8, 8000)["positions"]
        while len(positions) < total:
            positions += review.review_positions(match, len(positions), 8, 8000)["positions"]
        result = review.judge(match, positions)
        _REVIEWED.append({"v": 1, "n": len(record["actions"]), "nodes": 8000, "positions": positions, "total": total,
                          "result": result})
    return _REVIEWED[0]


def open_link(page: Any, site: Any, record: dict[str, Any]) -> None:
    from pygames import webapi
    page.goto(site.url + "#m=" + webapi.encode_link(record)["link"])
    wait_for_engine(page)
    page.wait_for_selector(".sg-board", timeout=90_000)
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle", timeout=90_000)


def resign(page: Any) -> None:
    page.click(".sg-resign")
    page.click(".sg-dialog [data-confirm=resign]")
    page.wait_for_selector("#outcome:not([hidden])")
    dismiss = page.query_selector("#result-dismiss")
    if dismiss and dismiss.is_visible():
        dismiss.click()


def test_handicap_game_with_side_choice(warm_page: Any, site: Any) -> None:
    """二枚落ち, the person as 下手: the computer (上手, 後手) moves first from the handicap position."""
    page = warm_page()  # its bot delay is 0
    page.goto(site.url + "#/new/shogi")
    wait_for_engine(page)
    page.check(".sg-setup input[data-opt=ruleset][value=hon]")
    page.select_option(".sg-setup select[data-opt=handicap]", "two")
    page.check(".sg-setup input[data-opt=side][value=sente]")
    page.select_option("#seat-1-type", "bot")
    page.select_option("#seat-1-level", "easy")
    page.fill("#seed", "5")
    page.click("#start-match")
    page.wait_for_selector("[data-movable]", timeout=60_000)
    record = page.evaluate("window.pygamesMatch.record")
    assert record["options"]["handicap"] == "two"
    assert record["players"][0]["type"] == "human" and record["players"][1]["type"] == "bot"
    assert record["actions"][0].startswith("1:"), "上手 moved first"
    # 上手 has no rook and no bishop on the board
    assert page.locator(".sg-sq[data-owner='1'][data-piece=HI], .sg-sq[data-owner='1'][data-piece=KA]").count() == 0
    assert page.locator(".sg-handicap").inner_text() == "二枚落ち"
    shot(page, "shogi-study-handicap-1280-ja")


def test_person_as_gote_against_the_computer(warm_page: Any, site: Any) -> None:
    page = warm_page()  # its bot delay is 0
    page.goto(site.url + "#/new/shogi")
    wait_for_engine(page)
    page.check(".sg-setup input[data-opt=ruleset][value=hon]")
    page.check(".sg-setup input[data-opt=side][value=gote]")
    page.select_option("#seat-1-type", "bot")
    page.fill("#seed", "5")
    page.click("#start-match")
    page.wait_for_selector("[data-movable]", timeout=60_000)
    record = page.evaluate("window.pygamesMatch.record")
    assert record["players"][0]["type"] == "bot" and record["players"][1]["type"] == "human"
    assert record["actions"][0].startswith("0:"), "the computer as 先手 moved first"


def test_review_analysis_and_puzzle(warm_page: Any, site: Any) -> None:
    page = warm_page()
    open_link(page, site, study_record())
    # a game between two people: analysis is offered during play
    page.click(".sg-study-analysis")
    page.wait_for_selector(".sg-candidates li", timeout=120_000)
    assert page.locator(".sg-evalbar-fill").count() == 1
    first = page.get_attribute(".sg-candidates [data-move]", "data-move")
    page.click(f".sg-candidates [data-move='{first}']")
    page.wait_for_selector("[data-branch=keep]", timeout=60_000)
    page.click("[data-branch=keep]")
    page.wait_for_selector(".sg-branches li")
    assert page.evaluate("window.pygamesMatch.record.actions.length") == len(ACTIONS), "a branch never changes the record"
    page.click(".sg-study-close")
    resign(page)
    # review: start, stop after some progress, resume to the end
    page.click(".sg-controls .sg-study-review")
    page.click("[data-review=start]")
    page.wait_for_function("() => { const p = document.querySelector('.sg-review-progress progress'); return p && Number(p.value) >= 4; }",
                           timeout=180_000)
    page.click("[data-review=stop]")
    page.wait_for_selector("[data-review=start]", timeout=60_000)
    stopped = int(page.get_attribute(".sg-review-progress progress", "value"))
    assert stopped < len(ACTIONS) + 1
    page.click("[data-review=start]")
    page.wait_for_selector(".sg-review-counts", timeout=600_000)
    assert page.locator(".sg-graph polyline").count() == 1
    assert page.locator(".sg-review-counts td[data-seat='0'][data-kind=blunder]").inner_text() != "0"
    page.click(".sg-review-marks .sg-k-blunder button >> nth=0")
    page.wait_for_selector(".sg-review-note .sg-review-better")
    assert page.locator(".sg-hint-to").count() == 1, "the better move is shown on the board"
    assert page.locator(".sg-move-list .sg-mark-blunder").count() >= 1
    saved = page.evaluate("window.pygamesMatch.record.meta.shogi_review")
    assert saved and saved["result"]["counts"]["0"]["blunder"] >= 1
    # the panel says where the review is kept, and it is so: a share link carries the moves only
    assert "共有リンクには入りません" in page.locator(".sg-review-kept").inner_text()
    from pygames import webapi
    link = webapi.encode_link(page.evaluate("window.pygamesMatch.record"))["link"]
    assert "shogi_review" not in webapi.decode_link(link)["record"].get("meta", {})
    assert_no_horizontal_overflow(page)
    shot(page, "shogi-study-review-1280-ja")
    # the blunder is now a puzzle: a wrong answer, then the better move
    page.click(".sg-study-puzzles")
    page.click(".sg-puzzle-list button >> nth=0")
    page.wait_for_selector("[data-movable]", timeout=60_000)
    puzzle = page.evaluate("JSON.parse(localStorage.getItem('pygames.game.shogi.puzzles'))[0]")
    better = puzzle["better"]
    frm, to = better[:2], better[2:4]
    assert "*" not in better
    page.click(f".sg-sq[data-sq='{frm}']")
    page.click(f".sg-sq[data-sq='{to}']")
    if page.query_selector("[data-promote=yes]"):
        page.click("[data-promote=yes]" if better.endswith("+") else "[data-promote=no]")
    page.wait_for_selector(".sg-puzzle-right", timeout=120_000)
    assert "1 /" in page.locator(".sg-puzzle-count").inner_text()


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_study_screens(warm_page: Any, site: Any, size: tuple[int, int], lang: str) -> None:
    """Screenshots of the review with a marked blunder and of the analysis bar, at both sizes."""
    width, height = size
    page = warm_page(width, height, phone=width < 500, locale="en-US" if lang == "en" else "ja-JP")
    record = study_record()
    open_link(page, site, record)
    page.click(".sg-study-analysis")
    page.wait_for_selector(".sg-candidates li", timeout=180_000)
    shot(page, f"shogi-study-analysis-{width}-{lang}")
    assert_no_horizontal_overflow(page)
    # the review itself is run in test_review_analysis_and_puzzle: here it is put in the save's meta
    # (as the view keeps it) from the engine, and the match opened again from its save (by its link, as
    # a player's bookmark would: no reload, the engine stays up)
    page.click(".sg-study-close")
    resign(page)
    match_id = page.evaluate("""(r) => { const id = window.pygamesMatch.record.meta.id; const k = 'pygames.match.' + id;
        const s = JSON.parse(localStorage.getItem(k)); s.meta.shogi_review = r; localStorage.setItem(k, JSON.stringify(s));
        return id; }""", reviewed())
    page.goto(site.url + "#/_leave")
    page.goto(site.url + f"#/play/{match_id}")
    page.wait_for_selector(".sg-board", timeout=90_000)
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle")
    page.click(".sg-controls .sg-study-review")
    page.wait_for_selector(".sg-review-counts", timeout=60_000)
    page.click(".sg-review-marks .sg-k-blunder button >> nth=0")
    page.wait_for_selector(".sg-review-note")
    shot(page, f"shogi-study-review-{width}-{lang}")
    page.evaluate("document.querySelector('.sg-review').scrollIntoView()")
    shot(page, f"shogi-study-review-panel-{width}-{lang}")
    assert_no_horizontal_overflow(page)
    # a handicap game (香落ち, the person as 下手 against the computer as 上手), a few moves in
    from pygames import webapi
    people = [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": "easy"}]
    hrec = webapi.new_match("shogi", {"ruleset": "hon", "handicap": "lance"}, 4, people)["record"]
    for action in ("5a4b", "7g7f", "3c3d"):
        seat = int(hrec["actions"][-1][0]) ^ 1 if hrec["actions"] else 1
        hrec = webapi.apply(hrec, seat, action)["record"]
    open_link(page, site, hrec)
    assert page.locator(".sg-handicap").count() == 1
    shot(page, f"shogi-study-handicap-{width}-{lang}")


def test_clock_ends_the_game_on_time(page: Any, site: Any) -> None:
    """秒読み10秒 against the computer: the page's clock is moved past ten seconds on the person's turn,
    and the game ends as 切れ負け (time driven by Playwright's clock, no waiting)."""
    page.clock.install()
    page.add_init_script("sessionStorage.setItem('pygames.botDelayMs', '0')")
    page.goto(site.url + "#/new/shogi")
    wait_for_engine(page)
    page.check(".sg-setup input[data-opt=ruleset][value=hon]")
    page.select_option(".sg-setup select[data-opt=clock]", "0+10")
    page.select_option("#seat-1-type", "bot")
    page.fill("#seed", "5")
    page.click("#start-match")
    page.wait_for_selector("[data-movable]", timeout=60_000)
    assert page.locator(".sg-clock-active[data-seat='0']").count() == 1
    page.clock.fast_forward(5_000)
    page.wait_for_function("() => !document.querySelector('.sg-view [data-phase=over], .sg-view[data-phase=over]')")
    assert page.evaluate("window.pygamesMatch.record.actions.length") == 0, "five seconds: still in time"
    page.clock.fast_forward(6_000)
    page.wait_for_function("() => document.querySelector('.sg-view').dataset.phase === 'over'", timeout=60_000)
    record = page.evaluate("window.pygamesMatch.record")
    assert record["actions"][-1] == "0:timeout"
    assert record["options"]["clock"] == {"main": 0, "byoyomi": 10}
    assert "時間切れ" in page.locator(".sg-prompt").inner_text()


def test_branch_exported_as_kif_and_imported_again(warm_page: Any, site: Any) -> None:
    """A branch tried in the analysis is kept, written as KIF 変化, and pasted back in: the new match
    opens on the main line with the branch in its analysis list."""
    page = warm_page()
    open_link(page, site, study_record())
    page.click(".sg-study-analysis")
    page.wait_for_selector(".sg-candidates li", timeout=120_000)
    move = page.get_attribute(".sg-candidates [data-move] >> nth=1", "data-move")
    page.click(f".sg-candidates [data-move='{move}']")
    page.click("[data-branch=keep]")
    with page.expect_download() as dl:
        page.click("[data-branch=export]")
    text = open(dl.value.path(), encoding="utf-8").read()
    assert f"変化：{len(ACTIONS) + 1}手" in text
    page.click(".sg-study-close")
    first = page.evaluate("window.pygamesMatch.record.meta.id")
    page.click(".sg-filebox summary")
    page.fill(".sg-import-text", text)
    page.click("[data-import=go]")
    # the imported record opens as a new match (the first one has the same moves and a branch too)
    page.wait_for_function("([n, first]) => window.pygamesMatch && window.pygamesMatch.record.meta.id !== first"
                           " && window.pygamesMatch.record.actions.length === n && window.pygamesMatch.idle",
                           arg=[len(ACTIONS), first], timeout=60_000)
    page.click(".sg-study-analysis")
    page.wait_for_selector(".sg-branches li", timeout=60_000)
    branches = page.evaluate("window.pygamesMatch.record.meta.shogi_branches")
    assert branches == [{"turn": len(ACTIONS), "moves": [move]}]


def start_clock_game(page: Any, site: Any, clock: str, delay_ms: int, fake_time: bool = True) -> None:
    """A 本将棋 game with ``clock`` against the easy computer (as 後手), the page's clock faked."""
    if fake_time:
        page.clock.install()
    delay = f"sessionStorage.setItem('pygames.botDelayMs', '{delay_ms}')"
    if page.url.startswith(site.url):  # a warm page (init scripts would stay for later tests)
        page.evaluate(delay)
    else:
        page.add_init_script(delay)
    page.goto(site.url + "#/new/shogi")
    wait_for_engine(page)
    page.check(".sg-setup input[data-opt=ruleset][value=hon]")
    page.select_option(".sg-setup select[data-opt=clock]", clock)
    page.select_option("#seat-1-type", "bot")
    page.select_option("#seat-1-level", "easy")
    page.fill("#seed", "5")
    page.click("#start-match")
    page.wait_for_selector("[data-movable]", timeout=60_000)


def test_computer_loses_on_time(page: Any, site: Any) -> None:
    """秒読み10秒: the person moves, and while the computer is about to move the page's clock is moved
    fifteen seconds on (a slow device): the computer's move is not taken and it loses on time."""
    start_clock_game(page, site, "0+10", 2_000)
    page.click(".sg-sq[data-sq='7g']")
    page.click(".sg-sq[data-sq='7f']")
    page.wait_for_selector(".sg-clock-active[data-seat='1']")
    assert page.evaluate("window.pygamesMatch.record.actions") == ["0:7g7f"]
    page.clock.fast_forward(15_000)
    page.wait_for_function("() => document.querySelector('.sg-view').dataset.phase === 'over'", timeout=60_000)
    record = page.evaluate("window.pygamesMatch.record")
    assert record["actions"] == ["0:7g7f", "1:timeout"]
    assert "後手の時間切れ" in page.locator(".sg-prompt").inner_text()


def test_computer_in_time_moves(page: Any, site: Any) -> None:
    """The same game without the jump: the computer answers within its ten seconds and the game goes on."""
    start_clock_game(page, site, "0+10", 0)
    page.click(".sg-sq[data-sq='7g']")
    page.click(".sg-sq[data-sq='7f']")
    page.wait_for_function("() => window.pygamesMatch.record.actions.length === 2 && window.pygamesMatch.idle", timeout=60_000)
    assert page.evaluate("window.pygamesMatch.record.actions[1]") != "1:timeout"
    assert page.evaluate("document.querySelector('.sg-view').dataset.phase") != "over"


def test_person_clock_runs_while_page_closed(warm_page: Any, site: Any) -> None:
    """A game with a clock is not paused by closing the page: the person's turn began when it was saved,
    so a page reopened after the time is up ends the game on time at once; within the time it goes on
    with the time away taken off."""
    page = warm_page()  # real time (no fake clock), so a shared page will do
    start_clock_game(page, site, "600+30", 0, fake_time=False)
    kept = page.evaluate("window.pygamesMatch.record.meta.shogi_clock")
    assert kept["plies"] == 0 and kept["left"] == [600_000, 600_000] and isinstance(kept["since"], (int, float))
    match_id = page.evaluate("window.pygamesMatch.record.meta.id")
    # the page closed, opened again 300 s later: at most 5:00 left for ▲ (less the time the reload took)
    set_since = """([id, ago]) => { const k = 'pygames.match.' + id; const s = JSON.parse(localStorage.getItem(k));
        s.meta.shogi_clock.since = Date.now() - ago; localStorage.setItem(k, JSON.stringify(s)); }"""
    page.evaluate(set_since, [match_id, 300_000])
    page.reload()
    wait_for_engine(page)
    page.wait_for_selector("[data-movable]", timeout=60_000)
    shown = page.locator(".sg-clock-side[data-seat='0']").inner_text()
    since, now = page.evaluate("() => [window.pygamesMatch.record.meta.shogi_clock.since, Date.now()]")
    minutes, seconds = shown.lstrip("▲").split(":")
    left = int(minutes) * 60 + int(seconds)
    assert left <= 300 and abs(left - (600 - (now - since) / 1000)) <= 2, (shown, now - since)
    assert page.evaluate("document.querySelector('.sg-view').dataset.phase") != "over"
    # and 700 s later: the time (10 min + 30 s) ran out while the page was closed
    page.evaluate(set_since, [match_id, 700_000])
    page.reload()
    wait_for_engine(page)
    page.wait_for_function("() => document.querySelector('.sg-view') && document.querySelector('.sg-view').dataset.phase === 'over'",
                           timeout=60_000)
    assert page.evaluate("window.pygamesMatch.record.actions") == ["0:timeout"]


def card_record() -> dict[str, Any]:
    """A seeded 集大成将棋 game between two people: two moves, a draw (taken as 有効), two moves."""
    from pygames import webapi
    players = [{"name": "", "type": "human"}, {"name": "", "type": "human"}]
    record = webapi.new_match("shogi", {"ruleset": "cards"}, 1, players)["record"]
    for seat, action in ((0, "7g7f"), (1, "3c3d"), (0, "draw"), (0, "draw:on"), (1, "8c8d"), (0, "2g2f")):
        record = webapi.apply(record, seat, action)["record"]
    return record


def test_card_game_branch_exported_as_kif_and_read_back(warm_page: Any, site: Any) -> None:
    """集大成将棋: a branch tried after the draw turn is kept and written as KIF 変化 (its block starts
    with the draw's comment line, as the main line writes it); deleted, then read back from the file."""
    page = warm_page()
    open_link(page, site, card_record())
    page.click(".sg-study-analysis")
    page.wait_for_selector(".sg-candidates li", timeout=120_000)
    for turn in (4, 3):  # back to the position after the draw
        page.click("[data-step='-1']")
        page.wait_for_function("(n) => document.querySelector('.sg-prompt').textContent.includes(n + '手目')", arg=turn)
    page.wait_for_selector(".sg-candidates li", timeout=120_000)
    move = page.get_attribute(".sg-candidates [data-move] >> nth=0", "data-move")
    page.click(f".sg-candidates [data-move='{move}']")
    page.click("[data-branch=keep]")
    page.wait_for_selector(".sg-branches li")
    with page.expect_download() as dl:
        page.click("[data-branch=export]")
    path = dl.value.path()
    text = open(path, encoding="utf-8").read()
    block = text.split("変化：3手\n", 1)[1].split("\n")
    assert block[0].startswith("*▲ドロー「") and block[0].endswith("」有効"), block
    assert block[1].startswith("   3 ")
    page.click(".sg-branches li button[aria-label] >> nth=0")
    assert page.locator(".sg-branches li").count() == 0
    page.set_input_files("#sg-branch-file", path)
    page.wait_for_selector(".sg-branches li", timeout=60_000)
    assert page.evaluate("window.pygamesMatch.record.meta.shogi_branches") == [{"turn": 3, "moves": [move]}]
    assert "1" in page.locator(".sg-analysis [role=status]").inner_text()


@pytest.mark.parametrize("size,lang", [((375, 812), "ja"), ((1280, 800), "en")], ids=["phone-ja", "desktop-en"])
def test_puzzle_answer_names_the_engines_move(warm_page: Any, site: Any, size: tuple[int, int], lang: str) -> None:
    """次の一手 from the study game's blunder (turn 21): an edge pawn push is within the engine's tolerance,
    so it counts, but plainly as 許容範囲 with the engine's own move named (from the engine's answer) and
    shown on the board; the engine's move itself is 正解. The prompt fits its one line, the move list
    marks the puzzle's position (not the last move), and the match's 対局終了 line steps aside."""
    width, height = size
    page = warm_page(width, height, phone=width < 500, locale="en-US" if lang == "en" else "ja-JP")
    open_link(page, site, study_record())
    resign(page)
    page.evaluate("""() => { const r = window.pygamesMatch.record;
        const base = {game: r.game, engine_version: r.engine_version, options: r.options, players: r.players, seed: r.seed,
          actions: r.actions, format: r.format, schema: r.schema};
        localStorage.setItem('pygames.game.shogi.puzzles', JSON.stringify([{id: 'p21', record: base, turn: 21, seat: 0,
          better: '7f7e', ruleset: 'hon', solved: false, tries: 0}])); }""")
    assert page.locator("#match-status").is_visible()
    page.click(".sg-controls .sg-study-puzzles")
    page.click(".sg-puzzle-list button >> nth=0")
    page.wait_for_selector("[data-movable]", timeout=60_000)
    prompt = page.locator(".sg-prompt")
    assert page.evaluate("(e) => e.scrollWidth <= e.clientWidth", prompt.element_handle()), f"the prompt is cut: {prompt.inner_text()}"
    assert page.locator(".sg-move-list [aria-current=true]").get_attribute("data-ply") == "20"
    assert page.locator("#match-status").is_hidden(), "対局終了 beside a puzzle to play"
    page.click(".sg-sq[data-sq='9g']")
    page.click(".sg-sq[data-sq='9f']")
    page.wait_for_selector(".sg-puzzle-ok", timeout=120_000)
    said = page.locator(".sg-puzzle-ok").inner_text()
    if lang == "ja":
        assert "許容範囲" in said and "▲９六歩" in said and "エンジンの推奨: ▲７五歩" in said and "正解！" not in said, said
    else:
        assert "Good enough" in said and "P-96" in said and "The engine preferred P-75" in said and "Correct!" not in said, said
    assert page.locator(".sg-hint-from[data-sq='7f']").count() == 1 and page.locator(".sg-hint-to[data-sq='7e']").count() == 1
    assert_no_horizontal_overflow(page)
    shot(page, f"shogi-study-puzzle-ok-{width}-{lang}")
    page.click(".sg-puzzle-list button >> nth=0")  # the same puzzle again: the engine's move
    page.wait_for_selector("[data-movable]", timeout=60_000)
    page.click(".sg-sq[data-sq='7f']")
    page.click(".sg-sq[data-sq='7e']")
    page.wait_for_selector(".sg-puzzle-right", timeout=120_000)
    right = page.locator(".sg-puzzle-right").inner_text()
    assert right.startswith("正解！ ▲７五歩" if lang == "ja" else "Correct! P-75"), right


CURRENT_MOVE_SHOWN = """() => {
  const ol = document.querySelector('.sg-move-list');
  const li = ol && ol.querySelector('[aria-current=true]');
  if (!li) return 'no current move';
  const a = ol.getBoundingClientRect(); const b = li.getBoundingClientRect();
  return b.top >= a.top - 1 && b.bottom <= a.bottom + 1 ? ''
    : `move ${li.dataset.ply} at ${Math.round(b.top)}-${Math.round(b.bottom)}, list ${Math.round(a.top)}-${Math.round(a.bottom)}`;
}"""


def test_move_list_shows_the_current_move(warm_page: Any, site: Any) -> None:
    """A phone opening a 24-move game by its link, then by its save: the move list (scrolled inside
    itself) shows move 24, not 1-8; a step back in the analysis keeps the page where it is."""
    page = warm_page(375, 812, phone=True)
    open_link(page, site, study_record())
    assert page.evaluate(CURRENT_MOVE_SHOWN) == "", "shared link"
    assert page.locator(".sg-move-list [aria-current=true]").get_attribute("data-ply") == "24"
    match_id = page.evaluate("window.pygamesMatch.record.meta.id")
    page.goto(site.url + "#/_leave")
    page.goto(site.url + f"#/play/{match_id}")
    page.wait_for_selector(".sg-move-list [aria-current=true]", timeout=90_000)
    page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle")
    assert page.evaluate(CURRENT_MOVE_SHOWN) == "", "saved match"
    page.click(".sg-study-analysis")
    page.wait_for_selector(".sg-candidates li", timeout=120_000)
    page.click("[data-step='-1']")
    y = page.evaluate("window.scrollY")
    page.wait_for_selector(".sg-move-list [aria-current=true][data-ply='23']")
    assert page.evaluate(CURRENT_MOVE_SHOWN) == "", "a step back"
    assert page.evaluate("window.scrollY") == y, "the page moved with the move list"


def test_analysis_prompt_names_the_side_to_move(warm_page: Any, site: Any) -> None:
    """検討 on a phone: after a candidate of ▲ is played as a branch, the prompt says △ is to move (the
    candidates are △'s), in one line, and the shell's 「プレイヤー1さんの番です」 of the game steps aside."""
    page = warm_page(375, 812, phone=True)
    open_link(page, site, study_record())
    assert page.locator("#match-status").is_visible()
    page.click(".sg-study-analysis")
    page.wait_for_selector(".sg-candidates li", timeout=120_000)
    prompt = page.locator(".sg-prompt")
    assert "▲先手の番" in prompt.inner_text(), prompt.inner_text()
    assert page.locator("#match-status").is_hidden(), "the game's turn line beside a studied position"
    first = page.get_attribute(".sg-candidates [data-move]", "data-move")
    page.click(f".sg-candidates [data-move='{first}']")
    page.wait_for_selector("[data-branch=keep]", timeout=60_000)
    page.wait_for_selector(".sg-candidates li", timeout=120_000)
    text = prompt.inner_text()
    assert "△後手の番" in text and "変化1手" in text, text
    assert page.locator(".sg-candidates strong >> nth=0").inner_text().startswith("△")
    assert page.evaluate("(e) => e.scrollWidth <= e.clientWidth", prompt.element_handle()), f"the prompt is cut: {text}"
    assert page.locator("#match-status").is_hidden()
    page.click(".sg-study-close")
    page.wait_for_selector("#match-status", state="visible")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_analysis_fits_a_laptop_window(warm_page: Any, site: Any, lang: str) -> None:
    """1280x800 with 検討 open: the board, its controls and the panel's first actions are in the window."""
    page = warm_page(1280, 800, locale="en-US" if lang == "en" else "ja-JP")
    open_link(page, site, study_record())
    page.click(".sg-study-analysis")
    page.wait_for_selector(".sg-candidates li", timeout=120_000)
    shot(page, f"shogi-study-analysis-fit-1280-{lang}")
    for sel in (".sg-board", ".sg-controls", ".sg-evalbar", ".sg-analysis [data-step='1']", ".sg-candidates li"):
        assert_in_viewport(page, sel)
    # no empty band under the toolbar (the 待った reason line, empty while studying) and no game turn line
    gap = page.evaluate("() => document.querySelector('.sg-view').getBoundingClientRect().top"
                        " - document.querySelector('.toolbar').getBoundingClientRect().bottom")
    assert gap < 30, f"{gap:.0f} px between the toolbar and the view"


def test_study_buttons_show_the_open_panel(warm_page: Any, site: Any) -> None:
    """After 振り返り is pressed on a phone, the button under the finger is still 振り返り, shown pressed,
    and 検討 is not; 検討 then takes the pressed state."""
    page = warm_page(375, 812, phone=True)
    open_link(page, site, study_record())
    # during play 検討 takes 投了's place: the button then under the finger does not look pressed (no
    # hover tint on a touch screen), only 検討 does
    analyse = page.locator(".sg-controls .sg-study-analysis")
    analyse.scroll_into_view_if_needed()
    box = analyse.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector(".sg-analysis")
    tinted = page.evaluate("""() => [...document.querySelectorAll('.sg-controls .sg-btn:not([aria-pressed=true])')]
        .filter((b) => getComputedStyle(b).backgroundColor !== 'rgb(255, 255, 255)').map((b) => b.textContent)""")
    assert tinted == [], f"looks pressed: {tinted}"
    page.click(".sg-study-close")
    resign(page)
    review = page.locator(".sg-controls .sg-study-review")
    review.scroll_into_view_if_needed()
    box = review.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector(".sg-review")
    under = page.evaluate("""([x, y]) => { const b = document.elementFromPoint(x, y); const e = b && b.closest('button');
        return e ? [e.className, e.getAttribute('aria-pressed')] : null; }""",
                          [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert under and "sg-study-review" in under[0] and under[1] == "true", under
    assert page.get_attribute(".sg-controls .sg-study-analysis", "aria-pressed") == "false"
    page.click(".sg-controls .sg-study-analysis")
    page.wait_for_selector(".sg-analysis")
    assert page.get_attribute(".sg-controls .sg-study-analysis", "aria-pressed") == "true"
    assert page.get_attribute(".sg-controls .sg-study-review", "aria-pressed") == "false"
