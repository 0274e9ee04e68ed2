#!/usr/bin/env bash
# `npm run test:conformance`: postgrest-js's and storage-js's suites against a production build, on
# PGlite and then on a Postgres server (scripts/conformance/postgrest.mjs, storage.mjs). The suites'
# ports (PostgREST's 3000 and 3001, storage's 8000) are fixed: as root with util-linux's `unshare`, each store's run gets a network namespace of its
# own holding only loopback, so it neither collides with anything on those ports nor can send
# traffic off the machine. Extra arguments go to jest (e.g. a test file's name, or -t 'pattern').
set -uo pipefail
cd "$(dirname "$0")/../.."
[ -f .next/BUILD_ID ] || npm run build
# The suites' own packages are installed where they live, as their READMEs ask, before the runs: a
# run's network namespace reaches no registry. CONFORMANCE_SUITES picks some (`postgrest storage`).
suites=${CONFORMANCE_SUITES:-postgrest storage}
for name in $suites; do
  suite=../shared/conformance/$name-js
  [ -x "$suite/node_modules/.bin/jest" ] || (cd "$suite" && npm install --no-audit --no-fund) || exit 1
done
isolated() {
  if [ "$(id -u)" = "0" ] && unshare -n true 2>/dev/null; then
    unshare -n bash -c 'ip link set lo up 2>/dev/null || true; exec "$@"' isolated "$@"
  else
    "$@"
  fi
}
status=0
for name in $suites; do
  [ "${CONFORMANCE_STORE:-both}" != postgres ] && { isolated node "scripts/conformance/$name.mjs" "$@" || status=1; }
  [ "${CONFORMANCE_STORE:-both}" != pglite ] && { isolated bash scripts/with-postgres.sh node "scripts/conformance/$name.mjs" "$@" || status=1; }
done
exit $status
