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

# Python test tools at the versions pinned in requirements-test.txt (never `playwright install`:
# the browser is Debian's chromium), and the build's optional Brotli (requirements-build.txt).
for reqs in requirements-test.txt requirements-build.txt; do
  if ! python3 - "$reqs" <<'PY'
import sys
from importlib.metadata import PackageNotFoundError, version
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if line:
        name, want = line.split("==")
        try:
            have = version(name)
        except PackageNotFoundError:
            have = None
        if have != want:
            sys.exit(f"[test] {name} {have or 'missing'}, want {want}")
PY
  then
    echo "[test] pip installing $reqs"
    python3 -m pip install -q -r "$reqs" \
      || python3 -m pip install -q --break-system-packages -r "$reqs"
  fi
done

# Lint and types first: the configuration is in pyproject.toml; any finding fails the run.
echo "[test] ruff"
python3 -m ruff check .
echo "[test] mypy"
python3 -m mypy

# The site (npm ci of the pinned runtime and the pinned typescript when needed, the wheel, dist/).
python3 build.py --test-pages

# The JavaScript, statically: tsc --checkJs --noEmit (tsconfig.json: the pages against the DOM;
# tsconfig.sw.json: the service worker template against the worker library). Any finding fails the run.
echo "[test] tsc"
node node_modules/typescript/bin/tsc -p tsconfig.json
node node_modules/typescript/bin/tsc -p tsconfig.sw.json

# Tests on two workers each (pytest-xdist; PYTEST_WORKERS=0 runs each step in one process): the
# CPython tests (work-stealing, so the long `slow` ones do not leave one worker waiting) and the
# browser tests (each worker serves its own copy of the site origin and runs its own Chromium) run
# SIDE BY SIDE: the browser tests leave the cores idle while pages wait (timers, messages between
# the page, its worker and Playwright), and the CPython tests, started at nice 10, take that idle
# time without slowing the pages (docs/runtime.md, "The test command", has the figures).
# TEST_STEPS=serial runs the two steps one after the other (CPython first) instead.
# With arguments, one pytest run of exactly what they select.
# E2E_WORKERS sets the browser step's workers alone (default: PYTEST_WORKERS, else 2).
# Tests marked `quiet` time the page's main thread: they run last, alone, in one process.
xdist() {
  if [ "$1" = 0 ]; then echo "-p no:xdist"; else echo "-n $1 --dist worksteal"; fi
}
workers=$(xdist "${PYTEST_WORKERS:-2}")
e2e_workers=$(xdist "${E2E_WORKERS:-${PYTEST_WORKERS:-2}}")
run() {
  set +e
  # shellcheck disable=SC2086  # $workers is several words on purpose
  python3 -m pytest -q -ra --durations=15 $workers "$@"
  local rc=$?
  set -e
  if [ "$rc" -eq 5 ]; then echo "[test] pytest collected no tests"; rc=0; fi
  return "$rc"
}
if [ $# -gt 0 ]; then
  run "$@"
  exit $?
fi
start=$SECONDS
rc_engines=0
rc_e2e=0
if [ "${TEST_STEPS:-}" = serial ]; then
  echo "[test] CPython tests (engines, build)"
  run -m "not e2e" tests || rc_engines=$?
  echo "[test] browser tests (tests/e2e, headless Chromium)"
  workers=$e2e_workers run -m "not quiet" tests/e2e || rc_e2e=$?
else
  echo "[test] CPython tests (engines, build; nice 10, output below when they end) beside the browser tests (tests/e2e, headless Chromium)"
  engines_log=$(mktemp)
  trap 'rm -f "$engines_log"' EXIT
  ( renice -n 10 -p "$BASHPID" >/dev/null
    rc=0; run -m "not e2e" tests >"$engines_log" 2>&1 || rc=$?
    echo "$rc $((SECONDS - start))" >"$engines_log.rc" ) &
  engines_pid=$!
  workers=$e2e_workers run -m "not quiet" tests/e2e || rc_e2e=$?
  e2e_took=$((SECONDS - start))
  wait "$engines_pid" || true
  read -r rc_engines engines_took <"$engines_log.rc" || { rc_engines=1; engines_took="?"; }
  rm -f "$engines_log.rc"
  echo "[test] browser tests took ${e2e_took} s; the CPython tests beside them ${engines_took} s:"
  cat "$engines_log"
fi
echo "[test] timed browser tests (marked quiet), alone (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
workers=$(xdist 0) run -m quiet tests/e2e || rc_e2e=$?
echo "[test] pytest took $((SECONDS - start)) s (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
[ "$rc_engines" -eq 0 ] && [ "$rc_e2e" -eq 0 ] || { echo "[test] FAILED (CPython: $rc_engines, browser: $rc_e2e)"; exit 1; }
