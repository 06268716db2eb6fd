#!/bin/sh
# Entry point of the local NATS stand-in: options alone run nats-server with them; anything else runs as is.
set -eu
case "${1:-}" in -*) set -- nats-server "$@" ;; esac
exec "$@"
