"""The engine's Pyodide memory snapshot (web/runtime/pyodide-snap.js): made on a first visit, kept in the
build's offline cache, restored on later visits; any bad snapshot falls back to a plain boot."""

from __future__ import annotations

import json

import build

from .conftest import wait_for_engine, without_service_worker

PAGE = "_test/runtime.html"
EXERCISE = build.ROOT / "scripts" / "stdlib_exercise.js"
GAMES = ("kabu", "shiji", "shogi", "motto")

# Each game from a seeded start, 30 actions chosen by the computer's first level: the records (JSON).
PLAY_JS = """async (games) => {
  const call = (name, args) => window.pg.engine.call(name, args);
  const levels = Object.fromEntries((await call("games", {})).games.map((g) => [g.name, g.bot_levels[0]]));
  const out = {};
  for (const game of games) {
    let record = (await call("new_match", { game, seed: 4242 })).record;
    for (let n = 0; n < 30; n++) {
      let mover = -1;
      for (let seat = 0; seat < record.players.length && mover < 0; seat++) {
        if ((await call("legal_actions", { record, seat })).actions.length) mover = seat;
      }
      if (mover < 0) break;
      const { action } = await call("bot_action", { record, seat: mover, level: levels[game] });
      record = (await call("apply", { record, seat: mover, action })).record;
    }
    out[game] = JSON.stringify(record);
  }
  return out;
}"""

SNAPSHOT_KEY_JS = "new URL('_snapshot/engine.bin', location.href.split('_test/')[0]).href"

# Change the kept snapshot in place: "magic" flips its first byte, "build" a byte of the Pyodide build id
# it carries, "truncate" keeps its first half (its recorded length is left as it was).
CORRUPT_JS = """async (how) => {
  const cache = await caches.open((await caches.keys()).find((n) => n.startsWith('pygames-')));
  const key = """ + SNAPSHOT_KEY_JS + """;
  const hit = await cache.match(key);
  if (!hit) return false;
  let bytes = new Uint8Array(await hit.arrayBuffer());
  if (how === 'magic') bytes[0] ^= 1;
  else if (how === 'build') bytes[20] ^= 0xff;
  else bytes = bytes.slice(0, bytes.length >> 1);
  await cache.put(key, new Response(bytes, { headers: hit.headers }));
  return true;
}"""

HAS_SNAPSHOT_JS = """async () => {
  for (const name of await caches.keys()) {
    if (await (await caches.open(name)).match(""" + SNAPSHOT_KEY_JS + """)) return true;
  }
  return false;
}"""


def boot_path(page) -> str:
    return page.evaluate("() => document.documentElement.dataset.engineBoot")


def wait_snapshot(page, state: str = "stored") -> None:
    """Wait until the engine's worker says what became of the snapshot after this boot."""
    page.wait_for_function("() => document.documentElement.dataset.engineSnapshot !== undefined", timeout=120_000)
    assert page.evaluate("() => document.documentElement.dataset.engineSnapshot") == state


def first_visit(page, site) -> None:
    """A first visit: a plain boot, then the snapshot stored in the build's offline cache."""
    page.goto(site.url + PAGE)
    wait_for_engine(page)
    assert boot_path(page) == "plain"
    wait_snapshot(page, "stored")
    assert page.evaluate(HAS_SNAPSHOT_JS)


def reload(page) -> None:
    page.reload()
    wait_for_engine(page)


def test_reload_boots_from_the_snapshot_and_plays_like_a_plain_boot(page, site):
    first_visit(page, site)
    plain = page.evaluate(PLAY_JS, list(GAMES))
    reload(page)
    assert boot_path(page) == "snapshot"
    assert page.evaluate("() => window.pg.engine.info.boot.path") == "snapshot"
    # The engines came imported with the heap; modules imported later come from the wheel's files,
    # which the restore placed again (they are not part of the heap).
    before = set(json.loads(page.evaluate("() => window.pg.engine._xworker.sync.modules()")))
    assert "pygames.webapi" in before and "pygames.shogi.formats.kif" not in before
    # Same seeds, same actions: byte-identical records (the engines draw only from their own PRNG).
    assert page.evaluate(PLAY_JS, list(GAMES)) == plain
    # Every game played to its end or 80 actions, shogi's records out and back in every format.
    done = page.evaluate(EXERCISE.read_text())
    assert set(done["played"]) == set(GAMES) and all(n > 0 for n in done["played"].values()), done
    assert done["records"] == ["kif", "kifu", "ki2", "ki2u", "csa", "sfen", "usi"]
    after = set(json.loads(page.evaluate("() => window.pg.engine._xworker.sync.modules()")))
    assert "pygames.shogi.formats.kif" in after
    # A restored boot does not make another snapshot.
    assert page.evaluate("() => document.documentElement.dataset.engineSnapshot") is None


def test_bad_snapshot_falls_back_to_a_plain_boot_and_is_replaced(page, site, guard):
    guard.allow(r"snapshot could not be used|invalid magic number")
    first_visit(page, site)
    assert page.evaluate(CORRUPT_JS, "magic")
    reload(page)
    assert boot_path(page) == "fallback"
    assert "invalid magic number" in page.evaluate("() => window.pg.engine.info.boot.detail")
    assert isinstance(page.evaluate("() => window.pg.engine.call('games', {})")["games"], list)
    wait_snapshot(page, "stored")  # a good one replaces it
    reload(page)
    assert boot_path(page) == "snapshot"


def test_repeated_bad_snapshots_stop_being_made(page, site, guard):
    guard.allow(r"snapshot could not be used|build id mismatch|truncated")
    first_visit(page, site)
    assert page.evaluate(CORRUPT_JS, "truncate")
    reload(page)
    assert boot_path(page) == "fallback"
    assert "truncated" in page.evaluate("() => window.pg.engine.info.boot.detail")
    wait_snapshot(page, "stored")
    assert page.evaluate(CORRUPT_JS, "build")
    reload(page)
    assert boot_path(page) == "fallback"
    assert "build id mismatch" in page.evaluate("() => window.pg.engine.info.boot.detail")
    # Two failures for this build: no third snapshot, every later boot is plain (and works).
    wait_snapshot(page, "skipped")
    assert not page.evaluate(HAS_SNAPSHOT_JS)
    reload(page)
    assert boot_path(page) == "plain"
    assert isinstance(page.evaluate("() => window.pg.engine.call('games', {})")["games"], list)


def test_offline_reload_boots_from_the_snapshot(page, site, guard):
    first_visit(page, site)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    site.stop()
    try:
        guard.allow(r"Failed to (load resource|fetch|register|update)|ERR_CONNECTION_REFUSED|ServiceWorker")
        reload(page)
        assert boot_path(page) == "snapshot"
        record = page.evaluate("() => window.pg.engine.call('new_match', {game: 'shogi', seed: 5})")["record"]
        legal = page.evaluate("(r) => window.pg.engine.call('legal_actions', {record: r, seat: 0})", record)
        played = page.evaluate("([r, a]) => window.pg.engine.call('apply', {record: r, seat: 0, action: a})",
                               [record, legal["actions"][0]])
        assert len(played["record"]["actions"]) == len(record["actions"]) + 1
    finally:
        site.start()


def test_no_offline_cache_means_a_plain_boot_and_no_snapshot(page, site):
    without_service_worker(page)
    page.goto(site.url + PAGE)
    wait_for_engine(page)
    assert boot_path(page) == "plain"
    wait_snapshot(page, "skipped")
    assert page.evaluate("() => caches.keys()") == []


def test_the_site_reloaded_from_the_snapshot_plays_a_move_in_every_game(page, site):
    from .test_runtime import ACT_ONCE_JS

    page.add_init_script("sessionStorage.setItem('pygames.botDelayMs', '0')")
    page.goto(site.url)
    wait_for_engine(page)
    assert boot_path(page) == "plain"
    wait_snapshot(page, "stored")
    reload(page)
    assert boot_path(page) == "snapshot"
    for game in GAMES:
        page.goto(site.url + f"#/new/{game}")
        page.wait_for_selector("#start-match")
        page.fill("#seed", "11")
        page.click("#start-match")
        page.wait_for_url("**#/play/*")
        before = page.evaluate("""async () => { const id = location.hash.split('/').pop();
            await new Promise((resolve) => { const poll = () => (window.pygamesMatch && window.pygamesMatch.idle
                && window.pygamesMatch.record.meta.id === id ? resolve() : setTimeout(poll, 10)); poll(); });
            return window.pygamesMatch.record.actions.length; }""")
        assert page.evaluate(ACT_ONCE_JS) > before, game
    assert boot_path(page) == "snapshot"  # the same restored engine played them all
