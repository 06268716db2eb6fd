# The local stand-in for maildev/maildev:2.2.1 (infra/images.sh): the same MailDev release from the npm registry on the
# local Node base; SMTP on 1025, the web view and its JSON API on 1080, as in the official image.
ARG NODE_IMAGE=servicedesk-local/node:20
FROM ${NODE_IMAGE}
ENV NODE_ENV=production MAILDEV_SMTP_PORT=1025 MAILDEV_WEB_PORT=1080
RUN mkdir -p /opt/maildev && cd /opt/maildev \
 && npm install --no-audit --no-fund --omit=dev --no-package-lock maildev@2.2.1 \
 && rm -rf /root/.npm
WORKDIR /opt/maildev
EXPOSE 1025 1080
ENTRYPOINT ["node", "/opt/maildev/node_modules/maildev/bin/maildev"]
