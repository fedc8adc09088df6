#!/usr/bin/env bash
# Installs what the tests need (only what is missing) and runs every test:
# engine tests in CPython, then the site built into dist/ and tested in headless Debian Chromium.
# Idempotent; quick when everything is already installed. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO="sudo"; fi
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then $SUDO apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$@"
}

# System packages: Chromium for the e2e tests, node/npm for the pinned browser runtime, Japanese fonts.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null || missing+=(npm)
# Japanese fonts, so that e2e screenshots show kana and kanji, not boxes (Debian's Noto CJK).
if ! { command -v fc-list >/dev/null && fc-list :lang=ja family | grep -qi "Noto Sans CJK JP"; }; then
  missing+=(fonts-noto-cjk fontconfig)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "[test] installing ${missing[*]}"
  apt_install "${missing[@]}"
fi

# Python test tools (never `playwright install`: the browser is Debian's chromium).
if ! python3 -c "import pytest, playwright.sync_api" 2>/dev/null; then
  echo "[test] pip installing pytest and playwright"
  python3 -m pip install -q "pytest>=8" "playwright>=1.50" \
    || python3 -m pip install -q --break-system-packages "pytest>=8" "playwright>=1.50"
fi

# The site (npm ci of the pinned runtime when needed, the wheel, dist/).
python3 build.py --test-pages

set +e
python3 -m pytest -q -ra tests "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "[test] pytest collected no tests"
  exit 0
fi
exit "$rc"
