# The engine's PyScript worker script (web/runtime/bridge.js starts it as <script type="py" worker>).
# PyScript has already unpacked our wheel into the working directory ([files] in the config the
# bridge writes). The engine import is wrapped: if it fails, `dispatch` still exists and every
# call answers runtime.boot_failed with the cause, and `boot()` tells the bridge what went wrong
# (a Python exception here would not reject the worker's `ready`; see docs/runtime.md).
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


__export__ = ["boot", "dispatch"]
