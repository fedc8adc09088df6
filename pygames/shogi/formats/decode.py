"""Record files as bytes → text: BOM first, then UTF-8, then Shift_JIS (cp932) or EUC-JP.

A ``.kifu`` / ``.ki2u`` / ``.jkf`` file is UTF-8 by convention; every other name is tried as UTF-8
and then as Shift_JIS (what Kifu for Windows, 将棋ウォーズ and most older software write) and EUC-JP
(floodgate's early years and old CSA archives); when both read, the one that reads as Japanese wins.
"""

from __future__ import annotations

import base64
import binascii

from pygames.core.errors import refuse

MAX_BYTES = 2_000_000
UTF8_BY_NAME = (".kifu", ".ki2u", ".jkf", ".sfen", ".usi")


def decode_bytes(data: bytes, filename: str = "") -> tuple[str, str]:
    """(text, encoding name) of a record file's bytes; GameError ``shogi.file.encoding`` if none fits."""
    if not isinstance(data, (bytes, bytearray)):
        raise refuse("shogi.file.not_bytes")
    if len(data) > MAX_BYTES:
        raise refuse("shogi.file.too_large")
    raw = bytes(data)
    if raw.startswith(b"\xef\xbb\xbf"):
        return _strict(raw[3:], "utf-8"), "utf-8-sig"
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _strict(raw, "utf-16"), "utf-16"
    name = (filename or "").lower()
    try:
        return raw.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        if name.endswith(UTF8_BY_NAME):
            # a .kifu should be UTF-8; a Shift_JIS one saved under that name still opens
            pass
    readings = []
    for enc, name_ in (("cp932", "shift_jis"), ("euc_jp", "euc-jp")):
        try:
            readings.append((_japanese(raw.decode(enc)), raw.decode(enc), name_))
        except UnicodeDecodeError:
            pass
    if not readings:
        raise refuse("shogi.file.encoding", why="file.unknown")
    best = max(readings, key=lambda r: r[0])  # a tie keeps Shift_JIS (listed first)
    return best[1], best[2]


def _japanese(text: str) -> int:
    """How much ``text`` reads as Japanese: kana, kanji and full-width digits count for it, half-width kana
    (what EUC-JP bytes become when read as Shift_JIS) and private-use characters against it."""
    score = 0
    for ch in text:
        o = ord(ch)
        if 0x3040 <= o <= 0x30FF or 0x4E00 <= o <= 0x9FFF or 0xFF10 <= o <= 0xFF19:
            score += 1
        elif 0xFF61 <= o <= 0xFF9F or 0xE000 <= o <= 0xF8FF:
            score -= 2
    return score


def _strict(raw: bytes, enc: str) -> str:
    try:
        return raw.decode(enc)
    except UnicodeDecodeError:
        raise refuse("shogi.file.encoding", why="file.broken", encoding=enc) from None


def decode_base64(data: str, filename: str = "") -> tuple[str, str]:
    """Like :func:`decode_bytes` for base64 text (what the page sends)."""
    if not isinstance(data, str):
        raise refuse("shogi.file.base64", why="file.missing")
    if len(data) > MAX_BYTES * 4 // 3 + 8:
        raise refuse("shogi.file.too_large")
    try:
        raw = base64.b64decode(data.encode("ascii"), validate=True)
    except (binascii.Error, ValueError, UnicodeEncodeError):
        raise refuse("shogi.file.base64", why="file.not_base64") from None
    return decode_bytes(raw, filename)


def encode_text(text: str, encoding: str) -> bytes:
    """Bytes of an exported record: ``utf-8`` or ``shift_jis`` (cp932; a character it lacks becomes ?)."""
    if encoding == "shift_jis":
        return text.replace("\n", "\r\n").encode("cp932", errors="replace")
    return text.encode("utf-8")
