// Starts the engine's boot as soon as the runtime's modules are here, beside the landing page's own
// module rather than after it (index.html loads this one with `async`: it runs when its imports are in,
// whether or not web/shell/app.js has run). What it starts is what the shell would start after its first
// paint: the service worker's registration (a first visit holds the boot until the worker controls the
// page, so that Python's files are cached as they download) and the bridge's boot, whose worker is
// another thread. The shell attaches to both (`registerServiceWorker()` and `engine.start()` are each
// started once per page) and shows the progress and any failure.

import { registerServiceWorker } from "./update.js";
import { engine } from "./bridge.js";

registerServiceWorker();
engine.start();
