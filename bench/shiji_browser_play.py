"""A whole match against the normal computer through the real UI, played like a person would
(a script, not a test): the default new match (山札), the setup left as it is, and at each turn a
decision made from what the screen shows — the shells the hand can form with the engine's verdict,
warnings and cautions — clicked card by card. Screenshots go to ``test-results/screenshots/`` and
a log of what the screen said to ``test-results/shiji-browser-play.txt``.

Usage: python3 bench/shiji_browser_play.py [seed=21] [width=1280] [height=800] [locale=ja-JP]
(after ``python3 build.py --test-pages``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import ARGS, CHROMIUM  # noqa: E402
from serve import SiteServer  # noqa: E402

OUT = ROOT / "test-results"


def person(view: dict, legal: list[str], seat: int) -> str:
    """A newcomer who has read the rules once: goes out when it can; never plays what the screen
    warns about if anything else is left; spends a star or 恐慌 when the hand gets short (so none
    is left among the last two cards) or when no number shell beats; otherwise the weakest number
    shell that beats (keeping strong ones for later)."""
    verbs = {a.split()[0] for a in legal}
    if "lead" in verbs:
        return max(legal, key=lambda a: int("".join(a.split()[1:])))
    if "place" not in verbs:
        return next((a for a in legal if not a.startswith("veil")), legal[0])
    hand = view["players"][seat]["hand"]
    shells = [e for e in view["shells"] if e["legal"] and e["action"] in legal]
    out = [e for e in shells if e["kind"] == "number" and len(hand) == 2]
    if out:
        return out[0]["action"]
    safe = [e for e in shells if not e["warning"]] or shells
    calm = [e for e in safe if not e.get("caution")] or safe
    specials = sum(c in "MDENX" for c in hand)
    stars = [e for e in calm if e["kind"] != "number"]
    numbers = [e for e in calm if e["kind"] == "number"]
    if stars and (len(hand) <= 2 * specials + 3 or not numbers):
        return stars[0]["action"]
    if numbers:
        sign = -1 if view["order"] == "desc" else 1
        return min(numbers, key=lambda e: sign * e["value"])["action"]
    return calm[0]["action"]


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    width = int(sys.argv[2]) if len(sys.argv) > 2 else 1280
    height = int(sys.argv[3]) if len(sys.argv) > 3 else 800
    locale = sys.argv[4] if len(sys.argv) > 4 else "ja-JP"
    from playwright.sync_api import sync_playwright
    shots = OUT / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    log: list[str] = [f"seed {seed}, {width}x{height} {locale}; load {os.getloadavg()[0]:.1f}"]
    server = SiteServer(ROOT / "dist").start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_context(viewport={"width": width, "height": height}, locale=locale).new_page()
            page.add_init_script("sessionStorage.setItem('pygames.botDelayMs', '0')")
            page.goto(server.url + "#/new/shiji")
            page.wait_for_selector(".sj-setup .sj-modes", timeout=180_000)
            page.fill("#seed", str(seed))
            page.select_option("#seat-1-level", "normal")
            page.screenshot(path=str(shots / f"play-{seed}-0-setup.png"))
            page.click("#start-match")
            page.wait_for_url("**#/play/*")
            turn = 0
            for _ in range(300):
                page.wait_for_function("() => window.pygamesMatch && window.pygamesMatch.idle", timeout=120_000)
                st = page.evaluate("""() => { const m = window.pygamesMatch;
                  return {legal: m.payload.legal, outcome: m.general.outcome, view: m.payload.view, seat: m.payload.seat}; }""")
                if st["outcome"]:
                    break
                view, seat = st["view"], st["seat"]
                action = person(view, st["legal"], seat)
                verb, *cards = action.split()
                if verb in ("place", "lead") and len(cards) == 2:
                    events = page.locator("#view-root [data-testid=latest-event]").all_inner_texts()
                    opp = view["players"][1 - seat]["last_shell"]
                    for code in cards:
                        page.locator("#view-root .sj-hand.sj-pickable button.sj-card:not(.sj-selected)"
                                     f"[data-card='{code}']").first.click()
                    verdict = page.locator("#view-root [data-testid=verdict]")
                    verdict.wait_for()
                    turn += 1
                    log.append(f"turn {turn}: hand {' '.join(view['players'][seat]['hand'])}; to beat "
                               f"{view['to_beat']} ({view['order']}); opponent's last "
                               f"{opp['label']['ja'] if opp and not opp.get('hidden') else '-'}; events {events}; "
                               f"I choose {action}: {verdict.inner_text()}")
                    if turn % 3 == 1:
                        page.screenshot(path=str(shots / f"play-{seed}-{turn}.png"))
                    page.locator("#view-root [data-testid=place]").click()
                    if page.locator("#view-root [data-testid=confirm]").count():
                        page.locator("#view-root [data-testid=confirm-place]").click()
                else:
                    page.evaluate("(a) => window.pygamesMatch.act(a)", action)
            page.wait_for_selector("#outcome:not([hidden])", timeout=60_000)
            page.screenshot(path=str(shots / f"play-{seed}-end.png"))
            out = page.evaluate("() => window.pygamesMatch.general.outcome")
            log.append(f"end: {out['reason']['ja']} / {out['reason']['en']}; winners {out['winners']} (I am seat 0)")
            browser.close()
    finally:
        server.stop()
    (OUT / f"shiji-browser-play-{seed}.txt").write_text("\n".join(log) + "\n", encoding="utf-8")
    print("\n".join(log))


if __name__ == "__main__":
    main()
