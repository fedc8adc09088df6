// Offline support: registers our service worker (dist/sw.js) and tells the page when a new build
// is waiting.
//
//   import { registerServiceWorker, onUpdate, applyUpdate } from '../runtime/update.js';
//   registerServiceWorker();                       // after the engine booted (see below)
//   onUpdate(({ version }) => showNotice(...));     // a new build is installed and waiting
//   applyUpdate();                                  // switch to it: the page reloads once
//
// The same notice is also sent as a DOM event: window "pygames:update" with detail {version}.
// Registration waits for `after` (default: the engine's boot, so precaching never competes with
// the first download of Python; the install then revalidates files already in the HTTP cache).

import { engine } from "./bridge.js";

const SW_URL = new URL("../../sw.js", import.meta.url);
const SCOPE = new URL("../../", import.meta.url);
const listeners = new Set();
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

/**
 * Register the service worker once `after` settles (default: engine boot). Resolves with the
 * registration, or null where service workers are unavailable (e.g. not a secure context).
 */
export async function registerServiceWorker({ after = engine.ready } = {}) {
  if (!("serviceWorker" in navigator)) return null;
  if (registration) return registration;
  try { await after; } catch (err) { /* register anyway: offline support must not depend on boot */ }
  try {
    registration = await navigator.serviceWorker.register(SW_URL.href, { scope: SCOPE.href });
  } catch (err) {
    console.warn("service worker registration failed", err);
    return null;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (waitingVersion !== null && !reloading) {
      reloading = true;
      window.location.reload();
    }
  });
  watch(registration);
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
