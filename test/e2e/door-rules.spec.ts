import { connect } from 'net';
import { createGroup, createToken, eventually, signUp, Stack, startStack, User } from './harness';

// Every door keeps the front door's rules (issue 25): user content served over WebDAV is never a page of the app's
// origin, no door answers with credentialed wildcard CORS.

let stack: Stack;
let owner: User;
let group: { id: string };
let basic: Record<string, string>;

beforeAll(async () => {
  stack = await startStack('doors', { BACKUP_UPLOAD_MAX_BYTES: '60000' });
  owner = await signUp(stack, { confirm: true });
  group = await createGroup(owner, 'Door shop');
  const token = await createToken(owner);
  basic = { authorization: `Basic ${Buffer.from(`${owner.email}:${token}`).toString('base64')}` };
}, 60_000);
afterAll(() => stack?.close());

const dav = (path: string) => `${stack.url}/dav/${group.id}${path}`;
const directives = (csp: string | null) => new Map((csp ?? '').split(';').map((d) => d.trim().split(' ')).map(([name, ...values]) => [name, values]));

describe('user content over WebDAV', () => {
  it.each([
    ['x.html', 'text/html', '<script>fetch("/_session")</script>'],
    ['x.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['x.xhtml', 'application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
    ['y.html', 'text/html; charset=utf-8', '<script>alert(1)</script>'],
  ])('a GET of %s (%s) is an attachment in a sandbox, sniffed by nobody, with no CORS', async (name, type, body) => {
    expect((await fetch(dav(`/${name}`), { method: 'PUT', headers: { ...basic, 'content-type': type }, body })).status).toBe(201);
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(dav(`/${name}`), { method, headers: { ...basic, origin: 'https://evil.test' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.has('sandbox')).toBe(true);
      expect(csp.get('script-src')).toBeUndefined();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('a plain-text file still shows inline, in the same sandbox; OPTIONS and PROPFIND carry no CORS either', async () => {
    expect((await fetch(dav('/notes.txt'), { method: 'PUT', headers: basic, body: 'hello' })).status).toBe(201);
    const get = await fetch(dav('/notes.txt'), { headers: basic });
    expect([get.status, await get.text(), get.headers.get('content-disposition')]).toEqual([200, 'hello', null]);
    expect(directives(get.headers.get('content-security-policy')).has('sandbox')).toBe(true);
    for (const method of ['OPTIONS', 'PROPFIND']) {
      const res = await fetch(dav('/'), { method, headers: { ...basic, origin: 'https://evil.test', depth: '1' } });
      expect(res.status).toBeLessThan(300);
      expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('an error answer of the disk door carries the API security headers', async () => {
    const res = await fetch(dav('/nothing-here.txt'), { headers: { authorization: 'Basic bm9ib2R5Om5vcGU=' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('bank statements waiting in Redis', () => {
  it('a group holds at most 20 uploads waiting (429 with Retry-After and a reason beyond); an import lets its upload go; a refused file takes no place', async () => {
    const shop = await createGroup(owner, 'Statements shop');
    const bearer = { authorization: `Bearer ${await createToken(owner)}` };
    const upload = (body: string) =>
      fetch(`${stack.url}/${shop.id}/_imports`, { method: 'POST', headers: { ...bearer, 'content-type': 'text/csv' }, body }).then(async (r) => ({
        status: r.status,
        retryAfter: r.headers.get('retry-after'),
        body: (await r.json()) as Record<string, unknown>,
      }));
    const csv = (i: number) => `Date;Description;Value\n01/10/2026;Payment ${i};-1,00\n02/10/2026;Other ${i};-2,00\n`;
    // a file the analysis refuses (nothing but separators) is 422 and holds no place
    for (let i = 0; i < 3; i++) expect((await upload(';;;\n;;;\n')).status).toBe(422);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const up = await upload(csv(i));
      expect(up.status).toBe(201);
      ids.push(String(up.body.upload_id));
    }
    const refused = await upload(csv(20));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'too_many_requests', reason: expect.stringMatching(/20 statements or 60 MB waiting/) });
    expect(Number(refused.retryAfter)).toBeGreaterThan(3000);
    // importing one lets its place go
    const wallet = await fetch(`${stack.url}/${shop.id}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify({ klass: 'Wallet', name: 'W', currency: 'BRL' }) }).then((r) => r.json() as Promise<{ id: string }>);
    const started = await fetch(`${stack.url}/${shop.id}`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ klass: 'CsvImport', upload_id: ids[0], wallet_id: wallet.id, columns: { date: 0, description: 1, value: 2 }, date_format: 'dd/mm/yyyy' }),
    }).then(async (r) => ({ status: r.status, ...((await r.json()) as { id: string }) }));
    expect(started.status).toBe(201);
    const done = await eventually(
      () => fetch(`${stack.url}/${shop.id}/${started.id}`, { headers: bearer }).then((r) => r.json() as Promise<{ status: string }>),
      (doc) => doc.status !== 'queued' && doc.status !== 'running',
    );
    expect(done).toMatchObject({ status: 'done', created: 2 });
    expect((await upload(csv(21))).status).toBe(201);
  });
});

describe('an answer given before the body was read reaches the client', () => {
  /**
   * A client that sends its whole request (headers, then `bodyBytes` in chunked encoding) before it reads anything,
   * as Python's http.client does, then reads the answer: the status, or the error its socket got.
   */
  function sendThenRead(path: string, headers: Record<string, string>, bodyBytes: number, prefix = '', method = 'POST'): Promise<string> {
    const { hostname, port } = new URL(stack.url);
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname);
      let answer = '';
      socket.on('data', (b: Buffer) => (answer += b.toString('latin1')));
      socket.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`));
      socket.on('close', () => resolve(process.env.DEBUG_ANSWER ? answer : answer.split('\r\n')[0]));
      socket.pause(); // nothing is read until the body is sent
      const head = [`${method} ${path} HTTP/1.1`, `host: ${hostname}`, 'transfer-encoding: chunked', 'connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
      const chunk = Buffer.alloc(256 * 1024, 0x41);
      let sent = 0;
      const more = () => {
        while (sent < bodyBytes) {
          sent += chunk.length;
          if (!socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]))) return void socket.once('drain', more);
        }
        socket.write('0\r\n\r\n', () => socket.resume());
      };
      socket.write(head);
      if (prefix) socket.write(`${Buffer.byteLength(prefix).toString(16)}\r\n${prefix}\r\n`);
      more();
    });
  }

  it('a 25 MB statement streamed without a length gets its 413, every time (before: a reset 2 times in 3)', async () => {
    const token = await createToken(owner);
    for (let i = 0; i < 4; i++) {
      expect(await sendThenRead(`/${group.id}/_imports`, { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, 25 * 1024 * 1024)).toBe('HTTP/1.1 413 Payload Too Large');
    }
  });

  it('a 5 MB archive streamed without a length over a 60 kB bound gets its 413, every time (the copy destroyed the request: a reset)', async () => {
    const token = await createToken(owner);
    for (let i = 0; i < 4; i++) {
      expect(await sendThenRead(`/accounts/${group.id}/backups/upload?mode=new`, { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' }, 5 * 1024 * 1024)).toBe('HTTP/1.1 413 Payload Too Large');
    }
  });

  it('a body refused before it was read (401) reaches a client that sends it all first', async () => {
    for (let i = 0; i < 4; i++) {
      expect(await sendThenRead(`/${group.id}/_imports`, { authorization: 'Bearer sdt_not_a_token_at_all', 'content-type': 'text/csv' }, 8 * 1024 * 1024)).toBe('HTTP/1.1 401 Unauthorized');
    }
  });

  it('a WebDAV PUT streamed without a length past the plan\'s storage gets its 507 (the proxy cut the client once the disk had answered)', async () => {
    const put = () => sendThenRead(`/dav/${group.id}/big-${Math.random()}.bin`, { ...basic, 'content-type': 'application/octet-stream' }, 110 * 1024 * 1024, '', 'PUT');
    expect(await put()).toBe('HTTP/1.1 507 Insufficient Storage');
    expect(await put()).toBe('HTTP/1.1 507 Insufficient Storage');
  }, 60_000);

  it('a JSON body over the 1 MiB limit streamed without a length gets its 413, every time', async () => {
    const token = await createToken(owner);
    for (let i = 0; i < 4; i++) {
      expect(await sendThenRead(`/${group.id}`, { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, 3 * 1024 * 1024, '{"klass":"Customer","name":"')).toBe('HTTP/1.1 413 Payload Too Large');
    }
  });
});
