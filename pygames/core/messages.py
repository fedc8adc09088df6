"""The refusals of the core and the web door: stable codes with the reason in both languages.

Codes start with ``match.`` (an action or a call on a match), ``record.`` (a saved match or match
file), ``remote.`` (a match played by link), ``link.`` (a share link) or ``api.`` (a call of the
web door). A code whose refusal has several causes keeps one code and names the cause in its
``why`` param, written out from :data:`REASONS`. Params ending in ``_ja``/``_en`` are words for
the text only (an option's label, a wrapped error's text); they are not kept in the error. A seat
is kept 0-based in ``seat`` and shown 1-based (``seat_no``).
"""

from __future__ import annotations

from typing import Any

from .errors import register

_LINK = ("共有リンクを読めません: ", "Cannot read this share link: ")
_ACTION = ("手の書き方が違います: ", "Malformed action: ")
_WHY = ("{why_ja}", "{why_en}")


def seat_name(seat: int) -> tuple[str, str]:
    """(ja, en) generic name of a seat in an engine's text: プレイヤー2 / Player 2. The shell puts in the name
    the screen shows for that seat (web/shell/seats.js ``namedText``: a typed name, コンピュータ…, あなた)."""
    return f"プレイヤー{seat + 1}", f"Player {seat + 1}"


def _prefixed(prefix: tuple[str, str], ja: str, en: str) -> tuple[str, str]:
    return prefix[0] + ja, prefix[1] + en


REFUSALS: dict[str, tuple[str, str]] = {
    # an action, or a call on a match
    "match.bad_action": ("手が文字列ではありません", "The action is not a string"),
    "match.action.empty": _prefixed(_ACTION, "空の手です", "the action is empty"),
    "match.action.too_long": _prefixed(_ACTION, "{limit}文字までです（{length}文字）",
                                       "at most {limit} characters ({length} given)"),
    "match.action.not_ascii": _prefixed(_ACTION, "半角英数字と記号だけで書きます（{char}「{shown}」は使えません）",
                                        "only ASCII letters, digits and signs ({char} '{shown}' is not allowed)"),
    "match.action.spaces": _prefixed(_ACTION, "語と語の間は半角スペース1つで、前後に空白は入れません",
                                     "words are separated by single spaces, with none before or after"),
    "match.action.not_a_number": _prefixed(_ACTION, "「{token}」は半角数字の数ではありません",
                                           "'{token}' is not a number in ASCII digits"),
    "match.action.leading_zero": _prefixed(_ACTION, "数の頭に0は付けません（{token}）",
                                           "numbers have no leading zeros ({token})"),
    "match.action.out_of_range": _prefixed(_ACTION, "数は{min}〜{max}です（{token}）",
                                           "numbers here are {min}-{max} ({token})"),
    "match.action.not_canonical": _prefixed(_ACTION, "「{token}」ではなく「{canonical}」と書きます",
                                            "write '{canonical}', not '{token}'"),
    "match.game_over": ("対局は終わっています", "The game is over"),
    "match.not_your_turn": ("今は{seat_no}番目の席の手番ではありません", "It is not seat {seat_no}'s turn"),
    "match.not_chance": ("今は抽選（札を引く・さいころなど）の番ではありません",
                         "It is not the time for a draw (of cards, dice...)"),
    "match.chance_chosen": ("抽選（札を引く・さいころなど）の結果は指定できません",
                            "The result of a draw (of cards, dice...) cannot be chosen"),
    "match.bad_chance": ("ありえない抽選の結果です（{action}）", "Impossible result of a draw: {action}"),
    "match.no_seed": ("この対局には乱数の種がありません", "This match has no seed for its draws"),
    "match.bad_seed": ("シード（対局番号）は0以上の整数にしてください", "The seed must be a non-negative integer"),
    "match.bad_seat": ("席番号が不正です: {given}", "Bad seat number: {given}"),
    "match.bad_seats": ("人数は{min}〜{max}人です（{seats}人が指定されました）",
                        "This game takes {min}-{max} players, not {seats}"),
    "match.bad_level": ("コンピュータの強さが不正です: {level}", "Unknown computer level: {level}"),
    "match.bad_ply": ("その手数の局面はありません", "No position at that move number"),
    "match.cannot_undo": ("これ以上は戻せません（運が決まった後や、情報が公開された後には戻れません）",
                          "Nothing more can be taken back (never past a draw or revealed information)"),
    "match.undo_nothing": ("まだ戻せる手がありません", "You have nothing to take back yet"),
    "match.undo_chance": ("そのあとで運が決まったので戻せません（{what_ja}）",
                          "Chance has spoken since then, so it cannot be taken back ({what_en})"),
    "match.undo_revealed": ("そのあとで情報が公開されたので戻せません（{what_ja}）",
                            "Something was revealed since then, so it cannot be taken back ({what_en})"),
    "match.unknown_game": ("知らないゲームです: {game}", "Unknown game: {game}"),
    "match.unknown_option": _WHY,
    "match.bad_option": ("設定「{label_ja}」が不正です: {why_ja}", "Option '{label_en}' is invalid: {why_en}"),
    "match.cache_miss": ("対局データを送り直してください", "Send the match record again"),
    # a saved match, a match file
    "record.not_a_match": ("このサイトの対局データではありません", "This is not a match record of this site"),
    "record.invalid": ("対局データが壊れています: {why_ja}", "The match data is damaged: {why_en}"),
    "record.bad_name": ("{seat_no}番目の名前は{most}文字までの文字列にしてください",
                        "Seat {seat_no}'s name must be text of at most {most} characters"),
    "record.bad_level": ("{seat_no}番目のコンピュータの強さが不正です: {level}",
                         "Seat {seat_no} has an unknown computer level: {level}"),
    "record.newer_schema": ("このデータは新しい版（schema {schema}）で作られています。ページを更新してください",
                            "This record comes from a newer version (schema {schema}); reload the site to update"),
    "record.unknown_schema": ("読めない古い形式です（schema {schema}）", "Unknown old format (schema {schema})"),
    "record.too_long": ("手数が多すぎます（{most}手まで）", "Too many actions ({most} at most)"),
    "record.engine_version": ("ルールの版が読めません", "The rules version is unreadable"),
    "record.newer_engine": ("この対局は新しい版のルールで記録されています。ページを更新してください",
                            "This match was recorded with a newer version of the rules; reload the site to update"),
    "record.illegal_action": ("{ply}手目が不正です: {cause_ja}", "Action {ply} is illegal: {cause_en}"),
    "record.too_large": ("対局データが大きすぎます", "This match file is too large"),
    "record.too_deep": ("対局データの入れ子が深すぎます（壊れているか、細工されています）",
                        "This match file is nested too deeply (damaged or crafted)"),
    "record.not_json": ("対局データをJSONとして読めません", "This match file is not valid JSON"),
    # a share link
    "link.invalid": _prefixed(_LINK, *_WHY),
    "link.too_long": _prefixed(_LINK, "長すぎます", "it is too long"),
    "link.too_large": _prefixed(_LINK, "展開すると大きすぎます", "it expands to too much data"),
    "link.too_deep": _prefixed(_LINK, "入れ子が深すぎます（壊れているか、細工されています）",
                               "it is nested too deeply (damaged or crafted)"),
    # a match played by link
    "remote.invalid": ("遠隔対局のデータが不正です: {why_ja}", "The remote match data is invalid: {why_en}"),
    "remote.bad_reveal": ("抽選の公開値が不正です: {why_ja}", "A value revealed for a draw is wrong: {why_en}"),
    "remote.bad_chance": ("{ply}手目の抽選（{run}回目）{why_ja}", "Chance event {run} (action {ply}) {why_en}"),
    "remote.early_reveal": ("{run}回目の抽選の値が、その抽選より前に公開されています",
                            "A value for chance event {run} was revealed before that event"),
    "remote.bad_secret": ("対局の準備の値（対局ID・秘密の値・名前）が不正です",
                          "A value the match is set up with (match id, secret or name) is malformed"),
    "remote.not_remote": ("友だちとリンクで遊ぶ対局ではありません", "This is not a match played by link"),
    "remote.wrong_secret": ("この端末の秘密の値が対局の約束と合いません（別の端末で作った対局かもしれません）",
                            "This device's secret does not match the match's commitment "
                            "(was it made on another device?)"),
    "remote.not_your_seat": ("この端末の席ではありません", "That seat is not played on this device"),
    "remote.bad_ask": ("知らない申し出です", "Unknown request"),
    "remote.ask_pending": ("前の申し出の返事を待っています", "Your last request is still unanswered"),
    "remote.bad_reply": ("返事が不正です", "The answer is malformed"),
    "remote.no_ask": ("答える申し出がありません", "There is no request to answer"),
    "remote.bad_link": ("リンクを読めません（途中で切れているか壊れています）", "Cannot read this link (cut short or damaged)"),
    "remote.gap": _WHY,
    "remote.mismatch": ("このリンクの対局の設定が、この端末の対局と違います",
                        "This link's match settings differ from the match on this device"),
    "remote.head_changed": ("このリンクは、{seat_no}番目の席に別の端末で参加した人からです（同じ招待リンクを2台で開いたのかもしれません）。"
                            "この対局のその席は、先にリンクを返してきた端末です",
                            "This link comes from another device that joined seat {seat_no} (the same invitation "
                            "may have been opened on two devices); in this match that seat is the device whose link "
                            "came back first"),
    "remote.stale_undo": ("待ったより前のリンクです。何も変えていません",
                          "This link is from before a take-back; nothing was changed"),
    "remote.fork": ("このリンクは、この端末の対局と別の流れです: {why_ja}",
                    "This link follows another line of play than this device: {why_en}"),
    "remote.other_match": ("このリンクは別の対局のものです", "This link belongs to another match"),
    "remote.digest": ("リンクの中身が、この端末の対局とつながりません（改ざんされたか、別の流れです）",
                      "The link's content does not fit the match on this device (altered, or another line of play)"),
    "remote.seat_taken": ("その席はもう埋まっています", "That seat is already taken"),
    "remote.no_help": ("友だちとの対局中は使えません。終局後に使えます",
                       "Not during a match with a friend; available once it ends"),
    "remote.unsupported": ("{game_ja}は友だちとリンクでは遊べません: {why_ja}",
                           "{game_en} cannot be played with a friend by link: {why_en}"),
    # a call of the web door
    "api.unknown_call": ("知らない呼び出しです: {call}", "Unknown call: {call}"),
    "api.bad_json": ("引数がJSONではありません", "The arguments are not JSON"),
    "api.bad_args": ("{call} の引数が合いません: {why_ja}", "Wrong arguments for {call}: {why_en}"),
    "api.too_large": ("呼び出しのデータが大きすぎます", "The call's data is too large"),
    "api.too_deep": ("呼び出しのデータの入れ子が深すぎます（壊れているか、細工されています）",
                     "The call's data is nested too deeply (damaged or crafted)"),
}

REASONS: dict[str, tuple[str, str]] = {
    # match.unknown_option, match.bad_option
    "option.unknown": ("知らない設定項目です: {names}", "Unknown option: {names}"),
    "option.newer": ("設定項目「{label_ja}」はこの版のルールにはありません",
                     "Option '{label_en}' does not exist in this version of the rules"),
    "option.bool": ("真偽値ではありません", "not true/false"),
    "option.int": ("整数ではありません", "not an integer"),
    "option.range": ("{min}〜{max}の範囲外です", "outside {min}-{max}"),
    "option.choice": ("選べる値ではありません", "not one of the choices"),
    # record.invalid
    "record.entry": ("手の記録の形が不正です", "a logged action is malformed"),
    "record.entry_seat": ("手の記録の席番号が不正です", "a logged action has a bad seat"),
    "record.log": ("手の記録が一覧ではありません", "the action log is not a list"),
    "record.no_players": ("席の一覧がありません", "the player list is missing"),
    "record.seat": ("{seat_no}番目の席が不正です", "seat {seat_no} is malformed"),
    "record.seat_type": ("{seat_no}番目の席の種類が不正です", "seat {seat_no} has an unknown type"),
    "record.schema": ("形式の版（schema）がありません", "the schema number is missing"),
    "record.field": ("「{field}」の形が不正です", "field '{field}' is malformed"),
    "record.seed": ("乱数の種（seed）が不正です", "the seed is invalid"),
    "record.options": ("設定が大きすぎます", "the options are too large"),
    # link.invalid
    "link.not_text": ("文字列ではありません", "not text"),
    "link.format": ("形式が違います（途中で切れているかもしれません）", "unknown format (it may be cut short)"),
    "link.garbled": ("文字化けしています", "it is garbled"),
    "link.corrupt": ("途中で切れているか壊れています", "it is truncated or corrupt"),
    "link.truncated": ("途中で切れています", "it is truncated"),
    "link.content": ("中身が壊れています", "its content is corrupt"),
    # remote.invalid
    "remote.format": ("形式が違います", "unknown format"),
    "remote.id": ("対局IDが不正です", "the match id is malformed"),
    "remote.heads": ("約束値（チェーンの先頭）が不正です", "a commitment is malformed"),
    "remote.reveals": ("公開値の形が不正です", "a revealed value is malformed"),
    "remote.asks": ("申し出の形が不正です", "a request or answer is malformed"),
    "remote.ask": ("申し出の形が不正です", "a request is malformed"),
    "remote.reply": ("返事の形が不正です", "an answer is malformed"),
    "remote.undos": ("待ったの記録が不正です", "the take-back list is malformed"),
    "remote.ended": ("終局の記録が不正です", "the agreed end is malformed"),
    "remote.undo_count": ("待ったの数が承諾の数と合いません", "the take-backs do not match the accepted requests"),
    "remote.draw": ("引き分けの合意がありません", "a drawn end has no accepted offer"),
    # remote.bad_reveal
    "reveal.chain": ("{seat_no}番目の席が{run}回目の抽選に公開した値が、最初の約束と合いません",
                     "the value seat {seat_no} revealed for chance event {run} does not match its commitment"),
    "reveal.missing": ("{run}回目の抽選の公開値が欠けています", "a value for chance event {run} is missing"),
    # remote.bad_chance
    "chance.missing": ("に全員の公開値がそろっていません", "lacks a revealed value"),
    "chance.mismatch": ("の結果が公開値から出る結果と違います", "does not match the revealed values"),
    # remote.gap
    "gap.first": ("このブラウザにはまだこの対局がありません。参加したときと同じブラウザでこのリンクを開いてください"
                  "（チャットアプリの中のブラウザは別のブラウザです。リンクをコピーして貼り付けます）。"
                  "まだ参加していなければ、相手から届いた最初のリンクを開いてください",
                  "This browser does not have this match yet: open this link in the browser you joined in (a chat "
                  "app's own browser is another one: copy the link and paste it there). If you have not joined yet, "
                  "open the first link your friend sent"),
    "gap.earlier": ("この前に送られたリンクがまだ開かれていません。先に前のリンクを開くか、相手に新しいリンクを頼んでください",
                    "An earlier link has not been opened here: open it first, or ask your friend for a new link"),
    # remote.fork
    "fork.moves": ("同じ局面から違う手が指されています。両方を残しました",
                   "different moves were played from the same position. Both versions are kept"),
    "fork.contradicts": ("記録が食い違います。両方を残しました", "the records contradict each other. Both versions are kept"),
    "fork.undos": ("待ったの記録が食い違います", "the take-backs differ"),
    # remote.unsupported
    "unsupported.hidden": ("手札や伏せた注文など相手に見せない情報が、リンクで相手の端末に渡ってしまいます",
                           "hidden cards or sealed orders would reach the friend's device in the links"),
    "unsupported.not_yet": ("まだ対応していません", "not supported yet"),
    # api.bad_args
    "args.not_object": ("オブジェクトで渡してください", "they must be an object"),
    "args.names": ("名前か数が違います", "a name is unknown or missing"),
}
"""The causes a code names in its ``why`` param (``record.seat``...), each in both languages."""

DERIVED = {"seat_no": "seat", "names": "keys", "shown": "char"}
"""Template fields the filler makes, each from the param it is read from (read by the catalogue test)."""


def _shown(char: Any) -> str:
    """The character a ``U+XXXX`` param names, as a message can show it (control characters as their code)."""
    try:
        ch = chr(int(str(char)[2:], 16))
    except ValueError:
        return str(char)
    return ch if ch.isprintable() else f"\\u{ord(ch):04x}"


def _fill(params: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The templates' fields (the cause written out, seats 1-based) and the kept params (text-only words left out)."""
    fields: dict[str, Any] = dict(params)
    if isinstance(params.get("seat"), int):
        fields["seat_no"] = params["seat"] + 1
    if "keys" in params:
        fields["names"] = ", ".join(map(str, params["keys"]))
    if "char" in params:
        fields["shown"] = _shown(params["char"])
    if "why" in params:
        ja, en = REASONS[params["why"]]
        fields["why_ja"], fields["why_en"] = ja.format(**fields), en.format(**fields)
    kept = {k: v for k, v in params.items() if not k.endswith(("_ja", "_en"))}
    return fields, kept


PREFIXES = ("match", "record", "link", "remote", "api")
"""The first words of the core's codes (one catalogue registered per prefix)."""
CATALOGUE: dict[str, tuple[str, str]] = {
    code: texts for prefix in PREFIXES
    for code, texts in register(prefix, {c: t for c, t in REFUSALS.items() if c.split(".", 1)[0] == prefix},
                                _fill).items()}
"""Every refusal code of the core and the web door (:func:`~pygames.core.errors.refuse` fills them in)."""
