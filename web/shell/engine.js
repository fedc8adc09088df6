// The shell's door to Python: loads web/runtime/bridge.js and boots it. games() comes from
// games.json, written at build time, so the pages that only list games need no Python.

/**
 * Boot progress as the shell shows it: `fraction` in [0, 1], or null while unknown.
 * @typedef {{fraction: number | null, ja: string, en: string}} Progress
 */

/** An Error of boot(): `stage` says what failed. @typedef {Error & {stage?: string, cause?: any}} BootError */

/** @type {typeof import('../runtime/bridge.js') | null} */
let bridge = null;
let readyResolve;
let gamesPromise = null;

let lastProgress = null;
const progressListeners = new Set();
let failure = null;

/** Resolves once Python is ready (never rejects; a failed boot leaves it pending). */
export const whenReady = new Promise((resolve) => { readyResolve = resolve; });

/** True once the engine answered its boot. */
export function isReady() {
  return document.documentElement.dataset.engine === 'ready';
}

/**
 * Import the bridge and start Python, reporting progress as {fraction, ja, en}.
 * Throws an Error whose `stage` says what failed ('bridge' or 'start').
 * @param {(p: Progress) => void} onProgress
 */
export async function boot(onProgress) {
  try {
    bridge = await import('../runtime/bridge.js');
  } catch (err) {
    const e = /** @type {BootError} */ (new Error(String(err && err.message || err)));
    e.stage = 'bridge';
    throw e;
  }
  failure = null;
  const engine = bridge.engine;
  try {
    const listener = (report) => {
      const p = normalizeProgress(report);
      tellProgress(p);
      onProgress(p);
    };
    // web/runtime/start.js began the boot before the landing's modules ran: join it, and if it already
    // failed, report that failure rather than booting a second time.
    await (engine.state === 'failed' ? engine.ready : engine.start(listener));
  } catch (err) {
    const e = /** @type {BootError} */ (new Error(describe(err)));
    e.stage = 'start';
    e.cause = err;
    failure = e;
    tellProgress(lastProgress || { fraction: null, ja: '', en: '' });
    throw e;
  }
  readyResolve();
  tellProgress({ fraction: 1, ja: '準備完了', en: 'Ready' });
}

function describe(err) {
  if (!err) return 'unknown error';
  if (err.message_ja || err.message_en) {
    const detail = err.params && err.params.detail ? ` (${err.params.detail})` : '';
    return `${err.message_ja || ''} / ${err.message_en || ''}${detail}`;
  }
  return String(err.message || err);
}

/**
 * The bridge's one progress report ({fraction, step, ja, en}, see BootProgress in bridge.js) as the
 * shell's {fraction, ja, en}, with the fraction kept within [0, 1].
 * @param {import('../runtime/bridge.js').BootProgress} p
 * @returns {Progress}
 */
function normalizeProgress(p) {
  const fraction = Number.isFinite(p.fraction) ? Math.max(0, Math.min(1, p.fraction)) : null;
  return { fraction, ja: p.ja, en: p.en };
}

/**
 * Call the engine (after boot). Rejects with the bridge's ApiError.
 * @param {string} name
 * @param {Object<string, any>} [args]
 * @returns {Promise<any>}
 */
export async function call(name, args = {}) {
  await whenReady;
  return bridge.engine.call(name, args);
}

function tellProgress(p) {
  lastProgress = p;
  for (const listener of progressListeners) {
    try { listener(p, failure); } catch (err) { console.warn('progress listener failed', err); }
  }
}

/**
 * Follow the engine's boot: `listener(progress, failure)` at once with the latest state and on every
 * step ({fraction, ja, en}; failure is an Error once the boot failed). Returns an unsubscribe function.
 */
export function onProgress(listener) {
  progressListeners.add(listener);
  listener(lastProgress || { fraction: null, ja: '', en: '' }, failure);
  return () => progressListeners.delete(listener);
}

/** games.json as build.py writes it into the page (no request before the landing can list the games), or null. */
function inlineGames() {
  const el = document.getElementById('games-data');
  if (!el) return null;
  try {
    const data = JSON.parse(el.textContent || '');
    return data && Array.isArray(data.games) ? data : null;
  } catch {
    return null;
  }
}

/** The list of games (games.json, computed at build time; the engine's games() if it is missing). */
export function games() {
  if (!gamesPromise) {
    const inline = inlineGames();
    gamesPromise = (inline ? Promise.resolve(inline) : fetch('games.json')
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`games.json: HTTP ${r.status}`))))
      .catch(() => call('games', {})))
      .then((r) => r.games || [])
      .catch((err) => { gamesPromise = null; throw err; });
  }
  return gamesPromise;
}

/** The info of one game, or null. */
export async function gameInfo(name) {
  return (await games()).find((g) => g.name === name) || null;
}

/** Boot a fresh engine after it went down (window "pygames:engine-down"); resolves when ready. */
/** @param {(p: Progress) => void} [onProgress] */
export async function restartEngine(onProgress = () => {}) {
  if (!bridge) throw new Error('the engine was never started');
  await bridge.engine.restart((report) => onProgress(normalizeProgress(report)));
}

/** The bridge module once imported (for optional hooks such as update notices). */
export function bridgeModule() {
  return bridge;
}
