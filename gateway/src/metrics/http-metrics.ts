import type { IncomingMessage, ServerResponse } from 'http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Histogram, Registry } from 'prom-client';
import { LATENCY_BUCKETS } from '@app/platform';

// The gateway's HTTP requests by method, route pattern and status, timed from Node's server seeing the request to the
// response's end. Measured around Node's server (not in fastify's hooks) so the fast lane's finds, the disk proxy and
// the import upload, which never enter fastify, are counted too. The route is fastify's pattern (`/:db/:id`), set by
// an onRequest hook; a request served before fastify gets the pattern of the path that took it. Labels never hold a
// path itself: the number of series is bounded by the routes, the methods and the status codes.

const ROUTE = Symbol('metricsRoute');
type Tagged = IncomingMessage & { [ROUTE]?: string };

export const UNMATCHED = '(unmatched)';

// the methods of HTTP and WebDAV (the /dav door); anything else is one series
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'REPORT']);

export function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : 'OTHER';
}

/** The status label: the code sent, or `aborted` when the connection closed before the response was complete. */
export function httpStatusLabel(res: Pick<ServerResponse, 'writableFinished' | 'statusCode'>): string {
  return res.writableFinished ? String(res.statusCode) : 'aborted';
}

/** The pattern of a request that fastify never routed: the Node-level doors (gateway.ts's server), else unmatched. */
export function untaggedRoute(url: string | undefined): string {
  const path = (url ?? '').split('?')[0];
  if (/^\/files\/[^/]+/.test(path)) return '/files/*';
  if (/^\/dav\/[^/]+/.test(path)) return '/dav/*';
  if (/^\/acc-[^/]+\/_imports\/?$/.test(path)) return '/:db/_imports';
  if (/^\/acc-[^/]+\/_design\/bookmarks\/_update\/import\/netscape\/?$/.test(path)) return '/:db/_design/:design/_update/:handler/:id';
  if (/^\/[^/]+\/_find$/.test(path)) return '/:db/_find';
  return UNMATCHED;
}

export class HttpMetrics {
  private readonly histogram: Histogram<'method' | 'route' | 'status'>;
  /** the series by `method route status`: prom-client hashes a label object on every observe, a Map lookup is cheaper */
  private readonly series = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();

  constructor(registry: Registry) {
    this.histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered by the gateway, by method, route pattern and status, seconds (its _count counts them)',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
  }

  /** Called by the server for every request, before anything else sees it. */
  track(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    res.once('close', () => {
      const method = methodLabel(req.method);
      const route = (req as Tagged)[ROUTE] ?? untaggedRoute(req.url);
      const status = httpStatusLabel(res);
      const key = `${method} ${route} ${status}`;
      let series = this.series.get(key);
      if (!series) {
        series = this.histogram.labels({ method, route, status });
        this.series.set(key, series);
      }
      series.observe((performance.now() - started) / 1000);
    });
  }

  /** Tags each request fastify routes with its route's pattern. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request: FastifyRequest, _reply, done: () => void) => {
      (request.raw as Tagged)[ROUTE] = request.routeOptions.url ?? UNMATCHED;
      done();
    });
  }
}
