"""Our shogi levels against GNU Shogi at fixed search depths (本将棋), colours alternating.

GNU Shogi (Debian package ``gnushogi``; installed via apt if missing) is driven over a pipe through its
text interface: ``depth`` N (which also turns its clock off, so the search is the same at any machine
load), moves in the same coordinates as USI (7g7f, P*5e, 8h2b+), its replies read from ``N. ... <move>``
lines. Our side is our USI engine (``python -m pygames.shogi.usi``, options Level and Seed = the game's
number, ``go nodes`` = the expert's budget or ``--nodes``), or with ``--via api`` ``GAME.bot_action`` in
this process.
Every move of both sides is checked by our engine, which also decides the end (checkmate, repetition,
or a draw at --max-plies).

Prints W/D/L and the score with a 95% Wilson interval per (level, depth), by colour (we are 先手 on even
games), the number of distinct games, CPU per move, and the load; ``--tally LOG…`` summarises the
``--progress --moves`` logs of earlier (or stopped) runs.
Usage: python bench/shogi_vs_gnushogi.py [--games 40] [--depths 1,2,3] [--levels hard,expert]
       [--workers 2] [--via usi|api] [--nodes N] [--variant SPEC] [--progress] [--moves]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import pathlib
import re
import select
import shutil
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from stats import wilson

from pygames.core import Rng
from pygames.shogi import GAME
from pygames.shogi.search import EXPERT_NODES

MOVE = re.compile(r"\d+\.\s+\.\.\.\s+(\S+)")
OVER = re.compile(r"mates|resign|Drawn|draw|Illegal|repetition", re.IGNORECASE)


def gnushogi_path() -> str:
    """The gnushogi binary, installed with apt-get if missing."""
    for cand in (shutil.which("gnushogi"), "/usr/games/gnushogi"):
        if cand and os.path.exists(cand):
            return cand
    subprocess.run(["apt-get", "install", "-y", "gnushogi"], check=True)
    return "/usr/games/gnushogi"


def cpu_seconds(pid: int) -> float:
    """CPU seconds used so far by process ``pid`` (Linux /proc)."""
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


class Piped:
    """An engine process spoken to a line at a time: ``send`` a line, ``cpu`` used, ``close``."""

    proc: subprocess.Popen

    def send(self, line: str) -> None:
        raise NotImplementedError

    def cpu(self) -> float:
        """CPU seconds used so far by the process."""
        return cpu_seconds(self.proc.pid)

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


class Ours(Piped):
    """Our USI engine in its own process (``python -m pygames.shogi.usi``) at ``level``, seeded."""

    def __init__(self, level: str, seed: int, nodes: int, variant: str = "") -> None:
        self.nodes = nodes
        root = pathlib.Path(__file__).resolve().parents[1]
        cmd = ([sys.executable, str(root / "bench" / "shogi_select.py"), "usi", "--variants", variant] if variant
               else [sys.executable, "-m", "pygames.shogi.usi"])
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1, cwd=root)
        self.send(f"usi\nsetoption name Level value {level}\nsetoption name Seed value {seed}\nisready")
        self.until("readyok")
        self.send("usinewgame")

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def until(self, prefix: str) -> str:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line.strip()
        raise RuntimeError(f"our USI engine closed before {prefix}")

    def best(self, moves: list[str]) -> str:
        """Our move after ``moves`` from the start position."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go nodes {self.nodes}")
        return self.until("bestmove").split()[1]


class Gnu(Piped):
    """One GNU Shogi process playing at a fixed depth."""

    def __init__(self, depth: int) -> None:
        self.proc = subprocess.Popen([gnushogi_path()], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0)
        self.buf = b""
        self.last = ""
        self.send(f"depth\n{depth}")

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text.encode() + b"\n")
        self.proc.stdin.flush()

    def reply(self, timeout: float = 3600.0) -> str | None:
        """GNU Shogi's next move, or None if it says the game is over (or stays silent)."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        end = time.time() + timeout
        while time.time() < end:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                text = line.decode(errors="replace")
                m = MOVE.search(text)
                if m:
                    return m.group(1)
                if OVER.search(text):
                    self.last = text
                    return None
            ready, _, _ = select.select([fd], [], [], 1.0)
            if ready:
                chunk = os.read(fd, 4096)
                if not chunk:
                    return None
                self.buf += chunk
        return None


def play(args: tuple[int, str, int, int, str, int, str]) -> dict[str, object]:
    """One game: our ``level`` plays 先手 on even game numbers, GNU Shogi at ``depth`` the other side."""
    game_no, level, depth, max_plies, via, nodes, variant = args
    gnu_seat = 1 if game_no % 2 == 0 else 0  # we are 先手 on even games
    state = GAME.initial_state(GAME.normalize_options({"ruleset": "hon"}, 2), 2)
    gnu = Gnu(depth)
    ours = Ours(level, game_no, nodes, variant) if via == "usi" else None
    our_cpu, our_moves, note = 0.0, 0, ""
    try:
        if gnu_seat == 0:
            gnu.send("go")
        while GAME.to_move(state) and state.ply < max_plies:
            seat = state.side
            if seat == gnu_seat:
                mv = gnu.reply()
                if mv is None:
                    note = f"gnushogi: {gnu.last.strip()[:40] or 'no reply'}"
                    break
                try:
                    state = GAME.apply(state, seat, mv)
                except Exception as err:  # noqa: BLE001  (a bench: record and stop)
                    note = f"gnushogi illegal {mv}: {err}"
                    break
            else:
                t = time.process_time()
                if ours is not None:
                    mv = ours.best([r["usi"] for r in state.record])
                else:
                    mv = GAME.bot_action(state, seat, level, Rng.derive(game_no, "gnubench", state.ply))
                our_cpu += time.process_time() - t
                our_moves += 1
                state = GAME.apply(state, seat, mv)
                if mv == "resign":
                    break
                if GAME.to_move(state):
                    gnu.send(mv)
        gnu_cpu = gnu.cpu()
        if ours is not None:
            our_cpu = ours.cpu()
    finally:
        gnu.close()
        if ours is not None:
            ours.close()
    outcome = GAME.outcome(state)
    if outcome is None:  # GNU Shogi resigned (W), claimed a draw or failed (D), or the ply cap (D)
        result = "W" if re.search("resign|mates", note, re.IGNORECASE) and "illegal" not in note else "D"
    else:
        result = "D" if not outcome.winners else ("W" if outcome.winners[0] != gnu_seat else "L")
    return {"game": game_no, "level": level, "depth": depth, "result": result, "plies": state.ply,
            "code": outcome.details.get("code") if outcome else note or "max_plies", "our_cpu": our_cpu,
            "our_moves": our_moves, "gnu_cpu": gnu_cpu, "gnu_moves": state.ply - our_moves,
            "usi": " ".join(r["usi"] for r in state.record)}


LINE = re.compile(r"game (\d+): (\w+) vs gnushogi depth (\d+) -> ([WDL]) \((\S+), (\d+) plies, "
                  r"ours ([\d.]+)s/(\d+), gnu ([\d.]+)s/(\d+)\)")


def read_log(path: str) -> list[dict[str, object]]:
    """The games of a ``--progress --moves`` log (also of a run that was stopped)."""
    out: list[dict[str, object]] = []
    for line in pathlib.Path(path).read_text().splitlines():
        m = LINE.match(line)
        if m:
            g, lv, d, res, code, plies, oc, om, gc, gm = m.groups()
            out.append({"game": int(g), "level": lv, "depth": int(d), "result": res, "code": code,
                        "plies": int(plies), "our_cpu": float(oc), "our_moves": int(om), "gnu_cpu": float(gc),
                        "gnu_moves": int(gm), "usi": ""})
        elif line.startswith("  moves: ") and out:
            out[-1]["usi"] = line[len("  moves: "):]
    return out


def report(results: list[dict[str, object]]) -> None:
    """W/D/L per (level, depth) with the score's 95% Wilson interval, by colour, and CPU per move."""
    print(f"{'level':8} {'depth':>5} {'games':>5}   W   D   L  score  95% interval   as 先手   as 後手"
          f"  distinct  our s/move  gnu s/move")
    for lv, d in sorted({(str(r["level"]), int(str(r["depth"]))) for r in results}):
        rs = [r for r in results if r["level"] == lv and r["depth"] == d]
        w = sum(r["result"] == "W" for r in rs)
        dr = sum(r["result"] == "D" for r in rs)
        lo_ = sum(r["result"] == "L" for r in rs)
        n = len(rs)
        points = w + 0.5 * dr
        lo, hi = wilson(points, n)
        colour = ["{}-{}-{}".format(*(sum(r["result"] == x for r in rs if int(str(r["game"])) % 2 == side)
                                      for x in "WDL")) for side in (0, 1)]
        distinct = len({r["usi"] for r in rs}) if all(r["usi"] for r in rs) else "-"
        ours = sum(float(str(r["our_cpu"])) for r in rs) / max(1, sum(int(str(r["our_moves"])) for r in rs))
        gnu = sum(float(str(r["gnu_cpu"])) for r in rs) / max(1, sum(int(str(r["gnu_moves"])) for r in rs))
        print(f"{lv:8} {d:>5} {n:>5} {w:3} {dr:3} {lo_:3}  {points / n:5.1%}  [{lo:.2f}, {hi:.2f}]   {colour[0]:>7}"
              f"   {colour[1]:>7}  {distinct!s:>8}    {ours:8.2f}    {gnu:8.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--first", type=int, default=0, help="number of the first game (its seed; even = we play 先手)")
    ap.add_argument("--depths", default="1,2")
    ap.add_argument("--levels", default="expert")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--via", choices=("usi", "api"), default="usi", help="our side: the USI engine or bot_action")
    ap.add_argument("--nodes", type=int, default=EXPERT_NODES, help="the expert's node budget per move (USI only)")
    ap.add_argument("--variant", default="", help="the expert's search settings (USI only), as bench/shogi_select.py "
                    "spells them, e.g. select,null=2,lmr=0,fut=0 (default: the shipped ones)")
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--moves", action="store_true", help="print each game's moves (USI) too")
    ap.add_argument("--tally", nargs="+", metavar="LOG", help="only summarise the games of these logs")
    a = ap.parse_args()
    if a.tally:  # a game found in two logs (a rerun of a stopped one) counts once
        games = {(r["game"], r["level"], r["depth"], r["usi"]): r for path in a.tally for r in read_log(path)}
        report(list(games.values()))
        return
    print(f"load before: {os.getloadavg()}; nodes {a.nodes}; variant {a.variant or 'shipped'}")
    jobs = [(g, lv, int(d), a.max_plies, a.via, a.nodes, a.variant) for g in range(a.first, a.first + a.games) for lv in a.levels.split(",")
            for d in a.depths.split(",")]  # game-major: an interrupted run still covers every setting
    results: list[dict[str, object]] = []
    with multiprocessing.Pool(a.workers) as pool:
        for r in pool.imap_unordered(play, jobs):
            results.append(r)
            if a.progress:
                print(f"game {r['game']}: {r['level']} vs gnushogi depth {r['depth']} -> {r['result']} "
                      f"({r['code']}, {r['plies']} plies, ours {r['our_cpu']:.1f}s/{r['our_moves']}, "
                      f"gnu {r['gnu_cpu']:.1f}s/{r['gnu_moves']})", flush=True)
                if a.moves:
                    print(f"  moves: {r['usi']}", flush=True)
    report(results)
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
