"""Computer players: always legal, deterministic for a given generator, sensible choices."""

import pytest

from pygames.core import Rng
from pygames.core.playout import bot_choice, playout
from pygames.motto import GAME
from pygames.motto.bots import remaining_auctions
from pygames.motto.state import MottoState

from .helpers import at_auction, play

BOT_GAMES = 3  # per player count; bench/motto_ladder.py plays hundreds


@pytest.mark.parametrize("n", [3, 4, 5])
def test_bots_play_whole_games_with_legal_actions(n):
    for g in range(BOT_GAMES):
        levels = [GAME.bot_levels[(seat + g) % 3] for seat in range(n)]
        choose = bot_choice(GAME, levels, g)

        def checked(s: MottoState, seat: int, decision: int) -> str:
            action = choose(s, seat, decision)
            assert action in GAME.legal_actions(s, seat)
            assert action == choose(s, seat, decision)
            return action

        s, _ = playout(GAME, GAME.initial_state({}, n), checked, Rng.derive(g, "chance", n))
        assert GAME.outcome(s) is not None


def test_bots_choose_a_recovery_and_pass_without_free_dice():
    s = at_auction(3, 7)
    s.holdings[1].append("22")
    s.locked[1]["22"] = [2, 5]
    s = play(s, (0, "bid 1"), (1, "pass"), (2, "pass"))
    for level in GAME.bot_levels:
        assert GAME.bot_action(s, 1, level, Rng(1)) in ("recover S2", "recover 22")
    # a sensible bot takes the die off the coin with the harsher crash (No.22: -10 vs stable -2)
    assert GAME.bot_action(s, 1, "hard", Rng(1)) == "recover 22"
    t = at_auction(3, 2)
    t.free[0] = 0
    assert all(GAME.bot_action(t, 0, level, Rng(2)) == "pass" for level in GAME.bot_levels)


def test_hard_bot_wants_a_free_valuable_coin_and_refuses_a_ruinous_price():
    s = at_auction(4, 23)  # value 30
    assert GAME.bot_action(s, 0, "hard", Rng(3)).startswith("bid")
    s = play(s, (0, "bid 6,6,6,6,6"))
    assert GAME.bot_action(s, 1, "hard", Rng(3)) == "pass"  # the raise would lock 6 sixes


def test_remaining_auctions_uses_only_the_unseen_set_and_shrinks_near_the_end():
    early = MottoState(4)
    late = MottoState(4)
    late.deck, late.aside, late.forks_up = [], [24, 1, 2], 3
    assert remaining_auctions(late, Rng(1), 50) < remaining_auctions(early, Rng(1), 50)
    assert remaining_auctions(late, Rng(1), 50) <= 2
