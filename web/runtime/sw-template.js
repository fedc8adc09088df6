// pygames service worker (generated into dist/sw.js by build.py from web/runtime/sw-template.js).
// - install: precaches every file of this build into the cache "pygames-<build hash>";
// - activate: deletes the caches of older builds and takes control of open pages;
// - fetch: cache first (the site, Python included, works offline), network for anything else;
// - a new build waits until the page asks for it ({type: "skip-waiting"}), so an open page never
//   mixes files of two builds; web/runtime/update.js tells the page an update is waiting.
const VERSION = __BUILD_VERSION__;
const CACHE = "pygames-" + VERSION;
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, never copy a stale HTTP-cached file into the new build.
    await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("pygames-") && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "skip-waiting") self.skipWaiting();
  else if (msg.type === "version" && event.ports[0]) event.ports[0].postMessage({ version: VERSION });
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  // Navigations to the site root (any hash route, any query) get the cached index page.
  const isRoot = request.mode === "navigate" && (url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html");
  const hit = await cache.match(isRoot ? "./" : request, { ignoreSearch: isRoot });
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  } catch (err) {
    if (request.mode === "navigate") {
      const fallback = await cache.match("./");
      if (fallback) return fallback;
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});
