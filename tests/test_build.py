"""build.py without a browser: the wheel, the dist/ layout, the service worker's precache list."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

pytestmark = pytest.mark.skipif(not build.npm_ready(), reason="node_modules not installed (python3 build.py does it)")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("dist")
    return out, build.build(out=out, quiet=True)


def test_wheel_is_pure_reproducible_and_holds_the_data(tmp_path):
    first = build.build_wheel(tmp_path / "a")
    second = build.build_wheel(tmp_path / "b")
    assert first.name.endswith("-py3-none-any.whl")
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        names = set(zf.namelist())
        record = zf.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        wheel_meta = zf.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
    assert "Tag: py3-none-any" in wheel_meta
    assert "pygames/webapi.py" in names
    shipped_json = {p.relative_to(ROOT).as_posix() for p in (ROOT / "pygames").rglob("*.json")}
    assert shipped_json <= names
    assert {line.split(",")[0] for line in record.splitlines()} == names


def test_wheel_holds_bytecode_of_every_module_for_pyodides_python(tmp_path):
    """Each module's .pyc, for the Python that Pyodide's lock names (not the build machine's), checked
    against its own source (the hash Python compares before using it); nothing else is compiled.
    (tests/e2e/test_runtime.py checks the magic number and that the browser imports from them.)"""
    import _imp

    python = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    tag = "cpython-" + "".join(python.split(".")[:2])
    with zipfile.ZipFile(build.build_wheel(tmp_path)) as zf:
        files = {n: zf.read(n) for n in zf.namelist()}
    sources = {n: files[n] for n in files if n.endswith(".py")}
    pycs = {n for n in files if n.endswith(".pyc")}
    assert len(sources) > 50 and "pygames/shogi/__pycache__/game." + tag + ".pyc" in pycs
    # (nothing of PyScript's own package: the worker skips it, web/runtime/pyscriptboot.js)
    assert not any(n.startswith("pyscript/") for n in files)
    # The worker's glue (web/runtime/pygames_worker.py, imported by engine.py) sits at the wheel's top.
    assert build.WORKER_MODULE.name in sources and f"__pycache__/pygames_worker.{tag}.pyc" in pycs

    def cached(source: str) -> str:
        folder, _, stem = source.rpartition("/")
        return f"{folder}/__pycache__/{stem[:-3]}.{tag}.pyc".lstrip("/")

    assert pycs == {cached(n) for n in sources}
    for source in sorted(sources):
        pyc = files[cached(source)]
        magic = pyc[:4]
        assert magic[2:] == b"\r\n" and int.from_bytes(pyc[4:8], "little") == 0b11, source  # checked hash (PEP 552)
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(magic, "little"), sources[source]), source


def test_bytecode_is_compiled_once_per_source_change(tmp_path, monkeypatch):
    """The .pyc come from build/pyc/ when the sources did not change (Pyodide under Node takes seconds);
    a changed source is compiled again."""
    monkeypatch.setattr(build, "PYC_CACHE", tmp_path)
    calls = []
    real_run = subprocess.run
    monkeypatch.setattr(build.subprocess, "run", lambda *a, **k: calls.append(a) or real_run(*a, **k))
    first = build.compiled_modules({"pygames/a.py": b"X = 1\n"})
    (name, pyc), = first.items()
    assert name.startswith("pygames/__pycache__/a.cpython-3") and b"X" in pyc and len(calls) == 1
    assert build.compiled_modules({"pygames/a.py": b"X = 1\n"}) == first and len(calls) == 1

    class Compiled(Exception):
        pass

    def refuse(*args, **kwargs):
        raise Compiled

    monkeypatch.setattr(build.subprocess, "run", refuse)
    with pytest.raises(Compiled):
        build.compiled_modules({"pygames/a.py": b"X = 2\n"})


def test_wheel_imports_in_a_clean_interpreter(tmp_path):
    wheel = build.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path / "site")
    code = ("import json, pygames.webapi as w; "
            "print(json.loads(w.dispatch('games', '{}'))['games'].__class__.__name__)")
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r}); {code}"],
                         capture_output=True, text=True, cwd=tmp_path, check=True)
    assert out.stdout.strip() == "list"


def test_precache_lists_exactly_the_files_of_the_build(site):
    out, info = site
    sw = (out / "sw.js").read_text()
    assert f'const VERSION = {json.dumps(info["version"])};' in sw
    entries = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    precache = [entry["path"] for entry in entries]
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {"sw.js"}
    files = {f for f in files if not (f.endswith((".gz", ".br")) and (out / f[:-3]).is_file())}  # encodings
    expected_root = ["./"] if (out / "index.html").is_file() else []
    assert sorted(precache) == sorted(expected_root + sorted(files))
    for entry in entries:  # every file is checked against its own hash
        path = out / ("index.html" if entry["path"] == "./" else entry["path"])
        digest = base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
        assert entry["integrity"] == f"sha256-{digest}", entry["path"]
    assert "pyodide/pyodide.asm.wasm" in precache and info["wheel"] in precache
    assert "__BUILD_VERSION__" not in sw and "__PRECACHE__" not in sw


def test_no_cdn_url_reaches_the_browser_code(site):
    out, _ = site
    for path in (out / "web" / "runtime").iterdir():
        if path.suffix in (".gz", ".br"):
            continue  # the same text, compressed
        assert not re.search(r"https?://", path.read_text()), path


def test_rebuild_is_stable_removes_stale_files_and_a_change_gives_a_new_version(site):
    out, info = site
    stale = out / "web" / "old-file.js"
    stale.write_text("old")
    again = build.build(out=out, quiet=True)
    assert again["version"] == info["version"] and not stale.exists()
    salted = build.build(out=out, quiet=True, salt="another build")
    assert salted["version"] != info["version"]
    assert json.loads((out / "build.json").read_text())["version"] == salted["version"]


def test_icons_are_pngs_of_the_sizes_the_manifest_names(site):
    out, _ = site
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        path = out / "web" / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            data = path.read_bytes()
            size = int(icon["sizes"].split("x")[0])
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            assert int.from_bytes(data[16:20], "big") == size == int.from_bytes(data[20:24], "big")
    assert manifest["start_url"] == "../" and manifest["scope"] == "../"


def test_big_files_have_precompressed_siblings_with_the_same_bytes(site):
    out, _ = site
    wasm = out / "pyodide" / "pyodide.asm.wasm"
    packed = out / "pyodide" / "pyodide.asm.wasm.gz"
    assert packed.is_file() and gzip.decompress(packed.read_bytes()) == wasm.read_bytes()
    assert packed.stat().st_size < wasm.stat().st_size / 2
    if build._brotli() is not None:
        assert build._brotli().decompress((out / "pyodide" / "pyodide.asm.wasm.br").read_bytes()) == wasm.read_bytes()
    assert not list(out.rglob("*.png.gz"))  # already compressed: no sibling
    for sibling in out.rglob("*.gz"):  # none is stale: each decodes to its file as it is now
        assert gzip.decompress(sibling.read_bytes()) == sibling.with_suffix("").read_bytes(), sibling


def test_server_answers_with_the_best_encoding_the_client_accepts(site):
    out, _ = site
    sys.path.insert(0, str(ROOT / "scripts"))
    from serve import SiteServer, accepted

    assert accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted("br;q=0, gzip;q=0.5") == {"gzip"}
    server = SiteServer(out).start()
    try:
        def get(path: str, accept: str | None) -> tuple[dict[str, str], bytes]:
            request = urllib.request.Request(server.url + path, headers={"Accept-Encoding": accept} if accept else {})
            with urllib.request.urlopen(request) as response:
                return {k.lower(): v for k, v in response.headers.items()}, response.read()

        wasm = (out / "pyodide" / "pyodide.asm.wasm").read_bytes()
        headers, body = get("pyodide/pyodide.asm.wasm", "gzip, deflate")
        assert headers["content-encoding"] == "gzip" and headers["content-type"] == "application/wasm"
        assert "Accept-Encoding" in headers["vary"] and gzip.decompress(body) == wasm
        if build._brotli() is not None:
            headers, body = get("pyodide/pyodide.asm.wasm", "gzip, br")
            assert headers["content-encoding"] == "br" and build._brotli().decompress(body) == wasm
        headers, body = get("pyodide/pyodide.asm.wasm", "br;q=0, gzip")
        assert headers["content-encoding"] == "gzip"
        headers, body = get("pyodide/pyodide.asm.wasm", None)
        assert "content-encoding" not in headers and body == wasm and "Accept-Encoding" in headers["vary"]
        headers, body = get("", "gzip")  # the site root is its index page, compressed too
        assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == (out / "index.html").read_bytes()
        assert server.sent[-1] == ("/", len(body), "gzip")
    finally:
        server.stop()


def test_dev_tools_stay_out_of_dist(site):
    """typescript is pinned for the JS check only: dist/ holds no TypeScript, and npm_ready wants it."""
    out, _ = site
    assert "typescript" in build.pinned_packages()
    assert not [p for p in out.rglob("*") if p.suffix == ".ts" or "typescript" in p.as_posix()]
