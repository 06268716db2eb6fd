# The local stand-in for node:20-bookworm-slim (infra/images.sh): the Debian base made with debootstrap, plus the Node.js
# of the machine that builds it. Debian 12's own nodejs is 18, older than the product's Node >= 20.19, and no image
# registry is reachable, so the binary the README already requires on the host (and that `make test` runs on) is copied
# in: one file linked only against glibc and libstdc++ (both in the base), with npm beside it. The build context is a
# folder infra/images.sh fills: bin/node, lib/node_modules/npm and the host's CA bundle (what the host trusts, so npm
# in the image build reaches the registry the way the host's npm does, a TLS-inspecting proxy included).
ARG BASE_IMAGE=servicedesk-local/debian:bookworm
FROM ${BASE_IMAGE}
COPY bin/node /usr/local/bin/node
COPY lib/node_modules/npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt NPM_CONFIG_UPDATE_NOTIFIER=false
CMD ["node"]
