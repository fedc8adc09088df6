#!/usr/bin/env python3
"""Old against new code of the expert, CPU time in Pyodide under Node (and in CPython), alternating pairs.

    nice -n 10 python3 bench/shogi_wasm_ab.py --old REV[,REV...] [--new REV] [--budget 40000] [--positions 6] [--pairs 5]
    nice -n 10 python3 bench/shogi_wasm_ab.py --profile [--new REV] [--budget 40000] [--positions 3]

``--old``/``--new`` are git revisions (``--new`` defaults to the working tree); their ``pygames/`` are
exported to a temporary directory and loaded in turn into one Pyodide interpreter
(``bench/shogi_wasm_ab.mjs``), so both run on the same warm runtime: each pair runs the expert's
``bot_action`` at ``--budget`` nodes on the positions of ``bench/shogi_wasm_cost.py`` once with each tree
(which goes first alternates). CPU seconds are ``process.cpuUsage`` of the Node process. The moves must
be equal. Prints each pair, the new/old ratio (mean of the pairs' ratios with a 95% interval) and the
load; ``--cpython`` adds the same pairs in this CPython process. ``--profile`` prints cProfile's top
functions of the new tree in Pyodide instead. Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(globals().get("__file__", "bench/x")).resolve().parent.parent
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 11: 2.20,
       12: 2.18, 14: 2.14, 19: 2.09}


def cpu() -> float:
    """CPU seconds of this process (in Pyodide: of the Node process)."""
    try:
        import js  # type: ignore[import-not-found]
    except ImportError:
        import time
        return time.process_time()
    u = js.process.cpuUsage()
    return float(u.user + u.system) / 1e6


_LOADED: dict[str, dict[str, Any]] = {}


def use_tree(path: str) -> Any:
    """``pygames`` of the tree at ``path``: imported once, then its modules are swapped into ``sys.modules``."""
    for name in [n for n in sys.modules if n == "pygames" or n.startswith("pygames.")]:
        del sys.modules[name]
    if path in _LOADED:
        sys.modules.update(_LOADED[path])
    else:
        sys.path[:] = [path] + [p for p in sys.path if p not in _LOADED and p != path]
        import importlib
        importlib.invalidate_caches()
        import pygames.webapi  # noqa: F401
        import pygames.shogi.search  # noqa: F401
        _LOADED[path] = {n: m for n, m in sys.modules.items() if n == "pygames" or n.startswith("pygames.")}
    return sys.modules["pygames.webapi"], sys.modules["pygames.shogi.search"]


def expert(path: str, spots: list[dict[str, Any]], budget: int) -> tuple[float, list[str]]:
    """CPU seconds and moves of the expert of the tree at ``path`` on ``spots``."""
    webapi, search = use_tree(path)
    search.EXPERT_NODES = budget
    total, moves = 0.0, []
    for p in spots:
        c = cpu()
        out = json.loads(webapi.dispatch("bot_action", json.dumps(
            {"record": p["record"], "seat": p["seat"], "level": "expert"})))
        total += cpu() - c
        moves.append(out["action"])
    return total, moves


def ab(trees: list[str], spots: list[dict[str, Any]], budget: int, pairs: int) -> list[dict[str, Any]]:
    """``pairs`` rounds running every tree once (the order rotates and reverses), after a warm-up of each."""
    for t in trees:
        expert(t, spots[:1], budget)
    out = []
    n = len(trees)
    for i in range(pairs):
        order = [(i + k) % n for k in range(n)]
        if i % 2:
            order.reverse()
        row: dict[str, Any] = {}
        for k in order:
            row[f"cpu{k}"], row[f"moves{k}"] = expert(trees[k], spots, budget)
        out.append(row)
    return out


def profile(tree: str, spots: list[dict[str, Any]], budget: int) -> str:
    """cProfile's top functions (by own time) of the expert of ``tree``."""
    import cProfile
    import io
    import pstats
    expert(tree, spots[:1], budget)
    pr = cProfile.Profile()
    pr.enable()
    expert(tree, spots, budget)
    pr.disable()
    s = io.StringIO()
    pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(30)
    return s.getvalue()


def run_job(job: dict[str, Any]) -> dict[str, Any]:
    """What the Node half runs (and CPython, for ``--cpython``)."""
    trees = [f"/ab/t{i}" for i in range(len(job["trees"]))] if job.get("wasm") else job["trees"]
    if job["mode"] == "profile":
        return {"profile": profile(trees[-1], job["spots"], job["budget"])}
    return {"pairs": ab(trees, job["spots"], job["budget"], job["pairs"]), "python": sys.version.split()[0]}


def export(rev: str | None, into: Path) -> str:
    """The ``pygames/`` of ``rev`` (or of the working tree) as a directory holding it."""
    if rev is None:
        return str(ROOT)
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "pygames"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return str(into)


def _interval(ratios: list[float]) -> str:
    mean = statistics.mean(ratios)
    half = T95.get(len(ratios) - 1, 2.0) * statistics.stdev(ratios) / len(ratios) ** 0.5 if len(ratios) > 1 else 0.0
    return f"{mean:.3f} [95% {mean - half:.3f}, {mean + half:.3f}]"


def summary(label: str, revs: list[str], pairs: list[dict[str, Any]]) -> None:
    """Each round, and each tree's CPU against the first tree's and the previous one's, with 95% intervals."""
    n = len(revs)
    for i, p in enumerate(pairs):
        same = all(p[f"moves{k}"] == p["moves0"] for k in range(n))
        print(f"  {label} round {i}: " + "  ".join(f"{p[f'cpu{k}']:6.2f}" for k in range(n)) + f"  same moves {same}")
    for k in range(1, n):
        first = [p[f"cpu{k}"] / p["cpu0"] for p in pairs]
        prev = [p[f"cpu{k}"] / p[f"cpu{k - 1}"] for p in pairs]
        print(f"{label}: {revs[k]} CPU {sum(p[f'cpu{k}'] for p in pairs):.1f} s; against {revs[0]} {_interval(first)}; "
              f"against {revs[k - 1]} {_interval(prev)} ({len(pairs)} rounds)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--old", default="main", help="git revision(s), comma-separated, oldest first")
    ap.add_argument("--new", default=None, help="git revision (default: the working tree)")
    ap.add_argument("--budget", type=int, default=40_000)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--cpython", action="store_true")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--node-modules", default=str(ROOT / "node_modules"))
    a = ap.parse_args()
    print(f"load at start (1/5/15 min): {os.getloadavg()} on {os.cpu_count()} cores", flush=True)
    sys.path.insert(0, str(ROOT / "bench"))
    import shogi_wasm_cost
    sys.path.insert(0, str(ROOT))
    spots = shogi_wasm_cost.positions(a.positions)
    with tempfile.TemporaryDirectory() as tmp:
        revs = a.old.split(",") + [a.new or "worktree"]
        trees = [export(r, Path(tmp) / f"t{i}") for i, r in enumerate(a.old.split(","))] + [export(a.new, Path(tmp) / "new")]
        job = {"trees": trees, "spots": spots, "budget": a.budget, "pairs": a.pairs, "wasm": True,
               "mode": "profile" if a.profile else "ab", "node_modules": a.node_modules}
        job_file = Path(tmp) / "job.json"
        job_file.write_text(json.dumps(job))
        node = subprocess.run(["node", str(ROOT / "bench" / "shogi_wasm_ab.mjs"), str(job_file)],
                              capture_output=True, text=True)
        if node.returncode:
            print(node.stderr[-3000:])
            raise SystemExit(1)
        res = json.loads(node.stdout.strip().splitlines()[-1])
        if a.profile:
            print(res["profile"])
        else:
            print(f"Pyodide {res['python']} (Node), {len(spots)} positions at {a.budget} nodes, "
                  f"load {os.getloadavg()[0]:.1f}")
            summary("pyodide", revs, res["pairs"])
            if a.cpython:
                summary("cpython", revs, run_job({**job, "wasm": False})["pairs"])
    print(f"load at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
