"""web/runtime/pyscriptboot.js (run by Node): PyScript's package writer, as PyScript itself generates it, is
recognised and skipped once; anything else, or the writer with any line changed, runs unchanged."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

import build

NODE = shutil.which("node")
MODULE = build.ROOT / "web" / "runtime" / "pyscriptboot.js"
STDLIB = build.NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib.js"  # what PyScript runs first in a worker
SCRIPT = f"""
import {{ readFileSync }} from "node:fs";
import {{ isPyscriptPackageWriter, skipPyscriptPackage }} from {json.dumps(MODULE.as_uri())};
import {{ stdlib }} from {json.dumps(STDLIB.as_uri())};
const variants = JSON.parse(readFileSync(0, "utf8"));
const edit = ([find, replace]) => stdlib.replace(find, replace);
const ran = [];
const fake = {{ runPython: (code) => {{ ran.push(["sync", code]); return 1; }},
  runPythonAsync: async (code) => {{ ran.push(["async", code]); return 2; }} }};
skipPyscriptPackage(fake);
const first = await fake.runPythonAsync(stdlib);
const second = await fake.runPythonAsync(stdlib);
const third = fake.runPython("x = 1");
console.log(JSON.stringify({{
  real: isPyscriptPackageWriter(stdlib), lines: stdlib.split("\\n").length,
  variants: variants.map((v) => isPyscriptPackageWriter(edit(v))),
  answers: [first ?? null, second, third], ran: ran.map(([kind, code]) => [kind, code === stdlib ? "writer" : code]),
}}));
"""

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

# Each a (find, replace) edit of PyScript's writer that must make it "other code".
VARIANTS = [
    ("import pyscript as _pyscript", "import pyscript as _pyscript\nimport os; os.remove('x')"),
    ("from pathlib import Path as _Path", "from pathlib import Path as _Path\nprint('hello')"),
    ('_path = _Path("./pyscript")', '_path = _Path("/etc")'),
    (',encoding="utf-8")', ',encoding="utf-8"); open("x", "w")'),
    (',encoding="utf-8")', ',encoding="utf-8"); open("x",encoding="utf-8")'),
    ("del _pyscript", "del _pyscript\nimport sys"),
    ("import os as _os", "import os"),
]


def run() -> dict:
    answer = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT], input=json.dumps(VARIANTS), text=True,
                            capture_output=True, check=True, cwd=build.ROOT)
    return json.loads(answer.stdout)


def test_pyscripts_own_writer_is_recognised_and_any_change_is_not():
    out = run()
    assert out["real"] is True and out["lines"] > 20
    assert out["variants"] == [False] * len(VARIANTS)


def test_only_the_first_code_is_checked_and_everything_else_runs():
    out = run()
    # The writer is skipped once (nothing ran, no value); the same code again and any other code run as given.
    assert out["answers"] == [None, 2, 1]
    assert out["ran"] == [["async", "writer"], ["sync", "x = 1"]]
