#!/usr/bin/env bash
# `make images`: the container engine and every image docker-compose.local.yml runs, made on this machine from Debian's
# packages, the npm registry and the host's Node.js; no image registry is needed (docs/running.md, "Containers").
#
#   bash infra/images.sh          the engine, then the images below (each step is skipped or cached when done)
#   bash infra/images.sh engine   only: Debian's docker.io and debootstrap, the Compose v2 plugin, a running dockerd
#   bash infra/images.sh sizes    the local images and their sizes
#   bash infra/images.sh clean    remove every servicedesk-local/* image (the next run makes them again)
#
# Images (IMAGE_PREFIX, default servicedesk-local):
#   <prefix>/debian:bookworm   debootstrap --variant=minbase, trimmed (no docs, man pages, locales, apt lists), imported
#   <prefix>/node:20           the base + the host's node binary and npm (infra/docker/local/node.Dockerfile says why)
#   <prefix>/postgres:15       Debian's PostgreSQL 15, the official image's variables and data folder
#   <prefix>/redis:7           Debian's Redis 7.0
#   <prefix>/nats:2.9          Debian's nats-server 2.9 (JetStream) and wget for the health check
#   <prefix>/maildev:2.2.1     MailDev 2.2.1 from the npm registry
#   <prefix>/servicedesk:latest  infra/docker/Dockerfile with NODE_IMAGE=<prefix>/node:20 (the product, every service)
#
# IMAGES_REBUILD_BASE=1 makes the Debian base again (it is otherwise kept: it only changes with Debian's point releases).
# Builds that install packages use the host's network (`--network host`): the engine is started without a bridge of
# its own. Run as root (or with sudo).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

: "${IMAGE_PREFIX:=servicedesk-local}"
export DOCKER_BUILDKIT=0 # the classic builder: part of the engine, so no buildx plugin is needed

# The Compose v2 plugin when the machine has none: Debian 12 only packages Compose 1 (no `up --wait`), Debian 13
# packages Compose 2.26 as one static program (needs only glibc >= 2.34). Its .deb is fetched with apt from the
# same Debian mirror through a private apt configuration (the machine's sources are not touched) and the plugin is
# put where every docker CLI looks for plugins.
COMPOSE_PLUGIN_DIR=/usr/local/lib/docker/cli-plugins
install_compose_plugin() {
  docker compose version >/dev/null 2>&1 && return 0
  say "installing the Docker Compose v2 plugin (Debian 13's docker-compose package) into $COMPOSE_PLUGIN_DIR…"
  local tmp mirror
  tmp=$(mktemp -d)
  mirror=$(debian_mirror)
  mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" >"$tmp/sources.list"
  local apt_opts=(-o "Dir::Etc::sourcelist=$tmp/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$tmp/lists"
    -o "Dir::Cache=$tmp/cache" -o APT::Sandbox::User=root)
  as_root apt-get "${apt_opts[@]}" -qq update
  (cd "$tmp" && as_root apt-get "${apt_opts[@]}" -qq download docker-compose)
  dpkg -x "$tmp"/docker-compose_*.deb "$tmp/x"
  as_root install -D -m 755 "$tmp/x/usr/libexec/docker/cli-plugins/docker-compose" "$COMPOSE_PLUGIN_DIR/docker-compose"
  rm -rf "$tmp"
  docker compose version
}

# The Debian mirror apt uses (the first bookworm source), for debootstrap and the plugin above.
debian_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; return; fi
  apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' 2>/dev/null |
    awk '$2 == "bookworm" { sub(/\/$/, "", $1); print $1; found = 1; exit } END { if (!found) print "http://deb.debian.org/debian" }'
}

# The engine: Debian's docker.io (engine 20.10) and debootstrap, the Compose plugin, and dockerd running. A dockerd
# that already answers is used as it is (systemd's, say). Otherwise one is started here, as root, with no network
# of its own and no firewall rules, and IPv4 forwarding left as it is (off on these machines): the containers then
# talk to each other and to this machine over the networks Compose makes, and to nothing beyond it.
DOCKERD_LOG="$LOG_DIR/dockerd.log"
ensure_engine() {
  if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null; then
    say "installing docker.io and debootstrap (Debian's packages)…"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io debootstrap >/dev/null ||
      { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io debootstrap >/dev/null; }
  fi
  if ! docker info >/dev/null 2>&1; then
    mkdir -p "$LOG_DIR"
    say "starting dockerd (log: ${DOCKERD_LOG#"$ROOT"/})…"
    as_root setsid dockerd --iptables=false --ip-forward=false --bridge=none >>"$DOCKERD_LOG" 2>&1 </dev/null &
    local i
    for i in $(seq 1 60); do
      docker info >/dev/null 2>&1 && break
      [ "$i" = 60 ] && { tail -n 20 "$DOCKERD_LOG" >&2; die "dockerd did not answer in 60 s"; }
      sleep 1
    done
    # its own pid file (the pid of `&` above is a subshell's): what stop_engine stops
    cp /var/run/docker.pid "$RUN_DIR/dockerd.pid"
  fi
  install_compose_plugin >/dev/null
}

# Stops the dockerd that ensure_engine started (none other); the images stay on disk.
stop_engine() {
  local pid
  pid=$(cat "$RUN_DIR/dockerd.pid" 2>/dev/null) || return 0
  if kill -0 "$pid" 2>/dev/null && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = dockerd ]; then
    say "stopping dockerd ($pid)…"
    as_root kill "$pid"
    local i
    for i in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  fi
  rm -f "$RUN_DIR/dockerd.pid"
}

have_image() { docker image inspect "$1" >/dev/null 2>&1; }

# A minimal Debian 12: debootstrap's minbase (about 200 MB), without what a container never reads (documentation,
# man pages, translations, apt's package lists and caches: 80 MB left), set up like the official slim images (no
# recommended packages, no docs installed later, no services started by package scripts), imported as one layer.
build_base() {
  local tag="$IMAGE_PREFIX/debian:bookworm"
  if have_image "$tag" && [ -z "${IMAGES_REBUILD_BASE:-}" ]; then return 0; fi
  local mirror dir
  mirror=$(debian_mirror)
  dir=$(mktemp -d /var/tmp/sd-debootstrap.XXXXXX)
  say "making $tag with debootstrap from $mirror…"
  as_root debootstrap --variant=minbase bookworm "$dir/root" "$mirror" >"$dir/debootstrap.log" 2>&1 ||
    { tail -n 20 "$dir/debootstrap.log" >&2; die "debootstrap failed (log: $dir/debootstrap.log)"; }
  local r="$dir/root"
  as_root bash -euo pipefail -c '
    r=$1 mirror=$2
    rm -rf "$r"/var/cache/apt/*.bin "$r"/var/cache/apt/archives/*.deb "$r"/var/lib/apt/lists/* \
      "$r"/usr/share/doc/* "$r"/usr/share/man/* "$r"/usr/share/info/* "$r"/var/log/*.log "$r"/var/log/apt/* "$r"/tmp/*
    find "$r/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
    printf "%s\n" "deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
      "deb ${mirror%/debian}/debian-security bookworm-security main" > "$r/etc/apt/sources.list"
    printf "%s\n" "path-exclude /usr/share/doc/*" "path-include /usr/share/doc/*/copyright" "path-exclude /usr/share/man/*" \
      "path-exclude /usr/share/info/*" "path-exclude /usr/share/locale/*" "path-include /usr/share/locale/locale.alias" \
      > "$r/etc/dpkg/dpkg.cfg.d/docker-slim"
    printf "%s\n" "APT::Install-Recommends \"false\";" "APT::Install-Suggests \"false\";" > "$r/etc/apt/apt.conf.d/docker-slim"
    printf "%s\n" "#!/bin/sh" "# no service is started by a package script inside an image" "exit 101" > "$r/usr/sbin/policy-rc.d"
    chmod 755 "$r/usr/sbin/policy-rc.d"
    : > "$r/etc/hostname"
  ' _ "$r" "$mirror"
  as_root tar -C "$r" --numeric-owner -c . | docker import \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' -c 'ENV LANG=C.UTF-8' -c 'CMD ["bash"]' \
    -m "debootstrap --variant=minbase bookworm $mirror (infra/images.sh)" - "$tag" >/dev/null
  as_root rm -rf "$dir"
}

# The local Node base: the host's node and npm (after the README's Node >= 20.19 check) and the host's CA bundle.
build_node() {
  require_node
  local ctx node npm_dir
  ctx=$(mktemp -d)
  node=$(readlink -f "$(command -v node)")
  npm_dir="$(npm root -g)/npm"
  [ -f "$npm_dir/bin/npm-cli.js" ] || die "npm not found at $npm_dir"
  mkdir -p "$ctx/bin" "$ctx/lib/node_modules"
  cp "$node" "$ctx/bin/node"
  cp -a "$npm_dir" "$ctx/lib/node_modules/npm"
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then cp /etc/ssl/certs/ca-certificates.crt "$ctx/"; else : >"$ctx/ca-certificates.crt"; fi
  cp infra/docker/local/node.Dockerfile "$ctx/Dockerfile"
  say "building $IMAGE_PREFIX/node:20 (Node $(node --version), npm $(npm --version) of this machine)…"
  logged docker build --network host --build-arg "BASE_IMAGE=$IMAGE_PREFIX/debian:bookworm" -t "$IMAGE_PREFIX/node:20" "$ctx"
  rm -rf "$ctx"
}

# A stand-in built from infra/docker/local/<name>.Dockerfile (cached by the classic builder when nothing changed).
build_local() {
  local name=$1 tag=$2
  say "building $tag…"
  logged docker build --network host --build-arg "BASE_IMAGE=$IMAGE_PREFIX/debian:bookworm" --build-arg "NODE_IMAGE=$IMAGE_PREFIX/node:20" \
    -f "infra/docker/local/$name.Dockerfile" -t "$tag" infra/docker/local
}

# A build's output goes to .run/logs/images.log; its end is shown when it fails.
IMAGES_LOG="$LOG_DIR/images.log"
logged() {
  mkdir -p "$LOG_DIR"
  printf '\n==== %s: %s\n' "$(date -u +%FT%TZ)" "$*" >>"$IMAGES_LOG"
  "$@" >>"$IMAGES_LOG" 2>&1 || { tail -n 30 "$IMAGES_LOG" >&2; die "failed: $* (log: ${IMAGES_LOG#"$ROOT"/})"; }
}

# The product's one image, from infra/docker/Dockerfile on the local Node base. Its own log (it is long):
# .run/logs/image-build.log. The build stage is tagged too (<prefix>/servicedesk-build:latest): it is the classic
# builder's cache (npm ci is redone only when a package.json or the lock changes), and being tagged it is not left
# behind as a nameless image; the images the two tags pointed at before are removed.
build_product() {
  local tag="$IMAGE_PREFIX/servicedesk:latest" build_tag="$IMAGE_PREFIX/servicedesk-build:latest" log="$LOG_DIR/image-build.log"
  mkdir -p "$LOG_DIR"
  local old old_build
  old=$(docker image inspect -f '{{.Id}}' "$tag" 2>/dev/null || true)
  old_build=$(docker image inspect -f '{{.Id}}' "$build_tag" 2>/dev/null || true)
  say "building $tag (npm ci, npm run build, npm prune; log: ${log#"$ROOT"/})…"
  local args=(--network host --build-arg "NODE_IMAGE=$IMAGE_PREFIX/node:20" -f infra/docker/Dockerfile)
  docker build "${args[@]}" -t "$tag" . >"$log" 2>&1 ||
    { tail -n 40 "$log" >&2; die "the product image did not build (log: ${log#"$ROOT"/})"; }
  # the build stage's image: the last " ---> <id>" before the second stage's FROM in the classic builder's output
  local id
  id=$(awk '/^Step [0-9]+\/[0-9]+ : FROM/ { if (++n == 2) { print last; exit } } /^ ---> [0-9a-f]+$/ { last = $2 }' "$log")
  [ -n "$id" ] && docker tag "$id" "$build_tag"
  for id in "$old" "$old_build"; do
    if [ -n "$id" ] && [ "$id" != "$(docker image inspect -f '{{.Id}}' "$tag")" ] && [ "$id" != "$(docker image inspect -f '{{.Id}}' "$build_tag")" ]; then
      docker rmi "$id" >/dev/null 2>&1 || true
    fi
  done
}

sizes() {
  docker images --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' --filter "reference=$IMAGE_PREFIX/*" | sort
}

main() {
  cd "$ROOT"
  local step=${1:-all}
  case "$step" in
    engine) ensure_engine ;;
    stop-engine) stop_engine ;;
    sizes) sizes ;;
    clean)
      docker images --format '{{.Repository}}:{{.Tag}}' --filter "reference=$IMAGE_PREFIX/*" | xargs -r docker rmi -f >/dev/null
      ;;
    all | product | stand-ins)
      ensure_engine
      local t0=$SECONDS
      build_base
      build_node
      if [ "$step" != product ]; then
        build_local postgres "$IMAGE_PREFIX/postgres:15"
        build_local redis "$IMAGE_PREFIX/redis:7"
        build_local nats "$IMAGE_PREFIX/nats:2.9"
        build_local maildev "$IMAGE_PREFIX/maildev:2.2.1"
      fi
      say "stand-ins ready in $((SECONDS - t0)) s"
      if [ "$step" != stand-ins ]; then
        local t1=$SECONDS
        build_product
        say "product image ready in $((SECONDS - t1)) s"
      fi
      sizes
      ;;
    *) die "usage: infra/images.sh [all|stand-ins|product|engine|stop-engine|sizes|clean]" ;;
  esac
}

main "$@"
