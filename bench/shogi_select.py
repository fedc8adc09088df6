#!/usr/bin/env python3
"""The expert's selective search (null move, late-move reductions) against the full-width one, in CPython.

    python3 bench/shogi_select.py depths [--positions 10] [--budget 160000] [--variants "full;select"]
    python3 bench/shogi_select.py match --games 40 --a select:64000 --b full:160000 [--workers 2] [--progress]
    python3 bench/shogi_select.py usi --variants "select,null=2,lmr=0,fut=0"
    python3 bench/shogi_select.py agree --log bench/logs/gnushogi-d4-session13-select50k.log --ref full:400000 \
        --variants "full:160000;full,soft=4:160000"


``depths``: on the speed bench's positions (``bench/shogi_pyodide_speed.py``: one seeded 本将棋 game, expert
against hard, every 6 plies), each variant's nodes to complete each depth, the depth completed at the budget,
the move, and CPU seconds. ``match``: variant A against variant B in 本将棋 from the start, seeded (game n
uses seed n; A is 先手 in even games), node-limited both sides so the load changes no move; a game still
running at --max-plies is a draw. Prints W/D/L with a 95% Wilson interval and the load. ``usi``: our USI engine
(``pygames.shogi.usi``) with one variant's settings, on stdin/stdout (``bench/shogi_vs_gnushogi.py --variant``
starts it). ``agree``: positions from the games of a ``shogi_vs_gnushogi.py --moves`` log (the first --games
games, at the plies --plies), the move of a reference search (--ref, a variant and its nodes), and for each
variant how many of its moves are the reference's and its CPU a move (a cheap proxy: it shows where a
variant departs from a deeper or the shipped search, not how strong it is). Not a test.
A variant is ``full`` (no null move, no reductions, no futility: the shipped tree) or ``select``
(``search.SELECTIVE``), or either with overrides, e.g. ``select,null=2,lmr=0``; keys: null (R), lmr (0/1),
after (LMR_AFTER), ldepth (LMR_DEPTH), fut (FUTILITY), big (BIG_HAND), soft (SOFT_DEPTH), grow (SOFT_GROWTH).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import pathlib
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import shogi_pyodide_speed as speed_bench  # noqa: E402  (bench/ is on sys.path when run as a script)
from stats import wilson  # noqa: E402

from pygames.core import Rng  # noqa: E402
from pygames.core.match import Match  # noqa: E402
from pygames.shogi import GAME, search, usi  # noqa: E402
from pygames.shogi.position import move_usi  # noqa: E402

SELECT = {"null": search.SELECTIVE["null_r"], "lmr": int(search.SELECTIVE["lmr"]), "after": search.LMR_AFTER,
          "ldepth": search.LMR_DEPTH, "fut": search.SELECTIVE["futility"], "big": search.BIG_HAND,
          "soft": search.SOFT_DEPTH, "grow": search.SOFT_GROWTH}


def variant(spec: str) -> dict[str, int]:
    """``full``, ``select`` or ``select,null=3,lmr=0,...`` -> the search settings."""
    name, *over = spec.split(",")
    cfg = dict(SELECT)
    if name == "full":
        cfg.update(null=0, lmr=0, fut=0)
    for kv in over:
        k, v = kv.split("=")
        cfg[k] = int(v)
    return cfg


def apply_variant(cfg: dict[str, int]) -> None:
    """Set the module's settings (each Expert reads them when made)."""
    search.NULL_R, search.LMR = cfg["null"], bool(cfg["lmr"])
    search.LMR_AFTER, search.LMR_DEPTH, search.FUTILITY = cfg["after"], cfg["ldepth"], cfg["fut"]
    search.BIG_HAND, search.SOFT_DEPTH, search.SOFT_GROWTH = cfg["big"], cfg["soft"], cfg["grow"]


def positions(count: int, every: int) -> list[Any]:
    """The speed bench's positions (bench/shogi_pyodide_speed.py), as states."""
    return [Match.from_record(p["record"]).state for p in speed_bench.positions(count, every)]


def depths(opts: argparse.Namespace) -> None:
    states = positions(opts.positions, 6)
    names = opts.variants.split(";")
    print(f"{len(states)} positions, budget {opts.budget}, load {os.getloadavg()[0]:.1f}")
    rows: dict[str, list[tuple[int, int, float, str, list[int]]]] = {}
    for spec in names:
        apply_variant(variant(spec))
        rows[spec] = []
        for i, st in enumerate(states):
            at: list[int] = []
            t = time.process_time()
            m, score, depth, nodes = search.best_move(st, Rng(st.ply + 1), opts.budget,
                                                      on_depth=lambda d, s, n, mv: at.append(n))
            cpu = time.process_time() - t
            rows[spec].append((depth, nodes, cpu, move_usi(m & 32767), at))
            print(f"  {spec:24s} pos {i}: depth {depth}, nodes by depth {at}, move {move_usi(m & 32767)}, "
                  f"score {score}, CPU {cpu:.2f} s", flush=True)
    for spec, rs in rows.items():
        ds = [r[0] for r in rs]
        cpus = [r[2] for r in rs]
        d4 = [r[4][3] for r in rs if len(r[4]) > 3]
        print(f"{spec:24s}: depth median {statistics.median(ds)} (min {min(ds)}, max {max(ds)}); CPU median "
              f"{statistics.median(cpus):.2f} s; nodes to complete depth 4: median "
              f"{statistics.median(d4) if d4 else '-'} ({len(d4)}/{len(rs)} reached)")
    print(f"load at the end {os.getloadavg()[0]:.1f}")


def log_states(path: str, games: int, plies: list[int]) -> list[Any]:
    """The positions at ``plies`` of the first ``games`` games of a ``shogi_vs_gnushogi.py --moves`` log."""
    found = []
    lines = [line for line in pathlib.Path(path).read_text().splitlines() if line.startswith("  moves:")]
    for line in lines[:games]:
        state = GAME.initial_state(GAME.normalize_options({"ruleset": "hon"}, 2), 2)
        for i, usi_move in enumerate(line.split(":", 1)[1].split()):
            if i in plies:
                found.append(state)
            state = GAME.apply(state, state.side, usi_move)
    return found


def agree(opts: argparse.Namespace) -> None:
    states = log_states(opts.log, opts.games, [int(p) for p in opts.plies.split(",")])
    print(f"{len(states)} positions from {opts.log} (plies {opts.plies}); load {os.getloadavg()[0]:.1f}", flush=True)
    ref: list[int] = []
    for spec in [opts.ref] + opts.variants.split(";"):
        name, nodes = spec.rsplit(":", 1)
        apply_variant(variant(name))
        moves, cpus, depths_ = [], [], []
        for st in states:
            t = time.process_time()
            m, _score, depth, _nodes = search.best_move(st, Rng(st.ply + 1), int(nodes))
            cpus.append(time.process_time() - t)
            moves.append(m & 32767)
            depths_.append(depth)
        if not ref:
            ref = moves
            print(f"reference {spec}: CPU median {statistics.median(cpus):.2f} s, depth median "
                  f"{statistics.median(depths_)}", flush=True)
            continue
        same = sum(a == b for a, b in zip(moves, ref))
        print(f"{spec:40s} the reference's move {same}/{len(states)}; CPU median {statistics.median(cpus):.2f} s "
              f"(mean {statistics.mean(cpus):.2f}); depth median {statistics.median(depths_)}", flush=True)
    print(f"load at the end {os.getloadavg()[0]:.1f}")


def play(job: tuple[int, str, int, str, int, int]) -> tuple[int, str, int, float, float]:
    """One game: (seed, A spec, A budget, B spec, B budget, max plies) -> (seed, winner 'A'/'B'/'draw', plies,
    CPU of A, CPU of B)."""
    seed, a, na, b, nb, max_plies = job
    sides = [(variant(a), na, "A"), (variant(b), nb, "B")]
    if seed % 2:
        sides.reverse()
    state = GAME.initial_state(GAME.normalize_options({"ruleset": "hon"}, 2), 2)
    cpu = {"A": 0.0, "B": 0.0}
    plies = 0
    while plies < max_plies:
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = movers[0]
        cfg, n, who = sides[seat]
        apply_variant(cfg)
        t = time.process_time()
        action = search.choose_expert(state, Rng.derive(seed, "select-bot", plies), n)
        cpu[who] += time.process_time() - t
        state = GAME.apply(state, seat, action)
        plies += 1
    result = getattr(state, "result", None)
    winner = "draw"
    if GAME.to_move(state) == () or not GAME.to_move(state):
        if result and result[0]:
            winner = sides[result[0][0]][2]
    return seed, winner, plies, cpu["A"], cpu["B"]


def match(opts: argparse.Namespace) -> None:
    a, na = opts.a.rsplit(":", 1)
    b, nb = opts.b.rsplit(":", 1)
    jobs = [(s, a, int(na), b, int(nb), opts.max_plies) for s in range(opts.first, opts.first + opts.games)]
    print(f"A = {a} at {na} nodes, B = {b} at {nb} nodes; {opts.games} games (seeds {opts.first}-"
          f"{opts.first + opts.games - 1}), A is 先手 in even games; load {os.getloadavg()[0]:.1f}", flush=True)
    w = d = l_ = 0
    cpus: dict[str, float] = {"A": 0.0, "B": 0.0}
    plies_all = 0
    with multiprocessing.Pool(opts.workers) as pool:
        for seed, winner, plies, ca, cb in pool.imap_unordered(play, jobs):
            w += winner == "A"
            l_ += winner == "B"
            d += winner == "draw"
            cpus["A"] += ca
            cpus["B"] += cb
            plies_all += plies
            if opts.progress:
                print(f"  game {seed}: A {'先手' if seed % 2 == 0 else '後手'} -> {winner} ({plies} plies)", flush=True)
    n = w + d + l_
    lo, hi = wilson(w + 0.5 * d, n)
    moves = plies_all / 2
    print(f"A {w}-{d}-{l_} of {n}: score {(w + 0.5 * d) / n:.1%} (95% {lo:.2f}-{hi:.2f}); CPU a move A "
          f"{cpus['A'] / moves:.2f} s, B {cpus['B'] / moves:.2f} s; load {os.getloadavg()[0]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("depths", "match", "usi", "agree"))
    ap.add_argument("--log", default="bench/logs/gnushogi-d4-session13-select50k.log")
    ap.add_argument("--plies", default="24,40,56,72,88")
    ap.add_argument("--ref", default="full:160000")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--budget", type=int, default=search.EXPERT_NODES)
    ap.add_argument("--variants", default="full;select", help="';'-separated variants")
    ap.add_argument("--a", default="select:50000")
    ap.add_argument("--b", default="full:160000")
    ap.add_argument("--games", type=int, default=40, help="match: games to play; agree: games of the log to use")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--progress", action="store_true")
    opts = ap.parse_args()
    if opts.mode == "agree":
        agree(opts)
    elif opts.mode == "usi":
        apply_variant(variant(opts.variants))
        usi.main()
    else:
        depths(opts) if opts.mode == "depths" else match(opts)


if __name__ == "__main__":
    main()
