"""手合割 (handicaps): the start position of each name KIF/KI2 files use (上手 = 後手 moves first).

左/右 are the 上手's left and right: 香落ち (= 左香落ち) removes the lance on １一, 右香落ち the one on
９一; 五枚落ち removes 飛角, both lances and the right knight (８一), 左五枚落ち the left knight (２一);
左七枚落ち also the left silver (３一), 右七枚落ち the right silver (７一).
"""

from __future__ import annotations

from ..sfen import STARTPOS, make_sfen, parse_sfen

_B = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
HANDICAPS: dict[str, str] = {
    "平手": STARTPOS,
    "香落ち": "lnsgkgsn1/1r5b1" + _B,
    "右香落ち": "1nsgkgsnl/1r5b1" + _B,
    "角落ち": "lnsgkgsnl/1r7" + _B,
    "飛車落ち": "lnsgkgsnl/7b1" + _B,
    "飛香落ち": "lnsgkgsn1/7b1" + _B,
    "二枚落ち": "lnsgkgsnl/9" + _B,
    "三枚落ち": "lnsgkgsn1/9" + _B,
    "四枚落ち": "1nsgkgsn1/9" + _B,
    "五枚落ち": "2sgkgsn1/9" + _B,
    "左五枚落ち": "1nsgkgs2/9" + _B,
    "六枚落ち": "2sgkgs2/9" + _B,
    "左七枚落ち": "2sgkg3/9" + _B,
    "右七枚落ち": "3gkgs2/9" + _B,
    "八枚落ち": "3gkg3/9" + _B,
    "十枚落ち": "4k4/9" + _B,
    "歩三兵": "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1",
    "裸玉": "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
}
ALIASES = {"左香落ち": "香落ち", "右五枚落ち": "五枚落ち", "飛落ち": "飛車落ち", "二枚": "二枚落ち", "十九枚落ち": "裸玉",
           "七枚落ち": "左七枚落ち"}
_BY_SFEN = {make_sfen(*parse_sfen(v)[:3]): k for k, v in HANDICAPS.items()}


def handicap_sfen(name: str) -> str | None:
    """The SFEN of a 手合割 name (None if unknown); spaces and a ``#comment`` are ignored."""
    key = name.split("#")[0].strip(" 　\t")
    key = ALIASES.get(key, key)
    return HANDICAPS.get(key)


def handicap_name(board: list[int] | tuple[int, ...], hands: object, side: int) -> str | None:
    """The 手合割 name of a start position, if it is one."""
    return _BY_SFEN.get(make_sfen(board, hands, side))  # type: ignore[arg-type]
