// pygames service worker (generated into dist/sw.js by build.py from web/runtime/sw-template.js).
// One cache per build, "pygames-<build hash>", holding every file of the build (PRECACHE: each path
// with its sha256 as a subresource-integrity string).
// - First visit: the worker installs at once, empty, and takes the page before Python is fetched
//   (the page holds the engine's boot until then): whatever the boot downloads is cached as it
//   passes, if its sha256 is the build's. After the boot the page sends "top-up": only the files still missing are fetched, from
//   the browser's HTTP cache when it has them with the right hash, so nothing is downloaded twice.
// - A new build: installs in the background reusing every file whose hash did not change (from the
//   older cache), downloads the rest, then waits until the page asks for it ({type: "skip-waiting"}),
//   so an open page never mixes files of two builds; web/runtime/update.js tells the page.
// - fetch: cache first (the site, Python included, works offline), network for anything else.
const VERSION = __BUILD_VERSION__;
const CACHE = "pygames-" + VERSION;
const PRECACHE = __PRECACHE__;
const MANIFEST = "sw-manifest.json";
const scope = () => new URL(self.registration.scope);
const absolute = (path) => new URL(path, scope()).href;
const INTEGRITY = new Map(PRECACHE.map((e) => [absolute(e.path), e.integrity]));

async function writeManifest(cache) {
  await cache.put(absolute(MANIFEST), new Response(JSON.stringify(PRECACHE), { headers: { "Content-Type": "application/json" } }));
}

/** {url: response} of the files an older build's cache holds with the same hash. */
async function reusable() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith("pygames-") || name === CACHE) continue;
    const old = await caches.open(name);
    const manifest = await old.match(absolute(MANIFEST));
    if (!manifest) continue;
    let entries;
    try { entries = await manifest.json(); } catch { continue; }
    for (const e of entries) {
      const url = absolute(e.path);
      if (found.has(url) || INTEGRITY.get(url) !== e.integrity) continue;
      const hit = await old.match(url);
      if (hit) found.set(url, hit);
    }
  }
  return found;
}

/** Fetch `url` with its integrity: first from the HTTP cache when allowed, else from the server. */
async function fetchChecked(url, httpCacheFirst) {
  const integrity = INTEGRITY.get(url);
  if (httpCacheFirst) {
    try {
      const hit = await fetch(new Request(url, { cache: "force-cache", integrity }));
      if (hit.ok) return hit;
    } catch { /* not in the HTTP cache, or an older file there: ask the server */ }
  }
  const response = await fetch(new Request(url, { cache: "no-cache", integrity }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** Put every missing file of this build into the cache; resolves with the number fetched. */
async function fill(httpCacheFirst) {
  const cache = await caches.open(CACHE);
  const old = await reusable();
  let fetched = 0;
  await Promise.all(PRECACHE.map(async (e) => {
    const url = absolute(e.path);
    if (await cache.match(url)) return;
    const reused = old.get(url);
    if (reused) return cache.put(url, reused);
    fetched += 1;
    const response = await fetchChecked(url, httpCacheFirst);
    return cache.put(url, new Response(response.body, { status: response.status, statusText: response.statusText, headers: decodedHeaders(response) }));
  }));
  await writeManifest(cache);
  return fetched;
}

let topUp = null; // the running top-up, shared by every page that asks

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await writeManifest(cache);
    if (!self.registration.active) {
      // First install: nothing to keep apart, take the page now and cache what it downloads.
      await self.skipWaiting();
      return;
    }
    await fill(false); // a new build while an older one serves the page: complete before waiting
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("pygames-") && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", /** @param {ExtendableMessageEvent} event */ (event) => {
  const msg = event.data || {};
  const port = event.ports[0];
  if (msg.type === "skip-waiting") self.skipWaiting();
  else if (msg.type === "version" && port) port.postMessage({ version: VERSION });
  else if (msg.type === "top-up") {
    if (!topUp) topUp = fill(true).finally(() => { topUp = null; });
    const reply = topUp.then((fetched) => ({ ok: true, version: VERSION, fetched }),
      (err) => ({ ok: false, version: VERSION, error: String(err && err.message || err) }));
    event.waitUntil(reply.then((answer) => { if (port) port.postMessage(answer); }));
  }
});

/** A response's headers for its decoded body: the browser has already undone any Content-Encoding
 * (the server's precompressed .br/.gz), so the cache stores the file itself, without the coding and the
 * compressed length. */
function decodedHeaders(response) {
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return headers;
}

/** The sha256 subresource-integrity string of `body`. */
async function integrityOf(body) {
  const digest = await crypto.subtle.digest("SHA-256", body);
  return "sha256-" + btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** Cache a response that passed by, only if its bytes are this build's (a server updated mid-visit
 * must not put another build's file into this build's cache). */
async function keepIfIntact(cache, url, response, integrity) {
  try {
    const body = await response.arrayBuffer();
    if (await integrityOf(body) !== integrity) return;
    await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers: decodedHeaders(response) }));
  } catch { /* the top-up fetches it again */ }
}

/** Files the page compiles (WebAssembly.instantiateStreaming): answered from their Cache Storage entry. */
const COMPILED = /\.wasm$/;

/**
 * A compiled file's first download: stored in the cache first, then answered from the cache entry.
 * Chromium keeps the compiled code of a wasm module beside the response it was compiled from, and
 * reads it back only for that same response: compiled from the network response, the code cache was
 * written for the HTTP cache and the first reload served from Cache Storage compiled the 9.6 MB again
 * (bench/wasm_cache.py showed it: compiledModule on the first reload, moduleCacheHit only from the
 * second). Compiled from the Cache Storage entry, the first reload already finds the code. The cost:
 * on the first visit compiling starts when the download ends instead of while it runs.
 */
async function compiledFromCache(cache, request, integrity) {
  const response = await fetch(request);
  if (!response.ok || response.type !== "basic") return response;
  const body = await response.arrayBuffer();
  const init = { status: response.status, statusText: response.statusText, headers: decodedHeaders(response) };
  if (await integrityOf(body) === integrity) {
    await cache.put(request.url, new Response(body, init));
    const kept = await cache.match(request.url);
    if (kept) return kept;
  }
  return new Response(body, init); // another build's file (server updated mid-visit): not kept
}

async function respond(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  const root = scope();
  // Navigations to the site root (any hash route, any query) get the cached index page.
  const isRoot = request.mode === "navigate" && (url.pathname === root.pathname || url.pathname === root.pathname + "index.html");
  const key = isRoot ? root.href : request;
  const hit = await cache.match(key, { ignoreSearch: isRoot });
  if (hit) return hit;
  try {
    const integrity = INTEGRITY.get(isRoot ? root.href : url.origin + url.pathname);
    if (integrity && !url.search && COMPILED.test(url.pathname)) return await compiledFromCache(cache, request, integrity);
    const response = await fetch(request);
    // A file of this build passing by (the first visit's boot) is kept: it will not be fetched again.
    if (response.ok && response.type === "basic" && integrity && !url.search) {
      event.waitUntil(keepIfIntact(cache, isRoot ? root.href : request.url, response.clone(), integrity));
    }
    return response;
  } catch (err) {
    if (request.mode === "navigate") {
      const fallback = await cache.match(root.href);
      if (fallback) return fallback;
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(event));
});
