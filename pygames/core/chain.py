"""Hash chains and the joint-chance draw (see ``shared/design/remote.md``).

Each seat of a remote match picks a secret ``s`` and publishes the head of a hash chain,
``c = H^N(s)``. For its ``j``-th chance run it reveals ``r_j = H^(N-j)(s)``, which anyone can
check against the previous value (``H(r_j) == r_{j-1}``, ``r_0 = c``). The outcomes of run ``j``
are drawn from every seat's ``r_j`` together, so no seat alone decides or foresees them.

``H`` is SHA-256 cut to 16 bytes (128-bit preimage resistance keeps links short).
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from typing import Sequence

VALUE_BYTES = 16
CHAIN_LENGTH = 1024
"""Chance runs a chain covers; a 512-ply shogi match has at most 257."""


def h(data: bytes) -> bytes:
    """One step of the chain: SHA-256 cut to :data:`VALUE_BYTES`."""
    return hashlib.sha256(data).digest()[:VALUE_BYTES]


def head(secret: bytes, length: int = CHAIN_LENGTH) -> bytes:
    """The public commitment ``H^length(secret)``."""
    value = h(secret)
    for _ in range(length - 1):
        value = h(value)
    return value


def reveal(secret: bytes, run: int, length: int = CHAIN_LENGTH) -> bytes:
    """The value revealed for chance run ``run`` (1-based): ``H^(length-run)(secret)``."""
    if not 1 <= run < length:
        raise ValueError("run out of the chain")
    value = h(secret)
    for _ in range(length - run - 1):
        value = h(value)
    return value


def follows(value: bytes, previous: bytes) -> bool:
    """True when ``value`` is the preimage of ``previous`` (the next link down the chain)."""
    return len(value) == VALUE_BYTES and h(value) == previous


def integer_weights(probabilities: Sequence[float]) -> list[int]:
    """Exact integer weights for a game's outcome probabilities (e.g. ``k/n`` card counts)."""
    fractions = [Fraction(p).limit_denominator(1 << 20) for p in probabilities]
    denominator = 1
    for f in fractions:
        denominator = denominator * f.denominator // _gcd(denominator, f.denominator)
    return [int(f * denominator) for f in fractions]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def draw_index(match_id: bytes, run: int, index: int, values: Sequence[bytes], weights: Sequence[int]) -> int:
    """The outcome index drawn from every seat's value for the ``index``-th event of ``run``:
    ``H(match id ‖ run ‖ index ‖ values… ‖ attempt)`` read as a 256-bit number, rejection
    sampled into ``[0, sum(weights))`` (no modulo bias), then located among the weights."""
    total = sum(weights)
    if total <= 0 or any(w < 0 for w in weights):
        raise ValueError("weights must be non-negative with a positive sum")
    space = 1 << 256
    limit = space - space % total
    base = match_id + run.to_bytes(4, "big") + index.to_bytes(4, "big") + b"".join(values)
    attempt = 0
    while True:
        x = int.from_bytes(hashlib.sha256(base + attempt.to_bytes(4, "big")).digest(), "big")
        if x < limit:
            break
        attempt += 1
    x %= total
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    raise AssertionError("unreachable")
