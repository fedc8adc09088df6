// Compile Python sources to bytecode with the pinned Pyodide's own Python (build.py runs this under
// Node: the browser's Python is 3.14, the build machine's may be another version).
//
//   node scripts/pyodide_compile.mjs <node_modules/pyodide/>
//        < {"files": {"pygames/x.py": "<source>", ...}, "prefix": "<path the files have at run time>/"}
//   -> stdout: {"python": "3.14.2", "magic": "<hex>", "tag": "cpython-314",
//               "pyc": {"pygames/x.py": "<base64 of its .pyc>", ...}}
//
// The code objects name prefix + "pygames/x.py" as their file (tracebacks read the source there).
//
// The .pyc files are hash-based and checked (PEP 552): no timestamp in them, and Python compares
// the hash of the .py beside them before using one. PYTHONHASHSEED is fixed so that set constants
// are written in one order (the output is reproducible).
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const indexDir = path.resolve(process.argv[2] || "node_modules/pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const input = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: indexDir, env: { PYTHONHASHSEED: "0" }, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
pyodide.globals.set("FILES_JSON", JSON.stringify(input.files));
pyodide.globals.set("PREFIX", input.prefix || "");
const out = pyodide.runPython(`
import base64, importlib.util, json, os, py_compile, sys
assert os.environ.get("PYTHONHASHSEED") == "0" and sys.flags.hash_randomization == 0, "hash seed not fixed"
files = json.loads(FILES_JSON)
root = "/tmp/pygames-compile"
pyc = {}
for name in sorted(files):
    src = os.path.join(root, name)
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "w", encoding="utf-8", newline="") as fh:
        fh.write(files[name])
    cached = importlib.util.cache_from_source(src)
    py_compile.compile(src, cfile=cached, dfile=PREFIX + name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    with open(cached, "rb") as fh:
        pyc[name] = base64.b64encode(fh.read()).decode()
json.dumps({"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex(),
            "tag": sys.implementation.cache_tag, "pyc": pyc})
`);
process.stdout.write(out);
