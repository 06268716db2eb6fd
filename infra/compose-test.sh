#!/usr/bin/env bash
# `make compose-test`: docker-compose.yml built and run in real containers on this machine, then removed.
#
#   1. images     infra/images.sh: Debian's docker.io, debootstrap and the Compose v2 plugin when missing, dockerd
#                 started when none answers, the local base and stand-ins, the product's one image
#   2. up         `docker compose up --wait` of docker-compose.yml + docker-compose.local.yml (every health check
#                 passing), the gateway and the mail sink's web view on free ports of 127.0.0.1
#   3. smoke      through the gateway: register, confirm through the mail sink, a group, a ticket, a WebDAV PUT and
#                 GET, an OPML import, a backup made and downloaded (test/compose/check.js smoke)
#   4. scale      TICKETS_REPLICAS=2 `docker compose up --wait`: a second tickets copy, healthy
#   5. failover   under a steady write load one tickets copy's process is killed (SIGKILL); its restart policy
#                 brings it back, the other copy keeps answering, every acknowledged write reads back
#                 (test/compose/check.js failover)
#   6. down       `docker compose down -v`: containers, network and volumes gone
#
# Each phase prints its time; the figures of the last run are in .run/compose-test.txt. On a failure the end of every
# container's log is printed before the stack is removed. COMPOSE_TEST_KEEP=1 leaves the stack up (remove it with
# `docker compose -p sdcompose-test down -v`). A dockerd started here is stopped at the end (its images stay on disk
# for the next run; `bash infra/images.sh clean` removes them); COMPOSE_TEST_KEEP_ENGINE=1 leaves it running.
# Not part of `make test`: 3.5–4 minutes on the idle 2-core machine, over 15 at load 20–50, most of it building images
# (docs/running.md, "Containers"). Run as root: it may install the engine and start dockerd.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

export COMPOSE_PROJECT_NAME=sdcompose-test
COMPOSE=(docker compose -f docker-compose.yml -f docker-compose.local.yml -f test/compose/compose.test.yml)
REPORT="$RUN_DIR/compose-test.txt"
COMPOSE_LOG="$LOG_DIR/compose-test.log" # Compose's own output (its progress lines), shown when a step fails
mkdir -p "$RUN_DIR" "$LOG_DIR"
: >"$REPORT"
: >"$COMPOSE_LOG"
compose() { "${COMPOSE[@]}" "$@" >>"$COMPOSE_LOG" 2>&1 || { tail -n 30 "$COMPOSE_LOG" >&2; die "docker compose $* failed (log: ${COMPOSE_LOG#"$ROOT"/})"; }; }
require_node

T_START=$SECONDS
T_PHASE=$SECONDS
phase() { # phase <title>: starts the clock of a phase
  T_PHASE=$SECONDS
  say ""
  say "== $1"
}
done_phase() {
  local line
  line=$(printf '%-9s %4d s' "$1" $((SECONDS - T_PHASE)))
  say "   $line"
  echo "$line" >>"$REPORT"
}

started_engine=
cleanup() {
  local rc=$?
  set +e
  if docker info >/dev/null 2>&1 && [ -n "$("${COMPOSE[@]}" ps -a -q 2>/dev/null)" ]; then
    if [ $rc != 0 ]; then
      say ""
      say "== the end of each container's log"
      "${COMPOSE[@]}" ps -a >&2
      "${COMPOSE[@]}" logs --no-color --tail 25 >&2
    fi
    if [ -n "${COMPOSE_TEST_KEEP:-}" ]; then
      say "the stack stays up (COMPOSE_TEST_KEEP): gateway $GATEWAY_URL, mail sink $MAIL_URL"
    else
      phase "down: docker compose down -v"
      "${COMPOSE[@]}" down -v --remove-orphans --timeout 20 >/dev/null 2>&1
      left=$(docker ps -a -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME"; docker volume ls -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME"; docker network ls -q --filter "label=com.docker.compose.project=$COMPOSE_PROJECT_NAME")
      [ -z "$left" ] || { say "left behind after down -v: $left"; rc=1; }
      done_phase down
    fi
  fi
  if [ -n "$started_engine" ] && [ -z "${COMPOSE_TEST_KEEP_ENGINE:-}" ] && [ -z "${COMPOSE_TEST_KEEP:-}" ]; then
    bash infra/images.sh stop-engine
  fi
  rm -f "${STATE_FILE:-}"
  local total=$((SECONDS - T_START))
  echo "total     $(printf '%4d' $total) s" >>"$REPORT"
  say ""
  if [ $rc = 0 ]; then say "compose-test passed in ${total} s (figures: ${REPORT#"$ROOT"/})"; else say "compose-test FAILED (rc $rc) after ${total} s"; fi
  exit $rc
}
trap cleanup EXIT

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# the ports test/compose/compose.test.yml publishes on 127.0.0.1 (picked before the gateway starts)
export COMPOSE_TEST_GATEWAY_PORT=0 COMPOSE_TEST_MAIL_PORT=0 GATEWAY_URL= MAIL_URL=
export STATE_FILE="$RUN_DIR/compose-test.state.json"

# 1. images
phase "images: infra/images.sh"
docker info >/dev/null 2>&1 || started_engine=1
bash infra/images.sh
docker images --format '{{.Repository}}:{{.Tag}} {{.Size}}' --filter 'reference=servicedesk-local/*' | sort | sed 's/^/image     /' >>"$REPORT"
done_phase images

# a stack of this test left by an earlier run that was interrupted
"${COMPOSE[@]}" down -v --remove-orphans >/dev/null 2>&1 || true

# 2. up
COMPOSE_TEST_GATEWAY_PORT=$(free_port)
COMPOSE_TEST_MAIL_PORT=$(free_port)
export GATEWAY_URL="http://127.0.0.1:$COMPOSE_TEST_GATEWAY_PORT" MAIL_URL="http://127.0.0.1:$COMPOSE_TEST_MAIL_PORT"
phase "up: docker compose up --wait (gateway $GATEWAY_URL, mail sink $MAIL_URL)"
compose up -d --wait --no-build
"${COMPOSE[@]}" ps --format '{{.Name}}\t{{.Status}}' | sed 's/^/   /' >&2
# every container that runs is healthy or (the mail sink, which has no health check) running; migrate exited 0
bad=$("${COMPOSE[@]}" ps -a --format '{{.Service}} {{.State}} {{.Health}} {{.ExitCode}}' |
  awk '$1 == "migrate" { if ($2 != "exited" || $NF != 0) print; next } $2 != "running" || ($1 != "mail" && $3 != "healthy")')
[ -z "$bad" ] || die "not healthy after up --wait: $bad"
done_phase up

# 3. smoke
phase "smoke through the gateway"
node test/compose/check.js smoke
done_phase smoke

# 4. scale
phase "scale: TICKETS_REPLICAS=2 docker compose up --wait"
TICKETS_REPLICAS=2 compose up -d --wait --no-build
[ "$("${COMPOSE[@]}" ps -q tickets | wc -l)" = 2 ] || die "tickets: not 2 copies"
done_phase scale

# 5. failover
phase "failover: kill -9 of one tickets copy under a steady write load"
node test/compose/check.js failover
done_phase failover

# 6. down: in cleanup (also after a failure)
