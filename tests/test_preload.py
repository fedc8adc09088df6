"""The preload hints build.py writes into index.html follow the real module graph of web/.

build.py finds imports with regular expressions (``module_imports``); here TypeScript's parser (a
devDependency, in node_modules) reads every module of the shell and the runtime, and the two must
agree on every static and dynamic import. Then the hints: every module the page can import is
preloaded exactly once, the landing page's own modules first, and none of the pages that load on
their route is among the landing's (that would bring back the wait for the whole shell).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

TYPESCRIPT = ROOT / "node_modules" / "typescript"
pytestmark = pytest.mark.skipif(not TYPESCRIPT.is_dir() or not shutil.which("node"),
                                reason="node_modules not installed (python3 build.py does it)")

# Every relative import of each file, by TypeScript's parser: {file: [static], [dynamic]} (string
# literals only; a template such as `../games/${game}/view.js` is no fixed module).
PARSE_JS = r"""
const ts = require(process.argv[1]);
const fs = require('fs');
const out = {};
for (const file of JSON.parse(fs.readFileSync(0, 'utf8'))) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = { static: [], dynamic: [] };
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        && ts.isStringLiteral(node.moduleSpecifier)) found.static.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
        && node.arguments.length && ts.isStringLiteralLike(node.arguments[0])) found.dynamic.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  out[file] = found;
}
process.stdout.write(JSON.stringify(out));
"""

LAZY_PAGES = ("setup.js", "match.js", "replay.js", "share.js", "remote.js")
"""The shell's pages that load on their route (app.js), never before the landing paints."""


def modules() -> list[Path]:
    return sorted(p for folder in ("web/shell", "web/runtime") for p in (ROOT / folder).glob("*.js")
                  if p.name != "sw-template.js")


def parsed() -> dict[Path, tuple[set[Path], set[Path]]]:
    files = [str(p) for p in modules()]
    answer = subprocess.run(["node", "-e", PARSE_JS, str(TYPESCRIPT)], input=json.dumps(files), text=True,
                            capture_output=True, check=True).stdout
    out = {}
    for file, found in json.loads(answer).items():
        path = Path(file)
        resolve = lambda names: {(path.parent / n).resolve() for n in names if n.startswith(".")}  # noqa: E731
        out[path] = (resolve(found["static"]), resolve(found["dynamic"]))
    return out


def test_build_reads_the_same_imports_as_a_javascript_parser():
    truth = parsed()
    assert len(truth) >= 30
    for path, (static, dynamic) in truth.items():
        ours_static, ours_dynamic = build.module_imports(path)
        assert set(ours_static) == static, f"{path.name}: static imports"
        assert set(ours_dynamic) == dynamic, f"{path.name}: dynamic imports"


def hints(page: str) -> list[str]:
    return re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)


def test_every_module_the_page_can_import_is_preloaded_once_landing_first():
    truth = parsed()
    entry = (ROOT / "web" / "shell" / "app.js").resolve()
    page = build.index_page((ROOT / "index.html").read_text()).decode()
    listed = hints(page)
    assert len(listed) == len(set(listed)), "a module is preloaded twice"

    # the landing page: app.js's static graph, by the parser's edges
    landing, todo = {entry}, [entry]
    while todo:
        for dep in truth[todo.pop()][0]:
            if dep not in landing:
                landing.add(dep)
                todo.append(dep)
    # everything the page can import: static and literal dynamic edges
    reachable, todo = set(landing), list(landing)
    while todo:
        static, dynamic = truth[todo.pop()]
        for dep in static | dynamic:
            if dep not in reachable:
                reachable.add(dep)
                todo.append(dep)
    ours = {(ROOT / href).resolve() for href in listed if href.startswith("web/")}
    assert ours == reachable - {entry}, "the preload list differs from the import graph"
    for href in listed:
        assert (ROOT / href).is_file() or href.startswith("pyscript/"), href
    # the landing's modules come first, before games.json and anything else
    first = [(ROOT / href).resolve() for href in listed[:len(landing) - 1]]
    assert set(first) == landing - {entry}
    assert page.index('href="games.json"') > page.index(f'href="{listed[len(landing) - 2]}"')
    names = {p.name for p in landing}
    assert not names & set(LAZY_PAGES), f"the landing page imports {sorted(names & set(LAZY_PAGES))} before it paints"
    assert {p.name for p in reachable} >= set(LAZY_PAGES)
