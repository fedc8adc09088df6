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
from .errors import GameError

PREFIX = "m1."
MAX_LINK_CHARS = 100_000
MAX_JSON_BYTES = 2_000_000


def _refuse(why_ja: str, why_en: str, code: str = "link.invalid") -> GameError:
    return GameError(code, f"共有リンクを読めません: {why_ja}", f"Cannot read this share link: {why_en}")


def encode(record: dict[str, Any]) -> str:
    """The fragment text for ``record``."""
    raw = json.dumps(record, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    packed = zlib.compress(raw, 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: Any) -> Any:
    """The JSON object inside a link fragment (not yet validated as a record)."""
    if not isinstance(text, str):
        raise _refuse("文字列ではありません", "not text")
    text = text.strip().lstrip("#")
    if "=" in text and not text.startswith(PREFIX):  # a full fragment like "#m=…"
        text = text.split("=", 1)[1]
    if len(text) > MAX_LINK_CHARS:
        raise _refuse("長すぎます", "it is too long", "link.too_long")
    if not text.startswith(PREFIX):
        raise _refuse("形式が違います（途中で切れているかもしれません）", "unknown format (it may be cut short)")
    body = text[len(PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _refuse("文字化けしています", "it is garbled") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:
        raise _refuse("途中で切れているか壊れています", "it is truncated or corrupt") from None
    if inflater.unconsumed_tail:
        raise _refuse("展開すると大きすぎます", "it expands to too much data", "link.too_large")
    if not inflater.eof:
        raise _refuse("途中で切れています", "it is truncated")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _refuse("中身が壊れています", "its content is corrupt") from None
    if jsonlimit.depth(text) > jsonlimit.MAX_DEPTH:
        raise _refuse("入れ子が深すぎます（壊れているか、細工されています）", "it is nested too deeply (damaged or crafted)",
                      "link.too_deep")
    try:
        return json.loads(text)
    except ValueError:
        raise _refuse("中身が壊れています", "its content is corrupt") from None
