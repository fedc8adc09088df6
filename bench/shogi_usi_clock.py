#!/usr/bin/env python3
"""Does the USI engine keep to the clock a GUI gives it? (a benchmark, not a test)

    nice -n 10 python3 bench/shogi_usi_clock.py [--moves 12] [--byoyomi 1000] [--margin 300]

Plays one game against itself through ``python -m pygames.shogi.usi`` the way ShogiGUI / ShogiHome drive
it (usi, setoption ByoyomiMargin, isready, usinewgame, then ``position startpos moves ...`` and
``go btime 0 wtime 0 byoyomi B`` for each move), and times each ``go`` → ``bestmove`` in wall-clock time
on this side of the pipe (what a GUI sees). Bound by the number of moves, not by time. Prints every
move's time, the overruns (longer than the byoyomi), the median with a 95% interval by order statistics,
the slowest, and the machine's load before and after: under load a process can be paused longer than any
margin, so the load says how to read an overrun.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def median_interval(xs: list[float]) -> tuple[float, float]:
    """A 95% interval of the median by order statistics (binomial, normal approximation)."""
    s = sorted(xs)
    n = len(s)
    half = 1.96 * math.sqrt(n) / 2
    lo, hi = max(0, int(n / 2 - half)), min(n - 1, int(math.ceil(n / 2 + half)) - 1)
    return s[lo], s[hi]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--byoyomi", type=int, default=1000)
    ap.add_argument("--margin", type=int, default=300)
    args = ap.parse_args()
    print(f"load before: {os.getloadavg()}")
    proc = subprocess.Popen([sys.executable, "-m", "pygames.shogi.usi"], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None

    def send(line: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def until(prefix: str) -> list[str]:
        assert proc.stdout is not None
        seen = []
        for line in proc.stdout:
            seen.append(line.strip())
            if line.startswith(prefix):
                return seen
        raise SystemExit("the engine closed its output")

    send("usi")
    until("usiok")
    send(f"setoption name ByoyomiMargin value {args.margin}")
    send("isready")
    until("readyok")
    send("usinewgame")
    moves: list[str] = []
    times: list[float] = []
    for i in range(args.moves):
        send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        start = time.monotonic()
        send(f"go btime 0 wtime 0 byoyomi {args.byoyomi}")
        lines = until("bestmove")
        took = (time.monotonic() - start) * 1000
        best = lines[-1].split()[1]
        depth = next((ln.split()[2] for ln in reversed(lines) if ln.startswith("info depth")), "-")
        times.append(took)
        print(f"move {i + 1:>3}: {took:7.0f} ms  depth {depth:>2}  {best}  load {os.getloadavg()[0]:.1f}"
              + ("  OVERRUN" if took > args.byoyomi else ""))
        if best in ("resign", "win"):
            break
        moves.append(best)
    send("quit")
    proc.wait(timeout=60)
    over = [t for t in times if t > args.byoyomi]
    lo, hi = median_interval(times)
    print(f"byoyomi {args.byoyomi} ms, margin {args.margin} ms: {len(over)} of {len(times)} moves over; "
          f"median {statistics.median(times):.0f} ms [95% {lo:.0f}-{hi:.0f}], max {max(times):.0f} ms")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
