"""The goods line of a market row says what the goods add to the hand, as the rules count it."""

from __future__ import annotations

from pygames.shiji import GAME
from pygames.shiji.state import Rules

from .helpers import position


def _goods_after(hand: list[str], rules: Rules, action: str = "place 5 5") -> dict:
    """Seat 0's view of its own goods after ``action`` beside a 3·4 shell (34 then 55: a 345 step, a 55
    pair and a 55 ten, the source's 連結 example)."""
    s = position([hand, ["9", "9", "8", "8", "7", "7"]], rows=(["3", "4"], []), rules=rules)
    s = GAME.apply(s, 0, action)
    me = GAME.view(s, 0)["players"][0]
    assert sorted(g["kind"] for g in me["goods"]) == ["pair", "step", "ten"], me["goods"]
    return me["goods_reward"]


def test_the_goods_say_what_they_add_to_the_hand():
    """Found in play: the shell that went out showed 「十札 +2（報酬 計2枚）」 though going out takes no
    reward, and in 山札 mode the goods' own rewards were summed (a 連結 of 7) while the player draws 2."""
    assert _goods_after(["5", "5", "1", "2"], Rules()) == {"cards": 7, "how": "land"}
    assert _goods_after(["5", "5", "1", "2"], Rules(deck=True)) == {"cards": 2, "how": "deck"}
    assert _goods_after(["5", "5"], Rules()) == {"cards": 0, "how": "out"}
    s = position([["5", "5", "1", "2"], ["9", "9"]], rows=(["3", "4"], []))
    assert GAME.view(s, 0)["players"][0]["goods_reward"] is None      # no goods yet
