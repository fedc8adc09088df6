"""Card kinds of 四時の札遊び and their short codes.

A player's 25 cards are counted by kind (duplicates are identical): kinds 0-9 are the 数字札,
10-13 the 星札 朝 昼 夕 夜 (in the order of 運行の原則), 14 the 恐慌札. Hands and lands are
tuples of 15 counts.
"""

from __future__ import annotations

from typing import Iterable

NUM_KINDS = 15
STARS = (10, 11, 12, 13)
MORNING, NOON, EVENING, NIGHT = STARS
PANIC = 14
CODES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "M", "D", "E", "N", "X")
"""Canonical ASCII codes: M=朝(morning ≥) D=昼(day Δ) E=夕(evening ≤) N=夜(night ∀) X=恐慌."""
NAMES_JA = tuple(str(d) for d in range(10)) + ("朝", "昼", "夕", "夜", "恐慌")
NAMES_EN = tuple(str(d) for d in range(10)) + ("Morning", "Noon", "Evening", "Night", "Panic")
SYMBOLS = tuple(str(d) for d in range(10)) + ("≥", "Δ", "≤", "∀", "X")
ALIASES = {c: i for i, c in enumerate(CODES)}
ALIASES.update({"朝": MORNING, "昼": NOON, "夕": EVENING, "夜": NIGHT, "恐慌": PANIC, "恐": PANIC,
                "≥": MORNING, "Δ": NOON, "≤": EVENING, "∀": NIGHT, "S": PANIC,
                "m": MORNING, "d": NOON, "e": EVENING, "n": NIGHT, "x": PANIC, "s": PANIC})
FULL_SET = (2,) * 10 + (1, 1, 1, 1, 1)
"""One player's 25 cards."""
START_LAND = (1,) + (2,) * 9 + (1, 1, 1, 1, 1)
"""The 24 land cards: the full set minus the 商人札 (one 0)."""
EMPTY = (0,) * NUM_KINDS


def is_number(kind: int) -> bool:
    """True for 数字札 (0-9)."""
    return kind < 10


def next_star(kind: int) -> int:
    """The star that follows ``kind`` in 朝→昼→夕→夜→朝."""
    return STARS[(STARS.index(kind) + 1) % 4]


def parse_card(text: str) -> int | None:
    """The kind for a code or alias, or None."""
    return ALIASES.get(text)


def add(counts: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    """``counts`` with ``n`` more of ``kind`` (n may be negative)."""
    lst = list(counts)
    lst[kind] += n
    return tuple(lst)


def to_list(counts: Iterable[int]) -> list[str]:
    """The codes of a count tuple, sorted by kind."""
    return [CODES[k] for k, n in enumerate(counts) for _ in range(n)]


def from_codes(codes: Iterable[str]) -> tuple[int, ...]:
    """A count tuple from a list of codes (ValueError on an unknown code)."""
    lst = [0] * NUM_KINDS
    for c in codes:
        k = parse_card(str(c))
        if k is None:
            raise ValueError(f"unknown card {c!r}")
        lst[k] += 1
    return tuple(lst)
