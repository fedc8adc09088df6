"""Bid strings: parsing, canonical form and enumeration."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from .scoring import strength


def canonical(faces: tuple[int, ...]) -> str:
    """``bid 6,6,1``: the faces from high to low."""
    return "bid " + ",".join(str(f) for f in sorted(faces, reverse=True))


@lru_cache(maxsize=None)
def all_bids(most: int) -> tuple[tuple[int, ...], ...]:
    """Every bid of 1..``most`` dice (faces high to low), weakest first."""
    bids = [tuple(sorted(c, reverse=True)) for k in range(1, most + 1)
            for c in combinations_with_replacement(range(1, 7), k)]
    return tuple(sorted(bids, key=strength))


@lru_cache(maxsize=4096)
def stronger_bids(most: int, standing: tuple[int, ...] | None) -> tuple[str, ...]:
    """Canonical strings of every bid of at most ``most`` dice that beats ``standing``."""
    floor = strength(standing) if standing else None
    return tuple(canonical(b) for b in all_bids(most) if floor is None or strength(b) > floor)


@lru_cache(maxsize=None)
def _by_pips(k: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every bid of exactly ``k`` dice with its strength, fewest pips (then weakest) first."""
    bids = [tuple(sorted(c, reverse=True)) for c in combinations_with_replacement(range(1, 7), k)]
    return tuple(sorted(((b, strength(b)) for b in bids), key=lambda e: (sum(e[0]), e[1])))


@lru_cache(maxsize=4096)
def cheapest_by_size(most: int, standing: tuple[int, ...] | None) -> tuple[tuple[int, ...], ...]:
    """For each dice count 1..``most``, the bid with the fewest pips (then weakest) that
    beats ``standing``: the sensible raises for a computer player."""
    floor = strength(standing) if standing else None
    result = []
    for k in range(1, most + 1):
        for bid, key in _by_pips(k):
            if floor is None or key > floor:
                result.append(bid)
                break
    return tuple(result)
