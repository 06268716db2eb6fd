#!/usr/bin/env bash
# `make down`: stop the processes `make up` started (gateway first), then the pm2 daemon that supervised them.
# PostgreSQL, Redis and NATS stay up: they are shared with test runs and other projects.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [ -n "$(supervisor daemon)" ]; then
  procs="$(supervisor names)"   # "<name> <pid> <restarts>" a line, before they stop
  # The gateway first (no request reaches a service that is stopping), then every other process and the daemon:
  # SIGTERM, SIGKILL after 10 s (infra/supervisor.js), and pm2 restarts nothing it was told to stop.
  supervisor pm2 stop gateway >/dev/null 2>&1 || true
  supervisor pm2 kill >/dev/null 2>&1 || say "pm2 kill failed: $(supervisor pm2 kill 2>&1 | tail -n 3)"
  while read -r name pid _; do
    [ -n "$name" ] && [ "${pid:-0}" != 0 ] && say "stopped $name (pid $pid)"
  done <<< "$procs"
  daemon="$(supervisor daemon)"
  if [ -n "$daemon" ]; then
    say "the pm2 daemon (pid $daemon) did not stop: killing it"
    kill -KILL "$daemon" 2>/dev/null || true
  fi
fi

# Pid files of processes started by a `make up` from before pm2 (.run/pids/), still running.
if [ -d "$PID_DIR" ]; then
  for f in "$PID_DIR"/*.pid; do
    [ -e "$f" ] || continue
    stop_bg "$(basename "$f" .pid)"
  done
fi
