"""JSON text from outside (a link, an import, storage, a page's call) is measured before parsing.

``json.loads`` recurses once per nesting level; in the browser (Pyodide) a deep enough text
overflows the JavaScript stack and kills the engine instead of raising ``RecursionError``. So
text is refused with a coded error when it is longer than ``max_chars`` or nested deeper than
:data:`MAX_DEPTH` (far beyond any record: a record nests about eight levels).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import refuse

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted in any JSON text."""

CODES = {
    "api": ("api.too_large", "api.too_deep", "api.bad_json"),
    "record": ("record.too_large", "record.too_deep", "record.not_json"),
}
"""For each kind of text, its codes: too long, nested too deeply, not JSON."""
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = str.maketrans({"[": "1", "{": "1", "]": "0", "}": "0", **{c: None for c in "0123456789,:. \n\r\t-+eEtruefalsn"}})


def depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON ``text`` (brackets inside strings do not count)."""
    if text.count("[") + text.count("{") <= 1:
        return text.count("[") + text.count("{")
    # Outside strings: drop escaped backslashes and quotes, then every other piece between quotes.
    outside = "".join(text.replace("\\\\", "").replace('\\"', "").split('"')[0::2])
    steps = outside.translate(_STEP)
    if steps.count("0") + steps.count("1") != len(steps):  # characters JSON has no use for outside strings: keep only the brackets
        steps = _NOT_BRACKETS.sub("", outside).translate(_STEP)
    return max(accumulate(1 if c == "1" else -1 for c in steps), default=0)


def check(text: str, prefix: str, max_chars: int, max_depth: int = MAX_DEPTH) -> None:
    """Refuse ``text`` (``api.too_large`` / ``api.too_deep`` for ``prefix`` ``"api"``, see :data:`CODES`)
    before it is parsed."""
    too_large, too_deep, _ = CODES[prefix]
    if len(text) > max_chars:
        raise refuse(too_large, limit=max_chars)
    if text.count("[") + text.count("{") > max_depth and depth(text) > max_depth:
        raise refuse(too_deep, limit=max_depth)


def loads(text: str, prefix: str, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` after :func:`check`; text that is not JSON is refused too (``api.bad_json``,
    ``record.not_json``)."""
    check(text, prefix, max_chars, max_depth)
    try:
        return json.loads(text)
    except ValueError:
        raise refuse(CODES[prefix][2]) from None
