"""Real record files from public shogi software (see corpus/README.md): every one imports (or is refused
with a coded reason), and every format round-trips (import → export → import gives the same game)."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from pygames.core import GameError
from pygames.core import cache
from pygames.core.match import Match
from pygames.shogi.calls import decode_file, export_record, import_file, import_record
from pygames.shogi.formats.decode import decode_bytes
from pygames.shogi.formats.records import import_text

CORPUS = Path(__file__).parent / "corpus"
FILES = sorted(p for p in CORPUS.iterdir() if p.suffix in (".kif", ".kifu", ".ki2", ".ki2u", ".csa"))
# file -> (moves, end word) as the file says; a few files are refused on purpose
EXPECTED = {
    "jkf-20081220kyoochi.kif": (142, "投了"), "jkf-8mai.kif": (25, "中断"), "jkf-8mai.ki2": (25, "中断"),
    "jkf-8mai.csa": (25, "中断"), "jkf-7mai.ki2u": (2, "中断"), "jkf-fuujite.ki2u": (2, "封じ手"),
    "jkf-meijinsen_20180508_M7_10034.kif": (52, "封じ手"), "jkf-kifu_for_iphone.kif": (3, "詰み"),
    "jkf-taichitsume.kif": (7, "詰み"), "jkf-kobayashi_kinsho196702.ki2": (49, "詰み"),
    "jkf-illegal.kif": (2, "反則負け"), "jkf-illegal_lose.csa": (2, "反則負け"), "jkf-denou3-1.ki2": (98, "投了"),
    "jkf-2005_GPS_K-SHOGI.csa": (173, "投了"), "jkf-v2.csa": (196, "投了"), "es-kif-sjis.kif": (6, "投了"),
    "es-ki2-sjis.ki2": (6, "投了"), "jkf-shogidokoro.kifu": (19, None), "jkf-20091203.ki2": (172, "投了"),
}
REFUSED = {"jkf-9fu.kif": "shogi.sfen.nifu", "jkf-9fu.ki2": "shogi.sfen.nifu", "jkf-9fu.csa": "shogi.sfen.nifu"}
HUMANS = [{"name": "A", "type": "human"}, {"name": "B", "type": "human"}]


def read(path: Path) -> str:
    return decode_bytes(path.read_bytes(), path.name)[0]


def test_corpus_is_there_and_mostly_shift_jis():
    encodings = [decode_bytes(p.read_bytes(), p.name)[1] for p in FILES]
    assert len(FILES) >= 30 and encodings.count("shift_jis") >= 20 and "utf-8-sig" in encodings


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_imports_as_its_author_wrote_it(path):
    if path.name in REFUSED:
        with pytest.raises(GameError) as err:
            import_text(read(path), path.name)
        assert err.value.code == REFUSED[path.name]
        return
    text = read(path)
    data = import_text(text, path.name)
    forks = any(line.lstrip().startswith("変化") for line in text.splitlines())
    assert data["moves"] and (data["notice"] or {}).get("code") == ("shogi.import.variations_skipped" if forks else None)
    if path.name in EXPECTED:
        assert (len(data["moves"]), data["result"]) == EXPECTED[path.name]


@pytest.mark.parametrize("path", [p for p in FILES if p.name not in REFUSED], ids=lambda p: p.name)
def test_every_format_round_trips(path):
    first = import_record(read(path), seed=1, filename=path.name)
    match = Match.from_record(first["record"]) if hasattr(Match, "from_record") else None
    match = match or cache.match_of(first["record"])
    moves = [a.split(":", 1)[1] for a in first["record"]["actions"] if a.split(":", 1)[1] != "resign"]
    for fmt in ("kif", "kifu", "ki2", "ki2u", "csa", "usi", "sfen"):
        out = export_record(match, fmt)
        again = import_file(out["base64"], out["filename"], seed=1)
        assert again["notice"] is None, (fmt, again["notice"])
        if fmt == "sfen":  # a position only: the final one
            assert again["record"]["options"]["sfen"].split()[:3] == out["text"].split()[:3]
            continue
        assert again["record"]["options"]["sfen"] == first["record"]["options"]["sfen"], fmt
        got = [a.split(":", 1)[1] for a in again["record"]["actions"] if a.split(":", 1)[1] != "resign"]
        assert got == moves, fmt


def test_shift_jis_bytes_go_through_the_page_call():
    path = CORPUS / "es-kif-sjis.kif"
    data = base64.b64encode(path.read_bytes()).decode()
    assert decode_file(data, path.name)["encoding"] == "shift_jis"
    out = import_file(data, path.name, seed=0)
    assert out["encoding"] == "shift_jis" and out["format"] == "kif" and out["result"] == "投了"


@pytest.mark.parametrize("blob", [b"\xff\xfe\x00", b"\x81", b"\x82\xff", b"\xef\xbb\xbf\x82\xa0"])
def test_undecodable_bytes_are_a_coded_error(blob):
    with pytest.raises(GameError) as err:
        decode_file(base64.b64encode(blob).decode(), "x.kif")
    assert err.value.code.startswith("shogi.file.")


def test_not_base64_is_a_coded_error():
    with pytest.raises(GameError) as err:
        decode_file("***", "x.kif")
    assert err.value.code == "shogi.file.base64"
