"""Two simulated devices passing links (test helper)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from pygames.core import remote
from pygames.core.match import Match
from pygames.core.rng import Rng

MATCH_ID = "5e" * 16


def secret_of(n: int) -> str:
    """A deterministic 32-byte secret for device ``n``."""
    rng = Rng.derive(n, "secret")
    return b"".join(rng.next_u64().to_bytes(8, "big") for _ in range(4)).hex()


class Device:
    """One person's device: its saved record and its secret."""

    def __init__(self, secret: str, record: dict[str, Any] | None = None) -> None:
        self.secret = secret
        self.record = record

    @classmethod
    def create(cls, options: dict[str, Any], seat: int = 0, n: int = 1, match_id: str = MATCH_ID) -> "Device":
        secret = secret_of(n)
        return cls(secret, remote.new("shogi", options, ["A", "B"], seat, match_id, secret))

    def send(self) -> str:
        return str(remote.encode(self.record)["link"])

    def open(self, link: str) -> dict[str, Any]:
        result = remote.receive(self.record, link, self.secret)
        if result["status"] == "merged":
            self.record = result["record"]
        return result

    def join(self, link: str, seat: int) -> None:
        self.record = remote.join(link, seat, self.secret, "B")["record"]

    def act(self, action: str) -> None:
        self.record = remote.act(self.record, self.record["meta"]["remote_seat"], self.secret, action)

    @property
    def seat(self) -> int:
        return int(self.record["meta"]["remote_seat"])

    def status(self) -> dict[str, Any]:
        return remote.status(self.record)

    def match(self) -> Match:
        return Match.from_record(self.record)


def unpack(link: str) -> dict[str, Any]:
    """The JSON inside a link (for tampering in tests)."""
    body = link[len(remote.PREFIX):]
    obj: dict[str, Any] = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    return obj


def pack(obj: dict[str, Any]) -> str:
    """A link around ``obj`` (as a tamperer would build it)."""
    raw = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return remote.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def start(options: dict[str, Any] | None = None) -> tuple[Device, Device]:
    """A creates (seat 0), B joins (seat 1), A receives B's answer: the opening chance is resolved."""
    a = Device.create(options or {})
    b = Device(secret_of(2))
    b.join(a.send(), 1)
    a.open(b.send())
    return a, b


def play_game(a: Device, b: Device, moves: int, draws: int, seed: int = 7) -> list[str]:
    """Alternate seeded legal actions through links: ``draws`` draw turns within ``moves`` turns,
    then the side to move resigns. Returns every link sent."""
    rng = Rng.derive(seed, "remote-test")
    links: list[str] = []
    devices = {0: a, 1: b}
    drawn = 0
    for turn in range(moves + 1):
        match = a.match()
        if match.is_over():
            break
        mover = devices[match.to_move()[0]]
        other = devices[1 - mover.seat]
        legal = match.game.legal_actions(match.state, mover.seat)
        if turn == moves:
            action = "resign"
        elif legal[0].startswith("draw:"):
            action = legal[0]
        elif "draw" in legal and drawn < draws:
            action, drawn = "draw", drawn + 1
        else:
            action = rng.choice([x for x in legal if x not in ("draw", "resign")])
        mover.act(action)
        link = mover.send()
        links.append(link)
        other.open(link)
        if other.status()["turn"] == "theirs" and remote.status(other.record)["unsent"]:
            back = other.send()  # the last revealer sends the card back
            links.append(back)
            mover.open(back)
    return links
