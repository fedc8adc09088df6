"""The preload hints and the landing bundle build.py writes follow the real module graph of web/.

build.py finds imports with regular expressions (``module_imports``); here TypeScript's parser (a
devDependency, in node_modules) reads every module of the shell and the runtime, and the two must
agree on every static and dynamic import. Then the hints: every module the page can import is
preloaded exactly once, the landing's runtime modules first, and none of the pages that load on
their route is among the landing's (that would bring back the wait for the whole shell). Then the
bundle (``landing_bundle``: the landing's shell modules in app.js, each replaced in dist/ by a module
re-exporting the bundle's instance): it holds exactly the landing's shell modules in the order ES
modules run them, it parses, every re-exporting module exports what its source exports, and forms
whose meaning would change when folded are refused.
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
    return re.findall(r'<link rel="modulepreload" href="([^"]+)"[^>]*>', page)


def landing_graph(truth: dict[Path, tuple[set[Path], set[Path]]], entry: Path) -> set[Path]:
    """``entry``'s static graph, by the parser's edges."""
    landing, todo = {entry}, [entry]
    while todo:
        for dep in truth[todo.pop()][0]:
            if dep not in landing:
                landing.add(dep)
                todo.append(dep)
    return landing


def test_every_module_the_page_can_import_is_preloaded_once_landing_first():
    truth = parsed()
    entry = (ROOT / "web" / "shell" / "app.js").resolve()
    games = build.games_json()
    page = build.index_page((ROOT / "index.html").read_text(), games).decode()
    listed = hints(page)
    assert len(listed) == len(set(listed)), "a module is preloaded twice"

    landing = landing_graph(truth, entry)
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
    # first the landing's modules that are not in its bundle (the runtime's), before anything else
    outside = {p for p in landing if p.parent != entry.parent}
    assert outside, "the landing imports nothing of the runtime: this test would check nothing"
    assert {(ROOT / href).resolve() for href in listed[:len(outside)]} == outside
    assert page.index(f'href="{listed[len(outside) - 1]}"') < page.index('rel="preload"')
    names = {p.name for p in landing}
    assert not names & set(LAZY_PAGES), f"the landing page imports {sorted(names & set(LAZY_PAGES))} before it paints"
    assert {p.name for p in reachable} >= set(LAZY_PAGES)
    # the other pages' modules wait in the template app.js adds later; the landing's and the engine's do not
    later = re.search(rf'<template id="{build.LATER_PRELOADS_ID}">(.*?)</template>', page, re.DOTALL)
    assert later, "no template of later preloads"
    waiting = {(ROOT / href).resolve() for href in hints(later.group(1))}
    assert {p.name for p in waiting} >= set(LAZY_PAGES)
    assert not waiting & outside and not any("/runtime/" in p.as_posix() for p in waiting)  # (shims of the bundle wait)
    # the games are in the page (no request before the landing lists them), before the page's module
    data = re.search(r'<script type="application/json" id="games-data">(.*?)</script>', page, re.DOTALL)
    assert data and json.loads(data.group(1)) == json.loads(games)
    assert data.start() < page.index('<script type="module"')
    assert 'href="games.json"' not in page


def test_the_engine_starts_beside_the_landing():
    """index.html starts the engine from an async module (web/runtime/start.js) written right after the page's
    own module, before the hints, after the boot data naming the wheel; its imports, PyScript's core and its error
    stub are preloaded."""
    boot = {"wheel": "wheels/pygames-0.1.0-py3-none-any.whl"}
    page = build.index_page((ROOT / "index.html").read_text(), build.games_json(), boot).decode()
    tag = '<script type="module" async src="web/runtime/start.js"></script>'
    # the wheel is named in the page (bridge.js starts PyScript without waiting for build.json)
    data = re.search(r'<script type="application/json" id="boot-data">(.*?)</script>', page, re.DOTALL)
    assert data and json.loads(data.group(1)) == boot and data.start() < page.index(tag)
    assert page.count(tag) == 1
    assert page.index('<script type="module" src="web/shell/app.js">') < page.index(tag) < page.index("<link rel=\"modulepreload\"")
    listed = set(hints(page))
    start = {p.relative_to(ROOT).as_posix() for p in build.module_graph((ROOT / "web" / "runtime" / "start.js").resolve())}
    assert {"web/runtime/update.js", "web/runtime/bridge.js"} <= start
    assert start - {"web/runtime/start.js"} <= listed
    stubs = [p.name for p in (build.NODE_MODULES / "@pyscript" / "core" / "dist").glob("error-*.js")]
    assert stubs and {f"pyscript/{name}" for name in stubs} <= listed
    assert "</head>" in page and page.index(tag) < page.index("</head>")


# What TypeScript's parser says of a file: its syntax errors and its exported names.
PARSE_EXPORTS_JS = r"""
const ts = require(process.argv[1]);
const fs = require('fs');
const out = {};
for (const file of JSON.parse(fs.readFileSync(0, 'utf8'))) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const names = [];
  const exported = (node) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
  const bound = (name) => ts.isIdentifier(name) ? [name.text] : name.elements.flatMap((e) => bound(e.name));
  for (const node of source.statements) {
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && exported(node)) names.push(node.name.text);
    if (ts.isVariableStatement(node) && exported(node)) {
      for (const d of node.declarationList.declarations) names.push(...bound(d.name));
    }
    if (ts.isExportDeclaration(node) && node.exportClause) {
      for (const e of node.exportClause.elements) names.push(e.name.text);
    }
  }
  out[file] = { errors: source.parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')), names };
}
process.stdout.write(JSON.stringify(out));
"""


def exports(files: list[Path]) -> dict[Path, dict]:
    answer = subprocess.run(["node", "-e", PARSE_EXPORTS_JS, str(TYPESCRIPT)], input=json.dumps([str(f) for f in files]),
                            text=True, capture_output=True, check=True).stdout
    return {Path(k): v for k, v in json.loads(answer).items()}


def test_the_landing_bundle_is_the_landing_graph_and_each_module_keeps_its_exports(tmp_path):
    truth = parsed()
    entry = (ROOT / "web" / "shell" / "app.js").resolve()
    bundle, shims, folded = build.landing_bundle(entry)
    landing = landing_graph(truth, entry)
    # it folds exactly the landing's shell modules, in the order ES modules run them (each after its imports)
    assert set(folded) == {p for p in landing if p.parent == entry.parent} - {entry}
    for i, path in enumerate(folded):
        assert {d for d in truth[path][0] if d in folded} <= set(folded[:i]), f"{path.name} runs before its imports"
    assert set(shims) == set(folded)
    # what it is made of parses, and a shim exports exactly what its module exports
    (tmp_path / "web" / "shell").mkdir(parents=True)
    written = {tmp_path / "web" / "shell" / "app.js": bundle}
    written |= {tmp_path / "web" / "shell" / p.name: data for p, data in shims.items()}
    for path, data in written.items():
        path.write_bytes(data)
    found = exports([*written, *folded])
    for path in written:
        assert found[path]["errors"] == [], f"{path.name}: {found[path]['errors']}"
    for path in folded:
        assert sorted(found[tmp_path / "web" / "shell" / path.name]["names"]) == sorted(found[path]["names"]), path.name
    # its own imports are the landing's modules outside the shell, nothing else
    text = bundle.decode()
    imported = {(entry.parent / m).resolve() for m in re.findall(r"^import \* as \w+ from '([^']+)';$", text, re.MULTILINE)}
    assert imported == {p for p in landing if p.parent != entry.parent}
    assert len(re.findall(r"^import\b", text, re.MULTILINE)) == len(imported)


@pytest.mark.parametrize("source, problem", [
    ("export let count = 0;\n", "cannot fold"),           # a live binding the importer would not see change
    ("export default function () {}\n", "cannot fold"),
    ("export { a as b };\nconst a = 1;\n", "cannot fold"),
    ("import x from './b.js';\n", "cannot fold"),
    ("import './b.js';\nexport const a = 1;\n", "cannot fold"),
])
def test_the_bundle_refuses_what_would_change_meaning(tmp_path, source, problem):
    (tmp_path / "b.js").write_text("export const b = 1;\n")
    (tmp_path / "a.js").write_text(source)
    (tmp_path / "app.js").write_text("import { a } from './a.js';\nconsole.log(a);\n")
    with pytest.raises(build.BundleError, match=problem):
        build.landing_bundle(tmp_path / "app.js")


def test_the_bundle_refuses_a_cycle(tmp_path):
    (tmp_path / "a.js").write_text("import { b } from './b.js';\nexport const a = () => b;\n")
    (tmp_path / "b.js").write_text("import { a } from './a.js';\nexport const b = () => a;\n")
    (tmp_path / "app.js").write_text("import { a } from './a.js';\na();\n")
    with pytest.raises(build.BundleError, match="cycle"):
        build.landing_bundle(tmp_path / "app.js")
