"""The coin list (data/coins.json), loaded once with importlib.resources."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Coin:
    """One coin card. ``cid`` is ``"12"`` for No.12 and ``"S3"`` for a stable coin."""

    cid: str
    no: int | None
    kind: str  # "coin" | "fork" | "stable"
    value: int | None  # printed value of a normal coin
    multiplier: int | None  # MIN x this for stable (1) and hard fork (2)
    fluctuation: int | str | None  # dice change for the others, or "recover"
    crash: int  # loss per pip at the end (negative)
    double: bool

    def to_json(self) -> dict[str, Any]:
        """The coin as the view shows it."""
        return {"id": self.cid, "no": self.no, "kind": self.kind, "value": self.value,
                "multiplier": self.multiplier, "fluctuation": self.fluctuation, "crash": self.crash,
                "double": self.double}


def _load() -> dict[str, Any]:
    text = resources.files("pygames.motto").joinpath("data/coins.json").read_text(encoding="utf-8")
    return json.loads(text)


DATA = _load()
COINS: dict[str, Coin] = {}
for _row in DATA["coins"]:
    COINS[str(_row["no"])] = Coin(str(_row["no"]), _row["no"], _row["kind"], _row["value"], _row["multiplier"],
                                  _row["fluctuation"], _row["crash"], bool(_row["double"]))
STABLE_IDS: tuple[str, ...] = tuple(f"S{i + 1}" for i in range(DATA["stable"]["count"]))
for _sid in STABLE_IDS:
    COINS[_sid] = Coin(_sid, None, "stable", None, DATA["stable"]["multiplier"], None, DATA["stable"]["crash"], False)
DECK_NOS: tuple[int, ...] = tuple(sorted(row["no"] for row in DATA["coins"]))
FORKS_TO_END: int = DATA["forks_to_end"]
START_FACES: tuple[int, ...] = tuple(DATA["stable_start_faces"])


def dice_per_player(seats: int) -> int:
    """9/8/7 dice for 3/4/5 players."""
    return DATA["dice_per_player"][str(seats)]


def merge_gap(seats: int) -> int:
    """Coins whose values differ by at most this merge: 3 with 3 players, 4 with 4-5."""
    return DATA["merge_gap"][str(seats)]


def coin(cid: str | int) -> Coin:
    """The coin with id ``cid`` (``12``, ``"12"`` or ``"S1"``)."""
    return COINS[str(cid)]
