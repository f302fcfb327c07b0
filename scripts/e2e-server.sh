#!/usr/bin/env bash
# The server the browser tests run against: a fresh embedded database (demo data seeded on start).
set -euo pipefail
cd "$(dirname "$0")/.."
export EARLYBIRD_DATA_DIR="${EARLYBIRD_DATA_DIR:-.data/e2e}"
rm -rf "$EARLYBIRD_DATA_DIR"
unset DATABASE_URL
export APP_ENV=test
export PORT="${PORT:-3100}"
export NODE_ENV=production
exec node_modules/.bin/tsx server.ts
