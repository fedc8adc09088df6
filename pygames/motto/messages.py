"""The refusals of モットコイン: stable codes with the rule and the reason in both languages."""

from __future__ import annotations

from typing import Any

from pygames.core.errors import register

CATALOGUE = {
    "motto.bad_action": ("「{action30}」という手はありません（書き方は bid 6,5 か pass）",
                         "There is no action '{action30}' (write bid 6,5 or pass)"),
    "motto.bid.syntax": ("入札は「bid 6,6,1」のように目をカンマで区切って書きます",
                         "Write a bid as 'bid 6,6,1': the faces separated by commas"),
    "motto.bid.bad_face": ("ダイスの目は1〜6です", "Dice faces are 1 to 6"),
    "motto.bid.not_canonical": ("目は大きい順に書いてください（{canonical}）", "List the faces from high to low: {canonical}"),
    "motto.bid.not_enough_dice": ("手元の使えるダイスは{free}個です（コインに載ったダイスは競りに使えません）",
                                  "You have {free} free dice (dice on coins cannot be bid)"),
    "motto.bid.too_weak": ("今の入札（{shown}）より強くありません。6の目の数、次に5の目の数…の順に比べます",
                           "Not stronger than the standing bid ({shown}): compare the count of 6s, then 5s, and so on"),
    "motto.recover.not_lowest": ("最小1個回収: 一番小さい目のダイスが載ったコインを選んでください",
                                 "Recover one lowest die: choose a coin that holds one of your lowest dice"),
    "motto.bad_start": ("スタートプレイヤーは1〜{seats}番目の席か抽選から選んでください",
                        "The start player must be seat 1 to {seats} or drawn by lot"),
}
"""Every refusal code of モットコイン (core :func:`~pygames.core.errors.refuse` fills them in)."""
DERIVED = {"shown": "standing", "action30": "action"}
"""Template fields the filler makes, each from the param it is read from (read by the catalogue test)."""
TERMINATIONS = ("fork", "exhausted")
"""The ``Outcome.termination`` codes: the 4th hard fork came up, or no coin was left to auction."""


def _fill(params: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The templates' fields (the standing bid written out, the action cut short) and the params."""
    fields = dict(params, shown=",".join(map(str, params.get("standing", ()))),
                  action30=str(params.get("action", ""))[:30])
    return fields, params


register("motto", CATALOGUE, _fill)
