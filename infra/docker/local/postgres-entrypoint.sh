#!/bin/bash
# Entry point of the local PostgreSQL stand-in: the official postgres image's contract, small. A first start with an
# empty data folder runs initdb (POSTGRES_INITDB_ARGS), sets the password of POSTGRES_USER (default postgres), lets
# every address in with a password (scram-sha-256) and creates POSTGRES_DB; every start runs the server as postgres.
set -euo pipefail
[ "${1:0:1}" = '-' ] && set -- postgres "$@"
if [ "$1" != postgres ]; then exec "$@"; fi
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi
user=${POSTGRES_USER:-postgres}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (the official image asks the same)}"
  # shellcheck disable=SC2086 # POSTGRES_INITDB_ARGS is a list of options, split on spaces as the official image does
  initdb --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") ${POSTGRES_INITDB_ARGS:-}
  printf '\nhost all all all scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
  # the first start listens on a private socket only, so the health check (pg_isready on the usual socket) does not
  # pass before the database exists
  init_socket=$(mktemp -d)
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=$init_socket" -w start
  db=${POSTGRES_DB:-$user}
  if [ "$db" != postgres ]; then
    psql -v ON_ERROR_STOP=1 -h "$init_socket" -U "$user" -d postgres -c "CREATE DATABASE \"$db\""
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop
  rm -rf "$init_socket"
fi
exec "$@"
