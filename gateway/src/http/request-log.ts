import { Logger } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Every response carries the app version (the shell compares it for its new-version notice, spec §7) and the request
// id; every request is logged once it is answered: method, url (secrets redacted), status, time, route name.

export const ROUTE_NAME_HEADER = 'x-route-name';
export const APP_VERSION_HEADER = 'x-app-version';

const logger = new Logger('http');

/** The browser's route-name header (spec §7), trimmed to something safe to log and pass on. */
export function routeNameOf(request: { headers: IncomingHttpHeaders }): string | undefined {
  const raw = request.headers[ROUTE_NAME_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  const clean = value.replace(/[^\w .:/@#()[\]-]/g, '').slice(0, 100);
  return clean || undefined;
}

/** Confirmation and password-reset tokens, and status links' (`/s/<token>`), travel in the path: never log them. */
export function redactUrl(url: string): string {
  return url.replace(/\/(_confirm|_password)\/[^/?#]+/g, '/$1/[redacted]').replace(/^\/s\/[^/?#]+/, '/s/[redacted]');
}

export function installRequestHooks(fastify: FastifyInstance, version: string): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.header(APP_VERSION_HEADER, version);
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const user = (request as FastifyRequest & { caller?: { ctx: { user_id: string | null } } }).caller?.ctx.user_id;
    logRequest(request, reply.statusCode, reply.elapsedTime, user);
    done();
  });
}

/** The line every answered request leaves in the log (fastify's hook above and the fast lane). */
export function logRequest(request: { method?: string; url?: string; headers: IncomingHttpHeaders; id: string }, status: number, ms: number, user?: string | null): void {
  if (!Logger.isLevelEnabled('log')) return; // LOG_LEVEL=error or warn: not even the string is built
  const route = routeNameOf(request);
  logger.log(
    `${request.method} ${redactUrl(request.url ?? '')} ${status} ${ms.toFixed(1)}ms` + (route ? ` route=${route}` : '') + (user ? ` user=${user}` : '') + ` id=${request.id}`,
  );
}
