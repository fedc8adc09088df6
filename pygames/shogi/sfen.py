"""SFEN in and out (board, side, hands, move number)."""

from __future__ import annotations

from pygames.core.errors import GameError
from pygames.core.grammar import is_number

from .pieces import HAND_ORDER, KIND_OF, OU, PROMOTABLE, PROMOTE, USI_LETTER

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
_LETTER = {v: k for k, v in USI_LETTER.items()}
_MAX_HAND = {1: 18, 2: 4, 3: 4, 4: 4, 5: 4, 6: 2, 7: 2}
_DIGITS = "0123456789"  # ASCII only: str.isdigit() accepts ² and other digits int() refuses


def _bad(why_ja: str, why_en: str, text: str, reason: str = "invalid", **params: object) -> GameError:
    return GameError(f"shogi.sfen.{reason}", f"SFENが不正です: {why_ja}", f"Invalid SFEN: {why_en}", sfen=text[:100],
                     **params)


def parse_sfen(text: str) -> tuple[list[int], list[list[int]], int, int]:
    """(board, hands, side, move number) of an SFEN string (``startpos`` allowed)."""
    if not isinstance(text, str) or len(text) > 200:
        raise _bad("文字列ではありません", "not a string", str(text))
    text = text.strip()
    text = text.removeprefix("sfen ")
    if text == "startpos":
        text = STARTPOS
    parts = text.split()
    if len(parts) not in (3, 4):
        raise _bad("盤・手番・持ち駒（・手数）の欄がありません", "needs board, side, hands (and move number)", text)
    rows = parts[0].split("/")
    if len(rows) != 9:
        raise _bad("盤は9段です", "the board needs 9 ranks", text)
    board: list[int] = []
    for row in rows:
        cells: list[int] = []
        promoted = False
        for ch in row:
            if ch in _DIGITS:
                if promoted or ch == "0":
                    raise _bad("数字の位置が不正です", "misplaced digit", text)
                cells.extend([0] * int(ch))
            elif ch == "+":
                if promoted:
                    raise _bad("+が続いています", "double +", text)
                promoted = True
            elif ch.upper() in _LETTER:
                code = _LETTER[ch.upper()]
                if promoted:
                    if code not in PROMOTABLE:
                        raise _bad(f"{ch}は成れません", f"{ch} cannot promote", text)
                    code += PROMOTE
                    promoted = False
                cells.append(code if ch.isupper() else -code)
            else:
                raise _bad(f"知らない文字「{ch}」", f"unknown character '{ch}'", text)
        if len(cells) != 9 or promoted:
            raise _bad("各段は9マスです", "each rank needs 9 squares", text)
        board.extend(cells)
    if parts[1] not in ("b", "w"):
        raise _bad("手番はbかwです", "side must be b or w", text)
    side = 0 if parts[1] == "b" else 1
    hands = [[0] * 8, [0] * 8]
    if parts[2] != "-":
        count = ""
        for ch in parts[2]:
            if ch in _DIGITS:
                count += ch
                continue
            code = _LETTER.get(ch.upper(), 0) if ch.isascii() else 0
            if not code or code == OU:
                raise _bad(f"持ち駒の文字「{ch}」が不正です", f"bad hand piece '{ch}'", text)
            n = int(count) if count else 1
            if len(count) > 2 or not 1 <= n <= _MAX_HAND[code]:
                raise _bad("持ち駒の数が不正です", "bad hand count", text)
            hands[0 if ch.isupper() else 1][code] += n
            count = ""
        if count:
            raise _bad("持ち駒の数の後に駒がありません", "count without a piece", text)
    move_no = 1
    if len(parts) == 4:
        if not is_number(parts[3]) or not 1 <= int(parts[3]) <= 100000:
            raise _bad("手数が不正です", "bad move number", text)
        move_no = int(parts[3])
    kings = [board.count(OU), board.count(-OU)]
    if kings[0] > 1 or kings[1] > 1:
        raise _bad("玉が多すぎます", "too many kings", text, "kings")
    totals = {k: 0 for k in _MAX_HAND}
    for p in board:
        if p and KIND_OF[abs(p)] in totals:
            totals[KIND_OF[abs(p)]] += 1
    for c in (0, 1):
        for k in totals:
            totals[k] += hands[c][k]
    for k, n in totals.items():
        if n > _MAX_HAND[k]:
            raise _bad("駒の数が多すぎます", "too many pieces of one kind", text)
    return board, hands, side, move_no


def make_sfen(board: list[int] | tuple[int, ...], hands: list[list[int]] | tuple[tuple[int, ...], ...],
              side: int, move_no: int = 1) -> str:
    """The SFEN string of a position."""
    rows = []
    for y in range(9):
        row, empty = "", 0
        for x in range(9):
            p = board[y * 9 + x]
            if not p:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            code = abs(p)
            letter = USI_LETTER[KIND_OF[code]]
            if code > OU:
                row += "+"
            row += letter if p > 0 else letter.lower()
        if empty:
            row += str(empty)
        rows.append(row)
    hand = ""
    for color in (0, 1):
        for code in HAND_ORDER:
            n = hands[color][code]
            if n:
                letter = USI_LETTER[code] if color == 0 else USI_LETTER[code].lower()
                hand += (str(n) if n > 1 else "") + letter
    return f"{'/'.join(rows)} {'b' if side == 0 else 'w'} {hand or '-'} {move_no}"




def _square_ja(sq: int) -> str:
    return "０１２３４５６７８９"[9 - sq % 9] + "〇一二三四五六七八九"[sq // 9 + 1]


def check_hon(board: list[int], hands: list[list[int]], side: int, text: str = "", composed: bool = False) -> None:
    """Refuse a 本将棋 position that cannot arise in a game, with GameError ``shogi.sfen.<reason>``:
    ``kings`` (two kings of a side, or no king at all; one side may lack its king, as the attacker
    of a 詰将棋), ``nifu`` (二歩 on the board), ``dead_piece`` (a piece that could never
    move), ``opponent_in_check`` (the side not to move is in check). ``composed``: the start of an imported
    record that is a composition (nine pawns on a file...): only the kings and the check are checked."""
    from .pieces import FU, KE, KY
    from .position import Position
    if board.count(OU) > 1 or board.count(-OU) > 1:
        raise _bad("玉が多すぎます", "too many kings", text, "kings")
    if OU not in board and -OU not in board:
        raise _bad("玉がありません（詰将棋でも受け方の玉は必要です）",
                   "there is no king (even a tsume problem needs the defender's king)", text, "kings")
    for color, sign in ((0, 1), (1, -1)) if not composed else ():  # a composed record's start may break these
        for x in range(9):
            pawns = [y for y in range(9) if board[y * 9 + x] == FU * sign]
            if len(pawns) > 1:
                raise _bad(f"二歩です（{'先手' if color == 0 else '後手'}の歩が{9 - x}筋に{len(pawns)}枚）",
                           f"two pawns (nifu): {'Sente' if color == 0 else 'Gote'} has {len(pawns)} pawns on file {9 - x}",
                           text, "nifu", file=9 - x)
        for sq, p in enumerate(board):
            if p * sign <= 0:
                continue
            rank = sq // 9 if color == 0 else 8 - sq // 9  # 0 = the last rank for this colour
            code = abs(p)
            if (code in (FU, KY) and rank == 0) or (code == KE and rank <= 1):
                name = {FU: "歩", KY: "香", KE: "桂"}[code]
                en = {FU: "pawn", KY: "lance", KE: "knight"}[code]
                raise _bad(f"行き所のない駒です（{_square_ja(sq)}の{name}）",
                           f"a {en} on {9 - sq % 9}{sq // 9 + 1} could never move", text, "dead_piece",
                           square=f"{9 - sq % 9}{sq // 9 + 1}")
    pos = Position(list(board), [list(hands[0]), list(hands[1])], side)
    if pos.in_check(side ^ 1):
        raise _bad("手番でない側の玉に王手がかかっています（玉を取れる局面です）",
                   "the side not to move is in check (its king could be captured)", text, "opponent_in_check")
