#!/usr/bin/env bash
# Make sure PostgreSQL, Redis and NATS (with JetStream) answer on 127.0.0.1 at 5432, 6379 and 4222.
# A server that already answers is left alone; a stopped one is started; a missing one is installed from Debian's
# packages first (apt-get). postgres@127.0.0.1 must connect without a password: on a fresh install a trust line for
# 127.0.0.1 is added to pg_hba.conf (a local development machine). Never uses docker. Silent when all is up.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The ports are the standard ones the product and its tests use; the overrides exist to test this script on spare ports.
PG_PORT="${INFRA_PG_PORT:-5432}"
REDIS_PORT="${INFRA_REDIS_PORT:-6379}"
NATS_PORT="${INFRA_NATS_PORT:-4222}"
NATS_STORE="${INFRA_NATS_STORE:-/var/lib/nats-server}"
NATS_LOG="${INFRA_NATS_LOG:-/var/log/nats-server.log}"
WAIT_SECONDS=30

# ---------- checks ----------
pg_up() {
  if command -v pg_isready >/dev/null; then pg_isready -q -h 127.0.0.1 -p "$PG_PORT" -t 2
  else port_open "$PG_PORT"; fi
}
redis_up() {
  if command -v redis-cli >/dev/null; then
    [ "$(timeout 3 redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
  else
    timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/$REDIS_PORT; printf 'PING\r\n' >&3; head -n1 <&3" 2>/dev/null | grep -q PONG
  fi
}
# NATS greets every client with an INFO line; it says "jetstream":true when JetStream is on.
nats_info() { timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/$NATS_PORT; head -n1 <&3" 2>/dev/null || true; }
nats_up() { nats_info | grep -q '^INFO '; }

wait_for() { # wait_for <label> <check function> [log file]
  local i
  for ((i = 0; i < WAIT_SECONDS * 2; i++)); do
    "$2" && return 0
    sleep 0.5
  done
  die "$1 did not answer on 127.0.0.1 within ${WAIT_SECONDS}s${3:+ (see $3)}"
}

# ---------- installs ----------
pg_installed() { compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null && command -v pg_ctlcluster >/dev/null && command -v psql >/dev/null; }
redis_installed() { command -v redis-server >/dev/null; }
nats_bin() { command -v nats-server 2>/dev/null || { [ -x /usr/sbin/nats-server ] && echo /usr/sbin/nats-server; } || true; }

install_missing() {
  local pkgs=()
  pg_up || pg_installed || pkgs+=(postgresql postgresql-client)
  command -v psql >/dev/null || pkgs+=(postgresql-client)
  redis_up || redis_installed || pkgs+=(redis-server)
  nats_up || [ -n "$(nats_bin)" ] || pkgs+=(nats-server)
  [ ${#pkgs[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "missing ${pkgs[*]} and no apt-get here: install them by hand"
  say "installing ${pkgs[*]} (apt-get)…"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
}

# ---------- PostgreSQL ----------
# The cluster configured for port 5432 (pg_lsclusters: version cluster port status owner datadir logfile).
pg_cluster() {
  pg_lsclusters -h 2>/dev/null | awk -v p="$PG_PORT" '$3 == p { print $1, $2; exit }'
}

start_postgres() {
  pg_up && return 0
  local cl
  cl="$(pg_cluster)"
  if [ -z "$cl" ]; then
    local ver
    ver="$(ls /usr/lib/postgresql | sort -V | tail -n1)"
    local name=main
    [ -e "/etc/postgresql/$ver/main" ] && name=servicedesk   # a cluster main exists, on another port
    say "creating PostgreSQL $ver cluster $name on port $PG_PORT…"
    as_root pg_createcluster --port "$PG_PORT" "$ver" "$name" >/dev/null
    cl="$ver $name"
  fi
  say "starting PostgreSQL $cl…"
  # shellcheck disable=SC2086
  as_root pg_ctlcluster --skip-systemctl-redirect $cl start
  wait_for PostgreSQL pg_up "/var/log/postgresql/"
}

pg_trust_ok() {
  PGPASSWORD='' PGPASSFILE=/dev/null PGCONNECT_TIMEOUT=5 \
    psql -w -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1
}

ensure_pg_trust() {
  pg_trust_ok && return 0
  local cl hba
  cl="$(pg_cluster)"
  [ -n "$cl" ] || die "postgres@127.0.0.1:$PG_PORT needs a password and no local cluster config was found to change"
  hba="/etc/postgresql/${cl% *}/${cl#* }/pg_hba.conf"
  [ -f "$hba" ] || die "postgres@127.0.0.1 needs a password and $hba is missing"
  say "allowing postgres@127.0.0.1 without password (trust line at the top of $hba)…"
  # The first matching line wins, so the trust line goes before every other rule.
  as_root sed -i '1i host    all    all    127.0.0.1/32    trust   # added by infra/services.sh (local development)' "$hba"
  # shellcheck disable=SC2086
  as_root pg_ctlcluster --skip-systemctl-redirect $cl reload
  local i
  for i in 1 2 3 4 5 6 7 8 9 10; do pg_trust_ok && return 0; sleep 0.5; done
  die "postgres@127.0.0.1:$PG_PORT still refuses a password-less login (see $hba)"
}

# ---------- Redis ----------
start_redis() {
  redis_up && return 0
  port_open "$REDIS_PORT" && die "port $REDIS_PORT is taken by something that does not answer Redis PING"
  local dir=/var/lib/redis
  [ -d "$dir" ] && [ -w "$dir" ] || dir=/tmp
  say "starting Redis…"
  # append-only file: sessions and queued jobs (mail, feed fetches, imports, backups) survive a restart (docs/decisions.md)
  # a memory bound that refuses writes rather than evicting: sessions and queued jobs must never vanish silently
  # (REDIS_MAXMEMORY, default 1gb; the gateway answers 507 to an upload Redis has no room for)
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly yes --appendfsync everysec --dir "$dir" \
    --maxmemory "${REDIS_MAXMEMORY:-1gb}" --maxmemory-policy noeviction >/dev/null
  wait_for Redis redis_up
}

# ---------- NATS + JetStream ----------
start_nats() {
  if ! nats_up; then
    port_open "$NATS_PORT" && die "port $NATS_PORT is taken by something that is not NATS"
    local bin
    bin="$(nats_bin)"
    say "starting NATS with JetStream…"
    as_root mkdir -p "$NATS_STORE"
    # The pid file ties "already running" to this port (a bare --exec match would see any nats-server).
    as_root start-stop-daemon --start --oknodo --background --make-pidfile --pidfile "/run/nats-server.$NATS_PORT.pid" \
      --exec "$bin" -- \
      -a 127.0.0.1 -p "$NATS_PORT" -js -sd "$NATS_STORE" -l "$NATS_LOG"
    wait_for NATS nats_up "$NATS_LOG"
  fi
  nats_info | grep -q '"jetstream":true' && return 0
  enable_packaged_jetstream
  nats_info | grep -q '"jetstream":true' ||
    die "NATS on 127.0.0.1:$NATS_PORT runs without JetStream: restart it with -js (e.g. nats-server -a 127.0.0.1 -p $NATS_PORT -js -sd $NATS_STORE)"
}

# Debian's nats-server package starts `nats-server -c /etc/nats-server.conf` under systemd as soon as it is installed,
# on 127.0.0.1:4222 and without JetStream. When that service is the one answering, JetStream is switched on in its
# configuration file (a store directory owned by its user) and the service restarted. Anything else is left alone.
enable_packaged_jetstream() {
  local conf="${INFRA_NATS_CONF:-/etc/nats-server.conf}" store="${INFRA_NATS_PACKAGED_STORE:-/var/lib/nats-server/jetstream}"
  command -v systemctl >/dev/null || return 0
  systemctl is-active --quiet nats-server 2>/dev/null || return 0
  [ -f "$conf" ] || return 0
  grep -q '^[[:space:]]*jetstream' "$conf" && return 0
  say "switching JetStream on in the packaged nats-server service ($conf, store $store)…"
  local owner
  owner="$(systemctl show -p User --value nats-server 2>/dev/null)"
  as_root mkdir -p "$store"
  [ -n "$owner" ] && id "$owner" >/dev/null 2>&1 && as_root chown -R "$owner:" "$(dirname "$store")"
  printf '\n# added by infra/services.sh: the product needs JetStream\njetstream {\n  store_dir: "%s"\n}\n' "$store" | as_root tee -a "$conf" >/dev/null
  as_root systemctl restart nats-server
  wait_for NATS nats_up "journalctl -u nats-server"
}

install_missing
start_postgres
ensure_pg_trust
start_redis
start_nats
