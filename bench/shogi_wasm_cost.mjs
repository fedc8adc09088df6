// The Pyodide half of bench/shogi_wasm_cost.py (run by it): node bench/shogi_wasm_cost.mjs SPOTS.json BUDGET
// Loads Pyodide from node_modules, our wheel from dist/, runs the bench's `measure` and prints its JSON.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const info = JSON.parse(readFileSync(join(root, "dist", "build.json"), "utf8"));
const py = await loadPyodide();
py.unpackArchive(new Uint8Array(readFileSync(join(root, "dist", info.wheel))), "wheel");
py.runPython(readFileSync(join(root, "bench", "shogi_wasm_cost.py"), "utf8").replace('if __name__ == "__main__":', "if False:"));
py.globals.set("spots_json", readFileSync(process.argv[2], "utf8"));
py.globals.set("budget", Number(process.argv[3]));
console.log(py.runPython("json.dumps(measure(json.loads(spots_json), budget))"));
