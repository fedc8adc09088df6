#!/usr/bin/env python3
"""Build the static site into ``dist/`` (and optionally serve it).

    python3 build.py            # build dist/
    python3 build.py --serve    # build, then serve dist/ on http://127.0.0.1:8000/

Steps, each skipped when already up to date:

1. ``npm ci`` the pinned browser runtime (``package.json`` / ``package-lock.json``) unless
   ``node_modules`` already holds exactly those versions.
2. Build the ``pygames`` wheel (``py3-none-any``: ``.py`` and ``.json`` files, and each module's ``.pyc``
   compiled by Pyodide's own Python under Node, cached in ``build/pyc/``) from the repo,
   byte-for-byte reproducible (fixed timestamps, sorted entries).
3. Lay out ``dist/``: ``index.html`` and ``web/`` from the repo, the Pyodide runtime files under
   ``pyodide/``, PyScript under ``pyscript/``, the wheel under ``wheels/``, PNG icons, ``games.json``
   (``games()`` computed at build time), ``build.json`` (what the bridge loads) and a
   generated service worker ``sw.js`` whose cache name is the build hash and whose precache list is
   every file in ``dist/``. Files that did not change are not rewritten; stale files are removed.

No request leaves the host at run time: PyScript's config names the local Pyodide and places the
wheel with [files] (no micropip, no CDN).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The runtime files the browser needs (no source maps, no CommonJS build, no consoles)."""
PYSCRIPT_FILES = ("core.js", "core-*.js", "error-*.js")
"""PyScript's files the site loads: the entry, its core chunk, and the error plugin's stub (the
other plugins are switched off in the config web/runtime/bridge.js writes)."""
SW_TEMPLATE = ROOT / "web" / "runtime" / "sw-template.js"
STDLIB_KEEP = ROOT / "web" / "runtime" / "stdlib-keep.json"
"""The standard-library modules the site ships (written by scripts/stdlib_usage.py): the rest of
Pyodide's python_stdlib.zip is left out, and the lock file lists no packages (the site loads none)."""
GUARD_MODULE = "_pygames_trimmed"
"""The module build.py adds to a trimmed stdlib: web/runtime/engine.py installs its finder, which
names a left-out module instead of a bare ModuleNotFoundError."""
TEST_PAGES = ROOT / "tests" / "e2e" / "pages"
SKIP_NAMES = {"__pycache__", ".DS_Store"}
PYC_SCRIPT = ROOT / "scripts" / "pyodide_compile.mjs"
PYC_CACHE = ROOT / "build" / "pyc"
"""The wheel's bytecode by the sources' hash (compiling it runs Pyodide under Node: seconds)."""
WORKER_MODULE = ROOT / "web" / "runtime" / "pygames_worker.py"
"""The engine's Python side of the worker (web/runtime/engine.py imports it): a top-level module of the wheel."""
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
COMPRESS_MIN = 1024
"""Files at least this large get precompressed siblings (``.gz``, and ``.br`` when Brotli is installed)."""
COMPRESS_SUFFIXES = {".wasm", ".mjs", ".js", ".json", ".html", ".css", ".svg", ".py", ".txt", ".webmanifest", ".zip",
                     ".whl"}
"""What is worth compressing (PNGs are not; the wheel and the stdlib zip are stored, not deflated)."""
COMPRESS_CACHE = ROOT / "build" / "compressed"
"""Compressed bodies by content hash, so a rebuild (or a test's build into a temporary folder) never
compresses the same bytes twice (Brotli on the 9.6 MB wasm takes tens of seconds)."""
BROTLI_QUALITY = 9
"""Brotli 9 with a 16 MB window: 12 % smaller than gzip -9 on the wasm at a tenth of quality 11's time."""


def log(msg: str) -> None:
    """Print a build step."""
    print(f"[build] {msg}", flush=True)


# --- 1. npm -----------------------------------------------------------------------------
def pinned_packages() -> dict[str, str]:
    """The exact versions package.json pins (the dev tools too: tsc for the JS check; none reach dist/)."""
    pins = json.loads((ROOT / "package.json").read_text())
    return {**pins["dependencies"], **pins.get("devDependencies", {})}


def npm_ready() -> bool:
    """Whether node_modules already holds every pinned package at its pinned version."""
    for name, version in pinned_packages().items():
        meta = NODE_MODULES / name / "package.json"
        if not meta.is_file() or json.loads(meta.read_text()).get("version") != version:
            return False
    return True


def ensure_npm() -> None:
    """Install the pinned browser runtime with npm unless it is already there."""
    if npm_ready():
        return
    if shutil.which("npm") is None:
        if os.geteuid() == 0 and shutil.which("apt-get"):
            log("installing npm (Debian)")
            subprocess.run(["apt-get", "update", "-qq"], check=True)
            subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "npm"], check=True,
                           env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        else:
            sys.exit("build.py: npm is missing (Debian: apt-get install -y npm)")
    cmd = ["npm", "ci"] if (ROOT / "package-lock.json").is_file() else ["npm", "install"]
    log(" ".join(cmd))
    subprocess.run(cmd + ["--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True)
    if not npm_ready():
        sys.exit("build.py: node_modules does not match the pinned versions after npm")


def pyodide_version() -> str:
    """The vendored Pyodide version."""
    return json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())["version"]


# --- 2. wheel ---------------------------------------------------------------------------
def project_meta() -> dict:
    """The [project] table of pyproject.toml."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]


def package_files() -> list[Path]:
    """The files that go into the wheel: every .py and .json file under pygames/."""
    found = []
    for path in sorted((ROOT / "pygames").rglob("*")):
        if path.is_file() and path.suffix in (".py", ".json") and not SKIP_NAMES & set(path.parts):
            found.append(path)
    return found


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def bytecode(sources: dict[str, bytes], prefix: str = "") -> tuple[str, dict[str, bytes]]:
    """Bytecode of ``sources`` (path -> .py bytes) as Pyodide's own Python writes it: its cache tag
    (``cpython-314``) and path -> .pyc bytes, hash-based and checked (Python uses a .pyc only when the
    hash of the .py beside it matches). The code objects name ``prefix + path`` as their file (where
    the source is at run time, for tracebacks). Compiled under Node by scripts/pyodide_compile.mjs (the
    build machine's Python may be another version) and cached in build/pyc/ by the sources' hash,
    the prefix, Pyodide's version and the script's, so only a change of a source runs Pyodide again."""
    digest = hashlib.sha256(pyodide_version().encode() + b"\0" + PYC_SCRIPT.read_bytes() + b"\0" + prefix.encode())
    for arc in sorted(sources):
        digest.update(arc.encode() + b"\0" + hashlib.sha256(sources[arc]).digest())
    cached = PYC_CACHE / f"{digest.hexdigest()[:32]}.json"
    if cached.is_file():
        answer = json.loads(cached.read_text())
    else:
        request = {"files": {arc: data.decode("utf-8") for arc, data in sources.items()}, "prefix": prefix}
        run = subprocess.run(["node", str(PYC_SCRIPT), str(NODE_MODULES / "pyodide")], input=json.dumps(request),
                             capture_output=True, text=True, cwd=ROOT)
        if run.returncode != 0:
            sys.exit(f"build.py: compiling Python modules with Pyodide failed:\n{run.stderr[-2000:]}")
        answer = json.loads(run.stdout)
        PYC_CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(answer, sort_keys=True))
        os.replace(tmp, cached)
    if set(answer["pyc"]) != set(sources):
        sys.exit("build.py: Pyodide did not compile every module it was given")
    return answer["tag"], {arc: base64.b64decode(data) for arc, data in sorted(answer["pyc"].items())}


def compiled_modules(sources: dict[str, bytes]) -> dict[str, bytes]:
    """The wheel's bytecode (``bytecode``): wheel path of each ``<folder>/__pycache__/<name>.<tag>.pyc``
    (where Python's import looks for it) -> its bytes."""
    tag, pyc = bytecode(sources)
    out = {}
    for arc, data in pyc.items():
        folder, _, name = arc.rpartition("/")
        out[f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc".lstrip("/")] = data
    return out


def build_wheel(out_dir: Path) -> Path:
    """Write the reproducible ``pygames-<version>-py3-none-any.whl`` into ``out_dir``: the package's
    sources and data, and each module's bytecode compiled by Pyodide's Python (``compiled_modules``:
    the browser then imports without compiling; the .py files stay for tracebacks and the hash check)."""
    meta = project_meta()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for path in package_files():
        entries.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    entries.append((WORKER_MODULE.name, WORKER_MODULE.read_bytes()))  # the worker's glue, at the wheel's top
    entries.extend(compiled_modules({arc: data for arc, data in entries if arc.endswith(".py")}).items())
    metadata = (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                f"Summary: {meta.get('description', '')}\nRequires-Python: {meta.get('requires-python', '')}\n")
    wheel_meta = "Wheel-Version: 1.0\nGenerator: pygames-build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((f"{dist_info}/WHEEL", wheel_meta.encode()))
    entries.append((f"{dist_info}/top_level.txt", f"pygames\n{WORKER_MODULE.stem}\n".encode()))
    record = "".join(f"{arc},{_record_hash(data)},{len(data)}\n" for arc, data in entries)
    record += f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")  # own name: builds may run side by side
    # Stored, not deflated: its .br/.gz siblings (precompress) compress across files, and the .pyc files
    # repeat the names of their .py (Brotli: 611 kB on the wire against 916 kB for a deflated wheel).
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zf:
        for arc, data in entries:
            info = zipfile.ZipInfo(arc, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    _replace_if_changed(tmp, target)
    return target


# --- 3. icons ---------------------------------------------------------------------------
def png(size: int) -> bytes:
    """A square app icon: four coloured tiles (one per game) on an ink background, as PNG."""
    ink, gap = (0x1F, 0x2A, 0x44), size // 12
    tiles = [(0xC8, 0x3C, 0x32), (0xE8, 0xB0, 0x3A), (0x3A, 0x8F, 0x5C), (0xF4, 0xEF, 0xE6)]
    half = (size - 3 * gap) // 2
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            colour = ink
            col = 0 if gap <= x < gap + half else 1 if 2 * gap + half <= x < 2 * gap + 2 * half else -1
            row = 0 if gap <= y < gap + half else 1 if 2 * gap + half <= y < 2 * gap + 2 * half else -1
            if col >= 0 and row >= 0:
                colour = tiles[row * 2 + col]
            rows.extend(colour)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


# --- 4. layout --------------------------------------------------------------------------
def _replace_if_changed(tmp: Path, target: Path) -> None:
    if target.is_file() and target.read_bytes() == tmp.read_bytes():
        tmp.unlink()
    else:
        os.replace(tmp, target)


def _write(target: Path, data: bytes, written: set[Path]) -> None:
    written.add(target)
    if target.is_file() and target.stat().st_size == len(data) and target.read_bytes() == data:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, target)


def _copy(src: Path, target: Path, written: set[Path]) -> None:
    written.add(target)
    if target.is_file():
        s, t = src.stat(), target.stat()
        if s.st_size == t.st_size and int(s.st_mtime) == int(t.st_mtime):
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, target)


def _copy_tree(src: Path, dest: Path, written: set[Path], skip: set[Path] = frozenset()) -> None:
    for path in sorted(src.rglob("*")):
        if path.is_file() and path not in skip and not SKIP_NAMES & set(path.parts):
            _copy(path, dest / path.relative_to(src), written)


IMPORT_RE = re.compile(r"""^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.{1,2}/[^'"]+\.m?js)['"]|^\s*import\s*['"](\.{1,2}/[^'"]+\.m?js)['"]""", re.MULTILINE)
DYNAMIC_IMPORT_RE = re.compile(r"""\bimport\(\s*['"](\.{1,2}/[^'"]+\.m?js)['"]\s*\)""")
COMMENT_RE = re.compile(r"""/\*.*?\*/|(?<![:'"\\])//[^\n]*""", re.DOTALL)
MODULE_RE = re.compile(r'<script type="module" src="([^"]+)"></script>')


def module_imports(path: Path) -> tuple[list[Path], list[Path]]:
    """The modules ``path`` imports: (static ``import … from './x.js'``, dynamic ``import('./x.js')`` with a
    literal path), relative imports only, comments left out (JSDoc types name modules too)."""
    text = COMMENT_RE.sub("", path.read_text(encoding="utf-8"))
    static = [(path.parent / (m.group(1) or m.group(2))).resolve() for m in IMPORT_RE.finditer(text)]
    dynamic = [(path.parent / m.group(1)).resolve() for m in DYNAMIC_IMPORT_RE.finditer(text)]
    return static, dynamic


def module_graph(entry: Path) -> list[Path]:
    """Every module ``entry`` imports statically, directly or not (relative imports only), in order."""
    seen: list[Path] = []
    todo = [entry]
    while todo:
        path = todo.pop(0)
        if path in seen or not path.is_file():
            continue
        seen.append(path)
        todo.extend(module_imports(path)[0])
    return seen


def preload_order(entry: Path) -> list[list[Path]]:
    """The modules to preload for the page whose module is ``entry``, in groups, most urgent first: the
    entry's static graph (everything that must run before the landing page paints), then, for each
    literal ``import('./x.js')`` met on the way (the lazily loaded pages, the engine's bridge), the
    modules of its static graph not listed yet. A module appears once."""
    groups: list[list[Path]] = []
    listed: set[Path] = set()
    todo = [entry]
    while todo:
        graph = [p for p in module_graph(todo.pop(0)) if p not in listed]
        if not graph:
            continue
        groups.append(graph)
        listed.update(graph)
        for path in graph:
            todo.extend(p for p in module_imports(path)[1] if p not in listed)
    return groups


BUNDLE_IMPORT_RE = re.compile(
    r"""^import\s*(?:\{([^}]*)\}|\*\s*as\s+([A-Za-z_$][\w$]*))\s*from\s*(['"])(\.{1,2}/[^'"]+\.m?js)\3;?[ \t]*$""",
    re.MULTILINE)
BUNDLE_EXPORT_RE = re.compile(r"^export\s+((?:async\s+)?function\*?|class|const)\s+([A-Za-z_$][\w$]*)", re.MULTILINE)
LEFT_RE = re.compile(r"^[ \t]*(?:import(?:\s*[{*'\"]|\s+[\w$])|export(?:\s*[{*]|\s+[\w$])).*$", re.MULTILINE)
LATER_PRELOADS_ID = "later-preloads"
"""The id of the ``<template>`` in dist's index.html holding the preloads of the pages after the landing (app.js)."""
GAMES_DATA_ID = "games-data"
"""The id of the ``<script type="application/json">`` in dist's index.html holding games.json (engine.js)."""
BOOT_DATA_ID = "boot-data"
"""The id of the ``<script type="application/json">`` in dist's index.html naming the wheel (bridge.js starts
PyScript with it at once, without waiting for build.json)."""
START_RE = re.compile(r'(?:\s*<script type="module" async src="[^"]+"></script>)+')
"""The async module scripts that follow the page's module in index.html (web/runtime/start.js): the hints go
after them, so that the browser requests them with the landing's own files."""


class BundleError(ValueError):
    """A landing module uses a form of import or export the bundle does not fold (it would change meaning)."""


def _bundled_module(path: Path, names: dict[Path, str]) -> tuple[str, list[str]]:
    """``path``'s text for the landing bundle, and its exported names. Imports become destructurings of the
    imported module's object (``names``: its variable), ``export`` is dropped from the declarations. Only
    forms whose meaning does not change are accepted (exported functions, classes and consts; named and
    namespace imports); anything else is a BundleError naming the line."""
    text = path.read_text(encoding="utf-8")

    def import_(m: re.Match[str]) -> str:
        target = (path.parent / m.group(4)).resolve()
        if target not in names:
            raise BundleError(f"{path.name}: {m.group(4)} is not in the bundle")
        if m.group(2):
            return f"const {m.group(2)} = {names[target]};"
        pairs = [p.split() for p in m.group(1).replace("\n", " ").split(",") if p.strip()]
        if any(len(p) not in (1, 3) or (len(p) == 3 and p[1] != "as") for p in pairs):
            raise BundleError(f"{path.name}: import {{{m.group(1)}}}")
        return "const { " + ", ".join(p[0] if len(p) == 1 else f"{p[0]}: {p[2]}" for p in pairs) + f" }} = {names[target]};"

    text = BUNDLE_IMPORT_RE.sub(import_, text)
    exported = [m.group(2) for m in BUNDLE_EXPORT_RE.finditer(text)]
    text = BUNDLE_EXPORT_RE.sub(lambda m: f"{m.group(1)} {m.group(2)}", text)
    left = LEFT_RE.search(COMMENT_RE.sub(lambda m: " " * len(m.group(0)), text))
    if left:
        raise BundleError(f"{path.name}: cannot fold `{left.group(0).strip()}`")
    return text, exported


def landing_bundle(entry: Path) -> tuple[bytes, dict[Path, bytes], list[Path]]:
    """The landing page in one module: ``entry`` and the modules of its static graph that live in its folder
    (the shell), each in its own function scope, in the order ES modules run them; modules elsewhere (the
    runtime's) stay real imports. Returns (the bundle, written in place of ``entry``; for each folded
    module, the file that replaces it in dist/: it re-exports the bundle's instance, so a page loaded later
    (setup, the match screen, a game's view) shares the landing's state; the folded modules). Nothing
    folded has exported ``let``s or cycles, so every binding an importer sees is the one it saw before."""
    order: list[Path] = []

    def visit(path: Path, stack: tuple[Path, ...]) -> None:
        if path in order:
            return
        if path in stack:
            raise BundleError(f"import cycle through {path.name}")
        for dep in module_imports(path)[0]:
            visit(dep, stack + (path,))
        order.append(path)

    visit(entry, ())
    folded = [p for p in order if p.parent == entry.parent and p != entry]
    outside = [p for p in order if p.parent != entry.parent]
    for path in outside:
        if set(module_graph(path)) & set(folded):
            raise BundleError(f"{path.name} imports a module of the bundle")
    names = {p: f"__m{i}" for i, p in enumerate(folded)} | {p: f"__x{i}" for i, p in enumerate(outside)}
    rel = lambda p: os.path.relpath(p, entry.parent).replace(os.sep, "/")  # noqa: E731
    parts = [f"// Built by build.py: {entry.name} and the shell modules it imports, in one file (the landing page).\n"]
    parts += [f"import * as {names[p]} from './{rel(p)}';\n" if not rel(p).startswith("..")
              else f"import * as {names[p]} from '{rel(p)}';\n" for p in outside]
    shims: dict[Path, bytes] = {}
    for path in folded:
        body, exported = _bundled_module(path, names)
        parts.append(f"const {names[path]} = (() => {{ // {path.name}\n{body.rstrip()}\nreturn {{ "
                     f"{', '.join(exported)} }};\n}})();\n")
        shims[path] = (f"// Built by build.py: {path.name} is part of the landing page's bundle ({entry.name}); this is "
                       f"that instance.\nimport {{ {names[path]} }} from './{entry.name}';\n"
                       f"export const {{ {', '.join(exported)} }} = {names[path]};\n").encode()
    body, exported = _bundled_module(entry, names)
    if exported:
        raise BundleError(f"{entry.name} exports {exported}")
    parts.append(f"// {entry.name}\n{body.rstrip()}\n")
    if folded:
        parts.append(f"export {{ {', '.join(names[p] for p in folded)} }};\n")
    return "".join(parts).encode(), shims, folded


def _json_script(element_id: str, data: object) -> str:
    """``data`` as a JSON ``<script>`` element ("</" written as "<\\/": the same JSON)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" id="{element_id}">{text}</script>\n  '


def index_page(text: str, games: bytes | None = None, boot: dict[str, str] | None = None) -> bytes:
    """index.html with preload hints (see preload_order), most urgent first: the modules the landing
    bundle imports (landing_bundle: the shell's own landing modules are in app.js itself), then the
    engine's first files (web/runtime/start.js, an async module written right after the page's own,
    starts its boot as soon as they are in), PyScript's core and error stub, then the shell modules that
    re-export the bundle and the modules of the pages that load on their route (setup, the match screen,
    replay, links). ``games`` (games.json) is written into the page, so the landing lists the games
    without another request; ``boot`` ({wheel}) too, so the engine's boot needs no request first."""
    found = MODULE_RE.search(text)
    if not found:
        return text.encode()
    entry = (ROOT / found.group(1)).resolve()
    landing, *later = preload_order(entry)
    folded = set(landing_bundle(entry)[2])
    runtime = ROOT / "web" / "runtime"
    engine = [p for group in later if group[0].is_relative_to(runtime) for p in group]
    pages = [p for group in later if not group[0].is_relative_to(runtime) for p in group]

    def module(path: Path) -> str:
        return f'<link rel="modulepreload" href="{path.relative_to(ROOT).as_posix()}">'

    hints = [module(p) for p in landing[1:] if p not in folded]
    if games is None:
        hints.append('<link rel="preload" href="games.json" as="fetch" crossorigin>')
    hints.extend(module(p) for p in engine)
    hints.append('<link rel="preload" href="build.json" as="fetch" crossorigin>')
    # PyScript's core, and the error plugin's stub: with that plugin switched off, PyScript still imports
    # the stub before it defines <py-script>, so the worker waited for one more round trip without it.
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    for path in sorted(pyscript.glob("core*.js")) + sorted(pyscript.glob("error-*.js")):
        hints.append(f'<link rel="modulepreload" href="pyscript/{path.name}">')
    hints.append('<link rel="preload" href="web/runtime/engine.py" as="fetch" crossorigin>')
    # The other pages' modules (the shell modules that re-export the bundle, setup, the match screen, replay,
    # links) wait in a <template>: the shell adds them at once on those routes, and on the landing once the
    # engine is ready or at the first navigation, so that they do not compete with the engine's start.
    later = [module(p) for p in landing[1:] if p in folded] + [module(p) for p in pages]
    if later:
        hints.append(f'<template id="{LATER_PRELOADS_ID}">' + "".join(later) + "</template>")
    head = found.group(0)
    started = START_RE.match(text, found.end())
    if started:  # the async start module goes with the page's module, before the hints
        head += started.group(0)
    if games is not None:
        head = _json_script(GAMES_DATA_ID, json.loads(games)) + head
    if boot is not None:
        head = _json_script(BOOT_DATA_ID, boot) + head
    tail = text[started.end() if started else found.end():]
    return (text[:found.start()] + head + "\n  " + "\n  ".join(hints) + tail).encode()


def write_landing(out: Path, written: set[Path]) -> set[Path]:
    """dist's landing bundle in place of its entry module, and the re-exporting shell modules
    (landing_bundle); returns the repo files they replace (not to be copied)."""
    found = MODULE_RE.search((ROOT / "index.html").read_text()) if (ROOT / "index.html").is_file() else None
    if not found:
        return set()
    entry = (ROOT / found.group(1)).resolve()
    bundle, shims, _ = landing_bundle(entry)
    _write(out / entry.relative_to(ROOT), bundle, written)
    for path, data in shims.items():
        _write(out / path.relative_to(ROOT), data, written)
    return {entry, *shims}


def _brotli():  # type: ignore[no-untyped-def]
    """The Brotli module (PyPI ``Brotli``, pinned in requirements-build.txt), or None when it is missing."""
    try:
        import brotli  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    return brotli


def _compressed(data: bytes, encoding: str) -> bytes:
    """``data`` compressed with ``encoding`` ("gzip" or "br"), from the content-hash cache when there."""
    key = COMPRESS_CACHE / f"{hashlib.sha256(data).hexdigest()}.{encoding}"
    if key.is_file():
        return key.read_bytes()
    if encoding == "gzip":
        out = gzip.compress(data, compresslevel=9, mtime=0)
    else:
        out = _brotli().compress(data, quality=BROTLI_QUALITY, lgwin=24)
    key.parent.mkdir(parents=True, exist_ok=True)
    tmp = key.with_name(f"{key.name}.{os.getpid()}.tmp")  # own name: builds may run side by side
    tmp.write_bytes(out)
    os.replace(tmp, key)
    return out


def precompress(out: Path, files: set[Path]) -> set[Path]:
    """Write ``<file>.gz`` (gzip -9) and ``<file>.br`` (when Brotli is installed) beside every file of
    ``files`` worth compressing, when smaller than the file; scripts/serve.py (and static hosts that
    serve precompressed files) answer with the best one the browser accepts. Returns what was written."""
    made: set[Path] = set()
    encodings = [("gzip", ".gz")] + ([("br", ".br")] if _brotli() is not None else [])
    jobs = [(path, encoding, suffix) for path in sorted(files) for encoding, suffix in encodings
            if path.suffix in COMPRESS_SUFFIXES and path.stat().st_size >= COMPRESS_MIN]
    # zlib and Brotli release the GIL: the big files compress side by side.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        bodies = list(pool.map(lambda job: _compressed(job[0].read_bytes(), job[1]), jobs))
    for (path, _, suffix), body in zip(jobs, bodies):
        if len(body) < path.stat().st_size * 0.95:
            _write(path.with_name(path.name + suffix), body, made)
    return made


def _module_of(filename: str) -> str | None:
    """The dotted module name of a stdlib zip entry (``json/decoder.py`` → ``json.decoder``,
    ``json/__init__.py`` → ``json``), or None for a folder or a data file."""
    if not filename.endswith(".py"):
        return None
    parts = filename[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def guard_module(removed: set[str]) -> bytes:
    """The source of the guard module: a finder, last on ``sys.meta_path``, that answers an import of
    a left-out module with an error naming it and saying why (not a bare "No module named")."""
    names = ",\n    ".join(repr(name) for name in sorted(removed))
    return f'''"""Written by build.py into the site's trimmed standard library; web/runtime/engine.py installs it."""
import sys

REMOVED = frozenset({{
    {names},
}})


class TrimmedStdlibFinder:
    """Last on sys.meta_path: reached only when no other finder found the module."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name in REMOVED:
            raise ModuleNotFoundError(
                f"No module named {{name!r}}: the site's Python standard library was trimmed to what the "
                f"games use and {{name!r}} was left out (add it to web/runtime/stdlib-keep.json and rebuild)",
                name=name)
        return None


def install():
    """Add the finder once."""
    if TrimmedStdlibFinder not in sys.meta_path:
        sys.meta_path.append(TrimmedStdlibFinder)
'''.encode()


def keep_list() -> tuple[set[str], set[str]]:
    """(modules, whole packages) of web/runtime/stdlib-keep.json: the measured modules and the ones
    kept by hand (``extra``, each with its reason)."""
    spec = json.loads(STDLIB_KEEP.read_text())
    return set(spec["modules"]) | set(spec["extra"]), set(spec["packages"])


def trimmed_stdlib(source: Path) -> bytes:
    """Pyodide's stdlib zip with only the kept modules (and their parent packages), the data files of
    kept packages, the guard module and a ``sitecustomize`` that installs it as Python starts (before
    PyScript's bootstrap). Stored, not deflated: Brotli over the whole zip is 21 % smaller on the wire
    than the deflated entries, and imports skip the inflate. Entries sorted, fixed timestamps."""
    modules, packages = keep_list()
    keep = set(modules)
    for name in modules:  # a kept submodule needs its parent packages
        parts = name.split(".")
        keep.update(".".join(parts[:i]) for i in range(1, len(parts)))
    removed: set[str] = set()
    chosen: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(source) as zf:
        for info in sorted(zf.infolist(), key=lambda i: i.filename):
            if info.is_dir():
                continue
            module = _module_of(info.filename)
            top = info.filename.split("/")[0]
            if top in packages or (module in keep if module else top.removesuffix(".py") in keep):
                chosen.append((info.filename, zf.read(info)))
            elif module:
                removed.add(module)
    chosen.append((f"{GUARD_MODULE}.py", guard_module(removed)))
    chosen.append(("sitecustomize.py", f"import {GUARD_MODULE}\n\n{GUARD_MODULE}.install()\n".encode()))
    chosen.extend(stdlib_bytecode(dict(chosen)).items())
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        for arc, data in sorted(chosen):
            info = zipfile.ZipInfo(arc, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return out.getvalue()


def stdlib_bytecode(entries: dict[str, bytes]) -> dict[str, bytes]:
    """The .pyc of every module of the trimmed stdlib (``bytecode``), named ``x.pyc`` beside ``x.py`` where
    Python's zip importer looks for it: Pyodide's start, PyScript's bootstrap and the engines' stdlib
    imports then run without compiling (Pyodide ships the stdlib as sources only)."""
    python = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    zip_path = "/lib/python" + "".join(python.split(".")[:2]) + ".zip/"  # where Pyodide puts the zip
    _, pyc = bytecode({arc: data for arc, data in entries.items() if arc.endswith(".py")}, prefix=zip_path)
    return {arc + "c": data for arc, data in pyc.items()}


def minimal_lock(source: Path) -> bytes:
    """Pyodide's lock file without its package list: the site loads no Pyodide package (the wheel is
    placed as files), so only ``info`` is needed."""
    lock = json.loads(source.read_text())
    return json.dumps({"info": lock["info"], "packages": {}}, indent=1, sort_keys=True).encode()


def games_json() -> bytes:
    """``webapi.dispatch("games")`` run in CPython at build time: the page lists the games (titles,
    seats, options) from it at once, before Python has started in the browser."""
    code = "import sys; from pygames import webapi; sys.stdout.write(webapi.dispatch('games'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True).stdout
    json.loads(out)  # refuse to ship anything but JSON
    return out


def _integrity(path: Path) -> str:
    """A subresource-integrity string for the file (the service worker checks every file it caches)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def service_worker(version: str, files: list[dict[str, str]]) -> bytes:
    """The generated service worker: the template with the build version and precache list."""
    text = SW_TEMPLATE.read_text()
    entries = ",\n".join(json.dumps(e) for e in files)
    text = text.replace("__BUILD_VERSION__", json.dumps(version)).replace("__PRECACHE__", f"[\n{entries}\n]")
    return text.encode()


def build(out: Path = DIST, test_pages: bool = False, quiet: bool = False, salt: str = "",
          full_stdlib: bool = False) -> dict:
    """Build the site into ``out``; with ``test_pages`` also copy tests/e2e/pages/ to ``_test/``.
    ``salt`` is mixed into the build hash (tests use it to make "a new build" of the same files).
    ``full_stdlib`` ships Pyodide's whole stdlib zip and lock file (scripts/stdlib_usage.py measures
    with it) instead of the trimmed ones. Returns build.json's content."""
    ensure_npm()
    out.mkdir(parents=True, exist_ok=True)
    written: set[Path] = set()
    wheel = build_wheel(ROOT / "build")
    _copy(wheel, out / "wheels" / wheel.name, written)
    for name in PYODIDE_FILES:
        source = NODE_MODULES / "pyodide" / name
        if full_stdlib or name not in ("python_stdlib.zip", "pyodide-lock.json"):
            _copy(source, out / "pyodide" / name, written)
        elif name == "python_stdlib.zip":
            _write(out / "pyodide" / name, trimmed_stdlib(source), written)
        else:
            _write(out / "pyodide" / name, minimal_lock(source), written)
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    for pattern in PYSCRIPT_FILES:
        for path in sorted(pyscript.glob(pattern)):
            _copy(path, out / "pyscript" / path.name, written)
    games = games_json()
    wheel_path = f"wheels/{wheel.name}"
    if (ROOT / "index.html").is_file():
        _write(out / "index.html", index_page((ROOT / "index.html").read_text(), games, {"wheel": wheel_path}), written)
    elif not quiet:
        log("no index.html at the repo root yet (the shell provides it)")
    landing = write_landing(out, written)
    _copy_tree(ROOT / "web", out / "web", written, skip={SW_TEMPLATE, STDLIB_KEEP, WORKER_MODULE, *landing})
    _write(out / "games.json", games, written)
    for size in (192, 512):
        _write(out / "web" / "icons" / f"icon-{size}.png", png(size), written)
    if test_pages and TEST_PAGES.is_dir():
        _copy_tree(TEST_PAGES, out / "_test", written)
    # The build hash covers every file's content, so any change gives a new cache.
    digest = hashlib.sha256(salt.encode() + b"\0" + SW_TEMPLATE.read_bytes())
    for path in sorted(written):
        digest.update(path.relative_to(out).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    version = digest.hexdigest()[:16]
    info = {"version": version, "wheel": wheel_path, "pyodide": pyodide_version(),
            "package": "pygames"}
    _write(out / "build.json", json.dumps(info, indent=1).encode(), written)
    files = [{"path": p.relative_to(out).as_posix(), "integrity": _integrity(p)} for p in sorted(written)]
    if (out / "index.html") in written:
        files.insert(0, {"path": "./", "integrity": _integrity(out / "index.html")})
    _write(out / "sw.js", service_worker(version, files), written)
    compressed = precompress(out, written)
    for path in sorted(out.rglob("*"), reverse=True):  # stale files and empty folders
        if path.is_file() and path not in written and path not in compressed and not path.relative_to(out).as_posix().startswith("bench/"):
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    if not quiet:
        size = sum(p.stat().st_size for p in written)
        log(f"dist/ ready: {len(written)} files, {size / 1e6:.1f} MB, build {version}")
    return info


def main(argv: list[str] | None = None) -> None:
    """Command line: build, and serve with --serve."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (0: any free port)")
    parser.add_argument("--test-pages", action="store_true", help="also copy tests/e2e/pages/ to dist/_test/")
    parser.add_argument("--full-stdlib", action="store_true",
                        help="ship Pyodide's whole stdlib zip and lock file (not the trimmed ones)")
    args = parser.parse_args(argv)
    build(test_pages=args.test_pages, full_stdlib=args.full_stdlib)
    if args.serve:
        sys.path.insert(0, str(ROOT / "scripts"))
        from serve import serve_forever
        serve_forever(DIST, args.port)


if __name__ == "__main__":
    main()
