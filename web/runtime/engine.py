# The engine's PyScript worker script (web/runtime/bridge.js starts it as <script type="py" worker>).
# Our interpreter module (web/runtime/interpreter.js) has already placed our wheel in the working
# directory. Kept to a few lines on purpose: PyScript runs this script through Pyodide's code runner,
# which walks its syntax tree in Python (60-80 ms in Pyodide for the 145 lines this once was); the
# work is in pygames_worker (from the wheel, precompiled). If even that import fails, `boot()` still
# answers with the cause, and the bridge fails the boot with it.
try:
    from pygames_worker import boot, bytecode, dispatch, modules  # noqa: F401 - exported below

    __export__ = ["boot", "dispatch", "modules", "bytecode"]
except BaseException as exc:  # noqa: BLE001 - any failure must reach the page, not the console
    _cause = f"{type(exc).__name__}: {exc}"

    def boot():
        import json

        return json.dumps({"ok": False, "python": "", "error": _cause})

    __export__ = ["boot"]
