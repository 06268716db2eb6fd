#!/usr/bin/env bash
# `make up`: install, start the local servers, create the database, build, migrate, (re)start the whole product in the
# background and print its URLs. Logs: .run/logs/<name>.log; pids: .run/pids/<name>.pid; `make down` stops it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

UP_TIMEOUT="${UP_TIMEOUT:-90}"   # seconds to wait for the gateway to answer

# CREATE DATABASE <name of DATABASE_URL> when it does not exist yet (connecting to the same server's `postgres` db).
ensure_database() {
  local base="${DATABASE_URL%%\?*}" name admin found
  name="${base##*/}"
  admin="${base%/*}/postgres"
  [[ "$name" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "unexpected database name '$name' in DATABASE_URL"
  found="$(psql "$admin" -w -tAc "select 1 from pg_database where datname = '$name'")" ||
    die "cannot connect to $admin"
  if [ "$found" != 1 ]; then
    # C collation: string comparisons and sorts of the document store go by code point (docs/decisions.md)
    psql "$admin" -w -qc "create database \"$name\" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'" >/dev/null
    say "created database $name"
  fi
}

tail_logs() { # tail_logs <name…>: the end of each log, for a failure report
  local n
  for n in "$@"; do
    [ -f "$LOG_DIR/$n.log" ] || continue
    say "---- last lines of .run/logs/$n.log ----"
    tail -n 40 "$LOG_DIR/$n.log" >&2
  done
}

# ---- 1. tools, dependencies, local servers, database ----
require_node
ensure_deps
bash "$ROOT/infra/services.sh"
ensure_database

version="$(node -p 'require("./package.json").version')"
if sha="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)"; then version="$version+$sha"; fi
: "${APP_VERSION:=$version}"
export APP_VERSION

# ---- 2. build and migrate ----
say "building (npm run build)…"
npm run build --silent || die "the build failed (see the compiler output above)"

for s in "${APP_SERVICES[@]}"; do
  [ -f "$ROOT/services/$s/dist/main.js" ] || die "services/$s/dist/main.js is missing after the build"
  [ -f "$ROOT/services/$s/dist/migrate.js" ] || die "services/$s/dist/migrate.js is missing after the build"
  say "migrating $s…"
  (cd "$ROOT/services/$s" && node "$ROOT/services/$s/dist/migrate.js") || die "the migrations of $s failed"
done
[ -f "$ROOT/gateway/dist/main.js" ] || die "gateway/dist/main.js is missing after the build"
[ -f "$ROOT/frontends/shell/dist/index.html" ] || die "frontends/shell/dist/index.html is missing after the build"

# ---- 3. restart the processes ----
bash "$ROOT/infra/down.sh"
port_open "$GATEWAY_PORT" &&
  die "port $GATEWAY_PORT is already taken by a program make up did not start (GATEWAY_PORT=<port> make up picks another)"

started=()
maildev_note=""
if [ "$SMTP_HOST" != 127.0.0.1 ] && [ "$SMTP_HOST" != localhost ]; then
  maildev_note="(not started: SMTP_HOST=$SMTP_HOST)"
elif port_open "$SMTP_PORT" || port_open "$MAILDEV_WEB_PORT"; then
  maildev_note="(not started: port $SMTP_PORT or $MAILDEV_WEB_PORT already taken by another program; mail goes there)"
else
  start_bg maildev "$ROOT" node "$ROOT/node_modules/maildev/dist/bin/maildev.js" \
    --smtp "$SMTP_PORT" --ip 127.0.0.1 --web "$MAILDEV_WEB_PORT" --web-ip 127.0.0.1
  started+=(maildev)
fi

# <NAME>_REPLICAS copies of a service (default 1): the first is named <name>, the others <name>-2, <name>-3…; they
# share requests through NATS queue groups and jobs through BullMQ. Each disk copy serves its own HTTP port
# (DISK_HTTP_PORT, +1, +2…) and the gateway takes them in turn (DISK_HTTP_URL, comma separated), as the accounts
# service does for the backups' file bytes: known before any service starts.
disk_urls=()
disk_copies="$(replicas disk)"
for ((i = 1; i <= disk_copies; i++)); do disk_urls+=("http://127.0.0.1:$((DISK_HTTP_PORT + i - 1))"); done
[ -n "${DISK_HTTP_URL:-}" ] || DISK_HTTP_URL="$(IFS=,; echo "${disk_urls[*]}")"
export DISK_HTTP_URL

for s in "${APP_SERVICES[@]}"; do
  n="$(replicas "$s")"
  for ((i = 1; i <= n; i++)); do
    name="$s"; [ "$i" -gt 1 ] && name="$s-$i"
    env_extra=()
    if [ "$s" = disk ]; then
      port=$((DISK_HTTP_PORT + i - 1))
      env_extra=(env "DISK_HTTP_PORT=$port")
    fi
    # shellcheck disable=SC2046 # one word a flag
    start_bg "$name" "$ROOT/services/$s" "${env_extra[@]}" node $(node_flags) "$ROOT/services/$s/dist/main.js"
    started+=("$name")
  done
done

# shellcheck disable=SC2046
start_bg gateway "$ROOT/gateway" node $(node_flags) "$ROOT/gateway/dist/main.js"
started+=(gateway)

# ---- 4. wait until the gateway answers GET /_up: Redis and every service ready (and every process stays alive) ----
fail() { # fail <message> <log names…>: show the logs, stop what was started, exit 1
  local msg="$1"; shift
  tail_logs "$@"
  bash "$ROOT/infra/down.sh"
  die "$msg (logs kept in .run/logs/)"
}
check_alive() {
  local n
  for n in "${started[@]}"; do
    running_pid "$n" >/dev/null || fail "$n exited during start-up" "$n"
  done
}
say "waiting for the gateway and services (http://127.0.0.1:$GATEWAY_PORT/_up) …"
deadline=$((SECONDS + UP_TIMEOUT))
until http_ok "$GATEWAY_PORT" /_up; do
  check_alive
  [ "$SECONDS" -lt "$deadline" ] || fail "the gateway did not answer within ${UP_TIMEOUT}s" "${APP_SERVICES[@]}" gateway
  sleep 1
done
sleep 1
check_alive   # a service that fails after connecting (NATS, Postgres) shows up here
if [[ " ${started[*]} " == *" maildev "* ]]; then
  for _ in $(seq 1 20); do http_ok "$MAILDEV_WEB_PORT" /api/healthz && break; sleep 0.5; done
fi

cat <<EOF

ServiceDesk $APP_VERSION is running (APP_PREFIX=$APP_PREFIX, database ${DATABASE_URL##*/}):
  Web app    http://127.0.0.1:$GATEWAY_PORT/app   (log in: http://127.0.0.1:$GATEWAY_PORT/user/login)
  API        http://127.0.0.1:$GATEWAY_PORT/
  API docs   http://127.0.0.1:$GATEWAY_PORT/api/docs   (OpenAPI JSON: http://127.0.0.1:$GATEWAY_PORT/api/docs-json)
  Mail sink  http://127.0.0.1:$MAILDEV_WEB_PORT/   (SMTP 127.0.0.1:$SMTP_PORT, JSON: /api/email) $maildev_note
  Processes  ${started[*]}   logs in .run/logs/ (make logs)
  Stop       make down
EOF
