// Where the engine's Pyodide memory snapshot is kept: in the build's own offline cache
// ("pygames-<build hash>", made by the service worker, web/runtime/sw-template.js), so it lives and
// dies with the build's files (a newer build's activation deletes the older caches, snapshot
// included). Used by web/runtime/pyodide-snap.js (in the engine's worker) and web/runtime/bridge.js.

/** The BroadcastChannel on which the engine's worker says what became of the snapshot. */
export const CHANNEL = "pygames-engine";
/** Failed restores for one build after which no snapshot is made again for that build. */
export const MAX_FAILURES = 2;

const SITE_ROOT = new URL("../../", import.meta.url);
/** Cache keys (URLs that are never fetched: nothing on the server answers them). */
export const SNAPSHOT_KEY = new URL("_snapshot/engine.bin", SITE_ROOT).href;
const FAILURES_KEY = new URL("_snapshot/failures", SITE_ROOT).href;
const MANIFEST_KEY = new URL("sw-manifest.json", SITE_ROOT).href;

/**
 * The offline cache of build `build`, only when the service worker made it (it holds the build's
 * manifest); null when there is none (no service worker, another build, no Cache Storage).
 * @param {string} build
 * @returns {Promise<Cache | null>}
 */
export async function buildCache(build) {
  const name = "pygames-" + build;
  if (!build || typeof caches === "undefined" || !(await caches.has(name))) return null;
  const cache = await caches.open(name);
  return (await cache.match(MANIFEST_KEY)) ? cache : null;
}

/**
 * How many restores from a snapshot failed for this build.
 * @param {Cache} cache
 */
export async function failures(cache) {
  const hit = await cache.match(FAILURES_KEY);
  return hit ? Number(await hit.text()) || 0 : 0;
}

/**
 * Delete the build's snapshot after it failed, and count the failure. Resolves with whether there was one.
 * @param {Cache} cache
 */
export async function discard(cache) {
  const had = await cache.delete(SNAPSHOT_KEY);
  if (had) await cache.put(FAILURES_KEY, new Response(String((await failures(cache)) + 1)));
  return had;
}
