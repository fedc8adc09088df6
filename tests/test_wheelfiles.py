"""web/runtime/wheelfiles.js (run by Node): the stored wheel's files read without Python, as zipfile reads
them; a compressed wheel left to Pyodide; broken or hostile zips refused with what is wrong."""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import zipfile

import pytest

import build

NODE = shutil.which("node")
READER = build.ROOT / "web" / "runtime" / "wheelfiles.js"
SCRIPT = f"""
import {{ readFileSync }} from "node:fs";
import {{ storedEntries }} from {json.dumps(READER.as_uri())};
const out = [];
const input = readFileSync(0, "utf8");
for (const b64 of JSON.parse(input)) {{
  try {{
    const entries = storedEntries(new Uint8Array(Buffer.from(b64, "base64")));
    out.push(entries && entries.map(({{ name, data }}) => [name, Buffer.from(data).toString("base64")]));
  }} catch (err) {{
    out.push({{ error: String(err.message) }});
  }}
}}
console.log(JSON.stringify(out));
"""

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def read(*zips: bytes) -> list:
    """What storedEntries answers for each zip: [[name, bytes], ...], None, or {"error": text}."""
    arg = json.dumps([base64.b64encode(z).decode() for z in zips])
    run = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT], input=arg, capture_output=True, text=True,
                         check=True)
    answers = json.loads(run.stdout)
    return [[(n, base64.b64decode(d)) for n, d in a] if isinstance(a, list) else a for a in answers]


def zipped(files: dict[str, bytes], method: int = zipfile.ZIP_STORED, comment: bytes = b"") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
        zf.comment = comment
    return buf.getvalue()


def test_the_sites_wheel_is_read_as_zipfile_reads_it(tmp_path):
    wheel = build.build_wheel(tmp_path).read_bytes()
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        expected = [(n, zf.read(n)) for n in zf.namelist()]
    [entries] = read(wheel)
    assert entries == expected
    assert any(n == build.WORKER_MODULE.name for n, _ in entries) and len(entries) > 100


def test_names_and_bytes_survive_a_comment_folders_and_non_ascii():
    files = {"pkg/": b"", "pkg/a.py": b"x = 1\n", "pkg/\u5c06\u68cb.json": "{\"\u738b\": 1}".encode(), "top.py": b""}
    [entries] = read(zipped(files, comment=b"PK\x05\x06 looks like an end record"))
    assert entries == list(files.items())


def test_a_compressed_wheel_is_left_to_pyodide():
    assert read(zipped({"a.py": b"x = 1\n" * 100}, zipfile.ZIP_DEFLATED)) == [None]


@pytest.mark.parametrize("name", ["../escape.py", "/etc/passwd", "pkg/../../x.py", "pkg\\..\\x.py"])
def test_an_entry_outside_the_folder_is_refused(name):
    [answer] = read(zipped({"ok.py": b"", name: b"boom"}))
    assert "outside its folder" in answer["error"] and json.dumps(name) in answer["error"]


def test_broken_bytes_are_refused_with_what_is_wrong():
    good = zipped({"a.py": b"x = 1\n", "b.py": b"y = 2\n"})
    cd = good.rindex(b"PK\x01\x02")  # the last central header
    local = good.index(b"PK\x03\x04", 1)  # the second entry's local header
    answers = read(b"not a zip at all", good[:cd] + b"XX" + good[cd + 2:],
                   good[:local] + b"XX" + good[local + 2:])
    assert "not a zip" in answers[0]["error"]
    assert "central directory is broken at entry 1" in answers[1]["error"]
    assert '"b.py" has no local header' in answers[2]["error"]
