# The local stand-in for nats:2.10-alpine (infra/images.sh): Debian 12's nats-server 2.9 on the debootstrap base, with
# wget for docker-compose.yml's health check (GET /healthz?js-enabled-only=true on the monitoring port). Options alone
# (compose's `-js -sd /data -m 8222`) are passed to nats-server, as the official image's entry point does.
ARG BASE_IMAGE=servicedesk-local/debian:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends nats-server wget \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && mkdir -p /data
COPY nats-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /data
EXPOSE 4222 8222
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["nats-server", "-js", "-sd", "/data", "-m", "8222"]
