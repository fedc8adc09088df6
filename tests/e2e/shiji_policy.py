"""The e2e test's player for 四時の札遊び: a fixed, readable policy over what the screen shows
(the legal actions and the engine's shell list), so a seeded match against the computer reaches
上がり or 閉場 the same way in CPython (to choose the seed) and through the browser."""

from __future__ import annotations

from typing import Any

OPENING = ["X", "M", "9", "9", "8", "8", "D", "7", "7", "E", "N", "6", "6", "5", "5", "4", "4", "3", "3",
           "2", "2", "1", "1", "0"]


def choose(legal: list[str], view: dict[str, Any], seat: int, first_lead: str | None = None) -> str:
    """The action to play: a pick by a preference order, ``first_lead`` for the first 先手決め try
    (to provoke a tie), then the highest pair; the safe placement that spends least."""
    verbs = {a.split()[0] for a in legal}
    if "pick" in verbs:
        hand = list(view["players"][seat]["hand"] or [])
        for code in OPENING:
            if code in hand:
                hand.remove(code)
            elif f"pick {code}" in legal:
                return f"pick {code}"
        return legal[0]
    if verbs == {"lead"}:
        if first_lead in legal and not view["lead_shown"]:
            return first_lead
        return max(legal, key=lambda a: int("".join(a.split()[1:])))
    if "place" not in verbs:
        return legal[0]                       # take, recover, accept: the engine's first choice
    shells = [e for e in view["shells"] if e["legal"] and e["action"] in legal]
    safe = [e for e in shells if not e["warning"]] or shells
    hand = view["players"][seat]["hand"]
    specials = sum(c in "MDENX" for c in hand)

    def cost(e: dict[str, Any]) -> tuple:
        if e["kind"] != "number":
            # play stars and 恐慌 while the hand is still long enough to pair them all
            return (0 if len(hand) <= 2 * specials + 3 else 2, 0, e["action"])
        value = e["value"]
        return (1, value if view["order"] == "asc" else 99 - value, e["action"])
    return min(safe, key=cost)["action"]


def simulate(seed: int, first_lead: str | None = None, level: str = "easy",
             options: dict[str, Any] | None = None) -> tuple[Any, list[str]]:
    """The match the browser test will play: the computer (seat 1) acts whenever it may, as the
    shell's runner does, and seat 0 follows :func:`choose`. Returns (final state, actions). The
    land game (本式) unless ``options`` says otherwise."""
    from pygames.core.match import Match
    from pygames.shiji import GAME
    match = Match.new("shiji", {"deck": False} if options is None else options,
                      [{"name": "", "type": "human"}, {"name": "", "type": "bot", "level": level}], seed)
    while match.to_move() and match.ply < 600:
        movers = match.to_move()
        if 1 in movers:
            match.play(1, match.bot_action(1))
        else:
            match.play(0, choose(GAME.legal_actions(match.state, 0), GAME.view(match.state, 0), 0, first_lead))
    return match.state, match.record["actions"]
