#!/usr/bin/env bash
# The real clients the tests drive, from Debian's packages: litmus (the WebDAV test suite) and rclone (a client people
# mount the disk with) for test/e2e/dav-*.spec.ts, promtool (package prometheus: the checker of the metrics' text
# format, test/e2e/metrics.spec.ts), newsboat (a feed reader: test/e2e/reader-newsboat.spec.ts drives it as a Google
# Reader/FeedHQ client and as an OPML client; `script`, which runs it in a pseudo-terminal, is in Debian's essential
# bsdutils), and the reference server bench/dav compares with, apache2 (mod_dav, for the bench only). No server of
# these packages is started (policy-rc.d below). Quiet and instant when they are there.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

missing=()
command -v litmus >/dev/null || missing+=(litmus)
command -v rclone >/dev/null || missing+=(rclone)
[ -x /usr/sbin/apache2 ] || missing+=(apache2)
command -v promtool >/dev/null || missing+=(prometheus)
command -v newsboat >/dev/null || missing+=(newsboat)
[ ${#missing[@]} -eq 0 ] && exit 0

command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get here: install them by hand"
say "installing ${missing[*]} (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq
# policy-rc.d keeps apache2's and prometheus' packages from starting their servers (ports 80, 9090)
as_root sh -c 'printf "#!/bin/sh\nexit 101\n" > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d'
as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || { as_root rm -f /usr/sbin/policy-rc.d; die "apt-get could not install ${missing[*]}"; }
as_root rm -f /usr/sbin/policy-rc.d
say "installed: ${missing[*]}"
