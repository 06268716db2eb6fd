#!/usr/bin/env bash
# `make down`: stop the processes `make up` started (gateway, services, mail sink), by the pids in .run/pids/.
# PostgreSQL, Redis and NATS stay up: they are shared with test runs and other projects.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Reverse start order: the gateway first, the mail sink last.
read -r -a names <<< "$(all_process_names)"
for ((i = ${#names[@]} - 1; i >= 0; i--)); do stop_bg "${names[$i]}"; done

# Pid files of processes no longer in the list (a service renamed or removed since the last `make up`).
if [ -d "$PID_DIR" ]; then
  for f in "$PID_DIR"/*.pid; do
    [ -e "$f" ] || continue
    stop_bg "$(basename "$f" .pid)"
  done
fi
