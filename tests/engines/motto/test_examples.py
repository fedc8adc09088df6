"""Every worked example of the source (motto-coin.ja.txt) as a test."""

from pygames.motto import GAME
from pygames.motto.scoring import beats, score, strength
from pygames.motto.state import AUCTION

from .helpers import at_auction, play


def test_bid_order_example_5_6_61_611_62():
    # ■4: A:5 -> B:6 -> C:61 -> A:611 -> B:62, with three players A, B, C.
    s = at_auction(3, 1)
    s = play(s, (0, "bid 5"), (1, "bid 6"), (2, "bid 6,1"), (0, "bid 6,1,1"), (1, "bid 6,2"))
    assert s.phase == AUCTION and s.high == 1 and s.offers[1] == (6, 2)
    assert strength((6, 2)) > strength((6, 1, 1))  # "6,1,1 より 6,2 の方が強い"
    assert beats((6, 1, 1), (6, 1)) and beats((6, 1), (6,)) and beats((6,), (5,))
    assert not beats((6, 1, 1), (6, 2)) and not beats((6, 2), (6, 2))


def test_crash_example_22_26_30_with_dice_6_2_gives_10():
    # ■6/■11: values 22, 26, 30 stacked, dice 6 and 2 on them, crash -10 on the 30 -> 90 - 80 = 10.
    held = ["15", "20", "23"]  # values 22, 26, 30 in our coin list
    sheet = score(held, {"23": [6, 2]}, gap=4)
    (stack,) = sheet["stacks"]
    assert (stack["value"], stack["count"], stack["points"]) == (30, 3, 90)
    assert (stack["pips"], stack["crash"], stack["loss"]) == (8, -10, -80)
    assert sheet["total"] == 10
    # the dice count wherever they sit in the stack: all move onto the top coin
    assert score(held, {"15": [6], "20": [2]}, gap=4)["total"] == 10


def test_merge_order_example_22_30_then_26():
    # ■2: holding 22 and 30, winning 26 joins all three at 30 (4 players); apart before that.
    assert [r["value"] for r in score(["15", "23"], {}, gap=4)["stacks"]] == [22, 30]
    assert score(["15", "23", "20"], {}, gap=4)["positive"] == 90


def test_value_30_coin_blue_minus_2_on_4_3_2_gives_2_1_and_returns_the_0():
    # ■7: the value-30 coin has blue -2; a stable coin with 4, 3, 2 becomes 2, 1, (0 returns).
    s = at_auction(4, 23)
    s = play(s, (0, "bid 1"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert s.holdings[0][-1] == "23"
    for seat in (1, 2, 3):
        assert s.locked[seat]["S%d" % (seat + 1)] == [2, 1]
        assert s.free[seat] == 8 - 3 + 1
    assert s.locked[0]["S1"] == [4, 3, 2]  # the winner does not suffer the fluctuation
    assert s.locked[0]["23"] == [1] and s.free[0] == 8 - 3 - 1
    assert GAME.view(s, None)["players"][1]["coins"][0]["dice"] == [2, 1]
