import http, { type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import type { CallerResolver } from '../auth/caller.resolver';
import type { SessionCookies } from '../auth/session-cookies';
import { loadGatewayConfig } from '../config/gateway-config';
import type { DocumentsService } from '../documents/documents.service';
import { FastLane } from './fast-lane';

// The fast lane answers its own failures (tested with the whole stack in test/e2e/fast-lane.spec.ts). When even that
// answer cannot be written, the request's promise must not escape: the connection is closed and the failure logged,
// instead of a client left waiting and an unhandled rejection in the gateway. Here the answer's headers are invalid
// (a version with a line break), so every writeHead throws.

const resolver = { resolveWithoutReply: async () => ({ via: 'token', ctx: { user_id: 'usr-1' } }) } as unknown as CallerResolver;
const documents = { findRaw: async () => Buffer.from('{"docs":[]}') } as unknown as DocumentsService;

describe('fast lane', () => {
  let server: http.Server;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    const config = loadGatewayConfig({ ...process.env, APP_VERSION: 'bad\nversion', GATEWAY_FAST_LANE: 'true' });
    const lane = new FastLane(resolver, {} as SessionCookies, documents, config);
    server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      if (!lane.take(req, res, () => res.writeHead(404).end())) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await new Promise((r) => server.close(r));
  });

  it('closes the connection when its answer cannot be written, and leaves no unhandled rejection', async () => {
    const port = (server.address() as AddressInfo).port;
    const outcome = await fetch(`http://127.0.0.1:${port}/acc-1/_find`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ selector: { klass: 'Ticket' } }),
      signal: AbortSignal.timeout(5000),
    }).then(
      (res) => `answered ${res.status}`,
      (err: Error) => (err.name === 'TimeoutError' ? 'no answer' : 'connection closed'),
    );
    await new Promise((r) => setImmediate(r));
    expect(outcome).toBe('connection closed');
    expect(rejections).toEqual([]);
  });
});
