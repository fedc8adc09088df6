"""The engine's Python side of the worker (build.py puts this module in the wheel, with its .pyc).

web/runtime/engine.py, PyScript's worker script, only imports these functions: PyScript runs that
script through Pyodide's code runner, which walks the script's syntax tree in Python, so the script
stays a few lines and the work is here, imported from bytecode. The engines' import is wrapped: if it
fails, `dispatch` still exists and every call answers runtime.boot_failed with the cause, and `boot()`
tells the bridge what went wrong (a Python exception would not reject the worker's `ready`; see
docs/runtime.md).
"""
import json
import sys

_webapi = None
_error = None
try:
    from pygames import webapi as _webapi
except BaseException as exc:  # noqa: BLE001 - any failure must reach the page, not the console
    _error = f"{type(exc).__name__}: {exc}"


def boot():
    """What the bridge asks first: {ok, python, error}."""
    return json.dumps({"ok": _webapi is not None, "python": sys.version.split()[0], "error": _error})


def dispatch(name, args_json="{}"):
    """pygames.webapi.dispatch, or a runtime.boot_failed answer when the engine did not import."""
    if _webapi is None:
        return json.dumps({"error": {
            "code": "runtime.boot_failed",
            "message_ja": "ゲームのエンジンを読み込めませんでした。",
            "message_en": "The game engine could not be loaded.",
            "params": {"step": "import", "detail": _error},
        }}, ensure_ascii=False)
    return _webapi.dispatch(name, args_json)


def modules(walk=False):
    """The modules imported so far, sorted (JSON); with ``walk`` every module of the engines is
    imported first. scripts/stdlib_usage.py builds the trimmed standard library's keep-list from it."""
    if walk and _webapi is not None:
        import importlib
        import pathlib

        root = pathlib.Path(_webapi.__file__).parent
        for path in sorted(root.rglob("*.py")):
            parts = path.relative_to(root.parent).with_suffix("").parts
            importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return json.dumps(sorted(sys.modules))


def bytecode():
    """What the wheel's precompiled modules (build.py's ``compiled_modules``) are worth in this Python
    (JSON): every engine ``.py`` with its ``.pyc`` for this interpreter (``missing`` otherwise), written
    by this Python version (``magic``) and from that very source (the hash a checked .pyc carries:
    ``stale`` otherwise); then every module of the engines is imported and ``compiled`` lists those
    that Python had to compile from source (none when the .pyc served the imports); ``stdlib``: the same
    check for the standard-library modules imported so far (their .pyc beside them in Pyodide's zip);
    ``worker``: this module's own .pyc matches it; ``pyscript``: the modules of PyScript's own package
    imported (none: the worker skips it)."""
    import importlib
    import importlib.util
    import pathlib
    from importlib import _bootstrap_external

    root = pathlib.Path(_webapi.__file__ if _webapi is not None else "pygames/__init__.py").parent
    # (Pyodide never writes bytecode, so a .pyc found here is the one shipped, not one Python rewrote.)
    report = {"python": sys.version.split()[0], "tag": sys.implementation.cache_tag, "checked": 0,
              "no_writes": bool(sys.dont_write_bytecode),
              "missing": [], "stale": [], "magic": [], "compiled": []}
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root.parent).as_posix()
        try:
            pyc = pathlib.Path(importlib.util.cache_from_source(str(path))).read_bytes()
        except OSError:
            report["missing"].append(name)
            continue
        if pyc[:4] != importlib.util.MAGIC_NUMBER:
            report["magic"].append(name)
        elif int.from_bytes(pyc[4:8], "little") != 0b11 or pyc[8:16] != importlib.util.source_hash(path.read_bytes()):
            report["stale"].append(name)
        else:
            report["checked"] += 1
    # This module (the wheel's top): its .pyc, for this very source.
    try:
        own = pathlib.Path(__cached__).read_bytes()
    except (NameError, OSError):
        own = b""
    report["worker"] = own[:4] == importlib.util.MAGIC_NUMBER and own[8:16] == importlib.util.source_hash(
        pathlib.Path(__file__).read_bytes())
    # PyScript's own package: skipped at boot (web/runtime/pyscriptboot.js), so none of it is imported.
    report["pyscript"] = sorted(n for n in sys.modules if n == "pyscript" or n.startswith("pyscript."))
    # The standard library's modules come from Pyodide's zip, each .pyc beside its .py (build.py).
    import zipfile
    import zipimport

    stdlib = {"checked": 0, "missing": [], "stale": []}
    archives: dict = {}
    for name, module in sorted(sys.modules.items()):
        loader = getattr(module, "__loader__", None)
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if not isinstance(loader, zipimport.zipimporter) or not origin or not origin.endswith((".py", ".pyc")):
            continue
        archive = archives.get(loader.archive) or archives.setdefault(loader.archive, zipfile.ZipFile(loader.archive))
        inner = origin[len(loader.archive) + 1:].removesuffix("c")  # the source (origin: the .pyc when used)
        try:
            pyc = archive.read(inner + "c")
        except KeyError:
            stdlib["missing"].append(name)
            continue
        if pyc[:4] == importlib.util.MAGIC_NUMBER and pyc[8:16] == importlib.util.source_hash(archive.read(inner)):
            stdlib["checked"] += 1
        else:
            stdlib["stale"].append(name)
    report["stdlib"] = stdlib
    # Then every module of the engines is imported, counting what is compiled from source.
    compile_source = _bootstrap_external.SourceLoader.source_to_code
    compile_zipped = zipimport._compile_source

    def counted(self, data, path, *args, **kwargs):
        report["compiled"].append(str(path))
        return compile_source(self, data, path, *args, **kwargs)

    def counted_zipped(pathname, source):
        report["compiled"].append(str(pathname))
        return compile_zipped(pathname, source)

    _bootstrap_external.SourceLoader.source_to_code = counted
    zipimport._compile_source = counted_zipped
    try:
        modules(walk=True)
    finally:
        _bootstrap_external.SourceLoader.source_to_code = compile_source
        zipimport._compile_source = compile_zipped
    report["compiled"] = sorted(report["compiled"])
    return json.dumps(report)
