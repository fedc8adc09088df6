// Pyodide memory snapshot: is it safe for our engines? (a check run by hand, not a test)
//
//   nice -n 10 node bench/snapshot_check.mjs      (after python3 build.py)
//
// Makes a snapshot after the wheel is unpacked and pygames.webapi imported, then: (1) the instance
// that made it still plays; (2) an engine restored from it plays every game to the same records as
// the plain one (same seeds, same `easy` bot actions: the engines draw only from their own PRNG);
// (3) a snapshot with one byte changed is refused (so a site can fall back to a plain boot).
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const info = JSON.parse(readFileSync(join(root, "dist", "build.json"), "utf8"));
const wheel = new Uint8Array(readFileSync(join(root, "dist", info.wheel)));
const PLAY = `
import json
from pygames import webapi
def play(game, seed, n):
    rec = json.loads(webapi.dispatch("new_match", json.dumps({"game": game, "seed": seed})))["record"]
    for i in range(n):
        mover = None
        for seat in range(len(rec["players"])):
            if json.loads(webapi.dispatch("legal_actions", json.dumps({"record": rec, "seat": seat})))["actions"]:
                mover = seat; break
        if mover is None: break
        a = json.loads(webapi.dispatch("bot_action", json.dumps({"record": rec, "seat": mover, "level": "easy"})))["action"]
        rec = json.loads(webapi.dispatch("apply", json.dumps({"record": rec, "seat": mover, "action": a})))["record"]
    return json.dumps(rec, sort_keys=True)
out = json.dumps({g: play(g, 99, 30) for g in ("kabu", "shiji", "shogi", "motto")})
`;
const t0 = performance.now();
const py = await loadPyodide({ _makeSnapshot: true });
py.unpackArchive(wheel, "wheel");
py.pyimport("pygames.webapi");
const snap = py.makeMemorySnapshot();
console.log("made", snap.length, "ms", (performance.now() - t0).toFixed(0), "load", loadavg()[0]);
py.runPython(PLAY);
const a = py.globals.get("out");
console.log("same instance usable after makeMemorySnapshot: yes");
const py2 = await loadPyodide({ _loadSnapshot: snap });
py2.unpackArchive(wheel, "wheel");
py2.runPython(PLAY);
const b = py2.globals.get("out");
console.log("restored == plain (same seeds and bot actions, 4 games x 30 actions):", a === b, `load ${loadavg()[0].toFixed(1)}`);
let bad = snap.slice(); bad[0] ^= 1;
try { await loadPyodide({ _loadSnapshot: bad }); console.log("corrupt snapshot accepted?!"); } catch (e) { console.log("corrupt snapshot refused:", String(e.message).slice(0, 120)); }
process.exit(0);
