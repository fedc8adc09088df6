"""Japanese and English texts: why an action is refused, why a match ended."""

from __future__ import annotations

from typing import Any

from ..core.errors import register
from .cards import CODES, NAMES_EN, NAMES_JA, next_star

REFUSALS: dict[str, tuple[str, str]] = {
    "shiji.action.syntax": ("手の書き方が読めません: {action}（例: place 3 4, veil 5, take 7）",
                            "Cannot read the action: {action} (e.g. place 3 4, veil 5, take 7)"),
    "shiji.action.wrong_time": ("今は「{verb}」はできません。今すること: {now_ja}",
                                "'{verb}' is not possible now. Now: {now_en}"),
    "shiji.place.not_in_hand": ("手札に{card_ja}がありません（手札の札だけで貝札を組めます）",
                                "There is no {card_en} in your hand (shells are made from hand cards)"),
    "shiji.place.three_cards": ("３枚で並べられるのは雷霆（1・0・0 の100）だけです",
                                "Only a thunder (1·0·0, value 100) may be placed as three cards"),
    "shiji.place.raitei_hand": ("雷霆は手札がちょうど 0・0・1 の３枚のときだけ出せます",
                                "A thunder needs exactly 0, 0, 1 as your whole hand"),
    "shiji.place.raitei_reverse": ("逆順で相手が01〜99を並べた後は雷霆で上がれません（相手の値: {to_beat:02d}）",
                                   "In reverse order a thunder is not allowed after the opponent placed 01-99 "
                                   "(their value: {to_beat:02d})"),
    "shiji.place.panic_with_star": ("恐慌札と星札は同じ貝札に組めません（恐慌組は恐慌札と数字札）",
                                    "Panic and a star cannot share a shell (a panic shell is Panic plus a number)"),
    "shiji.place.forbidden_last": ("禁止行為: 残り２枚の手札で星札・恐慌札を含む貝札は並べられません（数字組でしか上がれません）",
                                   "Forbidden: with two cards left a star or panic shell cannot be placed "
                                   "(you may only go out with a number shell)"),
    "shiji.place.not_superior": ("値{value:02d}は相手の{to_beat:02d}より優位ではありません（{order_ja}）",
                                 "{value:02d} does not beat the opponent's {to_beat:02d} ({order_en})"),
    "shiji.place.zero_pair_ascending": ("値{value:02d}は相手の{to_beat:02d}より優位ではありません。00 が揃うと昇順に戻ってから比べます"
                                        "（昇順: 大きい値が優位。同じ値も可）",
                                        "{value:02d} does not beat the opponent's {to_beat:02d}: a 00 pair turns the order "
                                        "ascending first, then the values are compared (higher wins; an equal value is "
                                        "allowed)"),
    "shiji.place.jump": ("運行の原則に反します（跳躍）: 次に出せる星札は{allowed_ja}です",
                         "Against the star cycle (a skip): the next star must be {allowed_en}"),
    "shiji.place.backward": ("運行の原則に反します（遡行）: 次に出せる星札は{allowed_ja}です",
                             "Against the star cycle (going back): the next star must be {allowed_en}"),
    "shiji.place.same_star": ("運行の原則に反します: 次に出せる星札は{allowed_ja}です",
                              "Against the star cycle: the next star must be {allowed_en}"),
    "shiji.place.star_pair_order": ("２枚の星札は運行の順（朝→昼→夕→夜→朝）に並べます: {first_ja}の次は{next_ja}",
                                    "Two stars must follow the cycle (Morning→Noon→Evening→Night): "
                                    "after {first_en} comes {next_en}"),
    "shiji.veil.no_card": ("その位置に札がありません", "There is no card at that position"),
    "shiji.veil.already": ("その札はもうヴェールしてあります（表にはできません）",
                           "That card is already veiled (it cannot be turned face up)"),
    "shiji.veil.not_number": ("星札・恐慌札はヴェールできません", "Stars and Panic cannot be veiled"),
    "shiji.veil.zero_pair": ("00の双札はヴェールできません（運行の原則を解消する札です）",
                             "A 00 pair cannot be veiled (it resets the star cycle)"),
    "shiji.veil.not_recent": ("ヴェールできるのは直近の貝札で成立した商品だけです",
                              "Only goods formed by your most recent shell can be veiled"),
    "shiji.veil.not_goods": ("商品（グッズ）になっていない数字札はヴェールできません",
                             "A number card that is not part of goods cannot be veiled"),
    "shiji.add.not_allowed": ("今は土地から自由に手札を加えられません（商品・報酬なしの調整で、手札が10枚未満のときだけ）",
                              "You cannot add land cards now (only without goods, with fewer than 10 cards in hand)"),
    "shiji.take.not_in_land": ("土地に{card_ja}がありません", "There is no {card_en} in your land"),
    "shiji.recover.not_veiled": ("回収できるのは自分のヴェールした札だけです",
                                 "Only one of your veiled cards can be recovered"),
    "shiji.lead.not_numbers": ("先手決めは手札の数字札２枚（数字組）で行います",
                               "Deciding who goes first uses two number cards (a number shell) from your hand"),
    # 詰み札 (puzzles)
    "shiji.puzzle.unknown": ("その詰み札はありません: {id}", "No such puzzle: {id}"),
    "shiji.puzzle.bad_position": ("詰み札の局面が不正です: {why_ja}", "The puzzle position is invalid: {why_en}"),
    "shiji.puzzle.already_lost": ("詰み札の局面が不正です: 手番の側はもう負けています（並べられる貝札がないか、残り２枚に星札・恐慌札）",
                                  "The puzzle position is invalid: the side to move has already lost (no legal "
                                  "shell, or two cards with a star or panic card)"),
}

REASONS: dict[str, tuple[str, str]] = {
    # shiji.puzzle.bad_position: the description
    "position.not_object": ("オブジェクトではありません", "not an object"),
    "position.lists": ("hands・lands・rows は２人分の札の一覧です", "hands, lands and rows are two lists of cards"),
    "position.turn": ("turn は 0 か 1", "turn must be 0 or 1"),
    "position.to_beat": ("to_beat は 0〜99 か null", "to_beat must be 0-99 or null"),
    "position.star": ("star が不正です", "bad star state"),
    "position.reverse": ("reverse は true か false", "reverse must be true or false"),
    "position.card": ("知らない札があります", "unknown card code"),
    "position.cell": ("市場の札「{cell}」が読めません（ヴェールできるのは数字札だけ）",
                      "market cell '{cell}' is unreadable (only number cards can be veiled)"),
    "position.full_set": ("{player}人目の札が25枚一組になっていません", "player {player}'s cards are not one full set"),
    "position.hand": ("手札は1〜10枚です", "a hand holds 1-10 cards"),
    # shiji.puzzle.bad_position: a position no match can reach
    "reach.half_shell": ("市場の列に１枚だけの貝札があります（貝札は２枚組）", "a market row holds half a shell (shells have two cards)"),
    "reach.panic_star": ("恐慌札と星札（または２枚の恐慌札）が同じ貝札にあります", "a shell holds 恐慌 with a star"),
    "reach.star_pair": ("２枚の星札の貝札が運行の順になっていません", "a two-star shell breaks the star cycle"),
    "reach.merchant": ("恐慌札が市場にあるのに商人札が公開されたまま（または逆）です",
                       "恐慌 in a market row means that player's merchant card was taken (and only then)"),
    "reach.alternate": ("貝札の組数が交互に並べた数になっていません", "the shell counts do not alternate"),
    "reach.balanced": ("星札が並んだ後に00の双札がないのに平衡状態です", "balanced although no 00 pair followed the last star"),
    "reach.star_state": ("星の状態が市場の最後の星札・恐慌札と合いません",
                         "the star state does not match the last star or 恐慌 placed"),
    "reach.order": ("評価の向きが星の状態と合いません（夜・恐慌の後は逆順、それ以外は昇順）",
                    "the order does not match the star state (reverse after Night or 恐慌, else ascending)"),
    "reach.face_up": ("相手が直前に並べた貝札は表向きのはずです", "the opponent's last shell must be face up"),
    "reach.zero_pair": ("相手の直前の貝札で00の双札ができたので平衡状態のはずです",
                        "the opponent's last shell made a 00 pair: balanced"),
    "reach.last_star": ("星の状態が相手の直前の貝札と合いません", "the star state does not match the opponent's last shell"),
    "reach.to_beat": ("超える値が相手の直前の貝札と合いません", "the value to beat does not match the opponent's last shell"),
}
"""The causes a code names in its ``why`` param (``position.turn``...), each in both languages."""

WARNINGS: dict[str, tuple[str, str]] = {
    "shiji.warn.closes": ("この貝札を並べると閉場になり、両者の手札を見せ合って勝負が決まります",
                          "Placing this shell closes the market: both hands are shown and decide the game"),
    "shiji.warn.loses_now": ("この貝札を並べると、その場で負けます（{reason_ja}）",
                             "Placing this shell loses at once ({reason_en})"),
    "shiji.warn.two_with_star": (("この貝札を並べると手札が {cards_ja} の２枚になります。残り２枚に星札・恐慌札があると、"
                                  "相手の星組・恐慌組で札が増えない限り次の手番の初めに負けます（包囲・禁止行為）"),
                                 ("This leaves you with two cards, {cards_en}: two cards including a star or the panic "
                                  "card lose at the start of your next turn (siege: forbidden) unless the opponent's "
                                  "star or panic shell adds cards to your hand")),
    "shiji.warn.one_card": (("この貝札を並べると手札が１枚だけ残ります。１枚では貝札を組めないので、相手の星組・恐慌組で"
                             "札が増えない限り次の手番の初めに負けます（包囲）"),
                            ("This leaves you one card: one card makes no shell, so you lose at the start of your "
                             "next turn (siege) unless the opponent's star or panic shell adds cards to your hand")),
}
WARNINGS["shiji.warn.two_ahead"] = (
    ("この貝札を並べると手札が {cards_ja} の４枚になります。次の手番にどの２枚を並べても、残り２枚に星札・恐慌札が"
     "残ります（星札は数字札か次の星札と組んで早めに使いましょう）"),
    ("This leaves you four cards, {cards_en}: whichever two you place next turn, the last two include a star "
     "or the panic card and cannot go out (pair stars with a number, or with the next star, early)"))
WARNINGS["shiji.warn.one_card_tax"] = (
    ("この貝札を並べると手札が１枚になります。相手が星組を並べると税で山札から１枚加わって２枚になり、それが星札・"
     "恐慌札なら次の手番の初めに負けます（包囲・禁止行為）"),
    ("This leaves you one card: if the opponent places a star shell, its tax draws you a card, and if that "
     "card is a star or the panic card, two cards with one of them lose at the start of your turn (siege: forbidden)"))
WARNINGS["shiji.warn.one_star_tax"] = (
    ("この貝札を並べると手札が {cards_ja} の１枚になります。相手が星組を並べると税で１枚加わって２枚になり、"
     "星札・恐慌札が残るので次の手番の初めに負けます（包囲・禁止行為）"),
    ("This leaves you one card, {cards_en}: if the opponent places a star shell, its tax adds a card, and two "
     "cards with a star or the panic card among them lose at the start of your turn (siege: forbidden)"))
WARN_REASONS = {"rot": ("報酬で手札が10枚を超える: 腐敗", "the reward takes your hand above 10: rot"),
                "bankrupt": ("土地の札が足りない: 破産", "your land is too small: bankruptcy"),
                "siege": ("包囲", "siege"), "forbidden_two": ("禁止行為", "forbidden"),
                "closing": ("閉場", "the market closes")}


def warning_text(code: str, params: dict[str, Any]) -> dict[str, Any]:
    """The warning ``{code, ja, en, params}`` for a placement that loses (see ``rules.danger``)."""
    fmt: dict[str, Any] = dict(params)
    if "reason" in params:
        fmt["reason_ja"], fmt["reason_en"] = WARN_REASONS.get(params["reason"], (params["reason"], params["reason"]))
    if "cards" in params:
        fmt["cards_ja"] = "・".join(NAMES_JA[k] for k in params["cards"])
        fmt["cards_en"] = " and ".join(NAMES_EN[k] for k in params["cards"])
    ja, en = WARNINGS[code]
    clean = {k: ([CODES[c] for c in v] if k == "cards" else v) for k, v in params.items()}
    return {"code": code, "ja": ja.format(**fmt), "en": en.format(**fmt), "params": clean}


NOW = {
    "pick": ("土地から最初の手札を選ぶ", "choose your opening hand from your land"),
    "lead": ("先手決めの数字組を選ぶ", "choose a number pair to decide who goes first"),
    "play": ("ヴェールまたは貝札を並べる", "veil or place a shell"),
    "add": ("土地から手札に加える", "add a land card to your hand"),
    "take": ("土地から札を手札に加える", "add cards from your land to your hand"),
    "recover": ("ヴェールした札を１枚回収する", "recover one veiled card"),
    "kaijo": ("解除（00）するか、相手の雷霆を認める", "cancel with 00 or accept the thunder"),
    "wait": ("相手の番です", "it is the other player's turn"),
}

ENDINGS = {
    # {w}/{l} is プレイヤーN / Player N, which the page shows as あなた / You: English lines read with either
    # ("You went out", "Your hand…", never "You has")
    "agari": ("{w}が上がりました", "{w} went out"),
    "raitei": ("{w}が雷霆（100）で上がりました", "{w} went out with a thunder (100)"),
    "kaijo": ("解除: 00で雷霆が取り消され、引き分け", "Cancelled: 00 undid the thunder; a draw"),
    "rot": ("{l}の手札が10枚を超えました（腐敗）", "{l}'s hand went over 10 cards (rot)"),
    "bankrupt": ("{l}の土地の札が足りません（破産）", "{l}'s land ran out of cards (bankruptcy)"),
    "siege": ("{l}は並べられる貝札がありません（包囲）", "{l} could place no shell (siege)"),
    # {cards_ja}/{cards_en}: the loser's two cards, which the view shows too (to see which card did it)
    "forbidden_two": ("{l}の残り２枚（{cards_ja}）に星札・恐慌札があり上がれません（包囲・禁止行為）",
                      "{l}'s last two cards ({cards_en}) include a star or Panic (siege: cannot go out)"),
    "closing": ("閉場: 手札を公開して比べました", "Market closed after ten rounds: hands compared"),
}




def card_name(kind: int) -> tuple[str, str]:
    """(ja, en) name of a card kind."""
    return NAMES_JA[kind], NAMES_EN[kind] if kind >= 10 else CODES[kind]


def _fill(params: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The templates' fields (card kinds named) and the kept params (kinds as codes)."""
    action = params.get("action", "")
    fmt: dict[str, Any] = dict(params)
    if "card" in params:
        fmt["card_ja"], fmt["card_en"] = card_name(params["card"])
    if "allowed" in params:
        fmt["allowed_ja"] = "・".join(NAMES_JA[k] for k in params["allowed"])
        fmt["allowed_en"] = " or ".join(NAMES_EN[k] for k in params["allowed"])
    if "first" in params:
        fmt["first_ja"], fmt["first_en"] = NAMES_JA[params["first"]], NAMES_EN[params["first"]]
        fmt["next_ja"], fmt["next_en"] = NAMES_JA[next_star(params["first"])], NAMES_EN[next_star(params["first"])]
    if "reverse" in params:
        fmt["order_ja"] = "逆順: 小さい値が優位" if params["reverse"] else "昇順: 大きい値が優位"
        fmt["order_en"] = "reverse order: lower wins" if params["reverse"] else "ascending order: higher wins"
    if fmt.get("to_beat") is None:
        fmt["to_beat"] = 0
    fmt.setdefault("action", action)
    if "why" in params:
        ja, en = REASONS[params["why"]]
        fmt["why_ja"], fmt["why_en"] = ja.format(**fmt), en.format(**fmt)
    clean = {k: (CODES[v] if k in ("card", "star", "first", "second") and isinstance(v, int) else v)
             for k, v in params.items() if k != "action"}
    return fmt, {"action": action, **clean}


DERIVED = {"next": "first", "order": "reverse"}
"""Template fields the filler makes, each from the param it is read from (read by the catalogue test)."""
CATALOGUE = register("shiji", REFUSALS, _fill)
"""Every refusal code of 四時の札遊び (core :func:`~pygames.core.errors.refuse` fills them in)."""
TERMINATIONS = tuple(ENDINGS)
"""The ``Outcome.termination`` codes: how a match of 四時の札遊び ends."""
