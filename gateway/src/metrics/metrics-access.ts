import { timingSafeEqual } from 'crypto';
import type { IncomingHttpHeaders } from 'http';

// Who may read GET /metrics (docs/decisions.md, Metrics): with METRICS_TOKEN set, a request bearing it; without, a
// request from this machine's loopback that no proxy relayed. Never anybody by default: the figures name every route,
// subject and queue of the installation and how busy each is.

export type MetricsAccess = 'allowed' | 'unauthorized' | 'forbidden';

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever its socket's address. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function metricsAccess(token: string | undefined, request: { headers: IncomingHttpHeaders; peer: string | undefined }): MetricsAccess {
  if (token === undefined) {
    const proxied = PROXY_HEADERS.some((h) => request.headers[h] !== undefined);
    return !proxied && isLoopback(request.peer) ? 'allowed' : 'forbidden';
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return 'unauthorized';
  const sent = Buffer.from(match[1]);
  const want = Buffer.from(token);
  return sent.length === want.length && timingSafeEqual(sent, want) ? 'allowed' : 'forbidden';
}
