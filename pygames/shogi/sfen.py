"""SFEN in and out (board, side, hands, move number)."""

from __future__ import annotations

from pygames.core.errors import GameError, refuse
from pygames.core.grammar import is_number

from .pieces import FU, HAND_ORDER, KE, KIND_OF, KY, OU, PROMOTABLE, PROMOTE, USI_LETTER
from .position import Position

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
_LETTER = {v: k for k, v in USI_LETTER.items()}
_MAX_HAND = {1: 18, 2: 4, 3: 4, 4: 4, 5: 4, 6: 2, 7: 2}
_DIGITS = "0123456789"  # ASCII only: str.isdigit() accepts ² and other digits int() refuses


def _bad(why: str, text: str) -> GameError:
    """The refusal of a text that is no SFEN (``why``: the cause, see messages.REASONS)."""
    return refuse("shogi.sfen.invalid", why=why, sfen=text[:100])


def parse_sfen(text: str) -> tuple[list[int], list[list[int]], int, int]:
    """(board, hands, side, move number) of an SFEN string (``startpos`` allowed)."""
    if not isinstance(text, str) or len(text) > 200:
        raise _bad("sfen.not_text", str(text))
    text = text.strip()
    text = text.removeprefix("sfen ")
    if text == "startpos":
        text = STARTPOS
    parts = text.split()
    if len(parts) not in (3, 4):
        raise _bad("sfen.fields", text)
    rows = parts[0].split("/")
    if len(rows) != 9:
        raise _bad("sfen.ranks", text)
    board: list[int] = []
    for row in rows:
        cells: list[int] = []
        promoted = False
        for ch in row:
            if ch in _DIGITS:
                if promoted or ch == "0":
                    raise _bad("sfen.digit", text)
                cells.extend([0] * int(ch))
            elif ch == "+":
                if promoted:
                    raise _bad("sfen.double_plus", text)
                promoted = True
            elif ch.upper() in _LETTER:
                code = _LETTER[ch.upper()]
                if promoted:
                    if code not in PROMOTABLE:
                        raise refuse("shogi.sfen.invalid", why="sfen.cannot_promote", sfen=text[:100], char=ch)
                    code += PROMOTE
                    promoted = False
                cells.append(code if ch.isupper() else -code)
            else:
                raise refuse("shogi.sfen.invalid", why="sfen.character", sfen=text[:100], char=ch)
        if len(cells) != 9 or promoted:
            raise _bad("sfen.squares", text)
        board.extend(cells)
    if parts[1] not in ("b", "w"):
        raise _bad("sfen.side", text)
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
                raise refuse("shogi.sfen.invalid", why="sfen.hand_piece", sfen=text[:100], char=ch)
            n = int(count) if count else 1
            if len(count) > 2 or not 1 <= n <= _MAX_HAND[code]:
                raise _bad("sfen.hand_count", text)
            hands[0 if ch.isupper() else 1][code] += n
            count = ""
        if count:
            raise _bad("sfen.count_alone", text)
    move_no = 1
    if len(parts) == 4:
        if not is_number(parts[3]) or not 1 <= int(parts[3]) <= 100000:
            raise _bad("sfen.move_number", text)
        move_no = int(parts[3])
    kings = [board.count(OU), board.count(-OU)]
    if kings[0] > 1 or kings[1] > 1:
        raise refuse("shogi.sfen.kings", why="sfen.too_many_kings", sfen=text[:100])
    totals = {k: 0 for k in _MAX_HAND}
    for p in board:
        if p and KIND_OF[abs(p)] in totals:
            totals[KIND_OF[abs(p)]] += 1
    for c in (0, 1):
        for k in totals:
            totals[k] += hands[c][k]
    for k, n in totals.items():
        if n > _MAX_HAND[k]:
            raise _bad("sfen.too_many_pieces", text)
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
    if board.count(OU) > 1 or board.count(-OU) > 1:
        raise refuse("shogi.sfen.kings", why="sfen.too_many_kings", sfen=text[:100])
    if OU not in board and -OU not in board:
        raise refuse("shogi.sfen.kings", why="sfen.no_king", sfen=text[:100])
    for color, sign in ((0, 1), (1, -1)) if not composed else ():  # a composed record's start may break these
        for x in range(9):
            pawns = [y for y in range(9) if board[y * 9 + x] == FU * sign]
            if len(pawns) > 1:
                raise refuse("shogi.sfen.nifu", sfen=text[:100], file=9 - x, count=len(pawns),
                             side_ja="先手" if color == 0 else "後手", side_en="Sente" if color == 0 else "Gote")
        for sq, p in enumerate(board):
            if p * sign <= 0:
                continue
            rank = sq // 9 if color == 0 else 8 - sq // 9  # 0 = the last rank for this colour
            code = abs(p)
            if (code in (FU, KY) and rank == 0) or (code == KE and rank <= 1):
                raise refuse("shogi.sfen.dead_piece", sfen=text[:100], square=f"{9 - sq % 9}{sq // 9 + 1}",
                             square_ja=_square_ja(sq), piece_ja={FU: "歩", KY: "香", KE: "桂"}[code],
                             piece_en={FU: "pawn", KY: "lance", KE: "knight"}[code])
    pos = Position(list(board), [list(hands[0]), list(hands[1])], side)
    if pos.in_check(side ^ 1):
        raise refuse("shogi.sfen.opponent_in_check", sfen=text[:100])
