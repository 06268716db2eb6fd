import 'reflect-metadata';
import { randomUUID } from 'crypto';
import { createServer } from 'http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { logLevels } from '@app/platform';
import { GatewayConfig, loadGatewayConfig } from './config/gateway-config';
import { GatewayModule } from './gateway.module';
import { registerBodyParsers } from './http/body-parser';
import { handleClientError, handleFrameworkError } from './http/edge-errors';
import { FastLane, HttpHandler } from './http/fast-lane';
import { DiskProxy } from './disk/disk-proxy';
import { ImportUpload } from './imports/import-upload';
import { BookmarksUpload } from './imports/bookmarks-upload';
import { GatewayMetrics } from './metrics/gateway-metrics';
import { HttpMetrics } from './metrics/http-metrics';
import { QueueBoard } from './queues/queue-board';
import { setupOpenApi } from './http/openapi';
import { installRequestHooks } from './http/request-log';
import { drainAfterEarlyAnswer } from './http/early-answers';
import { installSecurityHeaders } from './http/security-headers';

export interface GatewayOptions {
  /** 0 picks a free port; defaults to GATEWAY_PORT (3000) */
  port?: number;
  host?: string;
}

/** Builds the gateway and starts listening (tests use port 0 and read `app.getUrl()`). */
export async function createGateway(options: GatewayOptions = {}): Promise<NestFastifyApplication> {
  const config: GatewayConfig = loadGatewayConfig();
  // Node's server is ours so the fast lane sees each request first; it is built once Nest has made its services
  let lane: FastLane | undefined;
  let disk: DiskProxy | undefined;
  let imports: ImportUpload | undefined;
  let bookmarkFiles: BookmarksUpload | undefined;
  let metrics: HttpMetrics | undefined;
  const adapter = new FastifyAdapter({
    serverFactory: (handler: HttpHandler) => {
      const server = createServer((req, res) => {
        metrics?.track(req, res); // every request, whichever door takes it
        drainAfterEarlyAnswer(req, res);
        return disk?.take(req, res) || imports?.take(req, res) || bookmarkFiles?.take(req, res) || lane?.take(req, res, handler) || handler(req, res);
      });
      // Node cuts any request whose body takes over 5 minutes (requestTimeout): a 1 GB WebDAV PUT or a backup upload
      // over a slow line would fail at 300 s. Instead a connection is closed when nothing moves for idleTimeoutMs
      // (headersTimeout still bounds the headers; an event stream's heartbeats keep it moving).
      server.requestTimeout = 0;
      server.setTimeout(config.idleTimeoutMs, (socket) => socket.destroy());
      return server;
    },
    bodyLimit: config.bodyLimit,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    logger: false,
    // Node's and the router's own refusals (huge headers or URL, a path that is not UTF-8) in the {error, reason} shape
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule, adapter, {
    bodyParser: false, // ours: registerBodyParsers
    logger: logLevels(),
  });
  try {
    const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance; // Nest ships its own copy of fastify's types
    lane = app.get(FastLane);
    disk = app.get(DiskProxy);
    imports = app.get(ImportUpload);
    bookmarkFiles = app.get(BookmarksUpload);
    metrics = app.get(GatewayMetrics).http;
    registerBodyParsers(fastify, { bodyLimit: config.bodyLimit, maxDepth: config.maxBodyDepth });
    installRequestHooks(fastify, config.version);
    installSecurityHeaders(fastify);
    metrics.install(fastify);
    await app.get(QueueBoard).mount(fastify);
    setupOpenApi(app, fastify, config.version);
    await app.listen(options.port ?? config.port, options.host ?? config.host);
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}
