// The service worker's globals, for the static check only (tsconfig.sw.json).
// build.py replaces the two placeholders when it writes dist/sw.js.

declare const __BUILD_VERSION__: string;
declare const __PRECACHE__: Array<{ path: string; integrity: string }>;

// web/runtime/sw-template.js runs as a service worker: its `self` is a ServiceWorkerGlobalScope.
interface WorkerGlobalScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  skipWaiting(): Promise<void>;
}
interface WorkerGlobalScopeEventMap {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
}
