#!/usr/bin/env bash
# Installs what the tests need and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q pytest
python3 -m pytest -q tests/engines
