"""card_schema gives the screen what it must not hard-code: promoted faces and the pickup rule."""

from __future__ import annotations

from pygames.shogi.calls import card_schema
from pygames.shogi.cards import check_pickup
from pygames.shogi import GAME


def test_promoted_faces_match_the_pieces() -> None:
    schema = card_schema()
    assert schema["promoted"] == {"FU": "TO", "KY": "NY", "KE": "NK", "GI": "NG", "KA": "UM", "HI": "RY"}
    assert "KI" not in schema["promoted"]


def test_pickup_rule_accepts_a_deck_built_from_it() -> None:
    rule = card_schema()["pickup"]
    assert rule["per"] == sum(rule["ratio"].values()) == 16
    pool = {c["id"]: c for c in card_schema()["basic_set"]}
    by_kind: dict[str, list[str]] = {}
    for cid, c in sorted(pool.items()):
        by_kind.setdefault(c["kind"], []).append(cid)
    deck = [by_kind[k][i % len(by_kind[k])] for k, n in rule["ratio"].items() for i in range(n)]
    assert len(check_pickup(deck, pool)) == rule["per"]
    assert GAME.normalize_options({"variant": "pickup", "deck": deck}, 2)["deck"]
