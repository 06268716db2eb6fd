# Shared settings and helpers for the infra/ scripts. Sourced, never run.
#
# Adding a backend service: append its folder name (services/<name>) to APP_SERVICES below.
# Each one must have services/<name>/dist/main.js (the process) and services/<name>/dist/migrate.js (its migrations).
APP_SERVICES=(identity accounts tickets disk finance reader notes)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUN_DIR="$ROOT/.run"
LOG_DIR="$RUN_DIR/logs"
PID_DIR="$RUN_DIR/pids"

# The environment every process of the product reads (see services/platform/src/config/config.ts).
# Values already set in the caller's environment win.
: "${APP_PREFIX:=app}"
: "${DATABASE_URL:=postgres://postgres@127.0.0.1:5432/servicedesk}"
: "${NATS_URL:=nats://127.0.0.1:4222}"
: "${REDIS_URL:=redis://127.0.0.1:6379}"
: "${SMTP_HOST:=127.0.0.1}"
: "${SMTP_PORT:=1025}"
: "${MAILDEV_WEB_PORT:=1080}"
: "${GATEWAY_PORT:=3000}"
: "${API_URL:=http://127.0.0.1:$GATEWAY_PORT}"
: "${PUBLIC_URL:=$API_URL}"
: "${NODE_ENV:=development}"
: "${DISK_DATA_DIR:=$ROOT/.run/disk}"
: "${DISK_HTTP_PORT:=3010}"
export APP_PREFIX DATABASE_URL NATS_URL REDIS_URL SMTP_HOST SMTP_PORT GATEWAY_PORT API_URL PUBLIC_URL NODE_ENV DISK_DATA_DIR DISK_HTTP_PORT

say() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Run as root, or through sudo when there is one (package installs, starting system servers).
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root for: $*"
  fi
}

# True when something accepts TCP connections on 127.0.0.1:<port>.
port_open() { timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# Node >= 20.19 and npm are needed (root package.json engines).
require_node() {
  command -v node >/dev/null || die "node not found: install Node.js 20.19 or newer (Debian 12's own nodejs is 18, too old; use NodeSource or nvm)"
  command -v npm >/dev/null || die "npm not found: install npm together with Node.js"
  node -e '
    const [a, b] = process.versions.node.split(".").map(Number);
    if (a < 20 || (a === 20 && b < 19)) { console.error("error: Node.js " + process.versions.node + " is too old, need >= 20.19"); process.exit(1); }
  ' || exit 1
}

# Install the workspace dependencies when node_modules is missing or older than package-lock.json.
# npm writes node_modules/.package-lock.json on every install: it is the marker of the last install.
ensure_deps() {
  local marker="$ROOT/node_modules/.package-lock.json"
  if [ -f "$ROOT/package-lock.json" ]; then
    if [ ! -f "$marker" ] || [ "$ROOT/package-lock.json" -nt "$marker" ]; then
      say "installing dependencies (npm ci)…"
      (cd "$ROOT" && npm ci --no-audit --no-fund)
    fi
  elif [ ! -d "$ROOT/node_modules" ]; then
    say "installing dependencies (npm install, no package-lock.json)…"
    (cd "$ROOT" && npm install --no-audit --no-fund)
  fi
}

# GET http://127.0.0.1:<port><path> answers with a status below 500 (node is always there; curl may not be).
http_ok() {
  node -e '
    const req = require("http").get({ host: "127.0.0.1", port: +process.argv[1], path: process.argv[2], timeout: 2000 },
      (r) => { r.resume(); process.exit(r.statusCode < 500 ? 0 : 1); });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => process.exit(1));
  ' "$1" "${2:-/}"
}

# ---- the processes of the product: supervised by pm2 (infra/supervisor.js), logs in .run/logs/<name>.log ----
# pm2's own home (daemon, sockets, its log of starts, exits and restarts) is .run/pm2; nothing of it leaves the machine.
PM2_DIR="$RUN_DIR/pm2"

# supervisor <command…>: infra/supervisor.js (pm2 <args…> | apps | status | names | daemon)
supervisor() { SUPERVISOR_HOME="$PM2_DIR" node "$ROOT/infra/supervisor.js" "$@"; }

# The pid of <name> from a pid file of .run/pids/ when it still runs and is the process we started (its command line
# holds $ROOT): processes started by a `make up` from before pm2, still stopped by `make down`.
running_pid() {
  local f="$PID_DIR/$1.pid" pid
  [ -f "$f" ] || return 1
  pid="$(cat "$f")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF "$ROOT/" || return 1
  echo "$pid"
}

# stop_bg <name>: TERM the process group of a pid file (a `make up` from before pm2), KILL after 10 s; forget the file.
stop_bg() {
  local name="$1" pid i
  if pid="$(running_pid "$name")"; then
    # setsid made the process the leader of its own group: signal the group, else just the pid.
    local target="$pid"
    [ "$(ps -o pgid= -p "$pid" | tr -d ' ')" = "$pid" ] && target="-$pid"
    kill -TERM -- "$target" 2>/dev/null || true
    for i in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      say "$name (pid $pid) did not stop in 10 s: killing it"
      kill -KILL -- "$target" 2>/dev/null || true
    fi
    say "stopped $name (pid $pid)"
  fi
  rm -f "$PID_DIR/$name.pid"
}

# How many copies of service <name> make up starts: <NAME>_REPLICAS (e.g. TICKETS_REPLICAS=2), default 1.
replicas() {
  local var n
  var="$(echo "$1" | tr '[:lower:]' '[:upper:]')_REPLICAS"
  n="${!var:-1}"
  [[ "$n" =~ ^[1-9][0-9]?$ ]] || die "$var must be a number from 1 to 99 (got '$n')"
  echo "$n"
}

# Every process make up starts, in start order: the mail sink, the services (with their copies), the gateway.
all_process_names() {
  local names=(maildev) s i
  for s in "${APP_SERVICES[@]}"; do
    names+=("$s")
    for ((i = 2; i <= $(replicas "$s"); i++)); do names+=("$s-$i"); done
  done
  echo "${names[@]}" gateway
}
