// PyScript (0.7) begins every worker by running Python that writes PyScript's own Python package into the
// working directory (fourteen `pyscript/*.py` files) and imports it (`pyscript` and its submodules, `html`,
// `html.entities`). The engine never uses that package: the bridge talks to it through `__export__` and
// PyScript's JavaScript side (the `polyscript` module, registered from JavaScript, is untouched). So the
// interpreter module (interpreter.js) skips exactly that code, recognised line by line; any other code,
// or a later PyScript whose first code differs, runs unchanged. It saved ≈ 45–70 ms of the worker's
// boot (docs/runtime.md, session 14).

const HEAD = ["import os as _os", "from pathlib import Path as _Path", "_path = None"];
const TAIL = ["import pyscript as _pyscript", "del _Path", "del _path", "del _os", "del _pyscript"];
const WRITES = [
  /^_path = _Path\("\.\/pyscript(?:\/[\w.]+)*"\)$/,
  /^if not _os\.path\.exists\("\.\/pyscript(?:\/[\w.]+)*"\):$/,
  /^ {4}_path\.mkdir\(parents=True, exist_ok=True\)$/,
  /^_path\.write_text\("(?:[^"\\]|\\.)*",encoding="utf-8"\)$/, // one JSON string: no bare quote inside
];

/**
 * Whether `code` is PyScript's package writer: its three first lines, then only lines that make the
 * `./pyscript` folders and write their files, then the import and the clean-up.
 * @param {unknown} code
 * @returns {boolean}
 */
export function isPyscriptPackageWriter(code) {
  if (typeof code !== "string") return false;
  const lines = code.replace(/\n+$/, "").split("\n");
  if (lines.length <= HEAD.length + TAIL.length) return false;
  const body = lines.slice(HEAD.length, lines.length - TAIL.length);
  return HEAD.every((line, i) => lines[i] === line)
    && TAIL.every((line, i) => lines[lines.length - TAIL.length + i] === line)
    && body.some((line) => line.startsWith("_path.write_text("))
    && body.every((line) => WRITES.some((pattern) => pattern.test(line)));
}

/**
 * Make `pyodide` skip PyScript's package writer if it is the first code PyScript runs: the first call of
 * `runPython` or `runPythonAsync` is checked, then both are Pyodide's own again.
 * @param {{runPython: Function, runPythonAsync: Function}} pyodide
 */
export function skipPyscriptPackage(pyodide) {
  const { runPython, runPythonAsync } = pyodide;
  const first = (code) => {
    pyodide.runPython = runPython;
    pyodide.runPythonAsync = runPythonAsync;
    return isPyscriptPackageWriter(code);
  };
  pyodide.runPython = (code, ...rest) => (first(code) ? undefined : runPython.call(pyodide, code, ...rest));
  pyodide.runPythonAsync = async (code, ...rest) => (first(code) ? undefined : runPythonAsync.call(pyodide, code, ...rest));
}
