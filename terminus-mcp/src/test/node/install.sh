#!/usr/bin/env bash
# Installs the MCP servers the end-to-end tests run (package-lock.json pins them) with `npm ci`. Without npm the
# install is skipped with a message, and those tests skip themselves, saying why; on CI (CI=true) it fails instead.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
  if [ "${CI:-}" = "true" ]; then
    echo "terminus-mcp: npm not found; CI must run the MCP end-to-end tests: install Node.js and npm" >&2
    exit 1
  fi
  echo "terminus-mcp: npm not found; the MCP end-to-end tests will be skipped (they need Node.js and npm)"
  exit 0
fi
# npm ci removes and reinstalls node_modules: done only when the lock file changed since the last install
if [ -f node_modules/.package-lock.json ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
