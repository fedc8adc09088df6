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


def _answers(lines: list[str]) -> list[str]:
    """Run USI command lines through an in-process engine; its output lines."""
    import io

    from pygames.shogi.usi import Engine

    out = io.StringIO()
    engine = Engine(out)
    for line in lines:
        engine.handle(line)
        engine.wait()
    return out.getvalue().splitlines()


def test_seed_option_makes_the_search_repeatable_and_varied():
    """The bench seeds each game (gnushogi is deterministic): the same seed gives the same moves, other seeds
    break ties differently somewhere, and a bad seed is refused with a message (the last one stays)."""
    def game(seed: str) -> list[str]:
        moves: list[str] = []
        for _ in range(6):
            lines = _answers(["usi", f"setoption name Seed value {seed}", "usinewgame",
                              "position startpos" + (" moves " + " ".join(moves) if moves else ""), "go nodes 800"])
            moves.append(lines[-1].split()[1])
        return moves

    assert game("3") == game("3")
    assert len({tuple(game(str(seed))) for seed in range(6)}) > 1
    refused = _answers(["setoption name Seed value 99999999999", "setoption name Seed value -1"])
    assert sum("bad option Seed" in ln for ln in refused) == 2
