"""The USI engine driven as ShogiGUI / ShogiHome drive it (a subprocess, their message sequences).

Checks the protocol's shape only (no timed assertions): options accepted, info lines with every field
and a whole pv, ``go ponder`` silent until ``ponderhit``/``stop``, ``go mate`` answered with ``checkmate``,
exact mate distances and ``bestmove win`` for a 入玉宣言."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading

import pytest

from pygames.shogi.position import Position
from pygames.shogi.sfen import parse_sfen
from pygames.shogi.start import state_from_sfen

MATE1 = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
MATE3 = "8k/9/8P/9/9/9/9/9/K8 b RSp 1"
NOMATE = "4k4/9/9/9/9/9/9/9/4K4 b P 1"
DECLARE = "+R+B1GKG3/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/9/4k4 b R2Sp 1"
"""先手's king on ５一 with 13 pieces in the camp and 28 points (飛馬 10, 金2 + と9 = 11, 飛 5 + 銀2 in hand)."""


class Gui:
    """A GUI's side of the pipe: send lines, read the engine's lines with a generous timeout."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "pygames.shogi.usi"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix: str, limit: float = 120) -> list[str]:
        """Every line up to and including the first that starts with ``prefix``."""
        seen = []
        while True:
            line = self.lines.get(timeout=limit)
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def quiet(self) -> list[str]:
        """Lines already written (without waiting)."""
        out = []
        while not self.lines.empty():
            out.append(self.lines.get_nowait())
        return out

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=60)


@pytest.fixture()
def gui():
    g = Gui()
    yield g
    if g.proc.poll() is None:
        g.close()


def _start(g: Gui) -> list[str]:
    g.send("usi")
    head = g.until("usiok")
    for opt in ("USI_Hash value 256", "USI_Ponder value true", "ByoyomiMargin value 300", "Nodes value 3000"):
        g.send(f"setoption name {opt}")
    g.send("isready")
    assert g.until("readyok")[-1] == "readyok"
    g.send("usinewgame")
    return head


def _legal_line(sfen: str, moves: list[str], line: list[str]) -> bool:
    from pygames.shogi.position import move_usi
    board, hands, side, _n = parse_sfen(sfen)
    pos = Position(board, hands, side)
    for usi in moves + line:
        legal = {move_usi(m): m for m in pos.legal_moves()}
        if usi not in legal:
            return False
        pos.do(legal[usi])
    return True


def test_a_gui_game_sequence(gui):
    head = _start(gui)
    for name in ("USI_Hash", "USI_Ponder", "ByoyomiMargin"):
        assert any(f"option name {name} " in ln for ln in head)
    moves = ["7g7f", "3c3d"]
    gui.send("position startpos moves " + " ".join(moves))
    gui.send("go btime 0 wtime 0 byoyomi 1000")
    out = gui.until("bestmove")
    assert not any("bad option" in ln for ln in out)
    infos = [ln.split() for ln in out if ln.startswith("info depth")]
    assert infos
    for words in infos:
        for field in ("depth", "seldepth", "time", "nodes", "nps", "score", "pv"):
            assert field in words, (field, words)
        pv = words[words.index("pv") + 1:]
        assert pv and _legal_line("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", moves, pv)
    assert any(len(w) - w.index("pv") - 1 >= 2 for w in infos), "a pv longer than one move"
    best = out[-1].split()
    assert best[0] == "bestmove" and _legal_line(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", moves, [best[1]])
    assert len(best) == 2 or (best[2] == "ponder" and _legal_line(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", moves, best[1:2] + best[3:4]))


def test_ponder_waits_for_ponderhit_and_for_stop(gui):
    _start(gui)
    # a mate in 1 is found at depth 1, so the search is over long before the GUI answers
    gui.send(f"position sfen {MATE1}")
    gui.send("go ponder btime 0 wtime 0 byoyomi 1000")
    gui.send("isready")  # what a GUI may send meanwhile: answered, and no bestmove yet
    lines = gui.until("readyok")
    assert lines and not any(ln.startswith("bestmove") for ln in lines)
    gui.send("ponderhit")
    assert gui.until("bestmove")[-1].split()[1] == "G*5b"
    gui.send(f"position sfen {MATE1}")
    gui.send("go ponder btime 0 wtime 0 byoyomi 1000")
    gui.send("isready")
    assert not any(ln.startswith("bestmove") for ln in gui.until("readyok"))
    gui.send("stop")
    assert gui.until("bestmove")[-1].startswith("bestmove G*5b")


def test_go_mate_answers_checkmate(gui):
    _start(gui)
    gui.send(f"position sfen {MATE1}")
    gui.send("go mate 60000")
    assert gui.until("checkmate")[-1] == "checkmate G*5b"
    gui.send(f"position sfen {MATE3}")
    gui.send("go mate infinite")
    line = gui.until("checkmate")[-1].split()[1:]
    assert len(line) == 3 and _legal_line(MATE3, [], line)
    board, hands, side, _n = parse_sfen(MATE3)
    pos = Position(board, hands, side)
    from pygames.shogi.position import move_usi
    for usi in line:
        pos.do({move_usi(m): m for m in pos.legal_moves()}[usi])
    assert pos.in_check() and not pos.legal_moves()
    gui.send(f"position sfen {NOMATE}")
    gui.send("go mate infinite")
    assert gui.until("checkmate")[-1] == "checkmate nomate"
    gui.send("position startpos moves 7g7f")
    gui.send("go mate 1")  # too short to prove anything: timeout or nomate, never a move
    assert gui.until("checkmate")[-1] in ("checkmate timeout", "checkmate nomate")


def test_mate_distances_are_exact(gui):
    _start(gui)
    gui.send(f"position sfen {MATE1}")
    gui.send("go nodes 5000")
    out = gui.until("bestmove")
    assert any(" score mate 1 " in ln for ln in out), out
    assert out[-1] == "bestmove G*5b"
    gui.send(f"position sfen {MATE3}")
    gui.send("go nodes 30000")
    out = gui.until("bestmove")
    assert any(" score mate 3 " in ln for ln in out), out


def test_bestmove_win_when_the_declaration_holds(gui):
    _start(gui)
    assert state_from_sfen(DECLARE, "hon").rules.can_declare
    gui.send(f"position sfen {DECLARE}")
    gui.send("go btime 0 wtime 0 byoyomi 1000")
    assert gui.until("bestmove")[-1] == "bestmove win"
    gui.send("gameover win")
    gui.close()
    assert gui.proc.returncode == 0


def test_a_clock_check_by_node_count_of_any_kind():
    """The Expert with a clock checks it every CLOCK_EVERY nodes, quiescence included: a deadline already
    past stops the search within that many nodes after depth 1, which always completes."""
    from pygames.core import Rng
    from pygames.shogi import search
    state = state_from_sfen("ln1g3nl/1r1s1kg2/p1pppp1pp/1p4p2/7P1/2P3P2/PPSPPP2P/2G4R1/LN2KGSNL b Bb 1", "hon")
    depth1 = search.best_move(state, Rng(1), 10**9, max_depth=1)[3]
    ex = search.Expert(10**9, False, state.position())
    ex.deadline = 0.0
    ex.start_clock()
    search.best_move(state, Rng(1), 10**9, search=ex)
    # a stand-pat leaf may count past the check
    assert ex.stopped and depth1 < ex.nodes <= depth1 + 2 * search.CLOCK_EVERY
    ex = search.Expert(10**9, False, state.position())
    ex.start_clock()
    ex.abort = True
    ex.quiesce(state.position(), -search.INF, search.INF, 6)
    assert ex.nodes <= 2 * search.CLOCK_EVERY


def test_a_stop_before_depth_1_still_answers_the_searched_move():
    """``stop`` (or a deadline) heard at once still leaves depth 1 complete: the mate in 1, not the first
    move in generation order (a ponder stopped on a loaded machine answered a king move)."""
    from pygames.core import Rng
    from pygames.shogi import search
    from pygames.shogi.position import move_usi
    state = state_from_sfen(MATE1, "hon")
    ex = search.Expert(10**9, False, state.position())
    ex.start_clock()
    ex.abort = True
    move, _score, _depth, _nodes = search.best_move(state, Rng(1), 10**9, search=ex)
    assert move_usi(move & 32767) == "G*5b"
