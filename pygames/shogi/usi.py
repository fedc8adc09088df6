"""A USI engine for 本将棋: ``python -m pygames.shogi.usi`` (stdin/stdout).

Commands: usi, isready, setoption (``Level`` easy|normal|hard|expert, ``Nodes``, ``Seed``), usinewgame,
position startpos|sfen <sfen> [moves ...], go [btime/wtime/byoyomi/binc/winc ms] [nodes N] [depth D]
[infinite], stop, gameover, quit. The search runs in a thread so ``stop`` is answered at once.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import IO, Any

from pygames.core import GameError, Rng

from . import GAME
from .position import move_usi
from .search import EXPERT_NODES, MAX_DEPTH, Expert, best_move

LEVELS = ("easy", "normal", "hard", "expert")
SEED_MAX = 2**31 - 1


class Engine:
    """The USI state machine; ``out`` receives the engine's lines."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.level = "expert"
        self.nodes = EXPERT_NODES
        self.seed = 0
        """With the game count and the ply, what the search's tie-breaks are drawn from (deterministic)."""
        self.state: Any = None
        self.thread: threading.Thread | None = None
        self.search: Expert | None = None
        self.lock = threading.Lock()
        self.games = 0
        self.position("position startpos")

    def say(self, line: str) -> None:
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    def handle(self, line: str) -> bool:
        """One command; False on quit."""
        words = line.strip().split()
        if not words:
            return True
        cmd = words[0]
        if cmd == "usi":
            self.say("id name pygames-shogi")
            self.say("id author pygames")
            self.say("option name Level type combo default expert " + " ".join(f"var {lv}" for lv in LEVELS))
            self.say(f"option name Nodes type spin default {EXPERT_NODES} min 100 max 100000000")
            self.say(f"option name Seed type spin default 0 min 0 max {SEED_MAX}")
            self.say("option name USI_Variant type combo default shogi var shogi")
            self.say("usiok")
        elif cmd == "isready":
            self.wait()
            self.say("readyok")
        elif cmd == "setoption":
            self.setoption(words)
        elif cmd == "usinewgame":
            self.wait()
            self.games += 1
        elif cmd == "position":
            self.wait()
            self.position(line)
        elif cmd == "go":
            self.wait()
            self.go(words[1:])
        elif cmd == "stop":
            if self.search is not None:
                self.search.abort = True
            self.wait()
        elif cmd == "quit":
            if self.search is not None:
                self.search.abort = True
            self.wait()
            return False
        elif cmd in ("gameover", "ponderhit"):
            pass
        else:
            self.say(f"info string unknown command {cmd[:20]}")
        return True

    def wait(self) -> None:
        if self.thread is not None:
            self.thread.join()
            self.thread = None

    def setoption(self, words: list[str]) -> None:
        try:
            name = words[words.index("name") + 1]
            value = words[words.index("value") + 1] if "value" in words else ""
        except (ValueError, IndexError):
            self.say("info string setoption needs name and value")
            return
        if name == "Level" and value in LEVELS:
            self.level = value
        elif name == "Nodes" and value.isascii() and value.isdigit() and 100 <= int(value) <= 100_000_000:
            self.nodes = int(value)
        elif name == "Seed" and value.isascii() and value.isdigit() and len(value) <= 10 and int(value) <= SEED_MAX:
            self.seed = int(value)
        elif name != "USI_Variant":
            self.say(f"info string bad option {name[:20]} {value[:20]}")

    def position(self, line: str) -> None:
        from .formats.records import parse_sfen_text
        from .start import state_from_sfen
        try:
            data = parse_sfen_text(line)
        except GameError as err:
            self.say(f"info string {err.message_en}")
            return
        if data["notice"]:
            self.say(f"info string {data['notice']['en']}")
        state = state_from_sfen(data["sfen"], "hon")
        for usi in data["moves"]:
            state = GAME.apply(state, state.side, usi)
        self.state = state

    def go(self, args: list[str]) -> None:
        opts: dict[str, int] = {}
        infinite = "infinite" in args
        for i, key in enumerate(args[:-1]):
            if key in ("btime", "wtime", "byoyomi", "binc", "winc", "nodes", "depth", "movetime"):
                val = args[i + 1]
                if val.isascii() and val.isdigit():
                    opts[key] = int(val)
        state = self.state
        if state is None or state.phase != "move" or not GAME.legal_actions(state, state.side):
            self.say("bestmove resign")
            return
        budget = opts.get("nodes", 10**9 if infinite else self.nodes)
        deadline = None
        if not infinite and "nodes" not in opts:
            side = state.side
            left = opts.get("btime" if side == 0 else "wtime", 0)
            inc = opts.get("binc" if side == 0 else "winc", 0)
            per_move = opts.get("movetime", 0) or opts.get("byoyomi", 0) + inc + left // 40
            if per_move:
                deadline = time.monotonic() + max(0.05, per_move / 1000 * 0.9 - 0.05)
                budget = 10**9 if ("byoyomi" in opts or "movetime" in opts or left) else budget
        depth = min(opts.get("depth", MAX_DEPTH), MAX_DEPTH)
        seed = Rng.derive(self.seed, "usi", self.games, state.ply)
        if self.level != "expert":
            self.say(f"bestmove {GAME.bot_action(state, state.side, self.level, seed)}")
            return
        search = Expert(budget, False, state.position())
        search.deadline = deadline
        self.search = search

        def report(d: int, score: int, nodes: int, move: int) -> None:
            from .bots import WIN
            val = f"mate {'' if score > 0 else '-'}{WIN - abs(score)}" if abs(score) >= WIN - 64 else f"cp {score}"
            self.say(f"info depth {d} score {val} nodes {nodes} pv {move_usi(move & 32767)}")

        def run() -> None:
            try:
                m, _score, _d, _n = best_move(state, seed, budget, depth, search, report)
                self.say(f"bestmove {move_usi(m & 32767)}")
            except Exception as err:  # noqa: BLE001  (never leave the GUI without an answer)
                self.say(f"info string error {type(err).__name__}")
                self.say("bestmove resign")

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()


def main(inp: IO[str] = sys.stdin, out: IO[str] = sys.stdout) -> None:
    """Read USI commands until ``quit`` or end of input."""
    engine = Engine(out)
    for line in inp:
        if not engine.handle(line):
            break
    engine.wait()


if __name__ == "__main__":
    main()
