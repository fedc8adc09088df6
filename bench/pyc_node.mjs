// The wheel's precompiled .pyc files, measured side by side under Node (a bench, not a test).
//
//   nice -n 10 node bench/pyc_node.mjs <wheel> [rounds]     (the wheel from python3 build.py: dist/wheels/)
//
// Each round, alternating the order, two fresh Pyodide interpreters unpack the same wheel; in one the
// wheel's __pycache__ folders are deleted first (what every boot compiled before the wheel held .pyc).
// Each then imports pygames.webapi (what the worker's boot does), and makes the first call a #/play
// link makes after engine-ready: `load` of a saved 本将棋 match (it imports the shogi package), then
// `look`. Figures are this process's CPU time (process.cpuUsage: user + system) for each step, so
// that a shared machine's load stretches them less than wall time; the load average is printed.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const wheel = new Uint8Array(readFileSync(process.argv[2]));
const rounds = Number(process.argv[3] || 5);
const load = () => loadavg()[0].toFixed(1);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

const PLAYERS = JSON.stringify({ game: "shogi", seed: 7, options: { ruleset: "hon" },
  players: [{ name: "A", type: "human" }, { name: "B", type: "human" }] });

async function fresh(withPyc) {
  const py = await loadPyodide({ stdout: () => {} });
  py.unpackArchive(wheel, "whl", { extractDir: "." });
  if (!withPyc) py.runPython("import pathlib, shutil\nfor d in list(pathlib.Path('pygames').rglob('__pycache__')): shutil.rmtree(d)");
  return py;
}

/** A saved match's record, made once by a separate interpreter (so no round pays for it). */
async function savedRecord() {
  const py = await fresh(true);
  const out = JSON.parse(py.pyimport("pygames.webapi").dispatch("new_match", PLAYERS));
  return JSON.stringify({ record: { ...out.record, meta: { id: "bench-play" } } });
}

async function measure(withPyc, recordArgs) {
  const py = await fresh(withPyc);
  let t = cpu();
  const webapi = py.pyimport("pygames.webapi");
  const importMs = cpu() - t;
  t = cpu();
  const loaded = JSON.parse(webapi.dispatch("load", recordArgs));
  if (loaded.error) throw new Error(JSON.stringify(loaded.error));
  const look = JSON.parse(webapi.dispatch("look", JSON.stringify({ record: loaded.record, look: 0 })));
  if (look.error) throw new Error(JSON.stringify(look.error));
  const firstMs = cpu() - t;
  // The .pyc really served the imports: a module compiled from source has no cached file that Python read.
  const fromPyc = py.runPython("import sys, os\nsum(1 for m in list(sys.modules.values()) if getattr(m, '__name__', '').startswith('pygames') and getattr(m, '__cached__', None) and os.path.exists(m.__cached__))");
  return { importMs, firstMs, fromPyc };
}

const recordArgs = await savedRecord();
const rows = { pyc: [], source: [] };
for (let i = 0; i < rounds; i++) {
  const order = i % 2 ? ["source", "pyc"] : ["pyc", "source"];
  for (const which of order) rows[which].push(await measure(which === "pyc", recordArgs));
  const a = rows.pyc.at(-1), b = rows.source.at(-1);
  console.log(`round ${i + 1}: import pygames.webapi ${a.importMs.toFixed(0)} CPU-ms with .pyc / ${b.importMs.toFixed(0)} from source `
    + `(${(a.importMs / b.importMs).toFixed(3)}); first load+look ${a.firstMs.toFixed(0)} / ${b.firstMs.toFixed(0)} `
    + `(${(a.firstMs / b.firstMs).toFixed(3)}); modules with a .pyc on disk ${a.fromPyc} / ${b.fromPyc}; load ${load()}`);
}
const med = (xs) => { const s = [...xs].sort((x, y) => x - y); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const range = (xs) => `${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)}`;
for (const [name, key] of [["import pygames.webapi", "importMs"], ["first load + look", "firstMs"]]) {
  const ratios = rows.pyc.map((r, i) => r[key] / rows.source[i][key]);
  console.log(`${name}: median ${med(rows.pyc.map((r) => r[key])).toFixed(0)} CPU-ms with .pyc, `
    + `${med(rows.source.map((r) => r[key])).toFixed(0)} from source; per-round ratio median ${med(ratios).toFixed(3)} `
    + `(min–max ${range(ratios)}, n=${rounds}); load ${load()}`);
}
process.exit(0);
