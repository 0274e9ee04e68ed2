#!/usr/bin/env bash
# Runs the API tests (vitest project `api`, one file at a time per process) as two shards side by
# side, one per core, each with its own range of PGlite loopback ports; prints each shard's output
# once it ends and fails when either fails. Extra arguments go to both (e.g. a file filter).
# Under scripts/with-postgres.sh both shards share that server (each test makes its own databases).
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
PGLITE_PORT_BASE=54400 npx vitest run --project api --shard=1/2 "$@" >"$out/1.log" 2>&1 &
one=$!
PGLITE_PORT_BASE=55400 npx vitest run --project api --shard=2/2 "$@" >"$out/2.log" 2>&1 &
two=$!
wait "$one"; first=$?
wait "$two"; second=$?
for n in 1 2; do
  printf '\n--- API tests, shard %s of 2 ---\n' "$n"
  cat "$out/$n.log"
done
rm -rf "$out"
[ "$first" -eq 0 ] && [ "$second" -eq 0 ]
