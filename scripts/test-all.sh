#!/usr/bin/env bash
# Every test of the project, in order: types, unit and component tests, API tests on PGlite and on
# a real Postgres server, a production build, and end-to-end tests in Chromium in both modes.
# Installs what the tests need from the system (Chromium, PostgreSQL) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n=== %s ===\n' "$1"; }

step "system packages"
bash scripts/ensure-chromium.sh
bash scripts/ensure-psql.sh
bash scripts/ensure-bwrap.sh

step "typecheck"
npx tsc --noEmit

step "layers and arrows (docs/architecture.md)"
node scripts/check-arrows.mjs

step "unit and component tests"
npx vitest run --project unit --maxWorkers=2

step "API tests on PGlite (two shards side by side)"
bash scripts/api-shards.sh

step "API tests on a Postgres server (two shards side by side)"
bash scripts/with-postgres.sh bash scripts/api-shards.sh

step "production build"
npm run build

step "bundle budget"
node bench/bundle-size.mjs --budget 260

step "end-to-end tests (Chromium, hosted and self-hosted, one build)"
rm -rf .data-e2e
npx playwright test

step "all tests passed"
