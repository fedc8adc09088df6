"""Share links: a record, compact JSON, deflated, base64url, in the URL fragment.

Decoding is defensive: the text length is capped, inflation stops at a byte limit
(a decompression bomb is refused, not expanded), and the result is only a record
candidate; the caller replays it with full legality checks.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from . import jsonlimit
from .errors import refuse

PREFIX = "m1."
MAX_LINK_CHARS = 100_000
MAX_JSON_BYTES = 2_000_000


def encode(record: dict[str, Any]) -> str:
    """The fragment text for ``record``."""
    raw = json.dumps(record, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    packed = zlib.compress(raw, 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: Any) -> Any:
    """The JSON object inside a link fragment (not yet validated as a record)."""
    if not isinstance(text, str):
        raise refuse("link.invalid", why="link.not_text")
    text = text.strip().lstrip("#")
    if "=" in text and not text.startswith(PREFIX):  # a full fragment like "#m=…"
        text = text.split("=", 1)[1]
    if len(text) > MAX_LINK_CHARS:
        raise refuse("link.too_long", most=MAX_LINK_CHARS)
    if not text.startswith(PREFIX):
        raise refuse("link.invalid", why="link.format")
    body = text[len(PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise refuse("link.invalid", why="link.garbled") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:
        raise refuse("link.invalid", why="link.corrupt") from None
    if inflater.unconsumed_tail:
        raise refuse("link.too_large", most=MAX_JSON_BYTES)
    if not inflater.eof:
        raise refuse("link.invalid", why="link.truncated")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise refuse("link.invalid", why="link.content") from None
    if jsonlimit.depth(text) > jsonlimit.MAX_DEPTH:
        raise refuse("link.too_deep", limit=jsonlimit.MAX_DEPTH)
    try:
        return json.loads(text)
    except ValueError:
        raise refuse("link.invalid", why="link.content") from None
