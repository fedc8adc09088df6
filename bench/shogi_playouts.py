"""Many seeded random playouts of every option set (the CI test runs a few). Prints counts and time.
Usage: python bench/shogi_playouts.py [games per option set, default 200]"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tests.engines.shogi.test_playouts import OPTION_SETS, run_playouts  # noqa: E402

if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for options in OPTION_SETS:
        t = time.process_time()
        run_playouts(options, range(1000, 1000 + n))
        print(f"{options or 'cards (default)'}: {n} playouts ok, {time.process_time() - t:.1f} s CPU", flush=True)
