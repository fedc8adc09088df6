// Offline support: registers our service worker (dist/sw.js), makes a first visit download each file
// once, and tells the page when a new build is waiting.
//
//   import { registerServiceWorker, onUpdate, applyUpdate } from '../runtime/update.js';
//   registerServiceWorker();                       // at page start, before the engine boots
//   onUpdate(({ version }) => showNotice(...));     // a new build is installed and waiting
//   applyUpdate();                                  // switch to it: the page reloads once
//
// An open tab looks for a new build whenever it becomes visible again and every ten minutes.
//
// The same notice is also sent as a DOM event: window "pygames:update" with detail {version}.
// On a first visit the engine's boot is held until the new service worker controls the page, so
// that Python's files are cached as they download; once the engine is ready the worker is asked to
// fetch only what is still missing ("top-up"). When the whole build is cached, <html data-offline=
// "ready"> is set and window gets "pygames:offline-ready".

import { engine } from "./bridge.js";

const SW_URL = new URL("../../sw.js", import.meta.url);
const SCOPE = new URL("../../", import.meta.url);
const listeners = new Set();
/** How often a visible tab asks the server for a new build (also on becoming visible). */
const UPDATE_CHECK_MS = 10 * 60 * 1000;
let registration = null;
let waitingVersion = null;
let reloading = false;

/** Subscribe to "a new build is waiting"; returns an unsubscribe function. Fires at once if one is. */
export function onUpdate(callback) {
  listeners.add(callback);
  if (waitingVersion !== null) callback({ version: waitingVersion });
  return () => listeners.delete(callback);
}

function askVersion(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(""), 2000);
    channel.port1.onmessage = (event) => { clearTimeout(timer); resolve(event.data.version || ""); };
    worker.postMessage({ type: "version" }, [channel.port2]);
  });
}

async function announce(worker) {
  waitingVersion = await askVersion(worker);
  const detail = { version: waitingVersion };
  for (const callback of listeners) {
    try { callback(detail); } catch (err) { console.warn("update listener failed", err); }
  }
  window.dispatchEvent(new CustomEvent("pygames:update", { detail }));
}

function watch(reg) {
  // A build that finished installing while a page is already controlled waits: tell the page.
  if (reg.waiting && navigator.serviceWorker.controller) announce(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const incoming = reg.installing;
    if (!incoming) return;
    incoming.addEventListener("statechange", () => {
      if (incoming.state === "installed" && navigator.serviceWorker.controller) announce(incoming);
    });
  });
}

/** Resolves when a service worker controls the page, or when none is about to. */
function control(reg) {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve();
  const incoming = reg && (reg.installing || reg.waiting);
  if (!incoming) return Promise.resolve(); // active but not ours (e.g. a forced reload): go on
  return new Promise((resolve) => {
    sw.addEventListener("controllerchange", resolve, { once: true });
    incoming.addEventListener("statechange", () => { if (incoming.state === "redundant") resolve(); });
  });
}

/** After the engine's boot: have the service worker cache what is still missing, then say so. */
async function topUp() {
  try { await engine.ready; } catch { /* the files are worth caching all the same */ }
  const worker = navigator.serviceWorker.controller;
  if (!worker) return;
  const answer = await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data || {});
    worker.postMessage({ type: "top-up" }, [channel.port2]);
  });
  if (!answer.ok) {
    console.warn("offline cache incomplete:", answer.error);
    return;
  }
  document.documentElement.dataset.offline = "ready";
  window.dispatchEvent(new CustomEvent("pygames:offline-ready", { detail: { version: answer.version } }));
}

/** The registration under way (registerServiceWorker is started once per page). */
let registering = null;

/**
 * Register the service worker. On a first visit the engine's boot waits until the worker controls
 * the page. Resolves with the registration, or null where service workers are unavailable (e.g. not
 * a secure context). A second call (web/runtime/start.js registers before the shell does) answers
 * the first one's registration.
 * @returns {Promise<ServiceWorkerRegistration | null>}
 */
export function registerServiceWorker() {
  if (!registering) registering = register();
  return registering;
}

async function register() {
  if (!("serviceWorker" in navigator)) return null;
  /** @type {((value?: any) => void) | undefined} */
  let release;
  if (!navigator.serviceWorker.controller) engine.holdBoot(new Promise((resolve) => { release = resolve; }));
  try {
    registration = await navigator.serviceWorker.register(SW_URL.href, { scope: SCOPE.href });
  } catch (err) {
    console.warn("service worker registration failed", err);
    if (release) release();
    return null;
  }
  if (release) control(registration).then(release);
  topUp().catch((err) => console.warn("offline cache incomplete:", err));
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (waitingVersion !== null && !reloading) {
      reloading = true;
      window.location.reload();
    }
  });
  watch(registration);
  // An open tab learns of a new build too: when it becomes visible again, and every few minutes.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate();
  });
  setInterval(() => { if (document.visibilityState === "visible") checkForUpdate(); }, UPDATE_CHECK_MS);
  return registration;
}

/** Look for a new build now (browsers also look on every navigation). */
export async function checkForUpdate() {
  if (!registration) return;
  try { await registration.update(); } catch (err) { /* offline: nothing to do */ }
}

/** Activate the waiting build; the page reloads when it takes over. */
export function applyUpdate() {
  if (registration && registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
}
