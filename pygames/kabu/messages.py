"""The refusals of 株式デュエル: stable codes with the rule and the reason in both languages."""

from __future__ import annotations

from typing import Any

from pygames.core.errors import register

from . import cards
from .state import MAX_LIMIT, PHASE_SIDE

_DECK_JA = "デッキが規定に合いません: "
_DECK_EN = "The deck breaks a limit: "

REFUSALS: dict[str, tuple[str, str]] = {
    "kabu.bad_action": ("手の書き方が違います: {action}（例: buy S03 limit 12 x2）",
                        "Malformed action: {action} (e.g. buy S03 limit 12 x2)"),
    "kabu.not_now": ("今はその操作はできません: {action}", "That cannot be done now: {action}"),
    "kabu.order.not_now": ("今は注文を出せません（注文は⑤⑥⑨⑩だけ）", "Orders can only be entered in phases 5, 6, 9 and 10"),
    "kabu.order.already_done": ("このフェーズの注文はもう確定しました", "You already confirmed your orders for this phase"),
    "kabu.order.bad_quantity": ("数量は1株以上です", "The quantity must be at least 1 share"),
    "kabu.order.bad_price": ("指値は1〜{max_limit}の整数（単位・半角数字）です: {price}",
                             "A limit price is a whole number of units, 1-{max_limit}, in ASCII digits: {price}"),
    "kabu.order.unknown_issue": ("このデュエルにない銘柄です: {issue}", "No such issue in this duel: {issue}"),
    "kabu.order.wrong_phase": ("このフェーズ（{phase}）で出せる・変えられるのは{want_ja}だけです",
                               "In phase {phase} only {want_en} orders may be placed, changed or cancelled"),
    "kabu.order.not_enough_shares": ("売り注文は自分の口座の株だけです: {issue_ja}は注文可能な株が{most}株（{excess}株多い）",
                                     "Sell orders are for your own shares only: {most} share(s) of {issue_en} free "
                                     "({excess} too many)"),
    "kabu.order.too_many": ("{issue_ja}は自分以外に{most}株しかありません（{excess}株多い）",
                            "Only {most} more share(s) of {issue_en} exist outside your account ({excess} too many)"),
    "kabu.order.unknown_order": ("あなたの未約定注文に{order}（注文番号）はありません", "You have no open order {order}"),
    "kabu.order.sell_quantity": ("数量変更は買い注文だけです。売り注文は取り消して出し直してください",
                                 "Only buy orders may change quantity; cancel the sell order and place a new one"),
    "kabu.order.no_change": ("注文の内容が変わっていません", "The order is unchanged"),
    "kabu.tool.wrong_timing": ("「{tool_ja}」（{tool}）は今は使えません（使える時: {timing_ja}）",
                               "'{tool_en}' ({tool}) cannot be used now (timing: {timing_en})"),
    "kabu.tool.bad_issue": ("「{tool_ja}」で売れない銘柄です: {issue_ja}（売れるのは {allowed_ja}）",
                            "'{tool_en}' cannot sell {issue_en} (it may sell {allowed_en})"),
    "kabu.tool.too_many": ("{issue_ja}は{most}株まで売れます（{excess}株多い）",
                           "At most {most} share(s) of {issue_en} ({excess} too many)"),
    "kabu.tool.unknown": ("知らないツールです: {tool}", "Unknown tool: {tool}"),
    "kabu.tool.not_in_hand": ("「{tool_ja}」は手札にありません（使用済みか、デッキに入っていません）",
                              "'{tool_en}' is not in your hand (used already or not in your deck)"),
    "kabu.tool.one_issue": ("損切り判断で売れるのは1銘柄だけです", "Stop-loss call sells shares of one issue only"),
    "kabu.tool.empty_deck": ("相手のイベント山札は空です", "The opponent's event deck is empty"),
    "kabu.tool.already_known": ("相手の山札の一番上はもう見ています", "You already know the top of that deck"),
    "kabu.tool.orders_known": ("このフェーズの相手の注文はもう見ています", "You already see the opponent's orders this phase"),
    "kabu.tool.bad_choice": ("引いた2枚（{cards[0]:+d}, {cards[1]:+d}）から選んでください",
                             "Choose one of the two drawn cards ({cards[0]:+d}, {cards[1]:+d})"),
    "kabu.janken.bad_hand": ("じゃんけんは rock / paper / scissors（グー・パー・チョキ）です",
                             "Janken takes rock, paper or scissors"),
    "kabu.liquidate.no_shares": ("{issue_ja}の株を持っていません", "You hold no shares of {issue_en}"),
    "kabu.deck.bad_years": ("年数は1・2・3のどれかです", "Years must be 1, 2 or 3"),
    "kabu.deck.unknown_deck": (_DECK_JA + "用意されたデッキ「{deck}」はありません",
                               _DECK_EN + "there is no ready-made deck '{deck}'"),
    "kabu.deck.bad_shape": (_DECK_JA + "{{stocks, events, tools}} の形で、どれもカードIDの一覧にしてください",
                            _DECK_EN + "use the shape {{stocks, events, tools}}, each a list of card ids"),
    "kabu.deck.unknown_card": (_DECK_JA + "知らないカードです: {card}", _DECK_EN + "unknown card: {card}"),
    "kabu.deck.stock_count": (_DECK_JA + "株式カードはちょうど{need}枚です（{count}枚、{off}枚{off_ja}）",
                              _DECK_EN + "exactly {need} stock cards are needed ({count}, {off} too {off_en})"),
    "kabu.deck.too_few_events": (_DECK_JA + "{years}年ゲームのイベントカードは{need}枚以上です（{count}枚、{short}枚足りない）",
                                 _DECK_EN + "a {years}-year duel needs at least {need} event cards ({count}, {short} short)"),
    "kabu.deck.too_many_copies": (_DECK_JA + "同じイベントカード（{card} {card_ja}）は{limit}枚までです（{count}枚、{over}枚多い）",
                                  _DECK_EN + "at most {limit} copies of one event card ({card} {card_en}: {count}, "
                                  "{over} too many)"),
    "kabu.deck.event_cost": (_DECK_JA + "{years}年ゲームのイベントのコスト合計は{limit}までです（{cost}、{over}超過）",
                             _DECK_EN + "a {years}-year duel allows event cost up to {limit} (total {cost}, {over} over)"),
    "kabu.deck.too_many_tools": (_DECK_JA + "{years}年ゲームのツール・分析カードは{limit}枚までです（{count}枚、{over}枚多い）",
                                 _DECK_EN + "a {years}-year duel allows at most {limit} tool cards ({count}, "
                                 "{over} too many)"),
}

DERIVED = {"want": "phase", "off": "count", "max_limit": "", "timing": "tool", "excess": "most"}
"""Template fields the filler makes, each from the param it is read from ("" for a constant); the
catalogue test reads this to match templates with call sites."""

TERMINATIONS = ("assets", "equal_assets", "bankrupt", "both_bankrupt")
"""The ``Outcome.termination`` codes: won or drawn on total assets, or one or both players bankrupt."""


def card_name(card: str, lang: str) -> str:
    """A card's (issue's, tool's, event's) name in ``lang`` for messages; unknown ids are shown cut short."""
    cat = cards.catalog()
    for pool in ("stocks", "tools", "events"):
        if card in cat[pool]:
            return str(cat[pool][card][f"name_{lang}"])
    return card[:8]


def _fill(params: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The templates' fields (cards named, the figures a text derives) and the params unchanged."""
    f: dict[str, Any] = dict(params, max_limit=MAX_LIMIT)
    for key in ("issue", "tool", "card"):
        if isinstance(params.get(key), str):
            f[f"{key}_ja"], f[f"{key}_en"] = card_name(params[key], "ja"), card_name(params[key], "en")
    if isinstance(params.get("tool"), str) and params["tool"] in cards.catalog()["tools"]:
        data = cards.tool(params["tool"])
        f["timing_ja"], f["timing_en"] = data["timing_ja"], data["timing_en"]
    if "allowed" in params:
        f["allowed_ja"] = "、".join(card_name(i, "ja") for i in params["allowed"]) or "なし"
        f["allowed_en"] = ", ".join(card_name(i, "en") for i in params["allowed"]) or "nothing"
    if "phase" in params:
        want = PHASE_SIDE.get(params["phase"], "buy")
        f["want_ja"], f["want_en"] = ("買い注文（⑤⑨）", "buy") if want == "buy" else ("売り注文（⑥⑩）", "sell")
    if "need" in params and "count" in params:
        f["off"] = abs(params["count"] - params["need"])
        f["off_ja"], f["off_en"] = ("多い", "many") if params["count"] > params["need"] else ("足りない", "few")
    if "most" in params and "qty" in params:
        f["excess"] = params["qty"] - params["most"]
    return f, params


CATALOGUE = register("kabu", REFUSALS, _fill)
"""Every refusal code of 株式デュエル (core :func:`~pygames.core.errors.refuse` fills them in)."""
