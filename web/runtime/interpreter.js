// The module PyScript imports as its `interpreter` (web/runtime/bridge.js names it in the config):
// it exports Pyodide's `version` and a `loadPyodide` that PyScript calls in the engine's worker.
// Ours boots Pyodide from our own pyodide/ folder (PyScript passes {stdout, stderr, indexURL}; the
// indexURL is replaced, so no CDN default is ever used) and places our wheel's files in the working
// directory (what PyScript's `files` did before; the wheel is fetched while Python boots, once).
// The bridge names the wheel in this module's URL fragment (`#wheel=<path>`: a fragment is never fetched).

// @ts-ignore -- dist/pyodide/pyodide.mjs is copied from node_modules by build.py
import { loadPyodide as loadPlain, version } from "../../pyodide/pyodide.mjs";
import { skipPyscriptPackage } from "./pyscriptboot.js";
import { storedEntries } from "./wheelfiles.js";

export { version };

const SITE_ROOT = new URL("../../", import.meta.url);
const INDEX_URL = new URL("pyodide/", SITE_ROOT).href;
const PARAMS = new URLSearchParams(new URL(import.meta.url).hash.slice(1));
const WHEEL_URL = new URL(PARAMS.get("wheel") || "wheels/missing.whl", SITE_ROOT).href;

/**
 * Write the wheel's files into the working directory. build.py stores the wheel's entries
 * uncompressed, so they are written straight from its bytes (no Python runs: Pyodide's own unpacking
 * imports zipfile and shutil and costs ≈ 100 ms more in the worker); any other wheel is unpacked by
 * Pyodide.
 * @param {any} pyodide
 * @param {Uint8Array} bytes
 */
function placeWheel(pyodide, bytes) {
  const entries = storedEntries(bytes);
  if (!entries) {
    pyodide.unpackArchive(bytes, "whl", { extractDir: "." });
    return;
  }
  const { FS } = pyodide;
  const cwd = FS.cwd();
  const made = new Set();
  for (const { name, data } of entries) {
    const slash = name.lastIndexOf("/");
    if (slash > 0 && !made.has(name.slice(0, slash))) {
      FS.mkdirTree(`${cwd}/${name.slice(0, slash)}`);
      made.add(name.slice(0, slash));
    }
    if (!name.endsWith("/")) FS.writeFile(`${cwd}/${name}`, data);
  }
  // (Python's finder sees the new files: writing them changes the folders' times, which it checks.)
}

/**
 * PyScript's entry: Pyodide booted, our wheel in place, PyScript's own package skipped.
 * @param {Object<string, any>} [options] what PyScript passes ({stdout, stderr, indexURL})
 */
export async function loadPyodide(options = {}) {
  const wheel = fetch(WHEEL_URL).then((r) => {
    if (!r.ok) throw new Error(`${WHEEL_URL}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  wheel.catch(() => {}); // awaited below; a failure there fails the boot with its cause
  const pyodide = await loadPlain({ ...options, indexURL: INDEX_URL });
  placeWheel(pyodide, new Uint8Array(await wheel));
  skipPyscriptPackage(pyodide); // PyScript's own Python package: never used by the engine (pyscriptboot.js)
  return pyodide;
}
