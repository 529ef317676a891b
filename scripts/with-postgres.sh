#!/usr/bin/env bash
# Runs a command beside a throw-away PostgreSQL cluster: Debian's server binaries, a fresh cluster in a temp
# folder, listening on 127.0.0.1 only (on a free port) and on a Unix socket inside that folder; a role and a
# database for the portal; TEST_DATABASE_URL exported to the command. The cluster is stopped and removed on exit,
# whatever the command's outcome. Works as root (CI: the cluster runs as the `postgres` user, since PostgreSQL
# refuses to run as root) and as an ordinary user (the cluster runs as that user).
#   scripts/with-postgres.sh npm run test:server:pg
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres: no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/portal-pg-XXXXXX")
as_owner() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /usr/sbin/nologin postgres
  chown postgres: "$dir"
  as_owner() { runuser -u postgres -- "$@"; }
fi

port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
password=$(node -e "console.log(require('node:crypto').randomBytes(18).toString('base64url'))")

stop() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

# Local (socket) connections trust the OS user who owns the 0700 folder; TCP connections need the password.
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# fsync off: a test cluster that is deleted afterwards need not survive a power cut, and it saves seconds.
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c max_connections=200" start >/dev/null ||
  { cat "$dir/server.log" >&2; exit 1; }

psql_admin() { "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres "$@"; }
psql_admin -d postgres -c "CREATE ROLE portal LOGIN PASSWORD '$password'" -c "CREATE DATABASE portal_test OWNER portal"

export TEST_DATABASE_URL="postgres://portal:$password@127.0.0.1:$port/portal_test"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (database portal_test)"
"$@"
