// The module PyScript imports as its `interpreter` (web/runtime/bridge.js names it in the config):
// it exports Pyodide's `version` and a `loadPyodide` that PyScript calls in the engine's worker.
// Ours boots Pyodide, places our wheel in the working directory, and keeps a memory snapshot:
//
// - no snapshot for this build yet (a first visit): a plain boot made with `_makeSnapshot`, the wheel
//   unpacked and `pygames.webapi` imported as web/runtime/engine.py does, then `makeMemorySnapshot()`
//   (before PyScript's bootstrap: it hands Python JavaScript objects a snapshot cannot keep), stored
//   in the build's own offline cache ("pygames-<build hash>", web/runtime/sw-template.js) after the
//   boot goes on, so older builds' snapshots go with their caches;
// - a snapshot for this build: Pyodide restored from it (the engines already imported), the wheel
//   unpacked again (files are not part of the heap: lazy imports read them);
// - any failure of the snapshot (missing, truncated, wrong Pyodide build, bad magic number, a restore
//   that throws or answers wrongly): it is deleted and Python boots plainly; two failures for one build
//   and no snapshot is made again for that build. No offline cache (no service worker), too little
//   storage, or a failed save: a plain boot, exactly as before.
//
// The path taken reaches the page through engine.py's `boot()` (os.environ["PYGAMES_BOOT"]) and
// becomes <html data-engine-boot="snapshot|plain|fallback">; the snapshot's fate after the boot
// ("stored", "skipped", "failed") comes as a message on the BroadcastChannel "pygames-engine".
// PyScript passes {stdout, stderr, indexURL}; the indexURL is replaced by our pyodide/ folder.

// @ts-ignore -- dist/pyodide/pyodide.mjs is copied from node_modules by build.py
import { loadPyodide as loadPlain, version } from "../../pyodide/pyodide.mjs";
import { CHANNEL, MAX_FAILURES, SNAPSHOT_KEY, buildCache, discard, failures } from "./snapshot-store.js";

export { version };

const SITE_ROOT = new URL("../../", import.meta.url);
const INDEX_URL = new URL("pyodide/", SITE_ROOT).href;
/** The bridge adds `#build=<hash>&wheel=<path>` to this module's URL (a fragment: never fetched). */
const PARAMS = new URLSearchParams(new URL(import.meta.url).hash.slice(1));
const BUILD = PARAMS.get("build") || "";
const WHEEL_URL = new URL(PARAMS.get("wheel") || "wheels/missing.whl", SITE_ROOT).href;
/** Free storage needed before a snapshot (31.5 MB for Pyodide 314.0.7 and our engines) is made. */
const ROOM_NEEDED = 80e6;

/** @param {Object<string, any>} message */
function tell(message) {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ build: BUILD, ...message });
    channel.close();
  } catch { /* no BroadcastChannel: only tests and the bench listen */ }
}

/** Whether there is room to keep a snapshot (unknown quota: assume there is). */
async function roomForSnapshot() {
  try {
    const { quota, usage } = await navigator.storage.estimate();
    return quota === undefined || usage === undefined || quota - usage >= ROOM_NEEDED;
  } catch {
    return true;
  }
}

/** Unpack our wheel into the working directory (what PyScript's `[files]` did before). */
async function placeWheel(pyodide, wheel) {
  pyodide.unpackArchive(await wheel, "whl", { extractDir: "." });
}

/** The snapshot's bytes, checked for length; throws when it cannot be used. */
async function readSnapshot(hit) {
  const expected = Number(hit.headers.get("X-Snapshot-Bytes"));
  const bytes = new Uint8Array(await hit.arrayBuffer());
  if (!expected || bytes.length !== expected) {
    throw new Error(`snapshot truncated: ${bytes.length} bytes of ${expected}`);
  }
  return bytes;
}

function setBoot(pyodide, info) {
  pyodide.runPython(`import os, json; os.environ["PYGAMES_BOOT"] = ${JSON.stringify(JSON.stringify(info))}`);
}

async function store(cache, snapshot) {
  try {
    if (!(await caches.has("pygames-" + BUILD))) throw new Error("the build's cache is gone (a newer build took over)");
    await cache.put(SNAPSHOT_KEY, new Response(snapshot, { headers: {
      "Content-Type": "application/octet-stream",
      "X-Snapshot-Bytes": String(snapshot.length),
      "X-Snapshot-Build": `${BUILD} ${version}`,
    } }));
    tell({ snapshot: "stored", bytes: snapshot.length });
  } catch (err) {
    try { await cache.delete(SNAPSHOT_KEY); } catch { /* nothing kept */ }
    tell({ snapshot: "failed", detail: String(err && err.message || err) });
  }
}

/**
 * Boot from the kept snapshot; resolves with the interpreter, or rejects (after deleting the snapshot
 * and counting the failure) so that the caller boots plainly.
 */
async function restore(cache, hit, options, wheel) {
  const t0 = performance.now();
  let readMs = 0;
  try {
    const bytes = readSnapshot(hit).then((b) => { readMs = performance.now() - t0; return b; });
    bytes.catch(() => {}); // Pyodide awaits it a little later: a rejection is handled there, not "uncaught"
    const pyodide = await loadPlain({ ...options, _loadSnapshot: bytes });
    const loadedMs = performance.now() - t0;
    await placeWheel(pyodide, wheel);
    // The restored heap must hold our engines, imported, answering: else it is not ours.
    const games = JSON.parse(pyodide.runPython(
      "import sys\n'pygames.webapi' in sys.modules and sys.modules['pygames.webapi'].dispatch('games', '{}')") || "{}");
    if (!Array.isArray(games.games) || !games.games.length) throw new Error("the restored engine does not answer");
    return { pyodide, ms: performance.now() - t0, readMs, loadedMs };
  } catch (err) {
    if (err && err.wheel) throw err; // the wheel's download failed: not the snapshot's fault
    await discard(cache).catch(() => {});
    throw err;
  }
}

/**
 * PyScript's entry: Pyodide booted (from our snapshot when there is one), our wheel in place.
 * @param {Object<string, any>} [options] what PyScript passes ({stdout, stderr, indexURL})
 */
export async function loadPyodide(options = {}) {
  options = { ...options, indexURL: INDEX_URL };
  const wheel = fetch(WHEEL_URL).then((r) => {
    if (!r.ok) throw new Error(`${WHEEL_URL}: HTTP ${r.status}`);
    return r.arrayBuffer();
  }).catch((err) => { throw Object.assign(err instanceof Error ? err : new Error(String(err)), { wheel: true }); });
  wheel.catch(() => {}); // awaited below; a failure there fails the boot with its cause
  let cache = null;
  try { cache = await buildCache(BUILD); } catch { cache = null; }
  let path = "plain";
  let detail = "";
  if (cache) {
    const hit = await cache.match(SNAPSHOT_KEY).catch(() => null);
    if (hit) {
      try {
        const { pyodide, ms, readMs, loadedMs } = await restore(cache, hit, options, wheel);
        // ms: the whole restore; read: the snapshot's bytes out of Cache Storage; loaded: Pyodide restored.
        setBoot(pyodide, { path: "snapshot", ms: Math.round(ms), read: Math.round(readMs), loaded: Math.round(loadedMs) });
        return pyodide;
      } catch (err) {
        if (err && err.wheel) throw err; // a plain boot would fail the same way: the bridge names the file
        path = "fallback";
        detail = String(err && err.message || err).slice(0, 300);
        console.warn("pygames: the engine's snapshot could not be used, booting plainly:", detail);
      }
    }
  }
  const make = !!cache && (await failures(cache).catch(() => MAX_FAILURES)) < MAX_FAILURES
    && (await roomForSnapshot());
  const pyodide = await loadPlain(make ? { ...options, _makeSnapshot: true } : options);
  await placeWheel(pyodide, wheel);
  const info = { path, detail };
  if (make) {
    let snapshot = null;
    try {
      pyodide.runPython("from pygames import webapi");
      const t0 = performance.now();
      snapshot = pyodide.makeMemorySnapshot();
      info.made = Math.round(performance.now() - t0); // what making it adds to a first visit's boot
    } catch (err) {
      // An engine that does not import is reported by engine.py; no snapshot of it.
      tell({ snapshot: "skipped", detail: String(err && err.message || err).slice(0, 300) });
    }
    if (snapshot) store(cache, snapshot); // not awaited: the boot goes on while the browser writes it
  } else {
    tell({ snapshot: "skipped", detail: cache ? "no room, or it failed before for this build" : "no offline cache" });
  }
  setBoot(pyodide, info);
  return pyodide;
}
