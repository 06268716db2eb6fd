#!/bin/sh
# Entry point of the local Redis stand-in: `redis-server [options]` (or options alone) runs Redis as the redis user in
# /data, reachable from the other containers (protected mode off, as in the official image). Anything else runs as is.
set -eu
case "${1:-}" in -*) set -- redis-server "$@" ;; esac
if [ "${1:-}" = redis-server ]; then
  set -- "$@" --protected-mode no
  if [ "$(id -u)" = 0 ]; then
    chown -R redis:redis .
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"
