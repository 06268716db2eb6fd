#!/usr/bin/env bash
# The browser of the Playwright tests (test/browser/): Debian's `chromium` at /usr/bin/chromium. Playwright's own
# browser downloads are never used (`npx playwright install` fetches a browser of its own, which this machine's
# closed network refuses). Quiet and instant when it is already there.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0

command -v apt-get >/dev/null || die "$CHROMIUM is missing and there is no apt-get: install Chromium and set CHROMIUM_PATH"
say "installing chromium (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq
as_root apt-get install -y -qq chromium >/dev/null
[ -x "$CHROMIUM" ] || die "chromium was installed but $CHROMIUM is missing: set CHROMIUM_PATH"
say "chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
