// The Pyodide half of bench/shogi_wasm_ab.py (run by it): node bench/shogi_wasm_ab.mjs JOB.json
// Loads Pyodide from node_modules, mounts the two source trees named in the job (NODEFS) and runs the
// bench's `ab` (or `profile`) in one interpreter, printing its JSON on the last line.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(join(job.node_modules, "pyodide", "pyodide.mjs"));
const py = await loadPyodide();
for (const [i, dir] of job.trees.entries()) {
  py.FS.mkdirTree(`/ab/t${i}`);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, `/ab/t${i}`);
}
py.runPython(readFileSync(join(root, "bench", "shogi_wasm_ab.py"), "utf8").replace('if __name__ == "__main__":', "if False:"));
py.globals.set("job_json", JSON.stringify(job));
console.log(py.runPython("json.dumps(run_job(json.loads(job_json)))"));
