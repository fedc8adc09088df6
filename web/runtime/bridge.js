// The JS side of the only door into Python: pygames.webapi.dispatch, run in a module worker.
//
//   import { engine, ApiError } from '../runtime/bridge.js';
//   await engine.start((p) => show(p.fraction, p.ja, p.en));   // boots once; later calls share it
//   const view = await engine.call('view', { record, seat: 0 }); // parsed result, or throws ApiError
//
// Python never runs on the main thread: each call is one postMessage to the worker and one
// JSON.parse of the answer. The worker answers calls strictly in the order they were made.

/** An error from the engine: a refused action, bad input, or the runtime itself failing. */
export class ApiError extends Error {
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
const WORKER_URL = new URL("./engine-worker.mjs", import.meta.url).href;

function deferred() {
  let resolve, reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
  promise.catch(() => {}); // a failed boot is reported by start(); never an "unhandled rejection"
  return { promise, resolve, reject };
}

function bootError(step, detail) {
  return new ApiError({
    code: "runtime.boot_failed",
    message_ja: `Python を起動できませんでした（段階: ${step}）。再読み込みしてもう一度お試しください。`,
    message_en: `Python could not start (step: ${step}). Reload the page to try again.`,
    params: { step, detail: String(detail || "").slice(0, 300) },
  });
}

class Engine {
  constructor() {
    this.state = "idle"; // idle | booting | ready | failed
    this.info = null; // {version, pyodide, ms} once ready
    this.lastProgress = null;
    this._boot = deferred();
    this._listeners = new Set();
    this._pending = new Map();
    this._nextId = 1;
    this._worker = null;
  }

  /** Resolves with {version, pyodide, ms} when Python is ready; rejects (ApiError) if boot failed. */
  get ready() {
    return this._boot.promise;
  }

  /**
   * Boot Python in the worker (once). `onProgress({fraction, step, ja, en})` is called for every
   * step (and at once with the latest one if boot is already under way). After a failure, calling
   * start() again retries from scratch.
   */
  start(onProgress) {
    if (onProgress) {
      this._listeners.add(onProgress);
      if (this.lastProgress) onProgress(this.lastProgress);
    }
    if (this.state === "booting" || this.state === "ready") return this._boot.promise;
    if (this.state === "failed") this._boot = deferred();
    this.state = "booting";
    this._spawn();
    return this._boot.promise;
  }

  _progress(p) {
    this.lastProgress = p;
    for (const listener of this._listeners) {
      try { listener(p); } catch (err) { console.warn("engine progress listener failed", err); }
    }
  }

  _spawn() {
    let worker;
    try {
      worker = new Worker(WORKER_URL, { type: "module", name: "pygames-engine" });
    } catch (err) {
      this._fail(bootError("worker", err && err.message));
      return;
    }
    this._worker = worker;
    worker.onmessage = (event) => this._onMessage(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this._fail(bootError(this.lastProgress ? this.lastProgress.step : "worker", event.message || "worker error"));
    };
    worker.onmessageerror = () => this._fail(bootError("worker", "message could not be read"));
    worker.postMessage({ type: "start", base: SITE_ROOT });
  }

  _fail(error) {
    if (this.state === "failed") return;
    const wasReady = this.state === "ready";
    this.state = "failed";
    if (this._worker) this._worker.terminate();
    this._worker = null;
    if (!wasReady) this._boot.reject(error);
    else this._boot = (() => { const d = deferred(); d.reject(error); return d; })();
    for (const { reject } of this._pending.values()) reject(error);
    this._pending.clear();
  }

  _onMessage(msg) {
    switch (msg.type) {
      case "progress":
        this._progress({ fraction: msg.fraction, step: msg.step, ja: msg.ja, en: msg.en });
        break;
      case "ready":
        this.state = "ready";
        this.info = { version: msg.version, pyodide: msg.pyodide, ms: msg.ms };
        this._progress({ fraction: 1, step: "ready", ja: "準備完了", en: "Ready" });
        this._boot.resolve(this.info);
        break;
      case "failed":
        this._fail(bootError(msg.step, msg.message));
        break;
      case "result":
      case "crash": {
        const call = this._pending.get(msg.id);
        if (!call) return;
        this._pending.delete(msg.id);
        if (msg.type === "crash") {
          call.reject(new ApiError({ code: "runtime.crash", message_ja: "エンジン内部でエラーが起きました",
            message_en: "The engine failed internally", params: { detail: msg.message } }));
          return;
        }
        let result;
        try {
          result = JSON.parse(msg.json);
        } catch (err) {
          call.reject(new ApiError({ code: "runtime.bad_reply", message_ja: "エンジンの応答を読めません",
            message_en: "The engine's reply could not be read" }));
          return;
        }
        if (result && typeof result === "object" && result.error) call.reject(new ApiError(result.error));
        else call.resolve(result);
        break;
      }
      default:
        break;
    }
  }

  /**
   * Call pygames.webapi.dispatch(name, JSON.stringify(args)) in the worker. Resolves with the
   * parsed result; rejects with ApiError when the result is {error: …} or the engine is down.
   * Starts the engine if nobody has yet. Calls are answered in the order they were made.
   */
  async call(name, args = {}) {
    let text;
    try {
      text = JSON.stringify(args);
    } catch (err) {
      throw new ApiError({ code: "api.bad_args", message_ja: "引数をJSONにできません",
        message_en: "The arguments cannot be turned into JSON" });
    }
    if (this.state !== "ready") await this.start();
    return new Promise((resolve, reject) => {
      const id = this._nextId++;
      this._pending.set(id, { resolve, reject });
      this._worker.postMessage({ type: "call", id, name: String(name), args: text });
    });
  }
}

/** The one engine of the page. */
export const engine = new Engine();
