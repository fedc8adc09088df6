"""四時の札遊び on the DEFAULT new match (山札 mode since the ruling of 2026-12-03): how games end.

Usage: nice -n 10 python bench/shiji_default.py [games=100] [pairings=people] [options-json]

``pairings`` is ``people`` (normal vs normal, newcomer vs normal), ``hard`` (hard vs normal),
``greedy`` (greedy vs easy, normal, hard) or a comma list of ``a:b`` pairs. Seats are swapped by
seed parity; every game is seeded. Printed per pairing: the first player's win rate (draws half)
and each ending's share with 95% Wilson intervals, the median shells per game, CPU seconds per
decision of each computer level (mean, max), and the load.

Players besides the levels (person-like, they read only their own legal shells and the engine's
warnings): ``newcomer`` places the weakest legal number shell the screen does not warn about
(else a star or 恐慌 shell, else whatever is left); ``greedy`` goes out when it can, else places the
strongest number shell (the hardest to answer) without a warning, else a star or 恐慌 shell. Both
leave every other choice (opening picks, 先手決め, cards to take) to the normal level.
"""

from __future__ import annotations

import json
import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import playout  # noqa: E402
from pygames.shiji import GAME, bots, rules as R  # noqa: E402
from pygames.shiji.actions import fmt_place  # noqa: E402
from pygames.shiji.cards import is_number  # noqa: E402
from stats import wilson  # noqa: E402

ENDINGS = (("siege", "包囲"), ("forbidden_two", "2枚星"), ("agari", "上がり"), ("raitei", "雷霆"),
           ("closing", "閉場"), ("rot", "腐敗"), ("bankrupt", "破産"), ("kaijo", "解除"))
PROGRESS = int(os.environ.get("SHIJI_BENCH_PROGRESS", "0"))
"""Print the running win rate every this many games (0: only at the end)."""
GROUPS = {"people": [("normal", "normal"), ("newcomer", "normal")], "hard": [("hard", "normal")],
          "greedy": [("greedy", "easy"), ("greedy", "normal"), ("greedy", "hard")]}


def person(kind: str, s, seat: int, rng: Rng) -> str:
    """A person-like choice (see the module doc)."""
    if s.tasks or s.phase != "play":
        return bots.choose(GAME, s, seat, "normal", rng)
    options = R.placements(s, seat)
    if not options:
        return bots.choose(GAME, s, seat, "normal", rng)
    safe = [k for k in options if R.danger(s, seat, k) is None] or options
    numbers = [k for k in safe if all(is_number(c) for c in k)]
    sign = -1 if s.reverse else 1
    if numbers:
        if kind == "greedy":
            out = [k for k in numbers if sum(s.hand[seat]) == len(k)]
            return fmt_place(out[0] if out else max(numbers, key=lambda k: (sign * R.shell_value(k), k)))
        return fmt_place(min(numbers, key=lambda k: (sign * R.shell_value(k), k)))
    return fmt_place(safe[0])


def chooser(kinds: tuple[str, str], seed: int, cpu: dict):
    rngs = [Rng.derive(seed, f"seat{i}") for i in (0, 1)]

    def choose(s, seat: int, decision: int) -> str:
        kind = kinds[seat]
        t = time.process_time()
        if kind in ("newcomer", "greedy"):
            action = person(kind, s, seat, rngs[seat])
        else:
            action = bots.choose(GAME, s, seat, kind, rngs[seat])
            cpu.setdefault(kind, []).append(time.process_time() - t)
        return action
    return choose


def play(seed: int, first: str, second: str, options: dict) -> dict:
    """One game: ``first`` sits in seat ``seed % 2``."""
    kinds = (first, second) if seed % 2 == 0 else (second, first)
    seat_first = 0 if seed % 2 == 0 else 1
    cpu: dict = {}
    s, _ = playout(GAME, GAME.initial_state(GAME.normalize_options(options, 2), 2), chooser(kinds, seed, cpu),
                   Rng.derive(seed, "chance"))
    out = GAME.outcome(s)
    score = 0.5 if out.is_draw else 1.0 if seat_first in out.winners else 0.0
    loser_first = len(out.winners) == 1 and seat_first not in out.winners
    return {"score": score, "reason": out.details["reason"], "shells": sum(s.placed), "cpu": cpu,
            "loser_first": loser_first}


def ci(k: float, n: int) -> str:
    lo, hi = wilson(k, n)
    lo, hi = max(0.0, lo), min(1.0, hi)
    return f"{k / n:.0%} ({lo:.0%}-{hi:.0%})"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    which = sys.argv[2] if len(sys.argv) > 2 else "people"
    options = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    pairings = GROUPS.get(which) or [tuple(p.split(":")) for p in which.split(",")]
    print(f"shiji default-match bench: {games} games per pairing, seats swapped, options "
          f"{options or 'default'} ({GAME.normalize_options(options, 2)['deck'] and '山札' or '土地'} mode); "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    for first, second in pairings:
        t0 = time.process_time()
        results = []
        for seed in range(games):
            results.append(play(seed, first, second, options))
            if PROGRESS and (seed + 1) % PROGRESS == 0 and seed + 1 < games:
                done = len(results)
                print(f"    ... {done} games: win rate of {first} {ci(sum(r['score'] for r in results), done)}; "
                      f"load {os.getloadavg()[0]:.1f}", flush=True)
        score = sum(r["score"] for r in results)
        count = {code: sum(r["reason"] == code for r in results) for code, _ in ENDINGS}
        ends = ", ".join(f"{name} {ci(count[code], games)}" for code, name in ENDINGS if count[code])
        out_or_close = count["agari"] + count["raitei"] + count["closing"]
        cpu = {}
        for r in results:
            for k, v in r["cpu"].items():
                cpu.setdefault(k, []).extend(v)
        cpu_text = "; ".join(f"{k} {statistics.mean(v) * 1000:.0f} ms mean, {max(v) * 1000:.0f} ms max CPU/decision"
                             for k, v in cpu.items())
        print(f"{first:>8} vs {second:<8} win rate of {first}: {ci(score, games)}\n"
              f"    endings: {ends}\n"
              f"    包囲 {ci(count['siege'], games)}; 上がり/閉場 {ci(out_or_close, games)}; "
              f"two-card losses {ci(count['forbidden_two'], games)} (of them by {first} "
              f"{sum(r['loser_first'] for r in results if r['reason'] == 'forbidden_two')}); "
              f"median shells {statistics.median(r['shells'] for r in results):.0f}\n"
              f"    {cpu_text}; {time.process_time() - t0:.0f} s CPU; load {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
