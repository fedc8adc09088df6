// The JS side of the only door into Python: pygames.webapi.dispatch, run in a PyScript worker.
//
//   import { engine, ApiError } from '../runtime/bridge.js';
//   await engine.start((p) => show(p.fraction, p.ja, p.en));   // boots once; later calls share it
//   const view = await engine.call('view', { record, seat: 0 }); // parsed result, or throws ApiError
//
// The engine is web/runtime/engine.py, started as <script type="py" worker> by PyScript
// (dist/pyscript/) with our Pyodide (dist/pyodide/), booted by our interpreter module
// (interpreter.js: it loads our Pyodide and places the wheel).
// Python never runs on the main thread: each call is one message to the worker and one JSON.parse
// of the answer, and calls are sent one after the other, so they are answered in the order made.
// Nothing here knows the names of the engine's calls: every call goes through `dispatch`.
//
// Arguments are measured before they are sent (jsonlimit.js: too deep a text would overflow the
// stack inside Pyodide). If the engine dies all the same (a call throws instead of answering, or
// the worker reports an error after boot), the engine is "down": window gets "pygames:engine-down"
// ({detail: {message_ja, message_en}}), calls are refused with runtime.down, and
// `engine.restart()` boots a fresh worker (the page's saved matches are untouched).

import { checkJson, MAX_CHARS } from "./jsonlimit.js";

/**
 * What the engine says when it refuses: `{error: ApiErrorInit}` in a reply of `dispatch`.
 * @typedef {{code?: string, message_ja?: string, message_en?: string, params?: Object<string, any>}} ApiErrorInit
 */

/**
 * The one progress report `engine.start` sends for each boot step.
 * @typedef {{fraction: number, step: string, ja: string, en: string}} BootProgress
 */

/** An error from the engine: a refused action, bad input, or the runtime itself failing. */
export class ApiError extends Error {
  /** @param {ApiErrorInit} [init] */
  constructor({ code, message_ja, message_en, params } = {}) {
    super(message_en || code || "engine error");
    this.name = "ApiError";
    this.code = code || "internal";
    this.message_ja = message_ja || message_en || "";
    this.message_en = message_en || message_ja || "";
    this.params = params || {};
  }
}

const SITE_ROOT = new URL("../../", import.meta.url).href;
const ENGINE_PY = new URL("./engine.py", import.meta.url).href;
/** PyScript's `interpreter`: our module wrapping Pyodide's loadPyodide (our Pyodide, our wheel placed). */
const PYODIDE_BOOT = new URL("./interpreter.js", import.meta.url).href;
const PYSCRIPT_CORE = new URL("pyscript/core.js", SITE_ROOT).href;
/** PyScript plugins the site does not use (each would be downloaded otherwise). */
const PLUGINS_OFF = ["!codemirror", "!deprecations-manager", "!donkey", "!error", "!py-editor", "!py-game",
  "!py-terminal"];
/** How long the first boot waits for the service worker to take the page (so it caches the runtime). */
const HOLD_LIMIT_MS = 3000;

const STEPS = {
  worker: [0.02, "エンジンを起動中", "Starting the engine"],
  python: [0.05, "Python とゲームを読み込み中", "Loading Python and the games"],
  import: [0.90, "ゲームを準備中", "Preparing the games"],
  ready: [1, "準備完了", "Ready"],
};

/** @returns {{promise: Promise<any>, resolve: (value?: any) => void, reject: (reason?: any) => void}} */
function deferred() {
  /** @type {(value?: any) => void} */
  let resolve;
  /** @type {(reason?: any) => void} */
  let reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
  promise.catch(() => {}); // a failed boot is reported by start(); never an "unhandled rejection"
  return { promise, resolve, reject };
}

function text(err) {
  if (!err) return "";
  if (typeof err === "string") return err;
  return String(err.message || (err.error && err.error.message) || err.type || err);
}

function bootError(step, detail) {
  return new ApiError({
    code: "runtime.boot_failed",
    message_ja: `Python を起動できませんでした（段階: ${step}）。再読み込みしてもう一度お試しください。`,
    message_en: `Python could not start (step: ${step}). Reload the page to try again.`,
    params: { step, detail: String(detail || "").slice(0, 500) },
  });
}

function downError(detail) {
  return {
    code: "runtime.down",
    message_ja: "ゲームのエンジンが止まりました。対局は保存されています。エンジンを再起動してください。",
    message_en: "The game engine stopped. Your match is saved. Restart the engine to go on.",
    params: { detail: String(detail || "").slice(0, 500) },
  };
}

/** The first of `downloads` ({step, url}) the server does not answer (asked only after a failure). */
async function firstUnreachable(downloads) {
  for (const item of downloads) {
    try {
      const response = await fetch(item.url, { method: "HEAD", cache: "no-store" });
      if (!response.ok) return item;
    } catch {
      return item;
    }
  }
  return null;
}

function timeout(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * <py-config> / <mpy-config> must be in the document before PyScript's core.js is evaluated.
 * The interpreter module (interpreter.js) places the wheel itself (no `files`: PyScript would fetch it
 * a second time), and learns the wheel from its URL's fragment (never fetched).
 */
function writeConfig(boot) {
  if (document.querySelector("py-config")) return;
  const fragment = new URLSearchParams({ wheel: boot.wheel });
  const config = {
    interpreter: `${PYODIDE_BOOT}#${fragment}`,
    plugins: PLUGINS_OFF,
    sync_main_only: true,
  };
  const py = document.createElement("py-config");
  py.setAttribute("type", "json");
  py.textContent = JSON.stringify(config);
  const mpy = document.createElement("mpy-config");
  mpy.setAttribute("type", "json");
  mpy.textContent = JSON.stringify({ plugins: PLUGINS_OFF });
  py.hidden = mpy.hidden = true;
  document.head.append(py, mpy);
}

/** What build.py writes into index.html for the boot ({wheel}), or null on a page without it. */
function bootData() {
  const el = document.getElementById("boot-data");
  try {
    const data = el && JSON.parse(el.textContent || "");
    return data && typeof data.wheel === "string" ? data : null;
  } catch {
    return null;
  }
}

let pyscript = null; // Promise of PyScript's module, imported once per page
let spawned = null;  // the deferred of the worker being created: {resolve(xworker)}

function loadPyScript(boot) {
  if (!pyscript) {
    writeConfig(boot);
    pyscript = import(PYSCRIPT_CORE).then(async (core) => {
      // Our own handler for every worker PyScript makes (its default only logs "MessageEvent").
      core.hooks.main.onWorker.add((_, xworker) => { if (spawned) spawned.resolve(xworker); });
      // "Python is up" from inside the worker (the function is stringified and runs there).
      core.hooks.worker.onReady.add((_, xworker) => { xworker.sync.pygamesStep("import"); });
      await customElements.whenDefined("py-script");
      return core;
    });
    pyscript.catch(() => { pyscript = null; });
  }
  return pyscript;
}

class Engine {
  constructor() {
    this.state = "idle"; // idle | booting | ready | failed | down
    this.info = null; // {version, pyodide, python, ms} once ready
    this.lastProgress = null;
    this._boot = deferred();
    this._listeners = new Set();
    this._queue = Promise.resolve();
    this._xworker = null;
    this._script = null;
    this._holds = [];
    this._generation = 0;
  }

  /** Resolves with {version, pyodide, python, ms} when Python is ready; rejects (ApiError) if boot failed. */
  get ready() {
    return this._boot.promise;
  }

  /**
   * Delay creating the worker until `promise` settles (at most a few seconds): the offline module
   * uses it so that a first visit's service worker is in control and caches what Python downloads.
   */
  holdBoot(promise) {
    this._holds.push(Promise.resolve(promise).catch(() => {}));
  }

  /**
   * Boot Python in the worker (once). `onProgress({fraction, step, ja, en})` is called for every
   * step (and at once with the latest one if boot is already under way). After a failure, calling
   * start() again retries from scratch (a new worker).
   * @param {(p: BootProgress) => void} [onProgress]
   * @returns {Promise<{version: string, pyodide: string, python: string, ms: number}>}
   */
  start(onProgress) {
    if (onProgress) {
      this._listeners.add(onProgress);
      if (this.lastProgress) onProgress(this.lastProgress);
    }
    if (this.state === "booting" || this.state === "ready") return this._boot.promise;
    if (this.state === "failed" || this.state === "down") this._boot = deferred();
    this.state = "booting";
    this._run(++this._generation);
    return this._boot.promise;
  }

  _progress(step) {
    const [fraction, ja, en] = STEPS[step];
    if (this.lastProgress && this.lastProgress.fraction >= fraction && step !== "ready") return;
    const p = { fraction, step, ja, en };
    this.lastProgress = p;
    for (const listener of this._listeners) {
      try { listener(p); } catch (err) { console.warn("engine progress listener failed", err); }
    }
  }

  async _run(generation) {
    const t0 = performance.now();
    let step = "worker";
    let info = null;
    const current = () => generation === this._generation && this.state === "booting";
    try {
      this._progress("worker");
      const built = fetch(new URL("build.json", SITE_ROOT)).then((r) => {
        if (!r.ok) throw new Error(`build.json: HTTP ${r.status}`);
        return r.json();
      });
      built.catch(() => {}); // awaited below; a failure there fails the boot with its cause
      // The page names the wheel (index.html, written by build.py): PyScript starts without waiting
      // for build.json, which only gives the build's version at the end.
      const boot = bootData() || await built;
      this._downloads = [
        { step: "python", url: new URL("pyodide/pyodide.asm.wasm", SITE_ROOT).href },
        { step: "python", url: new URL("pyodide/python_stdlib.zip", SITE_ROOT).href },
        { step: "wheel", url: new URL(boot.wheel, SITE_ROOT).href },
        { step: "import", url: ENGINE_PY },
      ];
      await loadPyScript(boot);
      if (this._holds.length) await Promise.race([Promise.all(this._holds), timeout(HOLD_LIMIT_MS)]);
      if (!current()) return;
      step = "python";
      this._progress("python");
      const failed = deferred();
      spawned = deferred();
      const script = document.createElement("script");
      script.type = "py";
      script.setAttribute("worker", ""); // never a name="…" (it turns boot errors into page errors)
      script.src = ENGINE_PY;
      script.hidden = true;
      this._script = script;
      document.head.append(script);
      const xworker = await Promise.race([spawned.promise, failed.promise]);
      spawned = null;
      this._xworker = xworker;
      xworker.onerror = (event) => {
        const detail = text(event && (event.error || event));
        if (this.state === "booting") failed.reject(new Error(detail || "worker error"));
        else this._down(detail || "worker error");
      };
      xworker.sync.pygamesStep = (name) => { if (current() && STEPS[name]) this._progress(name); };
      await Promise.race([xworker.ready, failed.promise]);
      if (!current()) return;
      step = "import";
      const answer = JSON.parse(await xworker.sync.boot());
      if (!answer.ok) throw new Error(answer.error || "the engine did not import");
      info = await built;
      if (!current()) return;
      this.state = "ready";
      this.info = { version: info.version, pyodide: info.pyodide, python: answer.python, ms: performance.now() - t0 };
      this._progress("ready");
      this._boot.resolve(this.info);
    } catch (err) {
      if (!current()) return;
      let detail = text(err);
      // PyScript's worker says only "Failed to fetch" when a download fails: find which one.
      if (step === "python") {
        const missing = await firstUnreachable(this._downloads || []);
        if (missing) {
          step = missing.step;
          detail = `${detail} (${missing.url})`;
        }
      }
      this._fail(bootError(step, detail));
    }
  }

  /** Stop the worker and remove its script element. */
  _teardown() {
    if (this._xworker) {
      try { this._xworker.terminate(); } catch { /* already gone */ }
    }
    if (this._script) this._script.remove();
    this._xworker = null;
    this._script = null;
  }

  _fail(error) {
    if (this.state === "failed") return;
    const wasReady = this.state === "ready";
    this.state = "failed";
    this.lastProgress = null;
    this._teardown();
    if (!wasReady) this._boot.reject(error);
    else this._boot = (() => { const d = deferred(); d.reject(error); return d; })();
  }

  /** The engine died after its boot: stop the worker, refuse calls, tell the page. */
  _down(detail) {
    if (this.state !== "ready") return;
    this._fail(downError(detail));
    this.state = "down";
    window.dispatchEvent(new CustomEvent("pygames:engine-down", { detail: downError(detail) }));
  }

  /** Boot a fresh worker after the engine went down (or failed to boot); resolves when ready. */
  restart(onProgress) {
    if (this.state === "ready" || this.state === "booting") return this._boot.promise;
    this.state = "failed";
    return this.start(onProgress);
  }

  /**
   * Call pygames.webapi.dispatch(name, JSON.stringify(args)) in the worker. Resolves with the
   * parsed result; rejects with ApiError when the result is {error: …} or the engine is down.
   * Starts the engine if nobody has yet. Calls are sent one at a time, in the order they were made.
   * @param {string} name a call of pygames.webapi.CALLS
   * @param {Object<string, any>} [args]
   * @returns {Promise<any>}
   */
  async call(name, args = {}) {
    let json;
    try {
      json = JSON.stringify(args);
    } catch (err) {
      throw new ApiError({ code: "api.bad_args", message_ja: "引数をJSONにできません",
        message_en: "The arguments cannot be turned into JSON" });
    }
    const problem = checkJson(json, "api", 4 * MAX_CHARS);
    if (problem) throw new ApiError(problem);
    const turn = this._queue.then(async () => {
      if (this.state === "down") throw new ApiError(downError(""));
      if (this.state !== "ready") await this.start();
      let reply;
      try {
        reply = await this._xworker.sync.dispatch(String(name), json);
      } catch (err) {
        // A call that throws instead of answering means Python itself broke (e.g. a stack
        // overflow in Pyodide): every later call would fail too, so the engine is down.
        const detail = text(err).slice(0, 500);
        this._down(detail);
        throw new ApiError(downError(detail));
      }
      let result;
      try {
        result = JSON.parse(reply);
      } catch (err) {
        throw new ApiError({ code: "runtime.bad_reply", message_ja: "エンジンの応答を読めません",
          message_en: "The engine's reply could not be read" });
      }
      if (result && typeof result === "object" && result.error) throw new ApiError(result.error);
      return result;
    });
    this._queue = turn.catch(() => {});
    return turn;
  }
}

/** The one engine of the page. */
export const engine = new Engine();
