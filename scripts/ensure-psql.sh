#!/usr/bin/env bash
# Installs Debian's psql (postgresql-client) when missing: tests/api/connection-string.test.ts connects
# with it to a project's connection string. (scripts/with-postgres.sh installs the whole server.)
set -euo pipefail
if ! command -v psql >/dev/null 2>&1; then
  echo "[ensure-psql] installing postgresql-client with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql-client >/dev/null
fi
psql --version
