"""The refusals of 集大成将棋: stable codes with the rule and the reason in both languages.

A code whose refusal has several causes (a bad SFEN, an unreadable record file...) keeps one code and
names the cause in its ``why`` param, written out from :data:`REASONS`. Params ending in ``_ja``/``_en``
are words for the text only (a square, a piece named in each language); they are not kept in the error.
"""

from __future__ import annotations

from typing import Any

from pygames.core.errors import register

from .cards import KIND_JA, KINDS, NULLIFY
from .pieces import SPECIALS

FOULS = {
    "nifu": ("二歩は禁じ手です: 同じ筋に自分の成っていない歩があります（二歩の判定は成りより先です）",
             "Two pawns (nifu) is a foul: you already have an unpromoted pawn on that file (checked before promotion)"),
    "immune_leap": ("その駒は射程移動では取れません（カードの特殊効果）: 取ると反則負けです",
                    "That piece cannot be captured by a leap (射程移動, a card's special): capturing it is a foul"),
    "immune_slide": ("その駒は矢印移動では取れません（カードの特殊効果）: 取ると反則負けです",
                     "That piece cannot be captured by a slide (矢印移動, a card's special): capturing it is a foul"),
    "declaration": ("入玉宣言の条件を満たしていない宣言は負けです",
                    "A declaration of a win by entering king that does not meet the conditions loses"),
    "promotion": ("成れるのは敵陣で移動を始めるか終えるときだけです: 成り／不成の間違いは反則負けです",
                  "You may promote only when the move starts or ends in the enemy camp: a wrong promotion is a foul"),
}

_SFEN = ("SFENが不正です: ", "Invalid SFEN: ")
_CARD = ("カードが不正です: ", "Invalid card: ")
_WHY = ("{why_ja}", "{why_en}")


def _prefixed(prefix: tuple[str, str], ja: str, en: str) -> tuple[str, str]:
    return prefix[0] + ja, prefix[1] + en


REFUSALS: dict[str, tuple[str, str]] = {
    **{f"shogi.foul.{code}": FOULS[code] for code in ("nifu", "immune_leap", "immune_slide", "promotion")},
    # a move or a turn action
    "shogi.bad_action": ("手の書き方が違います: {action}（例: 7g7f, 8h2b+, P*5e, draw, resign）",
                         "Not a valid action: {action} (e.g. 7g7f, 8h2b+, P*5e, draw, resign)"),
    "shogi.wrong_phase": ("今は駒を指す手番ではありません", "It is not the time for a turn action"),
    "shogi.not_in_hand": ("{piece_ja}を持っていません", "You have no {piece_en} in hand"),
    "shogi.occupied": ("駒のあるマスには打てません", "You can only drop on an empty square"),
    "shogi.dead_piece": ("行き所のない駒は打てません（本将棋）",
                         "A piece may not be dropped where it could never move (standard shogi)"),
    "shogi.illegal_action": ("その手は指せません", "That move is not legal now"),
    "shogi.no_piece": ("{square_ja}に自分の駒がありません", "There is no piece of yours on {square_en}"),
    "shogi.unreachable": ("{from_ja}の{piece_ja}は{to_ja}へ動けません{changed_ja}",
                          "The {piece_en} on {from_en} cannot move to {to_en}{changed_en}"),
    "shogi.cannot_promote": ("{piece_ja}は成れません", "That piece ({piece_en}) cannot promote"),
    "shogi.promotion_zone": ("成れるのは敵陣で移動を始めるか終えるときだけです",
                             "You may promote only when the move starts or ends in the enemy camp"),
    "shogi.must_promote": ("行き所のない駒になるので成らなければなりません（本将棋）",
                           "This piece must promote: it could never move again (standard shogi)"),
    "shogi.uchifuzume": ("打ち歩詰めは禁じ手です（本将棋）", "Checkmating by a pawn drop is illegal (standard shogi)"),
    "shogi.self_check": ("自玉が取られる手は指せません（本将棋: 王手放置・自殺手）",
                         "That move leaves your king in check (standard shogi)"),
    "shogi.bad_chance": ("山札にないカードです", "That card is not in the deck"),
    "shogi.bad_choice": ("選べるのは {choices_ja} です", "Choose one of {choices_en}"),
    "shogi.no_pending_draw": ("引いたカードがないので有効・無効は選べません", "There is no drawn card to switch on or off"),
    "shogi.draw.hon": ("本将棋にドローはありません", "There is no draw turn in standard shogi"),
    "shogi.draw.setup_variant": ("セットアップのルールではドローしません", "The setup variant has no drawing"),
    "shogi.draw.no_cards": ("山札にも捨札にもカードがありません", "Neither the deck nor the discard pile has cards"),
    "shogi.draw.in_check": ("王手を受けているときはドローできません（2019年ルール）",
                            "You may not draw while your king is in check (2019 rule)"),
    "shogi.declare.off": ("この対局に入玉宣言はありません（本将棋で入玉宣言ありのときだけ）",
                          "There is no entering-king declaration in this match (standard shogi with the declaration on)"),
    "shogi.declare.king_not_in_camp": ("入玉宣言できません: 玉が敵陣（相手側の3段）に入っていません",
                                       "You cannot declare: your king is not in the enemy camp (the opponent's three ranks)"),
    "shogi.declare.in_check": ("入玉宣言できません: 王手がかかっています", "You cannot declare while your king is in check"),
    "shogi.declare.pieces": ("入玉宣言できません: 敵陣にある玉以外の駒が{pieces}枚です（{need}枚以上必要）",
                             "You cannot declare: {pieces} of your pieces besides the king are in the enemy camp "
                             "({need} needed)"),
    "shogi.declare.points": ("入玉宣言できません: 点数が{points}点です（{need}点以上必要: 飛角は5点、ほかは1点）",
                             "You cannot declare: you have {points} points ({need} needed: rook and bishop 5, others 1)"),
    "shogi.no_clock": ("この対局には時計がありません", "This match has no clock"),
    # options of a new match
    "shogi.option.deck": ("山札の指定はピックアップのときだけです", "A deck is only given for the pick-up variant"),
    "shogi.option.active": ("有効カードの指定はセットアップのときだけです", "Active cards are only given for the set-up variant"),
    "shogi.option.handicap_sfen": ("駒落ちと開始局面は同時に指定できません",
                                   "A handicap and a start position cannot both be given"),
    "shogi.option.handicap": ("知らない駒落ちです", "Unknown handicap"),
    "shogi.option.sfen": ("SFENは文字列にしてください", "The SFEN must be text"),
    "shogi.option.clock": ("持ち時間は0〜{max_main}秒、秒読みは0〜{max_byoyomi}秒（どちらかは1秒以上）にしてください",
                           "The clock takes 0-{max_main} s main time and 0-{max_byoyomi} s byoyomi "
                           "(one of them at least 1 s)"),
    "shogi.option.record": ("棋譜の情報が不正です: {why_ja}", "Bad record information: {why_en}"),
    "shogi.unknown_card": ("知らないカードです: {card}", "Unknown card: {card}"),
    # cards, decks and set-ups
    "shogi.card.not_object": _prefixed(_CARD, "カードはオブジェクトにしてください", "a card must be an object"),
    "shogi.card.bad_id": _prefixed(_CARD, "idは英数字・-・_の1〜40文字にしてください",
                                   "id must be 1-40 characters of letters, digits, - and _"),
    "shogi.card.bad_name": _prefixed(_CARD, "「{card}」の名前は1〜20文字にしてください", "'{card}': name must be 1-20 characters"),
    "shogi.card.bad_kind": _prefixed(_CARD, "「{card}」の種類は {kinds} のどれかです", "'{card}': kind must be one of {kinds}"),
    "shogi.card.unknown_field": _prefixed(_CARD, "「{card}」{where_ja}に知らない項目があります: {fields}",
                                          "'{card}'{where_en} has unknown fields: {fields}"),
    "shogi.card.bad_faces": _prefixed(_CARD, "「{card}」のfacesは base と promoted を持つオブジェクトです",
                                      "'{card}': faces must be an object with base and promoted"),
    "shogi.card.nullify_faces": _prefixed(_CARD, "「{card}」: カード無効化に面は書けません", "'{card}': a nullify card has no faces"),
    "shogi.card.no_promoted_face": _prefixed(_CARD, "「{card}」: 金は成らないので成り面は書けません",
                                             "'{card}': gold never promotes, so it has no promoted face"),
    "shogi.card.no_face": _prefixed(_CARD, "「{card}」: 少なくとも一つの面を書いてください", "'{card}': print at least one face"),
    "shogi.card.not_list": _prefixed(_CARD, "オリジナルカードは{most}枚までの一覧にしてください",
                                     "user cards must be a list of at most {most}"),
    "shogi.card.duplicate_id": _prefixed(_CARD, "id「{card}」は既に使われています", "id '{card}' is already used"),
    "shogi.card.bad_face": _prefixed(_CARD, "「{card}」{why_ja}", "'{card}': {why_en}"),
    "shogi.card.bad_specials": _prefixed(_CARD, "「{card}」の特殊効果は {specials} から選んでください",
                                         "'{card}': specials must be distinct values of {specials}"),
    "shogi.card.bad_offsets": _prefixed(_CARD, "「{card}」の{field}{why_ja}", "'{card}': {field} {why_en}"),
    "shogi.card.duplicate_offset": _prefixed(_CARD, "「{card}」の{field} {offset} が重複しています",
                                             "'{card}': {field} {offset} appears twice"),
    "shogi.deck.size": ("ピックアップの山札は16の倍数の枚数です（{size}枚）", "A pickup deck has a multiple of 16 cards ({size} given)"),
    "shogi.deck.ratio": ("ピックアップの山札（{size}枚）は{kind_ja}を{need}枚にしてください（{have}枚）",
                         "A pickup deck of {size} cards needs {need} {kind} cards ({have} given)"),
    "shogi.deck.not_list": ("deck はカードidの一覧にしてください", "deck must be a list of card ids"),
    "shogi.deck.unknown_card": ("知らないカードです: {card}", "Unknown card: {card}"),
    "shogi.active.not_list": ("active はカードidの一覧にしてください", "active must be a list of card ids"),
    "shogi.active.unknown_card": ("知らないカードです: {card}", "Unknown card: {card}"),
    "shogi.setup.count": ("セットアップでは1〜7枚を選んでください（{size}枚）", "Setup takes 1-7 cards ({size} given)"),
    "shogi.setup.nullify": ("セットアップにカード無効化は使えません", "A nullify card cannot be active"),
    "shogi.setup.same_kind": ("同じ種類（{kind_ja}）のカードは1枚しか有効にできません",
                              "Only one active card per kind ({kind} given twice)"),
    # positions and record files
    "shogi.sfen.invalid": _prefixed(_SFEN, *_WHY),
    "shogi.sfen.kings": _prefixed(_SFEN, *_WHY),
    "shogi.sfen.nifu": _prefixed(_SFEN, "二歩です（{side_ja}の歩が{file}筋に{count}枚）",
                                 "two pawns (nifu): {side_en} has {count} pawns on file {file}"),
    "shogi.sfen.dead_piece": _prefixed(_SFEN, "行き所のない駒です（{square_ja}の{piece_ja}）",
                                       "a {piece_en} on {square} could never move"),
    "shogi.sfen.opponent_in_check": _prefixed(_SFEN, "手番でない側の玉に王手がかかっています（玉を取れる局面です）",
                                              "the side not to move is in check (its king could be captured)"),
    "shogi.csa.invalid": ("CSAを読めません: {why_ja}", "Cannot read the CSA record: {why_en}"),
    "shogi.kif.invalid": ("棋譜を読めません: {why_ja}", "Cannot read the record: {why_en}"),
    "shogi.file.not_bytes": ("ファイルの中身がありません", "The file has no content"),
    "shogi.file.too_large": ("ファイルが大きすぎます（2MBまで）", "The file is too large (2 MB at most)"),
    "shogi.file.encoding": _WHY,
    "shogi.file.base64": _WHY,
    "shogi.game_over": ("対局は終わっています", "the game is already over"),
    "shogi.import.wrong_side": ("手番でない側の指し手です", "a move by the side not to move"),
    "shogi.import.unreadable": _WHY,
    "shogi.import.no_previous": ("「同」の前に指し手がありません", "'同' with no previous move"),
    "shogi.import.ambiguous": ("「{token}」はどの駒の手か決まりません", "'{token}' could be more than one move"),
    "shogi.import.illegal": ("「{token}」は指せない手です", "'{token}' is not a legal move"),
    # the study calls (export, analysis, review, branches)
    "shogi.not_shogi": ("将棋の対局ではありません", "This is not a shogi match"),
    "shogi.export.format": ("知らない形式です: {format}", "Unknown format: {format}"),
    "shogi.export.encoding": ("文字コードは utf-8 か shift_jis です", "Encoding must be utf-8 or shift_jis"),
    "shogi.analysis.nodes": ("読む量は{min}〜{max}にしてください", "The search budget must be {min}-{max} nodes"),
    "shogi.analysis.no_move": ("この局面では指し手を調べられません", "There is no move to look at in this position"),
    "shogi.analysis.candidates": ("候補手は1〜3手です", "Candidates must be 1-3"),
    "shogi.review.range": ("振り返りの範囲が正しくありません", "The review range is not valid"),
    "shogi.review.scores": ("振り返りのデータが{why_ja}", "The review data is {why_en}"),
    "shogi.branch.other_game": ("この棋譜の本譜はこの対局の手順と違います", "The record's main line is not this game's moves"),
    "shogi.branch.invalid": ("変化の{why_ja}が正しくありません", "The {why_en}"),
    "shogi.branch.illegal": ("変化の{move}手目は指せません", "Move {move} of the branch is not legal"),
}

REASONS: dict[str, tuple[str, str]] = {
    # shogi.sfen.invalid / kings
    "sfen.not_text": ("文字列ではありません", "not a string"),
    "sfen.fields": ("盤・手番・持ち駒（・手数）の欄がありません", "needs board, side, hands (and move number)"),
    "sfen.ranks": ("盤は9段です", "the board needs 9 ranks"),
    "sfen.digit": ("数字の位置が不正です", "misplaced digit"),
    "sfen.double_plus": ("+が続いています", "double +"),
    "sfen.cannot_promote": ("{char}は成れません", "{char} cannot promote"),
    "sfen.character": ("知らない文字「{char}」", "unknown character '{char}'"),
    "sfen.squares": ("各段は9マスです", "each rank needs 9 squares"),
    "sfen.side": ("手番はbかwです", "side must be b or w"),
    "sfen.hand_piece": ("持ち駒の文字「{char}」が不正です", "bad hand piece '{char}'"),
    "sfen.hand_count": ("持ち駒の数が不正です", "bad hand count"),
    "sfen.count_alone": ("持ち駒の数の後に駒がありません", "count without a piece"),
    "sfen.move_number": ("手数が不正です", "bad move number"),
    "sfen.too_many_pieces": ("駒の数が多すぎます", "too many pieces of one kind"),
    "sfen.too_many_kings": ("玉が多すぎます", "too many kings"),
    "sfen.no_king": ("玉がありません（詰将棋でも受け方の玉は必要です）",
                     "there is no king (even a tsume problem needs the defender's king)"),
    # shogi.option.record
    "record.keys": ("end, comments, composed だけを書けます", "only 'end', 'comments' and 'composed' are allowed"),
    "record.composed": ("composed は true か false です", "'composed' is true or false"),
    "record.end": ("終わり方が読めません", "unknown end"),
    "record.winner": ("勝った側が不正です", "bad winner"),
    "record.ply": ("終わった手数が不正です", "bad ply"),
    "record.comments": ("コメントの一覧が不正です", "bad comment list"),
    "record.comment": ("コメントが不正です", "bad comment"),
    # shogi.card.bad_face / bad_offsets
    "face.not_object": ("の{face}面はオブジェクトかnullにしてください", "face '{face}' must be an object or null"),
    "face.standard_moves": (": \"move\": \"standard\" の面に動きは書けません",
                            "a face with \"move\": \"standard\" cannot list moves"),
    "face.standard_immobile": (": 標準の動きと「動けません」は両立しません", "standard move and immobile contradict"),
    "face.move": (": move は \"standard\" だけが書けます", "move may only be \"standard\""),
    "face.immobile_moves": (": 動けない駒に動きは書けません", "an immobile face cannot list moves"),
    "offsets.not_list": ("は[dx, dy]の一覧にしてください", "must be a list of [dx, dy]"),
    "offsets.entry": ("に[dx, dy]の形でない値があります", "has an entry that is not [dx, dy]"),
    "offsets.range": (" {offset} は範囲外です（{range_ja}）", "{offset} is out of range ({range_en})"),
    # shogi.csa.invalid
    "csa.pi_piece": ("PIの駒「{piece}」がありません", "PI removes a missing piece '{piece}'"),
    "csa.row": ("盤面の行 P{row} が読めません", "cannot read board row P{row}"),
    "csa.piece": ("駒「{piece}」が読めません", "unknown piece '{piece}'"),
    "csa.rows": ("盤面の行P1〜P9がそろっていません", "rows P1-P9 are incomplete"),
    "csa.hand": ("持駒に成駒・玉は置けません", "promoted pieces or kings cannot be in hand"),
    "csa.not_text": ("文字列ではありません", "not text"),
    "csa.no_line": ("CSAとして読める行がありません", "no line reads as CSA"),
    # shogi.kif.invalid
    "kif.hand": ("持駒「{part}」が読めません", "cannot read the pieces in hand '{part}'"),
    "kif.ranks": ("盤面図が9段ありません", "the board diagram does not have 9 ranks"),
    "kif.piece": ("盤面図に知らない駒「{char}」があります", "unknown piece '{char}' in the board diagram"),
    "kif.squares": ("盤面図の段が9マスではありません", "a board-diagram rank does not have 9 squares"),
    "kif.not_text": ("文字列ではありません", "not text"),
    "kif.too_large": ("大きすぎます", "too large"),
    "kif.handicap": ("知らない手合割です: {handicap}", "unknown handicap: {handicap}"),
    "kif.no_diagram": ("持駒の行はあるのに盤面図がありません", "pieces in hand are given but no board diagram"),
    "kif.no_line": ("棋譜（KIF/KI2）として読める行がありません{notice_ja}", "no line of this text reads as a KIF or KI2 record{notice_en}"),
    "kif.first_illegal": ("{ply}手目「{token}」は指せない手です{reason_ja}", "move {ply} '{token}' is illegal{reason_en}"),
    # shogi.file.*
    "file.unknown": ("文字コードが読めません（UTF-8でもShift_JISでもEUC-JPでもありません）",
                     "Cannot read the text: it is neither UTF-8 nor Shift_JIS nor EUC-JP"),
    "file.broken": ("文字コード（{encoding}）が壊れています", "The text is not valid {encoding}"),
    "file.missing": ("ファイルの中身がありません（base64の文字列にしてください）", "The file content is missing (give it as base64 text)"),
    "file.not_base64": ("ファイルの中身が壊れています（base64ではありません）", "The file content is damaged (not base64)"),
    # shogi.import.unreadable
    "import.piece": ("駒「{kind}」が読めません", "unknown piece '{kind}'"),
    "import.move": ("「{token}」は指し手として読めません", "'{token}' does not read as a move"),
    "import.move_piece": ("「{token}」の駒が読めません", "'{token}': unknown piece"),
    # shogi.review.scores, shogi.branch.invalid
    "review.missing": ("足りません", "incomplete"),
    "review.invalid": ("正しくありません", "not valid"),
    "branch.moves": ("手順", "branch is not a list of moves"),
    "branch.list": ("一覧", "branches are not a list"),
}
"""The causes a code names in its ``why`` param (``sfen.ranks``...), each in both languages."""

DERIVED = {"kinds": "", "specials": ""}
"""Template fields the filler makes from constants (read by the catalogue test)."""

TERMINATIONS = ("checkmate", "no_moves", "perpetual_check", "repetition", "max_plies", "king_captured", "resign",
                "timeout", "declaration", *(f"foul.{code}" for code in FOULS),
                *(f"record.{code}" for code in ("foul", "time_up", "declaration", "impasse", "draw", "default")))
"""The ``Outcome.termination`` codes (also ``details["code"]``): how a match of shogi ends. ``declaration``:
入玉宣言; ``timeout``: a clock's time ran out; ``record.*``: the end an imported record gives where its moves do
not end the game."""


def foul_json(code: str | None) -> dict[str, str] | None:
    """A foul as the view shows it."""
    if code is None:
        return None
    ja, en = FOULS[code]
    return {"code": f"shogi.foul.{code}", "ja": ja, "en": en}


def _fill(params: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The templates' fields (the cause written out, kinds named) and the kept params (words for the text left out)."""
    fields: dict[str, Any] = dict(params, kinds=f"{' '.join(KINDS)} {NULLIFY}", specials=", ".join(SPECIALS))
    if "why" in params:
        ja, en = REASONS[params["why"]]
        fields["why_ja"], fields["why_en"] = ja.format(**fields), en.format(**fields)
    if "kind" in params:
        fields["kind_ja"] = KIND_JA.get(params["kind"], params["kind"])
    kept = {k: v for k, v in params.items() if not k.endswith(("_ja", "_en"))}
    return fields, kept


CATALOGUE = register("shogi", REFUSALS, _fill)
"""Every refusal code of 集大成将棋 (core :func:`~pygames.core.errors.refuse` fills them in)."""
