#!/usr/bin/env python3
"""Old against new code of 本将棋 legal-move generation, CPU time in CPython, alternating rounds.

    nice -n 10 python3 bench/shogi_legal_ab.py --old REV [--new REV] [--rounds 6]

``--old``/``--new`` are git revisions (``--new`` defaults to the working tree), exported and loaded in turn
into this process (as ``bench/shogi_wasm_ab.py`` does). Each round runs, with each tree (which goes first
alternates): ``Position.legal_moves`` on every position of the record corpus (tests/engines/shogi/corpus),
perft 3 from the start position and from a middlegame position with pieces in hand, and the import of every
corpus record (``calls.import_record``, which checks each move against the legal moves). CPU seconds are
``time.process_time``. The lists of moves, the perft counts and the imported records must be equal (else it
stops). Prints each round, the new/old ratio of each part (mean of the rounds' ratios, 95% interval) and
the load. Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import shogi_wasm_ab as ab  # noqa: E402

CORPUS = ROOT / "tests" / "engines" / "shogi" / "corpus"
SUFFIXES = (".kif", ".kifu", ".ki2", ".ki2u", ".csa")
MIDDLE = "ln1g3nl/1r2kgs2/p2ppp1pp/1ppb2p2/9/2PP1PP2/PP2P1S1P/2SK3R1/LN1G1G1NL b Pbs 1"


def records() -> list[tuple[str, str]]:
    """(file name, text) of every corpus record."""
    sys.path.insert(0, str(ROOT))
    from pygames.shogi.formats.decode import decode_bytes
    return [(p.name, decode_bytes(p.read_bytes(), p.name)[0]) for p in sorted(CORPUS.iterdir()) if p.suffix in SUFFIXES]


def positions(tree: str, texts: list[tuple[str, str]]) -> list[Any]:
    """Every position of the records, as Positions of ``tree``."""
    ab.use_tree(tree)
    from pygames.shogi.formats.records import import_text
    from pygames.shogi.position import move_usi
    from pygames.shogi.start import state_from_sfen
    out = []
    for name, text in texts:
        try:
            data = import_text(text, name)
        except Exception:  # noqa: BLE001 - a refused file has no positions
            continue
        pos = state_from_sfen(data["sfen"], "hon").position()
        for usi in data["moves"]:
            legal = {move_usi(m): m for m in pos.legal_moves()}
            if usi not in legal:
                break
            out.append(pos.copy())
            pos.do(legal[usi])
    return out


def run(tree: str, spots: list[Any], texts: list[tuple[str, str]]) -> dict[str, Any]:
    """CPU seconds and results of each part with the tree at ``tree``."""
    ab.use_tree(tree)
    from pygames.shogi.calls import import_record
    from pygames.shogi.position import Position
    from pygames.shogi.sfen import STARTPOS, parse_sfen
    row: dict[str, Any] = {}
    c = time.process_time()
    row["legal_out"] = [p.legal_moves() for p in spots]
    row["legal"] = time.process_time() - c
    c = time.process_time()
    row["perft_out"] = [Position(*parse_sfen(s)[:3]).perft(3) for s in (STARTPOS, MIDDLE)]
    row["perft"] = time.process_time() - c
    c = time.process_time()
    row["import_out"] = [import_record(text, seed=1, filename=name)["record"]["actions"] for name, text in texts]
    row["import"] = time.process_time() - c
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--old", default="main")
    ap.add_argument("--new", default=None)
    ap.add_argument("--rounds", type=int, default=6)
    a = ap.parse_args()
    print(f"load at start (1/5/15 min): {os.getloadavg()} on {os.cpu_count()} cores", flush=True)
    texts = records()
    with tempfile.TemporaryDirectory() as tmp:
        trees = [ab.export(a.old, Path(tmp) / "old"), ab.export(a.new, Path(tmp) / "new")]
        spots = [positions(t, texts) for t in trees]
        print(f"{len(spots[0])} positions from {len(texts)} records; python {sys.version.split()[0]}", flush=True)
        rows: list[list[dict[str, Any]]] = []
        for i in range(a.rounds):
            order = [0, 1] if i % 2 == 0 else [1, 0]
            got: list[dict[str, Any]] = [{}, {}]
            for k in order:
                got[k] = run(trees[k], spots[k], texts)
            for part in ("legal", "perft", "import"):
                if got[0][f"{part}_out"] != got[1][f"{part}_out"]:
                    raise SystemExit(f"round {i}: the two trees differ in {part}")
            rows.append(got)
            print(f"  round {i}: " + "  ".join(f"{part} {got[0][part]:.2f} -> {got[1][part]:.2f}"
                                             for part in ("legal", "perft", "import")), flush=True)
    for part in ("legal", "perft", "import"):
        ratios = [r[1][part] / r[0][part] for r in rows]
        total = sum(r[0][part] for r in rows), sum(r[1][part] for r in rows)
        print(f"{part}: {a.old} {total[0]:.2f} s, {a.new or 'worktree'} {total[1]:.2f} s; new/old "
              f"{ab._interval(ratios)} ({len(rows)} rounds)")
    print(f"load at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
