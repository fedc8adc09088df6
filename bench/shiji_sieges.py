"""Why do games of 四時の札遊び end by 包囲? Instrumented seeded games between two bot levels.

Usage: python bench/shiji_sieges.py [games=200] [upper=hard] [lower=hard]
For every game that ends by 包囲 (or the two-card star rule) it looks at the loser: at which shell
the game ended, what the loser held, what the value to beat was (and the order, the star state),
whether the loser ever held an answer (a star the cycle allowed, 恐慌) and how it was spent
(needed or not: a number shell would also have beaten), whether the loser took number cards into
hand while an answer was still in their land, and what the winner's last shell was. Prints
figures, then the load.
"""

from __future__ import annotations

import collections
import os
import pathlib
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pygames.core import Rng  # noqa: E402
from pygames.core.playout import bot_choice, playout  # noqa: E402
from pygames.shiji import GAME  # noqa: E402
from pygames.shiji import rules as R  # noqa: E402
from pygames.shiji.cards import CODES, PANIC, STARS, is_number  # noqa: E402
from pygames.shiji.state import BALANCED, PANIC_STATE  # noqa: E402


def answers(s, seat: int) -> list[int]:
    """The star or 恐慌 kinds ``seat`` holds that could be placed now (the cycle allows them)."""
    allowed = R.allowed_stars(s)
    hand = s.hand[seat]
    return [k for k in STARS if hand[k] and k in allowed] + ([PANIC] if hand[PANIC] else [])


def play(seed: int, levels: tuple[str, str]) -> dict:
    """One instrumented game; returns its facts."""
    choose = bot_choice(GAME, levels, seed)
    steps: list[tuple] = []

    def hook(before, seat, action, after) -> None:
        steps.append((before, seat, action, after))

    s, _ = playout(GAME, GAME.initial_state(GAME.normalize_options({}, 2), 2), choose,
                   Rng.derive(seed, "chance"), on_step=hook)
    out = GAME.outcome(s)
    reason = out.details["reason"]
    facts: dict = {"reason": reason, "shells": sum(s.placed), "levels": levels}
    if reason not in ("siege", "forbidden_two") or len(out.winners) != 1:
        return facts
    loser = 1 - out.winners[0]
    hand = s.hand[loser]
    facts.update(loser=loser, hand=hand, size=sum(hand), to_beat=s.to_beat, reverse=s.reverse, star=s.star,
                 loser_shells=s.placed[loser])
    facts["held_special"] = [k for k in STARS + (PANIC,) if hand[k]]
    facts["blocked_stars"] = [k for k in STARS if hand[k] and k not in R.allowed_stars(s)]
    # the winner's last shell
    last_place = next(((b, a) for b, se, a, _ in reversed(steps) if se != loser and a.startswith("place")), None)
    facts["winner_last"] = last_place[1] if last_place else None
    if last_place:     # could the winner have gone out (上がり) with that very placement instead?
        b = last_place[0]
        facts["could_go_out"] = any(len(p) == sum(b.hand[1 - loser]) and all(is_number(c) for c in p)
                                    for p in R.placements(b, 1 - loser))
    # the loser's own history: answers spent (needed or not), takes while an answer lay in land
    spent = []
    takes_missed = 0
    takes = 0
    opening: list[int] = []
    for before, seat, action, _after in steps:
        if seat != loser:
            continue
        verb = action.split()[0]
        if verb == "pick":
            opening.append(next(k for k in range(15) if CODES[k] == action.split()[1]))
        if verb == "place" and before.phase == "play" and not before.tasks:
            kinds = tuple(next(k for k in range(15) if CODES[k] == c) for c in action.split()[1:])
            if not all(is_number(k) for k in kinds):
                numbers_ok = any(all(is_number(c) for c in p) for p in R.placements(before, seat))
                spent.append(("needed" if not numbers_ok else "free", sum(before.hand[seat]), before.placed[seat]))
        if verb == "take":
            takes += 1
            k = next(k for k in range(15) if CODES[k] == action.split()[1])
            land = before.land[seat]
            good = [j for j in STARS + (PANIC,) if land[j]]
            if good and k not in good:
                takes_missed += 1
    facts.update(spent=spent, takes=takes, takes_missed=takes_missed, opening=opening)
    # could the loser have kept an answer at its last placement?
    mine = [(b, a) for b, se, a, _ in steps if se == loser and a.startswith("place") and b.phase == "play"
            and not b.tasks]
    if mine:
        b, a = mine[-1]
        facts["last_own"] = a
        facts["last_had_answer"] = bool(answers(b, loser))
        facts["escapes"] = escapes(b, loser, seed)
        facts["options"] = len(R.placements(b, loser))
    return facts


def resolve(s, rng: Rng):
    """Finish the queued card choices of ``s`` with the bots' card heuristic (no further placement)."""
    from pygames.shiji.bots import pick_card
    while s.result is None and s.tasks:
        task = s.tasks[0]
        if task[0] in ("take", "draw"):
            s = R.take(s, task[1], pick_card(s, task[1], rng))
        elif task[0] == "recover":
            pos = next(i for i, (k, v, _) in enumerate(s.rows[task[1]]) if v and k >= 0)
            s = R.recover(s, task[1], pos)
        else:
            break
    return s


def escapes(s, seat: int, seed: int) -> int:
    """With both hands known: how many of ``seat``'s legal placements leave the opponent no placement
    that ends the game at once in the opponent's favour (a one-move look at the true cards)."""
    opp = 1 - seat
    count = 0
    for kinds in R.placements(s, seat):
        after = resolve(R.do_place(s, seat, kinds), Rng.derive(seed, "escape"))
        if after.result is not None:
            count += seat in after.result[0]
            continue
        if after.tasks or after.turn != opp:
            count += 1
            continue
        killed = False
        for reply in R.placements(after, opp):
            nxt = resolve(R.do_place(after, opp, reply), Rng.derive(seed, "escape"))
            if nxt.result is not None and opp in nxt.result[0]:
                killed = True
                break
        count += not killed
    return count


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    levels = (sys.argv[2] if len(sys.argv) > 2 else "hard", sys.argv[3] if len(sys.argv) > 3 else "hard")
    rows = []
    for seed in range(games):
        pair = levels if seed % 2 == 0 else (levels[1], levels[0])
        rows.append(play(seed, pair))
    n = len(rows)
    ends = collections.Counter(r["reason"] for r in rows)
    print(f"shiji sieges: {n} games {levels[0]} vs {levels[1]}; load {os.getloadavg()[0]:.2f}")
    print("endings:", ", ".join(f"{k} {v / n:.0%}" for k, v in ends.most_common()))
    for reason in ("siege", "forbidden_two"):
        lost = [r for r in rows if r["reason"] == reason and "loser" in r]
        if not lost:
            continue
        m = len(lost)
        print(f"\n== {reason}: {m} games ==")
        print("  total shells at the end: median", statistics.median(r["shells"] for r in lost),
              "histogram", sorted(collections.Counter(r["shells"] for r in lost).items()))
        print("  loser's hand size:", sorted(collections.Counter(r["size"] for r in lost).items()))
        print(f"  loser holds a star or 恐慌: {sum(bool(r['held_special']) for r in lost) / m:.0%}; "
              f"only stars the cycle forbids: {sum(bool(r['blocked_stars']) and len(r['blocked_stars']) == len(r['held_special']) for r in lost) / m:.0%}")
        order = collections.Counter(("rev" if r["reverse"] else "asc", r["to_beat"] if r["to_beat"] is None else
                                     (r["to_beat"] // 10) * 10) for r in lost)
        print("  order, value to beat (tens):", sorted(order.items(), key=lambda x: -x[1])[:12])
        stars = collections.Counter({BALANCED: "balanced", PANIC_STATE: "panic"}.get(r["star"], CODES[r["star"]])
                                    for r in lost)
        print("  star state:", dict(stars))
        wl = collections.Counter((r["winner_last"] or "-").replace("place ", "") for r in lost)
        print("  winner's last shell (top):", wl.most_common(12))
        print(f"  the winner could have gone out (上がり) instead with its last placement: "
              f"{sum(r.get('could_go_out', False) for r in lost) / m:.0%}")
        sp = [x for r in lost for x in r["spent"]]
        print(f"  loser's star/panic shells: {len(sp)}, of them when a number shell also beat: "
              f"{sum(x[0] == 'free' for x in sp)}; mean per game {len(sp) / m:.2f}")
        print(f"  loser's takes: {sum(r['takes'] for r in lost)}, a number taken while a star/恐慌 lay in land: "
              f"{sum(r['takes_missed'] for r in lost)}")
        had = [r for r in lost if "last_had_answer" in r]
        print(f"  loser held an answer before its last placement: "
              f"{sum(r['last_had_answer'] for r in had) / max(1, len(had)):.0%}")
        esc = [r for r in had if "escapes" in r]
        print(f"  at the loser's last placement (true hands, one move ahead): no placement escapes the "
              f"opponent's immediate win in {sum(r['escapes'] == 0 for r in esc) / max(1, len(esc)):.0%}; "
              f"mean options {statistics.mean(r['options'] for r in esc):.1f}, mean escapes "
              f"{statistics.mean(r['escapes'] for r in esc):.1f}")
        ex = [r for r in lost][:8]
        for r in ex:
            print("   e.g. shells", r["shells"], "hand", " ".join(CODES[k] for k in range(15) for _ in range(r["hand"][k])),
                  "to_beat", r["to_beat"], "rev" if r["reverse"] else "asc", "star",
                  {BALANCED: "bal", PANIC_STATE: "panic"}.get(r["star"], CODES[r["star"]] if r["star"] >= 0 else ""),
                  "winner last", r["winner_last"], "last own", r.get("last_own"))
    print(f"\nload {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
