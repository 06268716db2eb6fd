#!/usr/bin/env bash
# The WebDAV clients the disk's tests drive (test/e2e/dav-*.spec.ts) and the reference server bench/dav compares with,
# from Debian's packages: litmus (the WebDAV test suite), rclone (a client people mount the disk with) and apache2
# (mod_dav, for the bench only; it is never started as a system service). Quiet and instant when they are there.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

missing=()
command -v litmus >/dev/null || missing+=(litmus)
command -v rclone >/dev/null || missing+=(rclone)
[ -x /usr/sbin/apache2 ] || missing+=(apache2)
[ ${#missing[@]} -eq 0 ] && exit 0

command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get here: install them by hand"
say "installing ${missing[*]} (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq
# policy-rc.d keeps apache2's package from starting a server on port 80
as_root sh -c 'printf "#!/bin/sh\nexit 101\n" > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d'
as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || { as_root rm -f /usr/sbin/policy-rc.d; die "apt-get could not install ${missing[*]}"; }
as_root rm -f /usr/sbin/policy-rc.d
say "installed: ${missing[*]}"
