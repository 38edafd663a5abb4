#!/usr/bin/env bash
# The test command (README, and what .ci/run calls): install the package with its test extras into
# .venv, start a real Neo4j 5.26 Community server on loopback, run every test, stop the server.
# Extra arguments go to pytest (e.g. scripts/test.sh -k loader).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test,dist]'

# The real-browser test (tests/test_browser.py) drives Debian's headless Chromium: install it when missing.
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test.sh: installing chromium and chromium-driver (Debian packages) ..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  else
    echo "test.sh: chromium/chromedriver missing and cannot apt-get install them (browser test fails under CI)" >&2
  fi
fi

# Lint and type gates first: a style or typing regression fails before the slower tests start.
.venv/bin/ruff check pipeline tests scripts
.venv/bin/ruff format --check --quiet pipeline tests scripts
.venv/bin/mypy pipeline

export NEO4J_PASSWORD="${NEO4J_PASSWORD:-paperkg-test-pw}"
export NEO4J_URI="${NEO4J_URI:-neo4j://127.0.0.1:${NEO4J_BOLT_PORT:-7687}}"
export NEO4J_USER="${NEO4J_USER:-neo4j}"
export NEO4J_DATABASE="${NEO4J_DATABASE:-neo4j}"
export NEO4J_HTTP_PORT="${NEO4J_HTTP_PORT:-7474}"   # the Browser, for tests/test_browser.py

scripts/neo4j-server.sh start      # exits non-zero (and the script with it) when Neo4j cannot start
trap 'scripts/neo4j-server.sh stop >/dev/null 2>&1 || true' EXIT
.venv/bin/python -m pytest "$@"
