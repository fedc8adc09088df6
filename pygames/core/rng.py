"""A small seeded PRNG of our own (SplitMix64), identical on every Python.

Never use the ``random`` module in engines: Pyodide's CPython may differ from the host's.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 generator. Its whole state is one integer (``state``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    @classmethod
    def derive(cls, seed: int, *labels: int | str) -> "Rng":
        """A generator for a named sub-stream, e.g. ``Rng.derive(seed, "chance", 7)``."""
        h = seed & _MASK
        for label in labels:
            data = str(label).encode("utf-8") if isinstance(label, str) else label.to_bytes(8, "little", signed=True)
            for byte in data:
                h = _mix(h ^ byte)
            h = _mix(h ^ 0xFF)
        return cls(h)

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        return _mix(self.state)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]``."""
        return lo + self.randbelow(hi - lo + 1)

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return seq[self.randbelow(len(seq))]

    def weighted_index(self, weights: Sequence[float]) -> int:
        """An index drawn with probability proportional to ``weights``."""
        total = sum(weights)
        if total <= 0:
            raise ValueError("weights must have a positive sum")
        x = self.random() * total
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return i
        return max(i for i, w in enumerate(weights) if w > 0)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
