"""Move-generation speed of pygames.shogi against python-shogi on the same positions, same run.

Checks that both agree on the legal move lists (as USI strings), then times legal move generation
per position (best of several rounds, CPU time) and perft from the start position.
python-shogi (GPL) is imported here only, never by pygames or the tests:
    pip install python-shogi
Usage: python bench/shogi_movegen.py [--perft-depth 4] [--random 40]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import playout, random_choice  # noqa: E402
from pygames.shogi import GAME  # noqa: E402
from pygames.shogi.position import Position, move_usi  # noqa: E402
from pygames.shogi.sfen import STARTPOS, make_sfen, parse_sfen  # noqa: E402

FIXED = [
    ("start", STARTPOS),
    ("opening", "lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL b - 5"),
    ("bishop exchange", "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 6"),
    ("middle game", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"),
    ("max 593 moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"),
    ("two-piece handicap", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("in check", "lnsgkgsnl/1r5b1/pppp1pppp/9/4B4/9/PPPPPPPPP/7R1/LNSGKGSNL w P 4"),
]


def random_positions(n: int) -> list[tuple[str, str]]:
    """Seeded middle-game positions from random 本将棋 games (30-90 plies in)."""
    out = []
    for seed in range(n):
        rng = Rng.derive(seed, "movegen-bench")
        st = GAME.initial_state(GAME.normalize_options({"ruleset": "hon"}, 2), 2)
        target = 30 + rng.randbelow(60)
        st, _ = playout(GAME, st, random_choice(GAME, rng, skip=("resign",)), rng, max_steps=target)
        if GAME.to_move(st):
            out.append((f"random {seed}", make_sfen(st.board, st.hands, st.side, st.ply + 1)))
    return out


def ours(sfen: str) -> Position:
    board, hands, side, _ = parse_sfen(sfen)
    return Position(board, hands, side)


def best_time(fn, rounds: int = 5, reps: int = 20) -> float:
    """Best CPU seconds per call over several rounds."""
    best = float("inf")
    for _ in range(rounds):
        t = time.process_time()
        for _ in range(reps):
            fn()
        best = min(best, (time.process_time() - t) / reps)
    return best


def perft_theirs(board, depth: int) -> int:
    if depth == 1:
        return len(list(board.legal_moves))
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += perft_theirs(board, depth - 1)
        board.pop()
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--perft-depth", type=int, default=4)
    ap.add_argument("--theirs-perft-depth", type=int, default=3)
    ap.add_argument("--random", type=int, default=40)
    args = ap.parse_args()
    try:
        import shogi  # python-shogi, GPL: bench only
    except ImportError:
        shogi = None
        print("python-shogi not installed (pip install python-shogi): timing pygames only")
    positions = FIXED + random_positions(args.random)
    disagree = 0
    rows = []
    for name, sfen in positions:
        pos = ours(sfen)
        mine = sorted(move_usi(m & 0x7FFF) for m in pos.legal_moves())
        t_ours = best_time(lambda: pos.legal_moves())
        t_ours_usi = best_time(lambda: [move_usi(m & 0x7FFF) for m in pos.legal_moves()])
        t_theirs = None
        if shogi is not None:
            board = shogi.Board(sfen)
            theirs = sorted(m.usi() for m in board.legal_moves)
            if theirs != mine:
                disagree += 1
                print(f"DISAGREE {name}: {sfen}\n  only ours: {sorted(set(mine) - set(theirs))[:10]}"
                      f"\n  only python-shogi: {sorted(set(theirs) - set(mine))[:10]}")
            t_theirs = best_time(lambda: list(board.legal_moves))
        rows.append((name, len(mine), t_ours, t_ours_usi, t_theirs))
    print(f"\n{'position':22s} {'moves':>5s} {'ours ms':>8s} {'ours+usi':>9s} {'python-shogi ms':>15s} {'ratio':>6s}")
    for name, n, a, b, c in rows:
        ratio = f"{c / a:5.1f}x" if c else "   -"
        print(f"{name:22s} {n:5d} {a * 1000:8.3f} {b * 1000:9.3f} {c * 1000 if c else float('nan'):15.3f} {ratio:>6s}")
    tot_a = sum(r[2] for r in rows)
    tot_c = sum(r[4] for r in rows if r[4]) if shogi else None
    print(f"\nall {len(rows)} positions: ours {tot_a * 1000:.1f} ms" +
          (f", python-shogi {tot_c * 1000:.1f} ms -> pygames is {tot_c / tot_a:.1f}x as fast" if tot_c else ""))
    print(f"legal move lists: {len(rows) - disagree} of {len(rows)} agree" if shogi else "")
    pos = ours(STARTPOS)
    for depth in range(1, args.perft_depth + 1):
        t = time.process_time()
        n = pos.perft(depth)
        print(f"perft({depth}) = {n}  ours {time.process_time() - t:.2f} s CPU")
    if shogi is not None:
        for depth in range(1, args.theirs_perft_depth + 1):
            t = time.process_time()
            n = perft_theirs(shogi.Board(), depth)
            print(f"perft({depth}) = {n}  python-shogi {time.process_time() - t:.2f} s CPU")
        # deeper agreement: perft(2) on the fixed positions (drops, checks, pins, 打ち歩詰め below the root)
        for name, sfen in FIXED:
            if name.startswith("max"):
                continue
            a, b = ours(sfen).perft(2), perft_theirs(shogi.Board(sfen), 2)
            disagree += a != b
            print(f"perft(2) {name:20s} ours {a:6d}  python-shogi {b:6d}  {'ok' if a == b else 'DISAGREE'}")
    if disagree:
        sys.exit(1)


if __name__ == "__main__":
    main()
