#!/usr/bin/env bash
# Every test of the project, in order: types, unit and component tests, API tests on PGlite and on
# a real Postgres server, a production build, and end-to-end tests in Chromium in both modes.
# Installs what the tests need from the system (Chromium, PostgreSQL) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# Each step prints how long the one before it took, and the end prints every step's time, so the
# time CI spends is seen where it goes.
started=$SECONDS
last=$SECONDS
current=""
timings=""
step() {
  if [ -n "$current" ]; then timings+="$(printf '%6ss  %s' $((SECONDS - last)) "$current")"$'\n'; fi
  last=$SECONDS
  current="$1"
  printf '\n=== %s (at %ss) ===\n' "$1" $((SECONDS - started))
}

step "system packages"
bash scripts/ensure-chromium.sh
bash scripts/ensure-psql.sh
bash scripts/ensure-bwrap.sh

step "typecheck"
npx tsc --noEmit

step "layers and arrows (docs/architecture.md)"
node scripts/check-arrows.mjs

step "unit and component tests"
npx vitest run --project unit --project unit-mocked --maxWorkers=2

step "API tests on PGlite (two shards side by side)"
bash scripts/api-shards.sh

step "API tests on a Postgres server (two shards side by side)"
bash scripts/with-postgres.sh bash scripts/api-shards.sh

step "production build"
BUILD_TYPES_CHECKED=1 npm run build

step "bundle budget"
node bench/bundle-size.mjs --budget 260

step "end-to-end tests (Chromium, hosted and self-hosted, one build)"
rm -rf .data-e2e
npx playwright test

step "all tests passed"
printf '\nWhere the time went:\n%s%6ss  total\n' "$timings" $((SECONDS - started))
