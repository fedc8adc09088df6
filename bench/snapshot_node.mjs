// Pyodide memory snapshot, measured side by side under Node (a bench, not a test).
//
//   nice -n 10 node bench/snapshot_node.mjs [rounds]      (after python3 build.py)
//
// Each round, alternating the order: (a) a plain boot — loadPyodide, unpack our wheel, import
// pygames.webapi — and (b) a boot from a memory snapshot taken after that import (made once,
// `_makeSnapshot` + `makeMemorySnapshot`), then one `games` call to show the engine answers. Prints
// each round, the medians, the ratio restore/plain, the snapshot's size (raw and gzip) and the load.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const info = JSON.parse(readFileSync(join(root, "dist", "build.json"), "utf8"));
const wheel = new Uint8Array(readFileSync(join(root, "dist", info.wheel)));
const rounds = Number(process.argv[2] || 5);
const load = () => loadavg()[0].toFixed(1);

async function plain(makeSnapshot = false) {
  const t = performance.now();
  const py = await loadPyodide(makeSnapshot ? { _makeSnapshot: true } : {});
  py.unpackArchive(wheel, "wheel");
  py.pyimport("pygames.webapi");
  return { ms: performance.now() - t, py };
}

async function restored(snapshot) {
  const t = performance.now();
  const py = await loadPyodide({ _loadSnapshot: snapshot });
  // Files are not part of the heap: the wheel is unpacked again for modules imported lazily later.
  py.unpackArchive(wheel, "wheel");
  const ms = performance.now() - t;
  const answer = JSON.parse(py.pyimport("pygames.webapi").dispatch("games", "{}"));
  if (!Array.isArray(answer.games) || answer.games.length < 4) throw new Error("restored engine did not answer");
  return ms;
}

const made = await plain(true);
const snapshot = made.py.makeMemorySnapshot();
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB raw, ${(gzipSync(snapshot, { level: 6 }).length / 1e6).toFixed(1)} MB gzip; load ${load()}`);
const a = [], b = [];
for (let i = 0; i < rounds; i++) {
  const order = i % 2 ? ["b", "a"] : ["a", "b"];
  for (const which of order) {
    if (which === "a") a.push((await plain()).ms);
    else b.push(await restored(snapshot));
  }
  console.log(`round ${i + 1}: plain ${a.at(-1).toFixed(0)} ms, from snapshot ${b.at(-1).toFixed(0)} ms, ratio ${(b.at(-1) / a.at(-1)).toFixed(3)}; load ${load()}`);
}
const med = (xs) => { const s = [...xs].sort((x, y) => x - y); return s[s.length >> 1]; };
console.log(`median: plain ${med(a).toFixed(0)} ms (min ${Math.min(...a).toFixed(0)}, max ${Math.max(...a).toFixed(0)}), `
  + `from snapshot ${med(b).toFixed(0)} ms (min ${Math.min(...b).toFixed(0)}, max ${Math.max(...b).toFixed(0)}); `
  + `ratio of medians ${(med(b) / med(a)).toFixed(3)}; load ${load()}`);
process.exit(0);
