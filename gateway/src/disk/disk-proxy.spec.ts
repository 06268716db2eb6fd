import http, { type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import type { RawCallers } from '../auth/raw-callers';
import { loadGatewayConfig } from '../config/gateway-config';
import type { TenancyService } from '../documents/tenancy.service';
import { DiskProxy } from './disk-proxy';

// Several copies of the disk service (DISK_HTTP_URL comma separated, as `DISK_REPLICAS=2 make up` sets it): the proxy
// takes them in turn, skips a copy that refused a connection, sends a request without a body on to the next copy, and
// answers 503 with a reason for an upload it cannot send again. Real HTTP servers on loopback; the caller's
// authentication and membership (tested with the whole stack in test/e2e/disk.spec.ts) answer a fixed caller here.

const ctx = { user_id: 'usr-1', account_id: 'acc-1', roles: [], admin: true, permissions: ['read', 'write'] };
const callers = { resolve: async () => ({ ctx }) } as unknown as RawCallers;
const tenancy = { resolveGroup: async () => ctx, assertModule: () => undefined } as unknown as TenancyService;

const listen = (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
  new Promise<http.Server>((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
const portOf = (s: http.Server) => (s.address() as AddressInfo).port;
const close = (s: http.Server) => new Promise((r) => s.close(r));

describe('disk proxy over several copies of the disk service', () => {
  let upstream: http.Server;
  let front: http.Server;
  let closedPort: number;
  const seen: string[] = [];

  beforeAll(async () => {
    upstream = await listen((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${body}`);
        res.end(`copy B: ${req.method}`);
      });
    });
    const gone = await listen(() => undefined);
    closedPort = portOf(gone);
    await close(gone); // nothing listens there any more: connections are refused
    const config = loadGatewayConfig({ ...process.env, DISK_HTTP_URL: `http://127.0.0.1:${closedPort}, http://127.0.0.1:${portOf(upstream)}` });
    const proxy = new DiskProxy(callers, tenancy, config);
    front = await listen((req, res) => {
      if (!proxy.take(req, res)) res.writeHead(404).end();
    });
  });

  afterAll(async () => {
    await close(front);
    await close(upstream);
  });

  const send = (method: string, path: string, body?: string) =>
    fetch(`http://127.0.0.1:${portOf(front)}${path}`, { method, body, headers: body ? { 'content-type': 'text/plain' } : {} });

  it('a GET whose copy refuses the connection is answered by the next copy, and the refusing copy is skipped afterwards', async () => {
    const first = await send('GET', '/files/acc-1/one');
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('copy B: GET');
    for (let i = 0; i < 3; i++) expect(await (await send('GET', `/files/acc-1/again-${i}`)).text()).toBe('copy B: GET');
    expect(seen.filter((l) => l.startsWith('GET'))).toHaveLength(4);
  });

  it('an upload sent to a copy that is down answers 503 with a reason (its body cannot be sent twice), and the next one goes through', async () => {
    // wait until the refusing copy is tried again (it is skipped for 5 s after a refusal)
    await new Promise((r) => setTimeout(r, 5100));
    const answers: { status: number; body: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await send('PUT', `/dav/acc-1/file-${i}.txt`, `bytes ${i}`);
      answers.push({ status: res.status, body: await res.text() });
    }
    const refused = answers.find((a) => a.status === 503);
    expect(refused && JSON.parse(refused.body)).toEqual({ error: 'service_unavailable', reason: 'The disk is not available right now, please try again' });
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(seen.filter((l) => l.startsWith('PUT'))).toHaveLength(1);
  });
});
