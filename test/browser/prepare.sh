#!/usr/bin/env bash
# Before the browser tests: the builds they run (global-setup.ts starts the stack from them, it builds nothing).
# tsc -b is incremental (instant when nothing changed); the shell is rebuilt when its dist is missing or older than the
# sources of frontends/shell, frontends/ui or frontends/module-kit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
npx tsc -b proto services/platform services/identity services/accounts services/tickets services/disk services/finance services/reader services/notes gateway
index=frontends/shell/dist/index.html
if [ ! -f "$index" ] || [ -n "$(find frontends/shell/src frontends/ui/src frontends/module-kit/src proto/src frontends/shell/rsbuild.config.ts -newer "$index" -type f -not -name '*.test.ts' -not -name '*.test.tsx' -not -name '*.spec.ts' -print -quit)" ]; then
  echo "building the web shell (npm run build -w @app/shell)…" >&2
  npm run build -w @app/shell --silent >/dev/null
fi
# the tickets module remote (served by the gateway as /modules/tickets/), rebuilt like the shell
tickets=frontends/tickets/dist/mf-manifest.json
if [ ! -f "$tickets" ] || [ -n "$(find frontends/tickets/src frontends/ui/src frontends/module-kit/src proto/src frontends/tickets/rsbuild.config.ts -newer "$tickets" -type f -not -name '*.test.ts' -not -name '*.test.tsx' -not -name '*.spec.ts' -print -quit)" ]; then
  echo "building the tickets remote (npm run build -w @app/tickets-web)…" >&2
  npm run build -w @app/tickets-web --silent >/dev/null
fi
# the disk module remote (/modules/disk/), rebuilt like the shell
disk=frontends/disk/dist/mf-manifest.json
if [ ! -f "$disk" ] || [ -n "$(find frontends/disk/src frontends/ui/src frontends/module-kit/src proto/src frontends/disk/rsbuild.config.ts -newer "$disk" -type f -not -name '*.test.ts' -not -name '*.test.tsx' -not -name '*.spec.ts' -print -quit)" ]; then
  echo "building the disk remote (npm run build -w @app/disk-web)…" >&2
  npm run build -w @app/disk-web --silent >/dev/null
fi
# the finance module remote (/modules/finance/), rebuilt like the shell
finance=frontends/finance/dist/mf-manifest.json
if [ ! -f "$finance" ] || [ -n "$(find frontends/finance/src frontends/ui/src frontends/module-kit/src proto/src frontends/finance/rsbuild.config.ts -newer "$finance" -type f -not -name '*.test.ts' -not -name '*.test.tsx' -not -name '*.spec.ts' -print -quit)" ]; then
  echo "building the finance remote (npm run build -w @app/finance-web)…" >&2
  npm run build -w @app/finance-web --silent >/dev/null
fi
# the reader module remote (/modules/reader/), rebuilt like the shell
reader=frontends/reader/dist/mf-manifest.json
if [ -d frontends/reader/src ] && { [ ! -f "$reader" ] || [ -n "$(find frontends/reader/src frontends/ui/src frontends/module-kit/src proto/src frontends/reader/rsbuild.config.ts -newer "$reader" -type f -not -name '*.test.ts' -not -name '*.test.tsx' -not -name '*.spec.ts' -print -quit)" ]; }; then
  echo "building the reader remote (npm run build -w @app/reader-web)…" >&2
  npm run build -w @app/reader-web --silent >/dev/null
fi
# the notes module remote (/modules/notes/), rebuilt like the shell
notes=frontends/notes/dist/mf-manifest.json
if [ -d frontends/notes/src ] && { [ ! -f "$notes" ] || [ -n "$(find frontends/notes/src frontends/ui/src frontends/module-kit/src proto/src frontends/notes/rsbuild.config.ts -newer "$notes" -type f -not -name '*.test.ts' -not -name '*.test.tsx' -not -name '*.spec.ts' -print -quit)" ]; }; then
  echo "building the notes remote (npm run build -w @app/notes-web)…" >&2
  npm run build -w @app/notes-web --silent >/dev/null
fi
# the Module Federation remote the federation spec and bench/shell load (served by the gateway as /modules/hello/)
remote=test/browser/remote-fixture
if [ ! -f "$remote/dist/hello/mf-manifest.json" ] || [ -n "$(find "$remote/src" "$remote/rsbuild.config.ts" -newer "$remote/dist/hello/mf-manifest.json" -type f -print -quit)" ]; then
  echo "building the test remote (test/browser/remote-fixture)…" >&2
  npx rsbuild build --root "$remote" >/dev/null
fi
