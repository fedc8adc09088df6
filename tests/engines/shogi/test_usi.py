"""The USI engine: handshake, options, and a short game of the engine against itself over pipes."""

from __future__ import annotations

import subprocess
import sys

from pygames.shogi import GAME
from pygames.shogi.start import state_from_sfen


class Pipe:
    def __init__(self) -> None:
        self.p = subprocess.Popen([sys.executable, "-m", "pygames.shogi.usi"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line: str) -> None:
        assert self.p.stdin is not None
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix: str) -> list[str]:
        assert self.p.stdout is not None
        lines = []
        while True:
            line = self.p.stdout.readline()
            assert line, f"engine closed before {prefix}"
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def close(self) -> int:
        self.send("quit")
        return self.p.wait(timeout=30)


def test_engine_plays_itself_over_usi():
    engines = [Pipe(), Pipe()]
    try:
        for e in engines:
            e.send("usi")
            assert any(ln.startswith("id name") for ln in e.until("usiok"))
            e.send("setoption name Nodes value 1500")
            e.send("isready")
            e.until("readyok")
            e.send("usinewgame")
        moves: list[str] = []
        state = state_from_sfen("startpos", "hon")
        for ply in range(12):
            e = engines[ply % 2]
            e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            e.send("go btime 0 wtime 0 byoyomi 300" if ply < 2 else "go nodes 1500")
            lines = e.until("bestmove")
            move = lines[-1].split()[1]
            assert any(ln.startswith("info depth") for ln in lines)
            assert move in GAME.legal_actions(state, state.side), (ply, move)
            state = GAME.apply(state, state.side, move)
            moves.append(move)
        assert len(moves) == 12
    finally:
        assert [e.close() for e in engines] == [0, 0]


def test_stop_answers_an_infinite_search_and_bad_input_is_survived():
    e = Pipe()
    try:
        e.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1")
        e.send("bogus")
        e.send("setoption name Level value easy")
        e.send("setoption name Level value expert")
        e.send("position startpos")
        e.send("go infinite")
        e.send("stop")
        lines = e.until("bestmove")
        assert any("Invalid SFEN" in ln for ln in lines) and any("unknown command" in ln for ln in lines)
        assert lines[-1].split()[1] in GAME.legal_actions(state_from_sfen("startpos", "hon"), 0)
    finally:
        assert e.close() == 0
