"""A USI engine for 本将棋: ``python -m pygames.shogi.usi`` (stdin/stdout).

Commands: usi, isready, setoption (``Level`` easy|normal|hard|expert, ``Nodes``, ``Seed``, ``ByoyomiMargin``
ms, ``USI_Hash``, ``USI_Ponder``), usinewgame, position startpos|sfen <sfen> [moves ...],
go [btime/wtime/byoyomi/binc/winc/movetime ms] [nodes N] [depth D] [infinite] [ponder], go mate <ms|infinite>,
ponderhit, stop, gameover, quit. The search runs in a thread so ``stop`` is answered at once; it checks
the clock every few hundred nodes of any kind. ``go ponder`` and ``go infinite`` answer only after
``ponderhit`` (then the clock starts) or ``stop``. ``bestmove win`` declares a win by 入玉宣言 when it holds.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import IO, Any

from pygames.core import GameError, Rng

from . import GAME
from .bots import WIN
from .formats.records import parse_sfen_text
from .mate import MateSearch
from .position import move_usi
from .search import EXPERT_NODES, Expert, MAX_DEPTH, best_move
from .start import state_from_sfen

LEVELS = ("easy", "normal", "hard", "expert")
SEED_MAX = 2**31 - 1
MARGIN = 300
"""Default ``ByoyomiMargin`` (ms): the search stops this long before the time a move may take."""
TIMED = ("btime", "wtime", "byoyomi", "binc", "winc", "movetime")


def mate_text(score: int) -> str | None:
    """``mate N`` / ``mate -N`` (plies to mate) for a mate score of the search, else None."""
    if abs(score) < WIN - 64:
        return None
    plies = WIN - abs(score) - 1
    return f"mate {plies}" if score > 0 else f"mate -{max(plies, 1)}"


class Engine:
    """The USI state machine; ``out`` receives the engine's lines."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.level = "expert"
        self.nodes = EXPERT_NODES
        self.seed = 0
        """With the game count and the ply, what the search's tie-breaks are drawn from (deterministic)."""
        self.margin = MARGIN
        self.hash_mb = 256
        self.ponder_option = False
        self.state: Any = None
        self.thread: threading.Thread | None = None
        self.search: Any = None  # the running Expert or MateSearch
        self.lock = threading.Lock()
        self.release = threading.Event()
        """Set when a pondering / infinite search may send its bestmove (``ponderhit`` or ``stop``)."""
        self.pending_clock: dict[str, int] | None = None  # the time controls of a ``go ponder``, for ponderhit
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
            self.say(f"option name ByoyomiMargin type spin default {MARGIN} min 0 max 10000")
            self.say("option name USI_Hash type spin default 256 min 1 max 65536")
            self.say("option name USI_Ponder type check default false")
            self.say("option name USI_Variant type combo default shogi var shogi")
            self.say("usiok")
        elif cmd == "isready":
            if self.release.is_set():  # a pondering or infinite search goes on: answered at once
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
        elif cmd == "ponderhit":
            self.ponderhit()
        elif cmd in ("stop", "gameover"):
            self.stop()
        elif cmd == "quit":
            self.stop()
            return False
        else:
            self.say(f"info string unknown command {cmd[:20]}")
        return True

    def wait(self) -> None:
        """Let a running search finish (a pondering or infinite one, which would wait for ever, is stopped)."""
        if self.thread is not None and not self.release.is_set():
            self.stop()
        elif self.thread is not None:
            self.thread.join()
            self.thread = None
            self.search = None

    def stop(self) -> None:
        """End a running search (its bestmove or checkmate answer is sent) and wait for it."""
        if self.search is not None:
            self.search.abort = True
        self.release.set()
        if self.thread is not None:
            self.thread.join()
            self.thread = None
        self.search = None

    def ponderhit(self) -> None:
        """The opponent played the pondered move: the clock starts now; a finished search answers at once."""
        search, clock = self.search, self.pending_clock
        self.pending_clock = None
        if isinstance(search, Expert) and clock is not None and self.state is not None:
            deadline = self.deadline(clock, self.state.side)
            if deadline is not None:
                search.deadline = deadline
                search.budget = 10**9
            else:
                search.budget = clock.get("nodes", self.nodes)
            search.limit = min(search.budget, search.nodes + 1)
        self.release.set()

    def setoption(self, words: list[str]) -> None:
        try:
            name = words[words.index("name") + 1]
            value = words[words.index("value") + 1] if "value" in words else ""
        except (ValueError, IndexError):
            self.say("info string setoption needs name and value")
            return
        number = value.isascii() and value.isdigit() and len(value) <= 10
        if name == "Level" and value in LEVELS:
            self.level = value
        elif name == "Nodes" and number and 100 <= int(value) <= 100_000_000:
            self.nodes = int(value)
        elif name == "Seed" and number and int(value) <= SEED_MAX:
            self.seed = int(value)
        elif name == "ByoyomiMargin" and number and int(value) <= 10_000:
            self.margin = int(value)
        elif name == "USI_Hash" and number and 1 <= int(value) <= 65536:
            self.hash_mb = int(value)  # accepted; the table is bounded by entries, not by this size
        elif name == "USI_Ponder" and value in ("true", "false"):
            self.ponder_option = value == "true"
        elif name != "USI_Variant":
            self.say(f"info string bad option {name[:20]} {value[:20]}")

    def position(self, line: str) -> None:
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

    def deadline(self, opts: dict[str, int], side: int) -> float | None:
        """When the search must stop under these time controls (None: no clock given)."""
        if not any(k in opts for k in TIMED):
            return None
        left = opts.get("btime" if side == 0 else "wtime", 0)
        inc = opts.get("binc" if side == 0 else "winc", 0)
        byoyomi = opts.get("byoyomi", 0)
        if "movetime" in opts:
            per_move = opts["movetime"]
        else:
            per_move = byoyomi + inc + left // 40
            if not byoyomi and not inc:
                per_move = min(per_move, left // 2)
        ms = max(50, per_move - self.margin) if per_move > self.margin else max(10, per_move // 2)
        return time.monotonic() + ms / 1000

    def go(self, args: list[str]) -> None:
        opts: dict[str, int] = {}
        for i, key in enumerate(args[:-1]):
            if key in (*TIMED, "nodes", "depth"):
                val = args[i + 1]
                if val.isascii() and val.isdigit() and len(val) <= 12:
                    opts[key] = int(val)
        if args and args[0] == "mate":
            self.go_mate(args[1:])
            return
        infinite, ponder = "infinite" in args, "ponder" in args
        state = self.state
        if state is None or state.phase != "move" or not GAME.legal_actions(state, state.side):
            self.say("bestmove resign")
            return
        if "declare" in GAME.legal_actions(state, state.side):
            self.say("info string 入玉宣言 holds")
            self.say("bestmove win")
            return
        seed = Rng.derive(self.seed, "usi", self.games, state.ply)
        if self.level != "expert":
            self.say(f"bestmove {GAME.bot_action(state, state.side, self.level, seed)}")
            return
        deadline = None if (infinite or ponder) else self.deadline(opts, state.side)
        if infinite or ponder:
            budget = 10**9
        elif "nodes" in opts:
            budget = max(1, opts["nodes"])
        else:
            budget = 10**9 if deadline is not None else self.nodes
        depth = max(1, min(opts.get("depth", MAX_DEPTH), MAX_DEPTH))
        search = Expert(budget, False, state.position())
        search.deadline = deadline
        search.start_clock()
        self.search = search
        if wait_for := (infinite or ponder):
            self.release.clear()
        else:
            self.release.set()
        self.pending_clock = opts if ponder else None
        wait = wait_for
        pos = state.position()
        started = time.monotonic()

        def report(d: int, score: int, nodes: int, move: int) -> None:
            ms = max(1, int((time.monotonic() - started) * 1000))
            val = mate_text(score) or f"cp {score}"
            line = " ".join(move_usi(m) for m in search.pv(pos, move))
            self.say(f"info depth {d} seldepth {max(d, search.seldepth)} time {ms} nodes {nodes} "
                     f"nps {nodes * 1000 // ms} score {val} pv {line}")

        def run() -> None:
            try:
                m, _score, _d, _n = best_move(state, seed, budget, depth, search, report)
                line = search.pv(pos, m, 2)
            except Exception as err:  # noqa: BLE001  (never leave the GUI without an answer)
                self.say(f"info string error {type(err).__name__}")
                line = []
            if wait:
                self.release.wait()  # a pondering or infinite search answers only after ponderhit / stop
            if not line:
                self.say("bestmove resign")
            elif len(line) > 1:
                self.say(f"bestmove {move_usi(line[0])} ponder {move_usi(line[1])}")
            else:
                self.say(f"bestmove {move_usi(line[0])}")

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def go_mate(self, args: list[str]) -> None:
        """``go mate <ms|infinite>``: ``checkmate <moves>``, ``checkmate nomate`` or ``checkmate timeout``."""
        state = self.state
        if state is None or state.phase != "move":
            self.say("checkmate nomate")
            return
        limit = args[0] if args else "infinite"
        deadline = None
        if limit.isascii() and limit.isdigit() and len(limit) <= 12:
            deadline = time.monotonic() + max(10, int(limit) - self.margin) / 1000
        holder: dict[str, bool] = {"abort": False}
        search = MateSearch(state.position(), deadline=deadline, aborted=lambda: holder["abort"])

        class Door:
            """What ``stop`` sets."""

            @property
            def abort(self) -> bool:
                return holder["abort"]

            @abort.setter
            def abort(self, value: bool) -> None:
                holder["abort"] = value

        self.search = Door()
        if deadline is None:
            self.release.clear()  # an endless question: a later command stops it rather than wait
        else:
            self.release.set()

        def run() -> None:
            try:
                verdict, line = search.solve()
            except Exception as err:  # noqa: BLE001
                self.say(f"info string error {type(err).__name__}")
                verdict, line = "timeout", []
            if verdict == "mate":
                self.say("checkmate " + " ".join(move_usi(m) for m in line))
            else:
                self.say(f"checkmate {verdict}")

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()


def main(inp: IO[str] = sys.stdin, out: IO[str] = sys.stdout) -> None:
    """Read USI commands until ``quit`` or end of input."""
    engine = Engine(out)
    for line in inp:
        if not engine.handle(line):
            break
    engine.stop()


if __name__ == "__main__":
    main()
