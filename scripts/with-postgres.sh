#!/usr/bin/env bash
# Runs a command with a throwaway Postgres server on loopback and TEST_DATABASE_URL pointing at it.
# Installs Debian's postgresql when missing; Postgres refuses to run as root, so it runs as `postgres`.
set -euo pipefail

PGPORT="${TEST_PGPORT:-54329}"

find_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  return 1
}

if ! PGBIN=$(find_bin); then
  echo "[with-postgres] installing postgresql with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql >/dev/null
  PGBIN=$(find_bin)
fi

RUN_AS=()
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql --shell /bin/bash postgres
  RUN_AS=(runuser -u postgres --)
fi

PGDATA=$(mktemp -d /tmp/dashboard-pg.XXXXXX)
chmod 700 "$PGDATA"
[ "$(id -u)" = "0" ] && chown postgres "$PGDATA"

cleanup() {
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA"
}
trap cleanup EXIT

"${RUN_AS[@]}" "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 >/dev/null
# The administrator (TEST_DATABASE_URL) is trusted on loopback; every other role logs in with its
# password, as on a real server, so a project's connection string with a wrong password is refused.
cat > "$PGDATA/pg_hba.conf" <<'HBA'
local all all                    trust
host  all postgres 127.0.0.1/32  trust
host  all all      127.0.0.1/32  scram-sha-256
HBA
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
  -o "-p $PGPORT -k $PGDATA -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
echo "[with-postgres] Postgres $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PGPORT" >&2
"$@"
