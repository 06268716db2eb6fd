import type { IncomingMessage } from 'http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The client's address of a request taken from Node's server before fastify (the disk, the uploads), as fastify gives
 * `request.ip` on its routes: with TRUST_PROXY the furthest address of X-Forwarded-For (fastify's own `trustProxy: true`,
 * the same library), else the socket's peer. The raw doors used the peer only: behind a proxy every WebDAV client
 * shared the proxy's login bucket, so one person's wrong guesses locked out everyone's drive.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (!trustProxy) return req.socket.remoteAddress ?? '';
  return proxyAddr(req, () => true);
}
