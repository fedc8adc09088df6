"""Computer players.

- easy: takes a king if it can, else a random capture half the time, else any random move;
  sometimes draws a card; picks 有効/無効 at random.
- normal: one ply plus a capture search (quiescence), material valued with the active cards.
- hard: iterative-deepening alpha-beta with a node budget, capture ordering and quiescence;
  weighs drawing by averaging over the deck's public multiset (its order is never used).
- expert: see :mod:`pygames.shogi.search` (PVS with a transposition table, killers, history,
  check extension, a king-safety evaluation kept up to date move by move and, at the horizon, the
  pieces the opponent threatens to take; 160k nodes a move).

Every choice is deterministic under the given Rng (it only breaks ties and samples).
"""

from __future__ import annotations

from typing import Any

from pygames.core import Rng

from . import rules
from .cards import NULLIFY
from .pieces import FU, LEAP, OU, SLIDE, STANDARD, Tables, tables_for
from .position import DROP0, Position, move_usi
from .state import ShogiState

BASE_VALUE = {1: 100, 2: 300, 3: 350, 4: 500, 5: 550, 6: 800, 7: 1000, 8: 0,
              9: 550, 10: 550, 11: 550, 12: 550, 14: 1050, 15: 1250}
WIN = 100_000
NODE_BUDGET = {"normal": 1_500, "hard": 12_000}
MAX_DEPTH = {"normal": 1, "hard": 4}


def _mobility(face: dict[str, Any]) -> float:
    if "immobile" in face["specials"]:
        return 0.0
    return len(face["leaps"]) + 3.5 * len(face["slides"])


def values_for(tables: Tables) -> tuple[list[int], list[int]]:
    """(board value by signed code index, hand value by code) for these tables, cached on them."""
    cached = getattr(tables, "_bot_values", None)
    if cached is not None:
        return cached
    board_v = [0] * 32
    hand_v = [0] * 16
    for code, base in BASE_VALUE.items():
        face, std = tables.faces[code], STANDARD[code]
        ratio = (_mobility(face) + 0.5) / (_mobility(std) + 0.5)
        v = base * (0.45 + 0.55 * min(ratio, 2.0))
        if face["specials"] and "immobile" not in face["specials"]:
            v *= 1.1
        board_v[code] = int(v)
        board_v[-code] = -int(v)
    for code in range(1, 8):
        hand_v[code] = int(board_v[code] * 1.1)
    tables._bot_values = (board_v, hand_v)  # type: ignore[attr-defined]
    return board_v, hand_v


def evaluate(pos: Position) -> int:
    """Material from the side to move's point of view."""
    board_v, hand_v = values_for(pos.tables)
    s = 0
    for p in pos.board:
        if p:
            s += board_v[p]
    h0, h1 = pos.hands
    for c in range(1, 8):
        s += (h0[c] - h1[c]) * hand_v[c]
    return s if pos.side == 0 else -s


class Search:
    """Negamax alpha-beta over pseudo-legal moves: taking the king ends the game."""

    def __init__(self, budget: int, cards: bool) -> None:
        self.budget = budget
        self.nodes = 0
        self.cards = cards

    def moves(self, pos: Position) -> list[int]:
        """Pseudo-legal moves without fouls (二歩, capturing an immune piece)."""
        moves = pos.pseudo_moves()
        if not self.cards:
            return moves
        b = pos.board
        own_fu = FU if pos.side == 0 else -FU
        files = pos.pawn_files(pos.side)
        t = pos.tables
        immune = t.any_immune
        out = []
        for m in moves:
            frm, to = m & 127, (m >> 7) & 127
            if frm >= DROP0:
                if frm == DROP0 + FU and files[to % 9]:
                    continue
            elif b[frm] == own_fu and files[to % 9] and frm % 9 != to % 9:
                continue
            elif immune and b[to]:
                q = b[to]
                kinds = m >> 15
                if not ((kinds & LEAP and not t.immune_leap[q]) or (kinds & SLIDE and not t.immune_slide[q])):
                    continue
            out.append(m)
        return out

    def captures(self, pos: Position) -> list[int]:
        """Captures without fouls."""
        caps = pos.captures()
        if not (self.cards and pos.tables.any_immune):
            return caps
        t, b = pos.tables, pos.board
        return [m for m in caps if (m >> 15) & LEAP and not t.immune_leap[b[(m >> 7) & 127]]
                or (m >> 15) & SLIDE and not t.immune_slide[b[(m >> 7) & 127]]]

    def order(self, pos: Position, moves: list[int]) -> list[int]:
        """Captures first (most valuable victim, least valuable attacker), promotions, then the rest."""
        b = pos.board
        bv, _ = values_for(pos.tables)
        caps, promos, quiet = [], [], []
        for m in moves:
            frm, to = m & 127, (m >> 7) & 127
            q = b[to]
            if q:
                if q == OU or q == -OU:
                    return [m] + [x for x in moves if x != m]
                caps.append((abs(bv[q]) * 16 - (abs(bv[b[frm]]) >> 4 if frm < DROP0 else 0), m))
            elif (m >> 14) & 1:
                promos.append(m)
            else:
                quiet.append(m)
        caps.sort(key=lambda e: -e[0])
        return [m for _, m in caps] + promos + quiet

    def qsearch(self, pos: Position, alpha: int, beta: int, depth: int) -> int:
        self.nodes += 1
        stand = evaluate(pos)
        if stand >= beta or depth <= 0:
            return stand
        alpha = max(alpha, stand)
        b = pos.board
        for m in self.order(pos, self.captures(pos)):
            q = b[(m >> 7) & 127]
            if q == OU or q == -OU:
                return WIN
            cap = pos.do(m)
            score = -self.qsearch(pos, -beta, -alpha, depth - 1)
            pos.undo(m, cap)
            if score >= beta:
                return score
            alpha = max(alpha, score)
        return alpha

    def search(self, pos: Position, depth: int, alpha: int, beta: int) -> int:
        if depth <= 0:
            return self.qsearch(pos, alpha, beta, 3)
        self.nodes += 1
        b = pos.board
        moves = self.moves(pos)
        for m in moves:
            q = b[(m >> 7) & 127]
            if (q == OU or q == -OU) and (m & 127) < DROP0:
                return WIN + depth
        if not moves:
            return -WIN
        best = -WIN * 2
        for m in self.order(pos, moves):
            if self.nodes > self.budget:
                break
            cap = pos.do(m)
            score = -self.search(pos, depth - 1, -beta, -alpha)
            pos.undo(m, cap)
            if score > best:
                best = score
            if score > alpha:
                alpha = score
            if alpha >= beta:
                break
        return best

    def root(self, pos: Position, moves: list[int], depth: int, rng: Rng) -> tuple[list[tuple[int, int]], bool]:
        """Scores of every root move at ``depth``; False if the budget ran out mid-way."""
        scored: list[tuple[int, int]] = []
        alpha = -WIN * 2
        for m in moves:
            if self.nodes > self.budget:
                return scored, False
            q = pos.board[(m >> 7) & 127]
            if (q == OU or q == -OU) and (m & 127) < DROP0:
                scored.append((WIN * 2, m))
                continue
            cap = pos.do(m)
            score = -self.search(pos, depth - 1, -WIN * 3, -alpha + 1)
            pos.undo(m, cap)
            scored.append((score, m))
            alpha = max(alpha, score)
        return scored, True


def _pick(scored: list[tuple[int, Any]], rng: Rng, margin: int = 0) -> Any:
    best = max(s for s, _ in scored)
    top = [a for s, a in scored if s >= best - margin]
    return top[rng.randbelow(len(top))]


def _after_choice(state: ShogiState, card: str, choice: str) -> tuple[str, ...]:
    """The active set after choosing ``choice`` for drawn ``card`` (pure, for evaluation)."""
    pool = state.rules.pool
    active = list(state.active)
    if choice == "draw:on":
        active = [c for c in active if pool[c]["kind"] != pool[card]["kind"]] + [card]
    elif choice.startswith("draw:nullify:"):
        active.remove(choice[len("draw:nullify:"):])
    return tuple(active)


def _choices_for(state: ShogiState, card: str) -> list[str]:
    if state.rules.pool[card]["kind"] == NULLIFY:
        return ["draw:off"] + [f"draw:nullify:{c}" for c in state.active]
    return ["draw:on", "draw:off"]


def _value_with_active(state: ShogiState, active: tuple[str, ...], depth: int, budget: int) -> int:
    """Value for the drawer after the active set changes (opponent to move next)."""
    pos = Position(list(state.board), [list(state.hands[0]), list(state.hands[1])], 1 - state.side,
                   tables_for([state.rules.pool[c] for c in active]), hon=False)
    s = Search(budget, True)
    return -s.search(pos, depth, -WIN * 3, WIN * 3)


def _choose_card(state: ShogiState, level: str, rng: Rng) -> str:
    choices = rules.choice_actions(state)
    if level == "easy":
        return rng.choice(choices)
    depth = 1 if level == "hard" else 0
    scored = [(_value_with_active(state, _after_choice(state, state.pending or "", c), depth, 4_000), c)
              for c in choices]
    return _pick(scored, rng)


def _draw_value(state: ShogiState, depth: int, budget: int) -> float:
    """Expected value of a draw turn over the deck's public multiset (order unknown)."""
    total = 0.0
    for outcome, p in rules.draw_outcomes(state):
        card = outcome[5:]
        best = max(_value_with_active(state, _after_choice(state, card, c), depth, budget)
                   for c in _choices_for(state, card))
        total += p * best
    return total


def choose(state: ShogiState, level: str, rng: Rng) -> str:
    """The bot's action for the side to move (or the drawer's choice)."""
    if state.phase == "draw_choice":
        return _choose_card(state, level, rng)
    table = rules.moves_table(state)
    actions = list(table)
    can_draw = rules.draw_refusal(state) is None
    if not actions:
        return "draw" if can_draw else "resign"
    pos = state.position()
    b = pos.board
    if level == "easy":
        kings = [a for a, (m, _f) in table.items() if abs(b[(m >> 7) & 127]) == OU and (m & 127) < DROP0]
        if kings:
            return kings[0]
        if can_draw and rng.randbelow(12) == 0:
            return "draw"
        caps = [a for a, (m, _f) in table.items() if b[(m >> 7) & 127] and (m & 127) < DROP0]
        if caps and rng.randbelow(2):
            return rng.choice(caps)
        return rng.choice(actions)
    cards = not state.rules.hon
    order = actions[:]
    rng.shuffle(order)
    root_moves = [table[a][0] for a in order if table[a][1] is None]
    search = Search(NODE_BUDGET[level], cards)
    root_moves = search.order(pos, root_moves)
    best_scored: list[tuple[int, int]] = []
    depth_scores: dict[int, list[tuple[int, int]]] = {}
    for depth in range(1, MAX_DEPTH[level] + 1):
        scored, complete = search.root(pos, root_moves, depth, rng)
        if complete or not best_scored:
            if complete:
                best_scored = scored
                depth_scores[depth] = scored
            elif scored:
                best_scored = scored if max(scored)[0] >= max(best_scored or [(-WIN * 3, 0)])[0] else best_scored
        if not complete or search.nodes > search.budget:
            break
        root_moves = [m for _, m in sorted(scored, key=lambda sm: -sm[0])]
    if not best_scored:
        best_scored = [(0, root_moves[0])]
    best_m = _pick(best_scored, rng)
    if cards and can_draw:
        best_score = max(s for s, _ in best_scored)
        compare = depth_scores.get(2) or depth_scores.get(1) or best_scored
        ref = max(s for s, _ in compare)
        if best_score < WIN // 2 and ref > -WIN // 2:
            dv = _draw_value(state, 0 if level == "normal" else 1, 600 if level == "hard" else 200)
            if dv > ref + (15 if level == "hard" else 60):
                return "draw"
    return move_usi(best_m & ((1 << 15) - 1))


