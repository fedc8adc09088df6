"""The trimmed standard library build.py ships (web/runtime/stdlib-keep.json), without a browser.

tests/e2e/test_trimmed_stdlib.py boots every game from it in Chromium."""

from __future__ import annotations

import gzip
import io
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

pytestmark = pytest.mark.skipif(not build.npm_ready(), reason="node_modules not installed (python3 build.py does it)")
SOURCE = build.NODE_MODULES / "pyodide" / "python_stdlib.zip"


@pytest.fixture(scope="module")
def trimmed() -> bytes:
    return build.trimmed_stdlib(SOURCE)


def names_in(data: bytes) -> set[str]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return set(zf.namelist())


def modules_in(data: bytes) -> set[str]:
    return {m for m in (build._module_of(n) for n in names_in(data)) if m}


def test_keep_list_names_only_modules_of_pyodides_stdlib():
    # A stale entry (a module Pyodide no longer ships) would be kept silently: refuse it.
    modules, packages = build.keep_list()
    shipped = modules_in(SOURCE.read_bytes())
    assert modules - shipped == set()
    assert {p for p in packages if p not in {m.split(".")[0] for m in shipped}} == set()
    # The engines' own stdlib imports, and what Pyodide and PyScript need to start, are in it.
    for needed in ("json", "re", "dataclasses", "hashlib", "encodings.cp932", "encodings.euc_jp", "_pyodide",
                   "pyodide.ffi", "asyncio", "site"):
        assert needed in modules, needed


def test_trimmed_zip_keeps_the_list_and_parents_and_nothing_else(trimmed):
    kept = modules_in(trimmed)
    modules, _ = build.keep_list()
    assert modules <= kept
    for name in kept:  # every kept submodule can be imported: its parent packages are there
        parts = name.split(".")
        for i in range(1, len(parts)):
            assert ".".join(parts[:i]) in kept, name
    for left_out in ("pydoc", "unittest", "xml", "email", "http.server", "tkinter", "pdb"):
        assert left_out not in kept
    assert {build.GUARD_MODULE, "sitecustomize"} <= kept
    # Stored (Brotli/gzip compress it on the wire): its sources gzipped are under a third of Pyodide's
    # deflated zip (the .pyc beside them are the price of not compiling at every start).
    with zipfile.ZipFile(io.BytesIO(trimmed)) as zf:
        sources = b"".join(zf.read(n) for n in zf.namelist() if not n.endswith(".pyc"))
    assert len(gzip.compress(sources, 6)) < SOURCE.stat().st_size / 3
    assert build.trimmed_stdlib(SOURCE) == trimmed  # reproducible


def test_trimmed_zip_carries_checked_bytecode_beside_each_module(trimmed):
    """Every module has its .pyc beside it (where the zip importer looks), compiled by Pyodide's Python
    (the cache tag of the wheel's .pyc) and checked against the source's hash; the code names the
    source where Pyodide puts the zip (tracebacks show its lines). tests/e2e/test_runtime.py checks
    that the browser's Python imports from them."""
    import _imp

    with zipfile.ZipFile(io.BytesIO(trimmed)) as zf:
        files = {n: zf.read(n) for n in zf.namelist()}
    sources = {n for n in files if n.endswith(".py")}
    assert {n for n in files if n.endswith(".pyc")} == {n + "c" for n in sources}
    python = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    zip_path = "/lib/python" + "".join(python.split(".")[:2]) + ".zip/"
    for name in sorted(sources):
        pyc = files[name + "c"]
        assert pyc[2:4] == b"\r\n" and int.from_bytes(pyc[4:8], "little") == 0b11, name
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(pyc[:4], "little"), files[name]), name
        assert (zip_path + name).encode() in pyc, name  # the file its code objects name


def test_guard_names_a_left_out_module_and_lets_kept_ones_through(trimmed):
    with zipfile.ZipFile(io.BytesIO(trimmed)) as zf:
        source = zf.read(f"{build.GUARD_MODULE}.py").decode()
        site = zf.read("sitecustomize.py").decode()
    assert f"{build.GUARD_MODULE}.install()" in site
    space: dict = {}
    exec(compile(source, build.GUARD_MODULE, "exec"), space)
    finder = space["TrimmedStdlibFinder"]
    assert "pydoc" in space["REMOVED"] and "json" not in space["REMOVED"]
    with pytest.raises(ModuleNotFoundError) as caught:
        finder.find_spec("pydoc")
    assert caught.value.name == "pydoc"
    assert "'pydoc'" in str(caught.value) and "stdlib-keep.json" in str(caught.value)
    assert isinstance(caught.value, ImportError)  # `try: import x / except ImportError` fallbacks still work
    assert finder.find_spec("json") is None and finder.find_spec("not_a_stdlib_module") is None


def test_lock_file_lists_no_packages_but_keeps_the_runtime_info():
    lock = json.loads(build.minimal_lock(build.NODE_MODULES / "pyodide" / "pyodide-lock.json"))
    full = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert lock == {"info": full["info"], "packages": {}}


def test_site_ships_the_trimmed_files_and_full_stdlib_build_ships_pyodides(tmp_path):
    out = tmp_path / "dist"
    build.build(out=out, quiet=True)
    assert f"{build.GUARD_MODULE}.py" in names_in((out / "pyodide" / "python_stdlib.zip").read_bytes())
    assert json.loads((out / "pyodide" / "pyodide-lock.json").read_text())["packages"] == {}
    assert not (out / "web" / "runtime" / build.STDLIB_KEEP.name).exists()  # build input, not a site file
    build.build(out=out, quiet=True, full_stdlib=True)
    assert (out / "pyodide" / "python_stdlib.zip").read_bytes() == SOURCE.read_bytes()


def stdlib_imports_of_the_engines() -> set[str]:
    """Every standard-library module named by an import statement anywhere in pygames/ (function-level and
    TYPE_CHECKING imports included), as a dotted name."""
    import ast

    found: set[str] = set()
    for path in (ROOT / "pygames").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] in sys.stdlib_module_names}


def test_every_stdlib_module_the_engines_import_is_kept(trimmed):
    # The keep list was measured by playing every game in a browser; an import on a path that run never
    # took (a lazy import, a rare record format) would only fail in a player's browser. Read them all here.
    kept = modules_in(trimmed)
    shipped = modules_in(SOURCE.read_bytes())
    missing = {name for name in stdlib_imports_of_the_engines()
               if name in shipped and name not in kept and name != "typing.TYPE_CHECKING"}
    assert missing == set()
