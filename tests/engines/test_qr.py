"""Our QR encoder (web/shell/qr.js, run under Node) against the `qrcode` package, module for module.

The same bytes, version, error-correction level and mask must give the same matrix as qrcode's
(a known-answer test over short and long texts, every mask, versions 1–40, levels L and M); the
smallest version must agree, and the mask our penalty picks must give the code qrcode makes with
that mask. (segno was tried first: it adds a zero byte after an aligned terminator, which the
standard does not, so its matrices differ from every conforming encoder's in byte mode.)"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

qrcode = pytest.importorskip("qrcode")
from qrcode.util import MODE_8BIT_BYTE, QRData  # noqa: E402
NODE = shutil.which("node")
QR_JS = Path(__file__).resolve().parents[2] / "web" / "shell" / "qr.js"

CASES = [
    ("hello", "M", 1, 0), ("hello", "L", 1, 5), ("https://example.org/#r=r1.abc", "M", 3, 2),
    ("日本語のリンク・将棋", "L", 2, 7), ("x" * 100, "M", 6, 4), ("y" * 150, "L", 7, 1),
    ("z" * 200, "M", 11, 3), ("あ" * 100, "L", 12, 6), ("q" * 420, "L", 14, 0), ("w" * 700, "M", 21, 5),
    ("e" * 1000, "L", 25, 2), ("r" * 1500, "M", 36, 7), ("t" * 2900, "L", 40, 1), ("v" * 1900, "L", 32, 3),
]


def run_node(cases: list[tuple[str, str, int | None, int | None]]) -> list[dict]:
    folder = Path(tempfile.mkdtemp())
    shutil.copy(QR_JS, folder / "qr.mjs")
    script = f"""
const mod = await import({json.dumps((folder / "qr.mjs").as_uri())});
const cases = JSON.parse(process.argv[1]);
const out = cases.map(([text, ecl, version, mask]) => {{
  const opts = {{ ecl }};
  if (version !== null) opts.version = version;
  if (mask !== null) opts.mask = mask;
  const c = mod.encodeQR(text, opts);
  return {{ version: c.version, mask: c.mask, size: c.size, dark: Array.from(c.dark).join('') }};
}});
console.log(JSON.stringify(out));
"""
    done = subprocess.run([NODE, "--input-type=module", "-e", script, json.dumps(cases)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result: list[dict] = json.loads(done.stdout)
    return result


def reference(text: str, ecl: str, version: int | None, mask: int | None) -> tuple[int, int, str]:
    """qrcode's (version, mask, matrix as '0'/'1' text, rows top to bottom) for the same input."""
    level = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M}[ecl]
    code = qrcode.QRCode(version=version, error_correction=level, border=0, mask_pattern=mask)
    code.add_data(QRData(text.encode("utf-8"), mode=MODE_8BIT_BYTE), optimize=0)
    code.make(fit=version is None)
    rows = "".join("".join("1" if v else "0" for v in row) for row in code.get_matrix())
    return code.version, mask if mask is not None else code.mask_pattern or 0, rows


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_matrices_equal_the_reference_for_fixed_version_and_mask():
    ours = run_node([list(c) for c in CASES])
    for case, got in zip(CASES, ours):
        version, mask, rows = reference(*case)
        assert got["version"] == version, case[1:]
        assert got["dark"] == rows, f"matrix differs for {case[1:]}"


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_smallest_version_matches_segno_and_chosen_mask_is_a_valid_code():
    texts = ["https://example.github.io/pygames/#r=" + "A" * n for n in (10, 120, 380, 700)]
    ours = run_node([[t, "L", None, None] for t in texts])
    for text, got in zip(texts, ours):
        version, _, _ = reference(text, "L", None, None)
        assert got["version"] == version
        _, _, rows = reference(text, "L", version, got["mask"])
        assert got["dark"] == rows  # the same code segno makes with that mask
