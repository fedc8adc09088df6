"""Bot ladder for 四時の札遊び: each pairing of levels over N seeded games, seats swapped.

Usage: python bench/shiji_ladder.py [games_per_pairing=500] [workers=2] [options-json]
Prints, per pairing, the upper level's win rate (draws count half) with its 95% Wilson interval,
and the game's health: how games ended (包囲, the two-card star rule, 上がり, 閉場, …), the median
number of shells per game and the share of games lost on the loser's first turn. Default rules
unless an options JSON is given (e.g. '{"literal_zero": true}').
"""

from __future__ import annotations

import json
import os
import pathlib
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import bot_choice, playout  # noqa: E402
from pygames.shiji import GAME  # noqa: E402
from stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

PAIRINGS = (("hard", "hard"), ("hard", "normal"), ("hard", "easy"), ("normal", "easy"))
ENDINGS = (("siege", "包囲"), ("forbidden_two", "2枚星"), ("agari", "上がり"), ("raitei", "雷霆"),
           ("closing", "閉場"), ("rot", "腐敗"), ("bankrupt", "破産"), ("kaijo", "解除"))
OPTIONS: dict = {}


def play(args: tuple[int, str, str]) -> dict:
    """One game: ``upper`` sits in seat ``seed % 2``. Returns its score and the game's facts."""
    seed, upper, lower = args
    seats = (upper, lower) if seed % 2 == 0 else (lower, upper)
    up_seat = 0 if seed % 2 == 0 else 1
    choose = bot_choice(GAME, seats, seed)
    worst, decisions = 0.0, 0

    def timed(s, seat: int, decision: int) -> str:
        nonlocal worst, decisions
        t = time.perf_counter()
        action = choose(s, seat, decision)
        worst = max(worst, time.perf_counter() - t)
        decisions += 1
        return action

    s, _ = playout(GAME, GAME.initial_state(GAME.normalize_options(OPTIONS, 2), 2), timed, Rng.derive(seed, "chance"))
    out = GAME.outcome(s)
    score = 0.5 if out.is_draw else 1.0 if up_seat in out.winners else 0.0
    first_turn = False
    if len(out.winners) == 1:
        loser = 1 - out.winners[0]
        mine = s.placed[loser]
        first_turn = s.turn == loser and (mine == 0 or mine == 1 and s.last is not None and s.last[0] == loser)
    return {"score": score, "worst": worst, "reason": out.details["reason"], "shells": sum(s.placed),
            "first_turn": first_turn}


def main() -> None:
    global OPTIONS
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    OPTIONS = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    print(f"shiji ladder: {games} games per pairing, seats swapped, options {OPTIONS or 'default'}; "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    with Pool(workers, initializer=_set_options, initargs=(OPTIONS,)) as pool:
        for upper, lower in PAIRINGS:
            t0 = time.time()
            results = pool.map(play, [(seed, upper, lower) for seed in range(games)], chunksize=4)
            score = sum(r["score"] for r in results)
            lo, hi = wilson(score, games)
            share = {code: sum(r["reason"] == code for r in results) / games for code, _ in ENDINGS}
            ends = ", ".join(f"{name} {share[code]:.0%}" for code, name in ENDINGS if share[code])
            out_or_close = share["agari"] + share["raitei"] + share["closing"]
            first = sum(r["first_turn"] for r in results) / games
            print(f"{upper:>6} vs {lower:<6} win rate of {upper}: {score / games:.3f} (95% CI {lo:.3f}-{hi:.3f})\n"
                  f"    endings: {ends}; 上がり or 閉場 {out_or_close:.0%}\n"
                  f"    median shells per game {statistics.median(r['shells'] for r in results):.0f}; "
                  f"lost on the loser's first turn {first:.1%}; max decision "
                  f"{max(r['worst'] for r in results) * 1000:.0f} ms; {time.time() - t0:.0f} s; "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)


def _set_options(options: dict) -> None:
    global OPTIONS
    OPTIONS = options


if __name__ == "__main__":
    main()
