// PyScript's own Python package as its bootstrap writes it into the worker's working directory at
// every boot (`pyscript/__init__.py`, …), read out of PyScript's bundle, so that build.py can ship
// their bytecode (a checked .pyc is used only when the source PyScript writes is exactly this one).
//
//   node scripts/pyscript_sources.mjs <node_modules/@pyscript/core/dist/core-*.js>
//   -> stdout: {"pyscript/__init__.py": "<source>", ...}   ({} when the bundle has no such literal)
import { readFileSync } from "node:fs";

const bundle = readFileSync(process.argv[2], "utf8");
const start = bundle.indexOf('{pyscript:{"__init__.py":');
const files = {};
if (start >= 0) {
  // The object literal's end: braces outside strings (the sources are JSON-like string literals).
  let depth = 0;
  let end = start;
  let quote = null;
  for (; end < bundle.length; end++) {
    const c = bundle[end];
    if (quote) {
      if (c === "\\") end++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") {
      quote = c;
    } else if (c === "{") {
      depth++;
    } else if (c === "}" && --depth === 0) {
      end++;
      break;
    }
  }
  const tree = new Function(`return ${bundle.slice(start, end)}`)();
  const walk = (prefix, node) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") files[prefix + name] = value;
      else walk(`${prefix}${name}/`, value);
    }
  };
  walk("", tree);
}
process.stdout.write(JSON.stringify(files));
