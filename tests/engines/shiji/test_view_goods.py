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


def test_a_short_hand_says_its_stars_lose_among_the_last_two_and_which_can_go_now():
    """Found in play (山札, seed 10 against ふつう): holding 6·8·夕 with 夕 next, the person kept 夕; the
    computer then placed 夕 itself, and with 2·5·7·夕 every shell left 夕 among the last two. Nothing said
    so before a card was picked: the hand note says it on the turn, and whether each star can go now."""
    from pygames.shiji.cards import EVENING, MORNING, NOON

    def note(hand: list[str], star: int) -> dict | None:
        s = position([hand, ["9", "9", "8", "8", "7", "7"]], rows=(["1", "D"], ["3", "4"]), star=star, rules=Rules(deck=True))
        return GAME.view(s, 0)["hand_note"]

    now = note(["6", "8", "E"], NOON)                  # 夕 comes next: it can go now
    assert now["ja"] == "夕 はいま出せます。残り２枚に星札・恐慌札があると負け", now["ja"]
    assert now["en"] == "Evening can be placed now. A star or Panic among your last two cards loses", now["en"]
    later = note(["2", "5", "7", "E"], EVENING)        # 夕 was just placed: 夜 comes next
    assert later["ja"] == "夕 は今は出せません（次の星: 夜）。残り２枚に星札・恐慌札があると負け", later["ja"]
    assert later["params"] == {"count": 4, "cards": ["E"], "now": [], "not_now": ["E"]}
    assert note(["1", "2", "3", "5", "7", "E"], NOON) is None        # a long hand has turns to spare
    stuck = note(["2", "3", "5", "8", "9", "N"], MORNING)          # ...unless its star waits for 昼 and 夕
    assert stuck["ja"] == "夜 は今は出せません（次の星: 昼）。残り２枚に星札・恐慌札があると負け", stuck["ja"]
    assert note(["1", "2", "3", "5", "7", "8", "9", "N"], MORNING) is None
    assert note(["2", "5", "7", "8"], NOON) is None                 # no star, no note
    s = position([["6", "8", "E"], ["9", "9", "8", "8", "7", "7"]], rows=(["1", "D"], ["3", "4"]), star=NOON)
    assert GAME.view(s, 1)["hand_note"] is None                     # only on one's own turn
    assert GAME.view(s, None)["hand_note"] is None



def test_the_opponents_last_two_cards_are_said_on_ones_turn():
    """Found in play (山札, seed 5150 against つよい, on a phone): the computer's count 「手札 2枚」 was under the
    docked bar; the person placed 64 and the computer went out with 75."""
    s = position([["2", "3", "4", "6", "N"], ["7", "5"]], rows=(["9", "5"], ["1", "D"]))
    assert GAME.view(s, 0)["threat"]["ja"] == "相手は残り２枚: 上回られると上がられます"
    assert GAME.view(s, 1)["threat"] is None                       # not on the opponent's turn
    s = position([["2", "3", "4", "6", "N"], ["7", "5", "4"]], rows=(["9", "5"], ["1", "D"]))
    assert GAME.view(s, 0)["threat"] is None                       # three cards: not at once (雷霆 aside, hidden)
