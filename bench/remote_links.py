"""How long are the links of a match played with a friend by link?

Plays seeded games between two simulated devices through links (pygames.core.remote):
a 120-ply 本将棋 game and a 集大成将棋 game with ten draws, several seeds each, and prints the
characters of each link (what a chat app carries after ``#r=``), of the whole record as one link
(what a device that never answered receives), and of the saved record, with 95% intervals over
the games and the machine's load. Bounded by games and plies, never by time.

    nice -n 10 python3 bench/remote_links.py [--games 4]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygames.core import remote  # noqa: E402
from pygames.core.rng import Rng  # noqa: E402
from tests.engines.remote.devices import Device, secret_of  # noqa: E402

QR_BYTES_L = [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858,
              929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431,
              2563, 2699, 2809, 2953]
URL_HEAD = len("https://example.github.io/pygames/#r=")


def qr_version(chars: int) -> int:
    """The smallest QR version (byte mode, level L) holding a URL with this link."""
    need = URL_HEAD + chars
    return next((v + 1 for v, cap in enumerate(QR_BYTES_L) if cap >= need), 41)


def play(options: dict, plies: int, draws: int, seed: int) -> tuple[list[int], int, int] | None:
    """One game by links; (chars of every link, whole-record link chars, saved record bytes)."""
    a = Device.create(options, n=seed * 2 + 1, match_id=f"{seed:032x}")
    b = Device(secret_of(seed * 2 + 2))
    first = a.send()
    b.join(first, 1)
    sizes = [len(first)]
    back = b.send()
    sizes.append(len(back))
    a.open(back)
    devices = {0: a, 1: b}
    rng = Rng.derive(seed, "bench")
    drawn = 0
    while a.match().ply < plies:
        match = a.match()
        if match.is_over():
            return None
        mover = devices[match.to_move()[0]]
        legal = match.game.legal_actions(match.state, mover.seat)
        if legal[0].startswith("draw:"):
            action = rng.choice(legal)
        elif "draw" in legal and drawn < draws and rng.randbelow(4) == 0:
            action, drawn = "draw", drawn + 1
        else:
            action = rng.choice([x for x in legal if x not in ("draw", "resign")])
        mover.act(action)
        link = mover.send()
        sizes.append(len(link))
        other = devices[1 - mover.seat]
        other.open(link)
        after = remote.status(other.record)
        if after["turn"] == "theirs" and after["unsent"]:
            back = other.send()
            sizes.append(len(back))
            mover.open(back)
    if drawn < draws:
        return None
    whole = dict(a.record, meta={**a.record["meta"], "peer_ply": -1})
    return sizes, len(remote.encode(whole)["link"]), len(json.dumps(a.record, ensure_ascii=False).encode("utf-8"))


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:7.1f} ± {half:5.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    for label, options, plies, draws in (("本将棋 120 plies", {"ruleset": "hon"}, 120, 0),
                                         ("集大成将棋, ten draws", {}, 60, 10)):
        means, maxima, wholes, saved, counts = [], [], [], [], []
        seed = 0
        while len(means) < args.games and seed < args.games * 20:
            seed += 1
            result = play(options, plies, draws, seed)
            if result is None:  # the game ended early or drew too few cards: next seed
                continue
            sizes, whole, record = result
            means.append(statistics.fmean(sizes[2:]))
            maxima.append(max(sizes))
            wholes.append(whole)
            saved.append(record)
            counts.append(len(sizes))
        print(f"\n{label}: {len(means)} games (seeds tried {seed}), {statistics.fmean(counts):.0f} links a game")
        print(f"  chars per link after joining (mean over a game): {interval(means)}   (95% interval over games)")
        print(f"  longest link of a game:                          {interval(maxima)}   → QR version "
              f"{qr_version(int(max(maxima)))} (L) for the longest")
        print(f"  whole record as one link:                        {interval(wholes)}   → QR version "
              f"{qr_version(int(max(wholes)))} (L) for the longest")
        print(f"  saved record (JSON bytes):                       {interval(saved)}")
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
