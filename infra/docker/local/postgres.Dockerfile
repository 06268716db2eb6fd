# The local stand-in for postgres:15 (infra/images.sh): Debian 12's PostgreSQL 15 on the debootstrap base, with an
# entry point that reads the official image's variables (POSTGRES_PASSWORD, POSTGRES_USER, POSTGRES_DB,
# POSTGRES_INITDB_ARGS, PGDATA) and keeps its data in the same folder, so docker-compose.yml runs it unchanged.
ARG BASE_IMAGE=servicedesk-local/debian:bookworm
FROM ${BASE_IMAGE}
# no cluster made by the package (the entry point makes one in the volume), no server started at install
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf \
 && apt-get update && apt-get install -y --no-install-recommends postgresql-15 postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && sed -ri "s!^#?(listen_addresses)\s*=\s*\S+.*!\1 = '*'!" /usr/share/postgresql/15/postgresql.conf.sample \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql && chmod 700 /var/lib/postgresql/data
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
# SIGINT: PostgreSQL's fast shutdown (the official image's choice too)
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
