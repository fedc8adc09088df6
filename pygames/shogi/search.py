"""The strongest computer level ("expert"): iterative-deepening alpha-beta (principal-variation search)
with move ordering (captures by MVV-LVA, killer moves checked before the quiet moves are generated,
history), optional selectivity (null move, late-move reductions, futility one ply above the horizon:
:data:`SELECTIVE`, off in the shipped expert), quiescence on captures and a
material + king-safety/attack evaluation whose terms are updated move by move, under a node budget.
At the horizon the standing score also counts the side to move's pieces the opponent threatens to take
(worked out from the opponent's captures one ply up, and remembered by position). A node's sorted captures,
its quiet moves and the evaluation terms after a move are remembered by position too (iterative deepening
visits most nodes again); each is a pure function of the position, so the tree is the one without them.
Deterministic: the Rng only shuffles the root moves before ordering (ties) and, in the opening, adds
a small bonus to each root move.

It searches pseudo-legal moves in which taking the king wins, so one search serves 本将棋 (root moves
are the legal ones; a mated side loses its king in the next ply) and the card game (card moves come
from the same generator, fouls filtered).
"""

from __future__ import annotations

import time
from typing import Any

from pygames.core import Rng

from . import bots, masks, rules
from .bots import Search, WIN, values_for
from .pieces import FU, GI, KI, KIND_OF, OU
from .position import DROP0, Position, move_usi
from .state import ShogiState

EXPERT_NODES = 160_000
"""Node budget per move: on the speed bench's positions a median of 2.5 s in CPython and 3.8 s in the browser
worker, measured on a quiet machine in session 10 (docs/shogi-strength.md)."""
MAX_DEPTH = 12
OPENING_PLIES = 16
OPENING_SPREAD = 20
"""In the first OPENING_PLIES plies of a record (by its move number) every root move gets a seeded bonus
of 0..OPENING_SPREAD (a fifth of a pawn), so that different seeds open differently among moves the search
finds about equal."""
INF = WIN * 4
QUIESCE_DEPTH = 6
CLOCK_EVERY = 32
"""With a clock (USI), elapsed time and ``abort`` are checked every CLOCK_EVERY nodes, quiescence included
(a few milliseconds of search even on a loaded machine)."""
THREAT_ONE = 4
THREAT_TWO = 8
"""At the horizon the side to move's standing score loses THREAT_ONE/16 of the best capture the
opponent would have if it were its move, and THREAT_TWO/16 of the second best (one piece can often be
saved, two seldom)."""
BIG_HAND = 5
"""With pieces of BIG_HAND kinds or more in hand (本将棋), the quiet drops of a node one ply above the horizon
are only those near a king (:func:`_near_drops`): hundreds of far drops there kept a full hand at depth 2."""
NULL_R = 0
"""The null move (from depth NULL_DEPTH, not in check, not after a null move, with the standing score at or
above beta): the opponent moves twice, searched NULL_R plies shallower but at least one ply deep (so that a
drop that threatens mate is seen); a score still at or above beta cuts the node."""
NULL_DEPTH = 2
SELECTIVE = {"null_r": 3, "lmr": True, "futility": 300}
"""The selective search measured in session 13 (set on an :class:`Expert` with :meth:`Expert.select`): at
50,000 nodes it is ≈ 3× faster than the full-width search at 160,000 but scored 25% against GNU Shogi
depth 4 (docs/shogi-strength.md), so the shipped expert keeps NULL_R = 0, LMR = False, FUTILITY = 0 (the
full-width tree) until a selective setting holds its strength."""
LMR = False
LMR_DEPTH = 3
LMR_AFTER = 1
"""Late-move reductions: at depth LMR_DEPTH or more, not in check, the quiet moves after the first
LMR_AFTER (killers and the TT move not counted) that neither promote nor give check are searched one ply
shallower with a null window first (two plies from depth LMR_DEPTH + 2 after 3 * LMR_AFTER), and again at
full depth when they beat alpha."""
FUTILITY = 0
SOFT_DEPTH = 0
SOFT_GROWTH = 5
"""Iterations not started: once an iteration of depth SOFT_DEPTH or more has completed (0: never), the next one
is started only if the nodes spent so far times SOFT_GROWTH stay within the budget. An iteration costs a few
times the one before it (≈ 3–5× from depth 4 on), so one started past that point would most likely be cut
by the budget, and a cut iteration seldom changes the move (docs/shogi-strength.md, session 14)."""
Terms = tuple[int, int, int, int, int, int, int, int, int]
Undo = tuple[int, Terms, int]
"""What taking a move back needs: the captured piece, the evaluation terms and the hash before it."""
_CHEB = [[max(abs(a % 9 - b % 9), abs(a // 9 - b // 9)) for b in range(81)] for a in range(81)]
_DEFEND = (0, 55, 35, 12, 0, 0, 0, 0, 0)
_ATTACK = (0, 40, 30, 18, 8, 3, 0, 0, 0)
_SMALL_DEF = {GI, KI, 9, 10, 11, 12}
_FAR = [8] * 81
_SQUARES = range(81)
_BIT = [1 << sq for sq in range(81)]
# the king's square as its owner sees the board (row 0 = far rank): castled on the wings, home ranks
_KING_PLACE = [[-60] * 9, [-60] * 9, [-55] * 9, [-50] * 9, [-40] * 9, [-30] * 9,
               [-20, -5, -10, -20, -25, -20, -10, -5, -20],
               [5, 30, 25, 5, -10, 5, 25, 30, 5],
               [10, 35, 30, 5, 0, 5, 30, 35, 10]]
_DROP_THREAT = (0, 3, 6, 8, 12, 14, 14, 20)  # per piece in hand, by code: how much it threatens a king
_EXPOSED = (40, 30, 20, 12, 6, 3, 3, 3, 3)  # x/16 per drop-threat point, by the number of own pieces next to the king


def _zobrist() -> tuple[list[list[int]], list[list[list[int]]], int]:
    x = 0x9E3779B97F4A7C15

    def nxt() -> int:
        nonlocal x
        x = (x * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
        return x >> 1

    board = [[nxt() for _ in range(81)] for _ in range(32)]
    hand = [[[nxt() for _ in range(20)] for _ in range(8)] for _ in range(2)]
    return board, hand, nxt()


_Z_BOARD, _Z_HAND, _Z_SIDE = _zobrist()


def position_hash(pos: Position) -> int:
    """Zobrist hash of board, hands and side to move."""
    h = _Z_SIDE if pos.side else 0
    for sq, p in enumerate(pos.board):
        if p:
            h ^= _Z_BOARD[p][sq]
    for side in (0, 1):
        for code in range(1, 8):
            h ^= _Z_HAND[side][code][pos.hands[side][code]]
    return h


def _king_stepped(b: list[int], sign: int, before: list[int], after: list[int], own: int, enemy: int) -> tuple[int, int]:
    """After a king's move (``b`` the new board, ``before``/``after`` the distances from its old/new square,
    ``own``/``enemy`` the new square sets): the change of the king-distance terms of the other pieces, in
    its owner's view (its small defenders' distance to it, the enemy's distance to it), and its new cover
    (own pieces next to it)."""
    delta = cover = 0
    for sq in masks.squares(own):
        d = after[sq]
        if d == 1:
            cover += 1
        if b[sq] * sign in _SMALL_DEF:
            delta += _DEFEND[d] - _DEFEND[before[sq]]
    for sq in masks.squares(enemy):
        if b[sq] != -OU * sign:
            delta -= _ATTACK[after[sq]] - _ATTACK[before[sq]]
    return delta, cover


def _near_drops(pos: Position, moves: list[int]) -> list[int]:
    """``moves`` without the drops that can neither check the enemy king nor guard one's own: a drop is kept
    within two squares of either king, or on a line to the enemy king for a lance, bishop or rook. Checks
    come first among the drops kept (the rest keep their order)."""
    side = pos.side
    ek, ok = pos.kings[side ^ 1], pos.kings[side]
    near_e = _CHEB[ek] if ek >= 0 else _FAR
    near_o = _CHEB[ok] if ok >= 0 else _FAR
    ex, ey = (ek % 9, ek // 9) if ek >= 0 else (-9, -9)
    first: list[int] = []
    rest: list[int] = []
    for m in moves:
        frm = m & 127
        if frm < DROP0:
            rest.append(m)
            continue
        to = (m >> 7) & 127
        code = frm - DROP0
        d = near_e[to]
        if d <= 2:
            (first if d == 1 else rest).append(m)
        elif code in (2, 7) and (to % 9 == ex or (code == 7 and to // 9 == ey)):
            first.append(m)
        elif code == 6 and abs(to % 9 - ex) == abs(to // 9 - ey):
            first.append(m)
        elif near_o[to] <= 2:
            rest.append(m)
    return first + rest


class Expert(Search):
    """Alpha-beta searcher with killers and history (one instance per move choice)."""

    def __init__(self, budget: int, cards: bool, pos: Position) -> None:
        super().__init__(budget, cards)
        self.board_v, self.hand_v = values_for(pos.tables)
        self.abs_v = [abs(v) for v in self.board_v]
        self.killers = [[0, 0] for _ in range(MAX_DEPTH + 8)]
        self.history = [[0] * 81 for _ in range(32)]
        self.history_log: list[tuple[list[int], int, int]] = []  # each history rise: (row, square, rise)
        self.staged = not cards
        """The TT move and the killers are checked one by one (:meth:`Position.pseudo_move`) before the quiet
        moves are generated; in 本将棋 only, whose move list has no fouls to filter."""
        self.stopped = False
        self.deadline: float | None = None  # time.monotonic() limit (USI time controls), else nodes only
        self.abort = False  # set from another thread (USI "stop")
        self.clock = False
        """True (USI): the clock and ``abort`` are checked every CLOCK_EVERY nodes of any kind."""
        self.limit = budget
        """The node count at which the next check happens (the budget when there is no clock)."""
        self.qbase = 0  # the ply of the horizon node plus QUIESCE_DEPTH, for exact mate distances in quiescence
        self.seldepth = 0  # the deepest ply the main search reached (check extensions included)
        self.tt: dict[int, tuple[int, int, int, int]] = {}  # hash -> (depth, 0 exact/1 lower/2 upper, score, move)
        self.threats: dict[int, int] = {}  # hash -> threat
        self.caps_by_hash: dict[int, list[int]] = {}  # hash -> the captures there, sorted (never changed after)
        self.terms_at: dict[int, Terms] = {}  # hash -> the evaluation terms there
        self.moves_by_hash: dict[int, list[int]] = {}  # hash -> self.moves() there (never changed after)
        self.caps_at: list[list[int] | None] = [None] * (MAX_DEPTH + 8)  # per ply: the captures of the node there
        self.moves_at = [0] * (MAX_DEPTH + 8)  # per ply: the move being searched there
        self.null_r = NULL_R  # the null move's reduction (0: no null move)
        self.lmr = LMR  # late quiet moves searched one ply shallower first (LMR_AFTER)
        # At depth 1, not in check, with the standing score this far below alpha, the quiet moves that neither
        # promote nor give check are not searched (0: none pruned).
        self.futility = FUTILITY
        self.root_bonus: dict[int, int] = {}  # move -> a seeded 0..OPENING_SPREAD added to its root score
        self.h = position_hash(pos)
        self.masks = masks.masks_for(pos.tables)
        self._tables()
        self.terms = self.full_terms(pos)

    # --- evaluation ---------------------------------------------------------------------
    def _tables(self) -> None:
        """Per signed piece: material + pawn advance by square, and the king-distance terms by
        (distance to own king) * 9 + (distance to the enemy king)."""
        self.psq = [[0] * 81 for _ in range(32)]
        self.kdist = [[0] * 81 for _ in range(32)]
        for code in (1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, OU):
            for sign in (1, -1):
                p = code * sign
                for sq in range(81):
                    v = self.board_v[p]
                    y = sq // 9 if sign > 0 else 8 - sq // 9  # 0 = the far rank for this colour
                    x = sq % 9
                    if code == FU:
                        v += sign * (3 * (6 - y) if 2 < y < 6 and 0 < x < 8 else 0)
                    elif code == OU:
                        v += sign * _KING_PLACE[y][x if sign > 0 else 8 - x]
                    self.psq[p][sq] = v
                for d_own in range(9):
                    for d_enemy in range(9):
                        v = 0 if code == OU else _ATTACK[d_enemy] + (_DEFEND[d_own] if code in _SMALL_DEF else 0)
                        self.kdist[p][d_own * 9 + d_enemy] = v * sign

    def full_terms(self, pos: Position) -> Terms:
        """From scratch: (material of board and hands + squares + king distances, in 先手's view; own
        pieces next to 先手's / 後手's king; drop threat of 先手's / 後手's pieces in hand; 先手's / 後手's
        squares and 先手's / 後手's pawns' squares as ints, see :mod:`pygames.shogi.masks`)."""
        b = pos.board
        k0, k1 = pos.kings
        c0 = _CHEB[k0] if k0 >= 0 else _FAR
        c1 = _CHEB[k1] if k1 >= 0 else _FAR
        psq, kdist = self.psq, self.kdist
        s = 0
        cover0 = cover1 = occ0 = occ1 = fu0 = fu1 = 0
        for sq, p, d0, d1 in zip(_SQUARES, b, c0, c1):
            if p:
                if p > 0:
                    s += psq[p][sq] + kdist[p][d0 * 9 + d1]
                    occ0 |= 1 << sq
                    if d0 == 1:
                        cover0 += 1
                    if p == FU:
                        fu0 |= 1 << sq
                else:
                    s += psq[p][sq] + kdist[p][d1 * 9 + d0]
                    occ1 |= 1 << sq
                    if d1 == 1:
                        cover1 += 1
                    if p == -FU:
                        fu1 |= 1 << sq
        hv = self.hand_v
        h0, h1 = pos.hands
        drop0 = drop1 = 0
        for c in range(1, 8):
            s += (h0[c] - h1[c]) * hv[c]
            drop0 += h0[c] * _DROP_THREAT[c]
            drop1 += h1[c] * _DROP_THREAT[c]
        return s, cover0, cover1, drop0, drop1, occ0, occ1, fu0, fu1

    def evaluate(self, pos: Position) -> int:
        """Material plus king safety (own golds/silvers near the king, the king's cover against the
        opponent's pieces in hand) and attack (pieces near the enemy king), from the side to move's view.
        Its terms are kept up to date move by move (:meth:`play`)."""
        s, cover0, cover1, drop0, drop1, _o0, _o1, _f0, _f1 = self.terms
        k0, k1 = pos.kings
        if k0 >= 0:
            s -= drop1 * _EXPOSED[cover0] >> 4
        if k1 >= 0:
            s += drop0 * _EXPOSED[cover1] >> 4
        return s if pos.side == 0 else -s

    def play(self, pos: Position, m: int) -> Undo:
        """Play ``m`` (as :meth:`Position.do`, inline) and bring the hash and the evaluation terms up to date
        (the terms of a position met before are taken from ``terms_at``); returns what :meth:`unplay`
        needs."""
        saved = self.terms
        h = self.h
        b = pos.board
        side = pos.side
        frm, to = m & 127, (m >> 7) & 127
        k0, k1 = pos.kings
        if frm >= DROP0:
            code = frm - DROP0
            hand = pos.hands[side]
            n = hand[code]
            zh = _Z_HAND[side][code]
            q = code if side == 0 else -code
            hh = h ^ _Z_SIDE ^ zh[n] ^ zh[n - 1] ^ _Z_BOARD[q][to]
            hand[code] = n - 1
            b[to] = q
            p = cap = 0
        else:
            p = b[frm]
            cap = b[to]
            q = p + (8 if p > 0 else -8) if (m >> 14) & 1 else p
            hh = h ^ _Z_SIDE ^ _Z_BOARD[p][frm] ^ _Z_BOARD[q][to]
            if cap:
                kind = KIND_OF[cap if cap > 0 else -cap]
                if kind == OU:
                    self.h = hh ^ _Z_BOARD[cap][to]
                    pos.do(m)
                    self.terms = self.full_terms(pos)
                    return cap, saved, h
                hand = pos.hands[side]
                n = hand[kind]
                zh = _Z_HAND[side][kind]
                hh ^= _Z_BOARD[cap][to] ^ zh[n] ^ zh[n + 1]
                hand[kind] = n + 1
            b[frm] = 0
            b[to] = q
            if p == OU or p == -OU:
                pos.kings[side] = to
        pos.side = side ^ 1
        self.h = hh
        known = self.terms_at.get(hh)
        if known is not None:
            self.terms = known
            return cap, saved, h
        c0 = _CHEB[k0] if k0 >= 0 else _FAR  # the distances to the kings before the move
        c1 = _CHEB[k1] if k1 >= 0 else _FAR
        psq, kdist, hv = self.psq, self.kdist, self.hand_v
        s, cover0, cover1, drop0, drop1, occ0, occ1, fu0, fu1 = saved
        to_bit = _BIT[to]
        if frm >= DROP0:
            if side == 0:
                s -= hv[code]
                drop0 -= _DROP_THREAT[code]
                occ0 |= to_bit
                if code == FU:
                    fu0 |= to_bit
            else:
                s += hv[code]
                drop1 -= _DROP_THREAT[code]
                occ1 |= to_bit
                if code == FU:
                    fu1 |= to_bit
        else:
            if side == 0:
                occ0 ^= _BIT[frm] | to_bit
                if cap:
                    occ1 ^= to_bit
                    if cap == -FU:
                        fu1 ^= to_bit
                if p == FU:
                    fu0 ^= _BIT[frm] | (to_bit if q == FU else 0)
            else:
                occ1 ^= _BIT[frm] | to_bit
                if cap:
                    occ0 ^= to_bit
                    if cap == FU:
                        fu0 ^= to_bit
                if p == -FU:
                    fu1 ^= _BIT[frm] | (to_bit if q == -FU else 0)
            if p > 0:
                s -= psq[p][frm] + kdist[p][c0[frm] * 9 + c1[frm]]
                cover0 -= c0[frm] == 1
            else:
                s -= psq[p][frm] + kdist[p][c1[frm] * 9 + c0[frm]]
                cover1 -= c1[frm] == 1
            if cap:
                if cap > 0:
                    s -= psq[cap][to] + kdist[cap][c0[to] * 9 + c1[to]] + hv[kind]
                    cover0 -= c0[to] == 1
                    drop1 += _DROP_THREAT[kind]
                else:
                    s -= psq[cap][to] + kdist[cap][c1[to] * 9 + c0[to]] - hv[kind]
                    cover1 -= c1[to] == 1
                    drop0 += _DROP_THREAT[kind]
        if q > 0:
            s += psq[q][to] + kdist[q][c0[to] * 9 + c1[to]]
            cover0 += c0[to] == 1
        else:
            s += psq[q][to] + kdist[q][c1[to] * 9 + c0[to]]
            cover1 += c1[to] == 1
        if p == OU or p == -OU:  # the king-distance terms of the pieces there are and the king's cover change
            if side == 0:
                delta, cover0 = _king_stepped(b, 1, _CHEB[frm], _CHEB[to], occ0, occ1)
                s += delta
            else:
                delta, cover1 = _king_stepped(b, -1, _CHEB[frm], _CHEB[to], occ1, occ0)
                s -= delta
        if len(self.terms_at) > 400_000:
            self.terms_at.clear()
        terms = self.terms_at[hh] = (s, cover0, cover1, drop0, drop1, occ0, occ1, fu0, fu1)
        self.terms = terms
        return cap, saved, h

    def unplay(self, pos: Position, m: int, undo: Undo) -> None:
        """Take back ``m`` played by :meth:`play` (negamax does the same inline)."""
        cap, self.terms, self.h = undo
        pos.undo(m, cap)

    # --- ordering -----------------------------------------------------------------------
    def _mvv_lva(self, pos: Position, m: int) -> int:
        b, bv = pos.board, self.board_v
        frm = m & 127
        victim = abs(bv[b[(m >> 7) & 127]])
        attacker = abs(bv[b[frm]]) if frm < DROP0 else 0
        return victim * 16 - (attacker >> 4) + ((m >> 14) & 1) * 200

    def sort_captures(self, pos: Position, caps: list[int]) -> None:
        """Best first by :meth:`_mvv_lva` (board moves only)."""
        b, av = pos.board, self.abs_v
        caps.sort(key=lambda m: (av[b[m & 127]] >> 4) - av[b[(m >> 7) & 127]] * 16 - ((m >> 14) & 1) * 200)

    def sort_quiet(self, pos: Position, moves: list[int], ply: int) -> None:
        """Best first (stable): the killers of this ply, then by history, promotions before the rest."""
        b, history = pos.board, self.history
        k0, k1 = self.killers[ply]
        sign = 1 if pos.side == 0 else -1
        top = -(1 << 30)
        keys = [(top if m & 32767 == k0 else top + 1 if m & 32767 == k1 else
                 -history[b[m & 127] if m & 127 < DROP0 else ((m & 127) - DROP0) * sign]
                 [(m >> 7) & 127] - ((m >> 14) & 1) * 5000) << 10 | i for i, m in enumerate(moves)]
        keys.sort()  # a key with its index below it: one sort of plain ints, ties kept in order
        moves[:] = [moves[k & 1023] for k in keys]

    def sort_quiet_as_of(self, pos: Position, moves: list[int], ply: int, mark: int) -> None:
        """:meth:`sort_quiet` by the history as it was when ``history_log`` was ``mark`` long (before the
        killers were searched): the order generating every quiet move up front would have given."""
        log = self.history_log
        if len(log) == mark:
            self.sort_quiet(pos, moves, ply)
            return
        since = log[mark:]
        for row, sq, rise in since:
            row[sq] -= rise
        self.sort_quiet(pos, moves, ply)
        for row, sq, rise in since:
            row[sq] += rise

    # --- scans ----------------------------------------------------------------------------
    def moves(self, pos: Position) -> list[int]:
        """:meth:`Search.moves`; in 本将棋 from the squares kept in the terms (the same list)."""
        if self.cards:
            return super().moves(pos)
        side = pos.side
        t = self.terms
        return pos.pseudo_moves(masks.squares(t[5 + side]), masks.split(masks.ALL ^ (t[5] | t[6])),
                                masks.pawn_files(t[7 + side]))

    def sorted_captures(self, pos: Position) -> list[int]:
        """:meth:`captures` sorted by :meth:`sort_captures`, remembered by the position's hash (``self.h`` must
        be ``pos``'s): iterative deepening visits most nodes again. The list is shared: never change it."""
        h = self.h
        caps = self.caps_by_hash.get(h)
        if caps is None:
            if len(self.caps_by_hash) > 400_000:
                self.caps_by_hash.clear()
            caps = self.caps_by_hash[h] = self.captures(pos)
            if len(caps) > 1:
                self.sort_captures(pos, caps)
        return caps

    def captures(self, pos: Position) -> list[int]:
        """Captures without fouls, from the squares kept in the terms (:mod:`pygames.shogi.masks`)."""
        t = pos.tables
        if self.cards and t.any_immune:
            return super().captures(pos)
        occ = self.terms
        if pos.side == 0:
            return masks.captures(pos.board, 0, occ[5], occ[6], occ[7] & self.masks.pawn_mask, self.masks, t)
        return masks.captures(pos.board, 1, occ[6], occ[5], occ[8] & self.masks.pawn_mask, self.masks, t)

    def threat(self, pos: Position, ply: int = 0) -> int:
        """The side to move's pieces en prise, as a penalty: the opponent's captures if it were its move,
        each worth the victim (undefended) or victim minus attacker (defended); THREAT_ONE/16 of the best
        plus THREAT_TWO/16 of the second best; -1 if the side to move is in check (no standing score then:
        the search looks at every evasion). Remembered by the position's hash (``self.h`` must be
        ``pos``'s). At ``ply`` > 0 the opponent's captures are worked out from its captures one ply up."""
        h = self.h
        t = self.threats.get(h)
        if t is None:
            if len(self.threats) > 400_000:
                self.threats.clear()
            t = self.threats[h] = self._threat(pos, self.opponent_captures(pos, ply))
        return t

    def opponent_captures(self, pos: Position, ply: int) -> list[int]:
        """The captures the side not to move would have if it were its move (no promotion bits)."""
        side = pos.side
        t = pos.tables
        before = self.caps_at[ply - 1] if ply > 0 else None
        if before is None or (self.cards and t.any_immune):
            pos.side = side ^ 1
            caps = self.captures(pos)
            pos.side = side
            return caps
        return masks.captures_after(pos.board, side ^ 1, before, self.moves_at[ply - 1], self.masks, t)

    def _threat(self, pos: Position, caps: list[int]) -> int:
        side = pos.side
        b, bv = pos.board, self.board_v
        occ, mk, t, attacked = self.terms[5 + side], self.masks, pos.tables, masks.attacked
        best = second = 0
        for m in caps:
            to = (m >> 7) & 127
            q = b[to]
            if q == OU or q == -OU:
                return -1
            v = bv[q] if q > 0 else -bv[q]
            if v > second:  # else it cannot count
                if attacked(b, to, side, occ, mk, t):
                    a = bv[b[m & 127]]
                    v -= a if a > 0 else -a
                if v > best:
                    best, second = v, best
                elif v > second:
                    second = v
        return best * THREAT_ONE + second * THREAT_TWO >> 4

    def quiesce(self, pos: Position, alpha: int, beta: int, depth: int, stand: int | None = None) -> int:
        """Captures only, from the standing score (``stand`` if given, else the evaluation)."""
        self.nodes += 1
        if self.nodes > self.limit and self.clock and self.check_clock(False):
            return 0
        if stand is None:
            stand = self.evaluate(pos)
        if stand >= beta or depth <= 0:
            return stand
        if stand > alpha:
            alpha = stand
        b = pos.board
        caps = self.sorted_captures(pos)
        for m in caps:
            q = b[(m >> 7) & 127]
            if q == OU or q == -OU:
                return WIN - (self.qbase - depth)  # the node's ply: exact mate distances
        for m in caps:
            undo = self.play(pos, m)
            score = -self.quiesce(pos, -beta, -alpha, depth - 1)
            self.unplay(pos, m, undo)
            if self.stopped:
                return 0
            if score >= beta:
                return score
            if score > alpha:
                alpha = score
        return alpha

    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        if depth <= 0:  # the horizon: the standing score loses the threat (below alpha it would change nothing)
            s, cover0, cover1, drop0, drop1, _o0, _o1, _f0, _f1 = self.terms  # self.evaluate, inline
            k0, k1 = pos.kings
            if k0 >= 0:
                s -= drop1 * _EXPOSED[cover0] >> 4
            if k1 >= 0:
                s += drop0 * _EXPOSED[cover1] >> 4
            stand = s if pos.side == 0 else -s
            if stand > alpha:
                threat = self.threats.get(self.h)  # self.threat, inline
                if threat is None:
                    threat = self.threat(pos, ply)
            else:  # pos.in_check()
                ksq = pos.kings[pos.side]
                threat = -1 if ksq >= 0 and masks.attacked(pos.board, ksq, pos.side ^ 1, self.terms[6 - pos.side],
                                                         self.masks, pos.tables) else 0
            if ply > self.seldepth:
                self.seldepth = ply
            if threat < 0 and ply < MAX_DEPTH + 4:
                depth = 1  # check extension: look at every evasion
            else:
                if threat > 0:
                    stand -= threat
                if stand >= beta:  # quiesce would stand pat: counted as its node, without the call
                    self.nodes += 1
                    return stand
                self.qbase = ply + QUIESCE_DEPTH
                return self.quiesce(pos, alpha, beta, QUIESCE_DEPTH, stand)
        self.nodes += 1
        if self.nodes > self.limit and self.check_clock(True):
            return 0
        b = pos.board
        caps = self.sorted_captures(pos)
        for m in caps:
            q = b[(m >> 7) & 127]
            if q == OU or q == -OU:
                return WIN - ply
        self.caps_at[ply] = caps
        h = self.h
        entry = self.tt.get(h)
        tt_move = 0
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_flag == 0 or (e_flag == 1 and e_score >= beta) or (e_flag == 2 and e_score <= alpha):
                    return e_score
        alpha0 = alpha
        in_check = -1  # unknown yet
        static = -INF  # the standing score, once worked out
        if self.null_r and depth >= NULL_DEPTH and self.moves_at[ply - 1] >= 0 and -WIN // 2 < beta < WIN // 2:
            static = self.evaluate(pos)
            if static >= beta:
                in_check = self._in_check(pos)
                if not in_check:  # the null move: the opponent moves twice
                    self.moves_at[ply] = -1
                    self.caps_at[ply] = None  # the child's threat scans its opponent's captures afresh
                    pos.side ^= 1
                    self.h = h ^ _Z_SIDE
                    r = self.null_r if depth - 1 - self.null_r >= 1 else depth - 2
                    score = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1)
                    pos.side ^= 1
                    self.h = h
                    self.caps_at[ply] = caps
                    if self.stopped:
                        return 0
                    if score >= beta:
                        return beta
        best = -INF
        best_m = 0
        first = True
        staged = self.staged
        lmr = self.lmr and depth >= LMR_DEPTH
        for phase in (0, 1, 2, 3):
            if phase == 0:
                moves = [m for m in caps if m & 32767 == tt_move] if tt_move else []
                if not moves and tt_move:
                    if staged:
                        m = pos.pseudo_move(tt_move)
                        moves = [m] if m else []
                    else:
                        moves = [m for m in self.moves(pos) if m & 32767 == tt_move]
            elif phase == 1:
                moves = [m for m in caps if m & 32767 != tt_move] if tt_move else caps
            elif phase == 2:  # the killers, which the quiet moves' order puts first, before generating those
                tried = {m & 32767 for m in caps}
                tried.add(tt_move)
                moves = [m for m in map(pos.pseudo_move, self.killers[ply])
                         if m and (m & 32767) not in tried] if staged else []
                for m in moves:
                    tried.add(m & 32767)
                mark = len(self.history_log)
            else:
                every = self.moves_by_hash.get(h)
                if every is None:
                    if len(self.moves_by_hash) > 100_000:
                        self.moves_by_hash.clear()
                    every = self.moves_by_hash[h] = self.moves(pos)
                moves = [m for m in every if (m & 32767) not in tried]
                hand = pos.hands[pos.side]
                if depth == 1 and staged and len(hand) - hand.count(0) >= BIG_HAND:
                    moves = _near_drops(pos, moves)
                self.sort_quiet_as_of(pos, moves, ply, mark)
            late = -1  # counts the quiet moves after the killers (-1: no reductions here)
            futile = -INF
            prune = 0  # futility: 1 prunes, -1 does not, 0 is decided at the first quiet move after the killers
            if phase == 3 and (lmr or (depth == 1 and self.futility)):
                if in_check < 0:
                    in_check = self._in_check(pos)
                if not in_check:
                    # the killers are neither counted nor pruned: unstaged, they come first here
                    kill0, kill1 = self.killers[ply]
                    if lmr:
                        late = 0
                        prune = -1
                    else:
                        if static == -INF:
                            static = self.evaluate(pos)
                        futile = static + self.futility
                else:
                    prune = -1
            else:
                prune = -1
            for m in moves:
                self.moves_at[ply] = m
                undo = self.play(pos, m)
                if prune >= 0 and m & 32767 != kill0 and m & 32767 != kill1:
                    if not prune:  # where the killers are done: once some move is searched, alpha decides
                        prune = 1 if not first and futile <= alpha else -1
                    if prune > 0 and not (m >> 14) & 1 and not self._in_check(pos):
                        cap, self.terms, self.h = undo  # too far below alpha to reach it without a check
                        pos.undo(m, cap)
                        if futile > best:
                            best = futile
                        continue
                if first:
                    score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                    first = False
                else:
                    if late >= 0 and m & 32767 != kill0 and m & 32767 != kill1:
                        late += 1
                    if (late > LMR_AFTER and not (m >> 14) & 1 and not self._in_check(pos)):
                        r = 2 if depth >= LMR_DEPTH + 2 and late > 3 * LMR_AFTER else 1
                        score = -self.negamax(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1)
                        if score > alpha and not self.stopped:
                            score = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1)
                    else:
                        score = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta and not self.stopped:
                        score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                cap, self.terms, self.h = undo  # self.unplay, inline
                pos.undo(m, cap)
                if self.stopped:
                    return 0
                if score > best:
                    best = score
                    best_m = m & 32767
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if not cap:
                                key = m & 32767
                                k = self.killers[ply]
                                if k[0] != key:
                                    k[1], k[0] = k[0], key
                                frm = m & 127
                                p = b[frm] if frm < DROP0 else (frm - DROP0) * (1 if pos.side == 0 else -1)
                                row, rise = self.history[p], depth * depth
                                row[(m >> 7) & 127] += rise
                                self.history_log.append((row, (m >> 7) & 127, rise))
                            self._store(h, depth, 1, best, best_m)
                            return best
        if first:
            return -WIN + ply  # no move at all
        self._store(h, depth, 0 if best > alpha0 else 2, best, best_m)
        return best

    def select(self, settings: dict[str, Any] | None = None) -> "Expert":
        """Turn on the selective search (:data:`SELECTIVE`, or ``settings``); returns self."""
        for key, value in (settings or SELECTIVE).items():
            setattr(self, key, value)
        return self

    def _in_check(self, pos: Position) -> int:
        """1 if the side to move's king is attacked, else 0."""
        ksq = pos.kings[pos.side]
        return 1 if ksq >= 0 and masks.attacked(pos.board, ksq, pos.side ^ 1, self.terms[6 - pos.side], self.masks,
                                                pos.tables) else 0

    def check_clock(self, interior: bool) -> bool:
        """Called once the node count passes ``limit``: True (and ``stopped``) when the budget is spent (at an
        interior node, as always), or with a clock when ``abort`` is set or the deadline has passed; else the
        next check is set CLOCK_EVERY nodes on."""
        if interior and self.nodes > self.budget:
            self.stopped = True
            return True
        if not self.clock:
            return False
        if self.abort or (self.deadline is not None and time.monotonic() > self.deadline):
            self.stopped = True
            return True
        self.limit = min(self.budget, self.nodes + CLOCK_EVERY)
        return False

    def start_clock(self) -> None:
        """Check ``abort`` and ``deadline`` every CLOCK_EVERY nodes of any kind from now on (USI)."""
        self.clock = True
        self.limit = min(self.budget, self.nodes + CLOCK_EVERY)

    def pv(self, pos: Position, first: int, length: int = MAX_DEPTH + 8) -> list[int]:
        """The principal variation from ``first`` (a legal root move), followed through the transposition
        table while each move is legal (without repeating a position)."""
        line = [first & 32767]
        undos: list[tuple[int, Undo]] = []
        seen = {self.h}
        m = first
        while True:
            undos.append((m, self.play(pos, m)))
            if len(line) >= length or self.h in seen:
                break
            seen.add(self.h)
            entry = self.tt.get(self.h)
            if entry is None or not entry[3]:
                break
            legal = {x & 32767: x for x in pos.legal_moves()}
            m = legal.get(entry[3], 0)
            if not m:
                break
            line.append(m & 32767)
        for m, undo in reversed(undos):
            self.unplay(pos, m, undo)
        return line

    def _store(self, h: int, depth: int, flag: int, score: int, move: int) -> None:
        if len(self.tt) > 400_000:
            self.tt.clear()
        self.tt[h] = (depth, flag, score, move)

    def root(self, pos: Position, moves: list[int], depth: int) -> tuple[list[tuple[int, int]], bool]:  # type: ignore[override]
        """(score, move) of the root moves searched at ``depth`` (best first); False if stopped."""
        alpha = -INF
        scored: list[tuple[int, int]] = []
        for i, m in enumerate(moves):
            q = pos.board[(m >> 7) & 127]
            if (q == OU or q == -OU) and (m & 127) < DROP0:
                return [(WIN, m)], True
            undo = self.play(pos, m)
            self.history_log.clear()  # no node below the root holds a mark into it now
            bonus = self.root_bonus.get(m & 32767, 0)
            target = alpha - bonus  # the move must beat alpha with its bonus
            if i == 0:
                score = -self.negamax(pos, depth - 1, -INF, INF, 1)
            else:
                score = -self.negamax(pos, depth - 1, -target - 1, -target, 1)
                if score > target and not self.stopped:
                    score = -self.negamax(pos, depth - 1, -INF, -target, 1)
            self.unplay(pos, m, undo)
            if self.stopped:
                return scored, False
            if -WIN // 2 < score < WIN // 2:
                score += bonus
            scored.append((score, m))
            alpha = max(alpha, score)
        scored.sort(key=lambda sm: -sm[0])
        return scored, True


def best_move(state: ShogiState, rng: Rng, budget: int = EXPERT_NODES,
              max_depth: int = MAX_DEPTH, search: Expert | None = None,
              on_depth: Any = None) -> tuple[int, int, int, int]:
    """(move int, score, completed depth, nodes) for the side to move. ``search`` may be given (with a
    deadline or to be aborted from another thread); ``on_depth(depth, score, nodes, move)`` reports each
    completed iteration. Deepening stops at ``max_depth``, at a mate score, when the budget cuts an iteration,
    or before an iteration that would most likely not complete (:data:`SOFT_DEPTH`)."""
    table = rules.moves_table(state)
    order = [a for a in table if table[a][1] is None]
    rng.shuffle(order)
    pos = state.position()
    search = search or Expert(budget, not state.rules.hon, pos)
    moves = [table[a][0] for a in order]
    if state.move_no0 - 1 + state.ply < OPENING_PLIES:  # by the record's move number
        search.root_bonus = {m & 32767: rng.randbelow(OPENING_SPREAD + 1) for m in moves}
    moves.sort(key=lambda m: -(search._mvv_lva(pos, m) if pos.board[(m >> 7) & 127] else 0))
    best, best_score, done = moves[0], 0, 0
    clocked, search.clock = search.clock, False  # depth 1 always completes: never a move left unsearched
    for depth in range(1, max_depth + 1):
        scored, complete = search.root(pos, moves, depth)
        if depth == 1 and clocked:
            search.start_clock()  # from depth 2 on, ``stop`` and the deadline are heard
        if scored and (complete or scored[0][1] == moves[0] or scored[0][0] > best_score):
            # a partial iteration still counts once its first (previous best) move was searched
            best, best_score = max(scored, key=lambda sm: sm[0])[1], max(s for s, _ in scored)
        if not complete:
            break
        done = depth
        if on_depth is not None:
            on_depth(depth, best_score, search.nodes, best)
        if SOFT_DEPTH and depth >= SOFT_DEPTH and search.nodes * SOFT_GROWTH > search.budget:
            break  # the next iteration would most likely not complete
        rest = [m for _, m in scored]
        moves = rest + [m for m in moves if m not in set(rest)]
        if best_score >= WIN - 64 or best_score <= -WIN + 64:
            break
    return best, best_score, done, search.nodes


def choose_expert(state: ShogiState, rng: Rng, budget: int = EXPERT_NODES) -> str:
    """The expert's action: the searched best move; in the card game it may draw (as "hard" weighs it)."""
    if state.phase == "draw_choice":
        return bots.choose(state, "hard", rng)
    table = rules.moves_table(state)
    can_draw = rules.draw_refusal(state) is None
    if not any(f is None for _m, f in table.values()):
        return "draw" if can_draw else "resign"
    m, score, _depth, _nodes = best_move(state, rng, budget)
    if can_draw and -WIN // 2 < score < WIN // 2:
        dv = bots._draw_value(state, 1, 600)
        if dv > score + 15:
            return "draw"
    return move_usi(m & 32767)


def info(state: ShogiState, rng: Rng, budget: int = EXPERT_NODES) -> dict[str, Any]:
    """Search facts for benches and the USI engine."""
    m, score, depth, nodes = best_move(state, rng, budget)
    return {"move": move_usi(m & 32767), "score": score, "depth": depth, "nodes": nodes}
