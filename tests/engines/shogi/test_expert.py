"""The expert level: legal, deterministic under a seed, finds mates and free material, plays the card game."""

from __future__ import annotations

from pygames.core import Rng
from pygames.shogi import GAME
from pygames.shogi.position import move_usi, parse_usi
from pygames.shogi.start import state_from_sfen
from pygames.shogi.search import (INF, WIN, OPENING_PLIES, OPENING_SPREAD, QUIESCE_DEPTH, THREAT_ONE, THREAT_TWO, Expert,
                                   best_move, choose_expert, info)


def test_expert_is_offered_and_deterministic():
    assert "expert" in GAME.bot_levels
    st = state_from_sfen("startpos", "hon")
    a = choose_expert(st, Rng(5), budget=4000)
    assert a in GAME.legal_actions(st, 0) and a == choose_expert(st, Rng(5), budget=4000)
    assert GAME.bot_action(st, 0, "expert", Rng(5)) in GAME.legal_actions(st, 0)


def test_mate_in_one_and_free_rook():
    assert info(state_from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "hon"), Rng(1), 5000)["move"] == "G*5b"
    assert info(state_from_sfen("4k4/9/9/9/4r4/9/9/1B7/4K4 b - 1", "hon"), Rng(1), 5000)["move"] == "8h5e"


def test_budget_bounds_the_nodes():
    _m, _s, depth, nodes = best_move(state_from_sfen("startpos", "hon"), Rng(2), budget=3000)
    assert nodes <= 3000 + 200 and depth >= 2


def test_expert_plays_the_card_game():
    st = state_from_sfen("startpos", "cards", active=["KE-hachiho", "HI-honno"])
    for _ in range(6):
        a = choose_expert(st, Rng(st.ply), budget=4000)
        assert a in GAME.legal_actions(st, st.side)
        if a == "draw":
            break
        st = GAME.apply(st, st.side, a)


class _CheckedExpert(Expert):
    """An expert that compares its move-by-move evaluation terms with a from-scratch count at every node."""

    checked = 0
    king_moves = 0

    def evaluate(self, pos):
        assert self.terms == self.full_terms(pos)
        _CheckedExpert.checked += 1
        return super().evaluate(pos)

    def play(self, pos, m):
        _CheckedExpert.king_moves += (m & 127) == pos.kings[pos.side]
        undo = super().play(pos, m)
        assert self.terms == self.full_terms(pos)  # also where they come from the terms remembered by position
        _CheckedExpert.checked += 1
        return undo


def test_incremental_evaluation_matches_a_full_count():
    rng = Rng(11)
    for ruleset, active in (("hon", None), ("cards", ["KE-hachiho", "HI-honno"])):
        st = state_from_sfen("startpos", ruleset, **({"active": active} if active else {}))
        for _ in range(40):  # a seeded random game: drops, captures, promotions and king moves
            moves = [a for a in GAME.legal_actions(st, st.side) if a not in ("resign", "draw")]
            if not moves or st.phase != "move":
                break
            if st.ply % 8 == 7:
                search = _CheckedExpert(3000, ruleset == "cards", st.position())
                best_move(st, Rng(st.ply), 3000, search=search)
            st = GAME.apply(st, st.side, rng.choice(moves))
    assert _CheckedExpert.checked > 1000 and _CheckedExpert.king_moves > 100


def test_the_opening_bonus_is_seeded_small_and_only_in_the_opening():
    st = state_from_sfen("startpos", "hon")
    bonuses = []
    for seed in range(2):
        search = Expert(15000, False, st.position())
        best_move(st, Rng(seed), 2000, search=search)
        assert set(search.root_bonus.values()) <= set(range(OPENING_SPREAD + 1)) and len(search.root_bonus) == 30
        bonuses.append(search.root_bonus)
    assert bonuses[0] != bonuses[1]
    later = state_from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - %d" % (OPENING_PLIES + 1), "hon")
    search = Expert(2000, False, later.position())
    best_move(later, Rng(0), 2000, search=search)
    assert search.root_bonus == {}


def test_a_large_root_bonus_decides_the_choice():
    st = state_from_sfen("4k4/9/9/9/4r4/9/9/1B7/4K4 b - 41", "hon")  # 8h5e wins the rook
    search = Expert(15000, False, st.position())
    search.root_bonus = {parse_usi("5i4h") & 32767: 5000}  # worth more than winning the rook
    m, score, _d, _n = best_move(st, Rng(1), 20000, search=search)
    assert move_usi(m & 32767) == "5i4h" and score > 4000


def test_the_threat_counts_pieces_en_prise_for_the_side_to_move():
    def threat(sfen):
        st = state_from_sfen(sfen, "hon")
        return Expert(1000, False, st.position()).threat(st.position())

    quiet = "4k4/9/9/9/9/9/9/9/4K4 b - 1"
    rook_hangs = "4k4/9/9/9/4p4/4R4/9/9/4K4 b - 1"  # 後手's pawn on ５五 takes the undefended rook on ５六
    rook_guarded = "4k4/9/9/9/4p4/4R4/4G4/9/4K4 b - 1"  # the gold on ５七 defends it
    fork = "4k4/9/9/9/4n4/9/3R1B3/9/4K4 b - 1"  # the knight on ５五 forks the rook ６七 and the bishop ４七 (which the rook defends)
    values = Expert(1000, False, state_from_sfen(quiet, "hon").position()).board_v
    pawn, knight, bishop, rook = (values[c] for c in (1, 3, 6, 7))
    assert threat(quiet) == 0 and threat("startpos") == 0
    assert threat(rook_hangs) == rook * THREAT_ONE >> 4
    assert threat("4k4/9/9/4r4/4P4/9/9/9/4K4 w - 1") == rook * THREAT_ONE >> 4  # the same for 後手 to move
    assert threat(rook_guarded) == (rook - pawn) * THREAT_ONE >> 4
    assert threat(fork) == (rook * THREAT_ONE + (bishop - knight) * THREAT_TWO) >> 4
    assert threat("4k4/9/9/9/9/9/9/4r4/4K4 b - 1") == -1  # in check: no standing score to lower


def test_the_horizon_score_drops_by_the_threat():
    st = state_from_sfen("k8/9/9/5n3/9/4R4/9/9/4K4 b - 1", "hon")  # the knight on ４四 attacks the rook, out of its reach
    pos = st.position()
    search = Expert(1000, False, pos)
    standing = search.evaluate(pos)
    assert search.negamax(pos, 0, -INF, INF, 1) == standing - search.threat(pos) < standing
    assert search.quiesce(pos, -INF, INF, QUIESCE_DEPTH) == standing  # in a capture line: no threat


class _TracedExpert(Expert):
    """An expert that lists every move it plays, in order."""

    def __init__(self, *args):
        super().__init__(*args)
        self.trace: list[int] = []

    def play(self, pos, m):
        self.trace.append(m)
        return super().play(pos, m)


def test_checking_the_killers_before_generating_searches_the_same_tree():
    """Staged (the TT move and killers checked one by one, the rest sorted by the history as it was before
    the killers were searched) against every quiet move generated up front: the same moves searched in the
    same order, so the same move, score, depth and node count."""
    rng = Rng(13)
    st = state_from_sfen("startpos", "hon")
    compared = 0
    for _ in range(50):
        moves = [a for a in GAME.legal_actions(st, st.side) if a not in ("resign", "draw")]
        if not moves:
            break
        if st.ply % 7 == 3:
            results, traces = [], []
            for staged, selective in ((True, False), (False, False), (True, True), (False, True)):
                search = _TracedExpert(4000, False, st.position())
                search.staged = staged
                if selective:
                    search.select()
                results.append(best_move(st, Rng(st.ply), 4000, search=search))
                traces.append(search.trace)
            assert results[0] == results[1] and traces[0] == traces[1]
            assert results[2] == results[3] and traces[2] == traces[3]  # the selective search too
            compared += 1
        st = GAME.apply(st, st.side, rng.choice(moves))
    assert compared >= 6


class _ScanCheckedExpert(Expert):
    """An expert that compares the opponent's captures worked out from one ply up with a full scan."""

    checked = 0

    def opponent_captures(self, pos, ply):
        found = super().opponent_captures(pos, ply)
        pos.side ^= 1
        scanned = pos.captures()
        pos.side ^= 1
        no_promotion = ~(1 << 14)
        assert sorted(m & no_promotion for m in found) == sorted(m & no_promotion for m in scanned)
        _ScanCheckedExpert.checked += ply > 0 and self.caps_at[ply - 1] is not None
        return found


def test_the_opponents_captures_from_one_ply_up_equal_a_full_scan():
    rng = Rng(12)
    for ruleset, active in (("hon", None), ("cards", ["KE-hachiho", "HI-honno", "FU-tetsu"])):
        st = state_from_sfen("startpos", ruleset, **({"active": active} if active else {}))
        for _ in range(60):  # a seeded random game: drops, captures, promotions, discovered and blocked lines
            moves = [a for a in GAME.legal_actions(st, st.side) if a not in ("resign", "draw")]
            if not moves or st.phase != "move":
                break
            if st.ply % 10 == 9:
                best_move(st, Rng(st.ply), 3000, search=_ScanCheckedExpert(3000, ruleset == "cards", st.position()))
            st = GAME.apply(st, st.side, rng.choice(moves))
    assert _ScanCheckedExpert.checked > 2000


class _NullTracedExpert(Expert):
    """An expert that checks each null move: never by a side in check, never two in a row."""

    nulls = 0

    def negamax(self, pos, depth, alpha, beta, ply):
        if ply >= 1 and self.moves_at[ply - 1] == -1:  # a null move's child: the side that passed is not in check
            assert not pos.in_check(pos.side ^ 1)
            assert ply < 2 or self.moves_at[ply - 2] != -1
            _NullTracedExpert.nulls += 1
        return super().negamax(pos, depth, alpha, beta, ply)


def _full_width(search: Expert) -> Expert:
    """The shipped search: no null move, no reductions, no futility."""
    assert (search.null_r, search.lmr, search.futility) == (0, False, 0)
    return search


def _game_states(seed: int, plies: tuple[int, ...]) -> list:
    rng, st, found = Rng(seed), state_from_sfen("startpos", "hon"), []
    for ply in range(max(plies) + 1):
        if ply in plies:
            found.append(st)
        st = GAME.apply(st, st.side, GAME.bot_action(st, st.side, "normal", rng))
    return found


def test_the_null_move_is_never_made_in_check_nor_twice_in_a_row():
    _NullTracedExpert.nulls = 0
    for st in _game_states(4, (12, 24, 36, 48)):
        best_move(st, Rng(1), 6000, search=_NullTracedExpert(6000, False, st.position()).select())
    assert _NullTracedExpert.nulls > 20


def test_selectivity_reaches_each_depth_in_fewer_nodes():
    """The nodes to complete depth 4 (a count): selective search against the full-width tree of before."""
    fewer = 0
    for st in _game_states(7, (10, 20, 40)):
        at: dict[str, list[int]] = {"select": [], "full": []}
        for name in at:
            search = Expert(40_000, False, st.position())
            if name == "full":
                _full_width(search)
            else:
                search.select()
            best_move(st, Rng(2), 40_000, search=search, on_depth=lambda d, s, n, mv, a=at[name]: a.append(n))
        assert len(at["select"]) > len(at["full"]) >= 4  # a deeper iteration completed at the same budget
        fewer += at["select"][3] < at["full"][3]
    assert fewer == 3


def test_selectivity_keeps_mates_exact():
    """Mate in one (a drop, then a board move) and a full hand's forced win: the same move and mate distance
    as the full-width search."""
    for sfen in ("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "4k4/4r4/4P4/9/9/9/9/4R4/4K4 b G 1",
                 "ln1g3nl/1r1sk1sb1/p1ppgpppp/4p4/1p7/2P6/PP1PPPPPP/1BG1S2R1/LNS1KG1NL b - 1"):
        st = state_from_sfen(sfen, "hon")
        sel = best_move(st, Rng(3), 20_000, search=Expert(20_000, False, st.position()).select())
        full = best_move(st, Rng(3), 20_000, search=_full_width(Expert(20_000, False, st.position())))
        if full[1] >= WIN - 64:
            assert (sel[0], sel[1]) == (full[0], full[1])
        else:
            assert sel[1] < WIN - 64


def test_an_iteration_that_would_not_complete_is_not_started(monkeypatch):
    """With SOFT_DEPTH set, deepening stops after a completed iteration of that depth or more once the nodes
    spent times SOFT_GROWTH pass the budget: the result is then exactly that of a search stopped at that depth
    (the same move, score, depth and nodes), and before that point nothing changes."""
    from pygames.shogi import search

    stopped = 0
    for st in _game_states(7, (10, 20, 40)):
        monkeypatch.setattr(search, "SOFT_DEPTH", 0)
        plain: list[int] = []
        whole = best_move(st, Rng(2), 40_000, on_depth=lambda d, s, n, mv, a=plain: a.append(n))
        monkeypatch.setattr(search, "SOFT_DEPTH", 3)
        monkeypatch.setattr(search, "SOFT_GROWTH", 5)
        soft = best_move(st, Rng(2), 40_000)
        depth = soft[2]
        # the first completed iteration of depth >= 3 whose nodes times 5 pass the budget, if any
        stop = next((d for d, n in enumerate(plain, 1) if d >= 3 and n * 5 > 40_000), None)
        if stop is None:
            assert soft == whole
            continue
        stopped += 1
        assert depth == stop <= whole[2] and soft[3] == plain[stop - 1] < whole[3]
        monkeypatch.setattr(search, "SOFT_DEPTH", 0)
        assert soft == best_move(st, Rng(2), 40_000, max_depth=depth)
    assert stopped >= 2
