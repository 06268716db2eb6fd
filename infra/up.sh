#!/usr/bin/env bash
# `make up`: install, start the local servers, create the database, build, migrate, (re)start the whole product under
# pm2 (infra/supervisor.js: a process that exits is started again) and print its URLs. Logs: .run/logs/<name>.log;
# pm2's home: .run/pm2; `make status` shows each process; `make down` stops it.
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

# ---- 3. restart the processes, under pm2 ----
bash "$ROOT/infra/down.sh"
port_open "$GATEWAY_PORT" &&
  die "port $GATEWAY_PORT is already taken by a program make up did not start (GATEWAY_PORT=<port> make up picks another)"

# The processes to start, one tab-separated line each: name, working directory, script, log, KEY=VALUE…
# (infra/supervisor.js turns them into pm2's ecosystem: node with infra/node-flags, the restart policy, the log).
apps=()
started=()
add_app() { # add_app <name> <dir> <script> [KEY=VALUE…]
  local name="$1" dir="$2" script="$3" log="$LOG_DIR/$1.log" line; shift 3
  printf '=== %s: node %s (in %s, supervised by pm2)\n' "$(date -Is)" "$script" "$dir" > "$log"
  line="$name"$'\t'"$dir"$'\t'"$script"$'\t'"$log"
  for kv in "$@"; do line+=$'\t'"$kv"; done
  apps+=("$line")
  started+=("$name")
}
mkdir -p "$LOG_DIR"

maildev_note=""
if [ "$SMTP_HOST" != 127.0.0.1 ] && [ "$SMTP_HOST" != localhost ]; then
  maildev_note="(not started: SMTP_HOST=$SMTP_HOST)"
elif port_open "$SMTP_PORT" || port_open "$MAILDEV_WEB_PORT"; then
  maildev_note="(not started: port $SMTP_PORT or $MAILDEV_WEB_PORT already taken by another program; mail goes there)"
else
  # maildev reads its options from its environment too (MAILDEV_*)
  add_app maildev "$ROOT" "$ROOT/node_modules/maildev/dist/bin/maildev.js" \
    "MAILDEV_SMTP_PORT=$SMTP_PORT" MAILDEV_IP=127.0.0.1 "MAILDEV_WEB_PORT=$MAILDEV_WEB_PORT" MAILDEV_WEB_IP=127.0.0.1
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
    [ "$s" = disk ] && env_extra=("DISK_HTTP_PORT=$((DISK_HTTP_PORT + i - 1))")
    add_app "$name" "$ROOT/services/$s" "$ROOT/services/$s/dist/main.js" "${env_extra[@]}"
  done
done
add_app gateway "$ROOT/gateway" "$ROOT/gateway/dist/main.js"

mkdir -p "$PM2_DIR"
printf '%s\n' "${apps[@]}" | supervisor apps > "$PM2_DIR/apps.json"
# the supervisor's own log (starts, exits, restarts) beside the processes' logs, so `make logs` shows it too
: > "$PM2_DIR/pm2.log"
ln -sfn ../pm2/pm2.log "$LOG_DIR/pm2.log"
pm2_out="$(supervisor pm2 start "$PM2_DIR/apps.json" 2>&1)" ||
  { say "$pm2_out"; bash "$ROOT/infra/down.sh"; die "pm2 could not start the processes"; }

# ---- 4. wait until the gateway answers GET /_up: Redis and every service ready (and no process exits meanwhile) ----
fail() { # fail <message> <log names…>: show the logs, stop what was started, exit 1
  local msg="$1"; shift
  tail_logs "$@"
  bash "$ROOT/infra/down.sh"
  die "$msg (logs kept in .run/logs/)"
}
check_alive() { # a process that exited during start-up (pm2 logs each exit: cheaper than asking it every second)
  local bad
  bad="$(sed -n 's/.*App \[\(.*\):[0-9]*\] exited with code.*/\1/p' "$PM2_DIR/pm2.log" | sort -u | tr '\n' ' ')"
  bad="${bad% }"
  # shellcheck disable=SC2086 # one word a name
  [ -z "$bad" ] || fail "$bad exited during start-up" $bad
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

# A Redis that keeps nothing on disk loses every session and queued job when it restarts: say so (docs/running.md)
redis_note="$(node "$ROOT/infra/redis-persistence.js" "$REDIS_URL" 2>/dev/null || true)"

cat <<EOF

ServiceDesk $APP_VERSION is running (APP_PREFIX=$APP_PREFIX, database ${DATABASE_URL##*/}):
  Web app    http://127.0.0.1:$GATEWAY_PORT/app   (log in: http://127.0.0.1:$GATEWAY_PORT/user/login)
  API        http://127.0.0.1:$GATEWAY_PORT/
  API docs   http://127.0.0.1:$GATEWAY_PORT/api/docs   (OpenAPI JSON: http://127.0.0.1:$GATEWAY_PORT/api/docs-json)
  Mail sink  http://127.0.0.1:$MAILDEV_WEB_PORT/   (SMTP 127.0.0.1:$SMTP_PORT, JSON: /api/email) $maildev_note
  Processes  ${started[*]}   logs in .run/logs/ (make logs)
  Supervisor pm2 starts again a process that exits (make status: state, restarts; its log: .run/logs/pm2.log)${redis_note:+
$redis_note}
  Stop       make down
EOF
