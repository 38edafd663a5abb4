#!/usr/bin/env bash
# The test command (README, and what .ci/run calls): install the package with its test extras into
# .venv, start a real Neo4j 5.26 Community server on loopback, run every test, stop the server.
# Extra arguments go to pytest (e.g. scripts/test.sh -k loader).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test,dist]'

# Lint and type gates first: a style or typing regression fails before the slower tests start.
.venv/bin/ruff check pipeline tests scripts
.venv/bin/ruff format --check --quiet pipeline tests scripts
.venv/bin/mypy pipeline

export NEO4J_PASSWORD="${NEO4J_PASSWORD:-paperkg-test-pw}"
export NEO4J_URI="${NEO4J_URI:-neo4j://127.0.0.1:${NEO4J_BOLT_PORT:-7687}}"
export NEO4J_USER="${NEO4J_USER:-neo4j}"
export NEO4J_DATABASE="${NEO4J_DATABASE:-neo4j}"

scripts/neo4j-server.sh start      # exits non-zero (and the script with it) when Neo4j cannot start
trap 'scripts/neo4j-server.sh stop >/dev/null 2>&1 || true' EXIT
.venv/bin/python -m pytest "$@"
