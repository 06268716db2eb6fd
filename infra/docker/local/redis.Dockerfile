# The local stand-in for redis:7.2 (infra/images.sh): Debian 12's Redis 7.0 on the debootstrap base. Like the official
# image it works in /data (the append-only file lands in the volume), runs as the redis user and answers on every
# address without protected mode (the entry point adds `--protected-mode no`, which the official image compiles in);
# docker-compose.yml's command line (append-only file, maxmemory, noeviction) is passed as is.
ARG BASE_IMAGE=servicedesk-local/debian:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends redis-server redis-tools \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && mkdir -p /data && chown redis:redis /data
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /data
WORKDIR /data
EXPOSE 6379
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
