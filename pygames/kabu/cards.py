"""Card data (stocks, events, tools, ready-made decks) and the deck-building limits."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from typing import Any

from pygames.core.errors import refuse

STOCKS_PER_DECK = 5
"""Exactly five stock cards per deck (2-1); duplicates allowed (2-2)."""
EVENTS_MIN_PER_YEAR = 4
EVENT_COST_PER_YEAR = 7
EVENT_COPY_LIMIT = 2
TOOLS_PER_YEAR = 3


def _load(name: str) -> Any:
    return json.loads(resources.files("pygames.kabu").joinpath("data", name).read_text(encoding="utf-8"))


@cache
def catalog() -> dict[str, Any]:
    """Every card and ready-made deck, as loaded from ``data/*.json``."""
    stocks = _load("stocks.json")
    return {"stocks": stocks["stocks"], "sectors": stocks["sectors"], "events": _load("events.json"),
            "tools": _load("tools.json"), "decks": _load("decks.json")}


def stock(card: str) -> dict[str, Any]:
    """One stock card's data."""
    return catalog()["stocks"][card]


def event(card: str) -> dict[str, Any]:
    """One event card's data."""
    return catalog()["events"][card]


def tool(card: str) -> dict[str, Any]:
    """One tool card's data."""
    return catalog()["tools"][card]


def limits(years: int) -> dict[str, int]:
    """The deck limits for a duel of ``years`` years (2-1, 7)."""
    return {"stocks": STOCKS_PER_DECK, "events_min": EVENTS_MIN_PER_YEAR * years,
            "event_cost": EVENT_COST_PER_YEAR * years, "copies": EVENT_COPY_LIMIT, "tools": TOOLS_PER_YEAR * years}


def resolve_deck(value: Any, years: int) -> dict[str, list[str]]:
    """A deck from an option value (ready-deck id or object), checked against the limits."""
    if isinstance(value, str):
        ready = catalog()["decks"].get(value)
        if ready is None:
            raise refuse("kabu.deck.unknown_deck", deck=value[:30])
        part = ready["by_years"][str(years)]
        value = {"stocks": ready["stocks"], "events": part["events"], "tools": part["tools"]}
    return check_deck(value, years)


def check_shape(deck: Any) -> None:
    """Refuse (``kabu.deck.bad_shape``) anything but ``{stocks, events, tools, name}`` with lists of ids."""
    if not isinstance(deck, dict) or set(deck) - {"stocks", "events", "tools", "name"}:
        raise refuse("kabu.deck.bad_shape")
    for key in ("stocks", "events", "tools"):
        items = deck.get(key, [])
        if not isinstance(items, list) or len(items) > 100 or not all(isinstance(c, str) for c in items):
            raise refuse("kabu.deck.bad_shape", field=key)


def check_deck(deck: Any, years: int) -> dict[str, list[str]]:
    """Validate a deck object; return it normalised (lists of ids). Errors say which limit and by how much."""
    check_shape(deck)
    lists: dict[str, list[str]] = {}
    cat = catalog()
    for key, pool in (("stocks", cat["stocks"]), ("events", cat["events"]), ("tools", cat["tools"])):
        items = deck.get(key, [])
        for card in items:
            if card not in pool:
                raise refuse("kabu.deck.unknown_card", card=card[:10], field=key)
        lists[key] = list(items)
    lim = limits(years)
    n = len(lists["stocks"])
    if n != lim["stocks"]:
        raise refuse("kabu.deck.stock_count", count=n, need=lim["stocks"])
    n = len(lists["events"])
    if n < lim["events_min"]:
        raise refuse("kabu.deck.too_few_events", count=n, need=lim["events_min"], short=lim["events_min"] - n,
                     years=years)
    for card, count in sorted(Counter(lists["events"]).items()):
        if count > lim["copies"]:
            raise refuse("kabu.deck.too_many_copies", card=card, count=count, limit=lim["copies"],
                         over=count - lim["copies"])
    cost = sum(event(c)["cost"] for c in lists["events"])
    if cost > lim["event_cost"]:
        raise refuse("kabu.deck.event_cost", cost=cost, limit=lim["event_cost"], over=cost - lim["event_cost"],
                     years=years)
    n = len(lists["tools"])
    if n > lim["tools"]:
        raise refuse("kabu.deck.too_many_tools", count=n, limit=lim["tools"], over=n - lim["tools"], years=years)
    return lists


def tally(deck: Any, years: int) -> list[dict[str, Any]]:
    """Each deck limit with the deck's figure against it (for the deck builder's live list): the
    rules stay here, the view only shows ``ok``/``ja``/``en``. Unknown cards count as nothing."""
    cat = catalog()
    lists = {k: [c for c in (deck.get(k, []) if isinstance(deck, dict) else []) if isinstance(c, str)]
             for k in ("stocks", "events", "tools")}
    lim = limits(years)
    n_s, n_e, n_t = len(lists["stocks"]), len(lists["events"]), len(lists["tools"])
    cost = sum(cat["events"][c]["cost"] for c in lists["events"] if c in cat["events"])
    copies = max(Counter(lists["events"]).values(), default=0)
    return [
        {"key": "stocks", "ok": n_s == lim["stocks"], "value": n_s, "limit": lim["stocks"],
         "ja": f"株式 {n_s}/{lim['stocks']}枚", "en": f"Stocks {n_s}/{lim['stocks']}"},
        {"key": "events", "ok": n_e >= lim["events_min"], "value": n_e, "limit": lim["events_min"],
         "ja": f"イベント {n_e}枚（{lim['events_min']}枚以上）", "en": f"Events {n_e} (at least {lim['events_min']})"},
        {"key": "cost", "ok": cost <= lim["event_cost"], "value": cost, "limit": lim["event_cost"],
         "ja": f"コスト合計 {cost}/{lim['event_cost']}", "en": f"Event cost {cost}/{lim['event_cost']}"},
        {"key": "copies", "ok": copies <= lim["copies"], "value": copies, "limit": lim["copies"],
         "ja": f"同じイベント {lim['copies']}枚まで", "en": f"At most {lim['copies']} copies of an event"},
        {"key": "tools", "ok": n_t <= lim["tools"], "value": n_t, "limit": lim["tools"],
         "ja": f"ツール {n_t}/{lim['tools']}枚", "en": f"Tools {n_t}/{lim['tools']}"},
    ]


def event_effect(card: str, issues: list[str], target: str | None) -> dict[str, int]:
    """The price change (units) an event makes on each issue (E07/E08 need ``target``)."""
    data = event(card)
    result = {}
    for issue in issues:
        sector = stock(issue)["sector"]
        if data.get("replace") and sector in data["sectors"]:
            delta = data["sectors"][sector]
        else:
            delta = data["all"] + data["sectors"].get(sector, 0)
        if "target" in data and issue == target:
            delta += data["target"]
        result[issue] = delta
    return result
