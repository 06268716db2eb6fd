import { createHash, randomBytes } from 'crypto';
import http, { IncomingMessage, ServerResponse } from 'http';
import net, { AddressInfo } from 'net';
import { parseHead, RAW_BUFFERS, RawDiskGets, RawHead } from './raw-get';

// GETs to the disk without Node's HTTP client: the answer's head parsed here, the body copied into the client's answer
// from buffers used again, framed by Content-Length, chunks or the connection's end. Real servers on loopback: an HTTP
// one standing for the disk, raw TCP ones for answers Node's server never gives, and a front server whose answers are
// the copies (as the gateway's).

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const big = randomBytes(9 * 1024 * 1024 + 4321);

const listen = (server: net.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

/** A front server that answers every request with the GET of `path` at `port` (the head as onHead got it). */
async function front(gets: RawDiskGets, port: () => number, seen?: (res: ServerResponse, head: RawHead) => void): Promise<{ port: number; server: http.Server; done: Promise<void>[] }> {
  const done: Promise<void>[] = [];
  const server = http.createServer((req, res) => {
    done.push(
      gets
        .get({
          target: new URL(`http://127.0.0.1:${port()}`),
          path: req.url ?? '/',
          headers: { host: 'front', 'x-test': 'yes' },
          idleTimeoutMs: 5000,
          res,
          onHead: (head) => {
            seen?.(res, head);
            res.writeHead(head.status, head.headers);
          },
        })
        .catch((err: NodeJS.ErrnoException) => {
          res.writeHead(599, { 'x-code': String(err.code) }).end();
        }),
    );
  });
  return { port: await listen(server), server, done };
}

/** GET at the front with Node's client: status, headers and the whole body (or the error that cut it). */
function fetchAll(port: number, path = '/'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; error?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (err) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), error: err.message }));
      })
      .on('error', reject);
  });
}

describe('parseHead', () => {
  it('reads the status and the headers (names in lower case, set-cookie a list, repeats joined or the first kept)', () => {
    const text = 'HTTP/1.1 206 Partial Content\r\nContent-Type: text/plain\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nVary: A\r\nVary: B\r\nETag: "1"\r\nETag: "2"\r\n\r\nbody';
    const parsed = parseHead(Buffer.from(text, 'latin1'))!;
    expect(parsed.length).toBe(text.length - 4);
    expect(parsed.head).toEqual({ status: 206, keepAlive: true, headers: { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'], vary: 'A, B', etag: '"1"' } });
  });

  it('knows when the connection is kept (HTTP/1.1 unless close, HTTP/1.0 only with keep-alive)', () => {
    const alive = (text: string) => parseHead(Buffer.from(`${text}\r\n\r\n`))!.head.keepAlive;
    expect(alive('HTTP/1.1 200 OK')).toBe(true);
    expect(alive('HTTP/1.1 200 OK\r\nConnection: close')).toBe(false);
    expect(alive('HTTP/1.0 200 OK')).toBe(false);
    expect(alive('HTTP/1.0 200 OK\r\nConnection: keep-alive')).toBe(true);
  });

  it('waits for the rest of a head, and refuses what is not one', () => {
    expect(parseHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Le'))).toBeNull();
    expect(() => parseHead(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(/not an HTTP answer/);
    expect(() => parseHead(Buffer.from('HTTP/1.1 200 OK\r\n folded\r\n\r\n'))).toThrow(/malformed header/);
    expect(() => parseHead(Buffer.alloc(70 * 1024, 'a'))).toThrow(/too long/);
  });
});

describe('RawDiskGets against an HTTP server', () => {
  const gets = new RawDiskGets();
  let disk: http.Server;
  let diskPort: number;
  let app: Awaited<ReturnType<typeof front>>;
  const connections: net.Socket[] = [];
  const requests: IncomingMessage[] = [];

  beforeAll(async () => {
    disk = http.createServer((req, res) => {
      requests.push(req);
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': big.length, etag: '"e1"', 'set-cookie': ['k=v'] });
        for (let at = 0; at < big.length; at += 700_000) res.write(big.subarray(at, at + 700_000));
        res.end();
      } else if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'text/plain' }); // no length: Node sends it in chunks
        let at = 0;
        const next = () => {
          if (at >= big.length) return void res.end();
          res.write(big.subarray(at, at + 333_333));
          at += 333_333;
          setImmediate(next);
        };
        next();
      } else if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
      } else if (req.url === '/not-modified') {
        res.writeHead(304, { etag: '"e1"' }).end();
      } else if (req.url === '/cut') {
        res.writeHead(200, { 'content-length': big.length });
        res.write(big.subarray(0, 2 * 1024 * 1024), () => res.socket?.destroy());
      } else if (req.url === '/headers') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers));
      } else {
        // endless: the client goes away first
        res.writeHead(200, { 'content-length': 1024 * 1024 * 1024 });
        const more = () => res.write(big, () => !res.destroyed && setImmediate(more));
        more();
      }
    });
    disk.on('connection', (s: net.Socket) => connections.push(s));
    diskPort = await listen(disk);
    app = await front(gets, () => diskPort);
  });
  afterAll(async () => {
    gets.destroy();
    disk.closeAllConnections();
    app.server.closeAllConnections();
    await close(app.server);
    await close(disk);
  });

  it('copies a Content-Length body whole, with its head, and sends the next GET over the same connection', async () => {
    const before = connections.length;
    const first = await fetchAll(app.port, '/big');
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({ 'content-type': 'application/octet-stream', 'content-length': String(big.length), etag: '"e1"', 'set-cookie': ['k=v'] });
    expect(sha(first.body)).toBe(sha(big));
    const second = await fetchAll(app.port, '/big');
    expect(sha(second.body)).toBe(sha(big));
    expect(connections.length - before).toBe(1);
  });

  it('sends the headers it is given, and a keep-alive connection', async () => {
    const got = await fetchAll(app.port, '/headers');
    expect(JSON.parse(got.body.toString())).toMatchObject({ host: 'front', 'x-test': 'yes', connection: 'keep-alive' });
  });

  it('decodes a chunked body', async () => {
    const got = await fetchAll(app.port, '/chunked');
    expect(got.status).toBe(200);
    expect(sha(got.body)).toBe(sha(big));
  });

  it('passes a small answer and one without a body (304)', async () => {
    const missing = await fetchAll(app.port, '/missing');
    expect([missing.status, missing.body.toString()]).toEqual([404, '{"error":"not_found"}']);
    const notModified = await fetchAll(app.port, '/not-modified');
    expect([notModified.status, notModified.headers.etag, notModified.body.length]).toEqual([304, '"e1"', 0]);
  });

  it('cuts the client’s answer when the disk cuts its own midway', async () => {
    const got = await fetchAll(app.port, '/cut');
    expect(got.error ?? (got.body.length < big.length ? 'short' : undefined)).toBeDefined();
    expect(got.body.length).toBeLessThan(big.length);
  });

  it('closes its connection to the disk when the client goes away midway, from no more than a few buffers', async () => {
    const buffers = new Set<ArrayBuffer>();
    const watching = await front(
      gets,
      () => diskPort,
      (res) => {
        const write = res.write.bind(res) as (chunk: Buffer, cb?: () => void) => boolean;
        res.write = ((chunk: Buffer, cb?: () => void) => (buffers.add(chunk.buffer as ArrayBuffer), write(chunk, cb))) as typeof res.write;
      },
    );
    const before = requests.length;
    await new Promise<void>((resolve) => {
      let got = 0;
      const req = http.get({ host: '127.0.0.1', port: watching.port, path: '/endless', agent: false }, (res) =>
        res.on('data', (c: Buffer) => {
          got += c.length;
          if (got > 64 * 1024 * 1024) req.destroy();
        }),
      );
      req.on('error', () => undefined);
      req.on('close', () => resolve());
    });
    const served = requests[before];
    await new Promise<void>((resolve) => (served.socket.destroyed ? resolve() : served.socket.once('close', () => resolve())));
    await Promise.all(watching.done);
    // 64 MiB went through; the reads went into the buffers of the pool, one more than a transfer holds at most
    expect(buffers.size).toBeLessThanOrEqual(RAW_BUFFERS + 1);
    watching.server.closeAllConnections();
    await close(watching.server);
  });

  it('sends a GET again on a new connection when the kept one was closed by the disk meanwhile', async () => {
    await fetchAll(app.port, '/missing');
    for (const s of connections) s.destroy(); // the disk's keep-alive timeout, say
    await new Promise((r) => setTimeout(r, 50));
    const got = await fetchAll(app.port, '/missing');
    expect(got.status).toBe(404);
  });
});

describe('RawDiskGets against answers Node’s server does not give', () => {
  const gets = new RawDiskGets();
  afterAll(() => gets.destroy());

  /** A TCP server answering each connection's first request with `answer`, then closing (or not). */
  async function rawServer(answer: Buffer, end: boolean): Promise<{ port: number; server: net.Server }> {
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write(answer);
        if (end) socket.end();
      });
      socket.on('error', () => undefined);
    });
    return { port: await listen(server), server };
  }

  it('reads a body up to the connection’s end when it has no length, and skips an interim 100 answer', async () => {
    const body = randomBytes(3 * 1024 * 1024);
    const disk = await rawServer(Buffer.concat([Buffer.from('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: x/y\r\nConnection: close\r\n\r\n'), body]), true);
    const app = await front(gets, () => disk.port);
    const got = await fetchAll(app.port, '/x');
    expect([got.status, got.headers['content-type'], sha(got.body)]).toEqual([200, 'x/y', sha(body)]);
    app.server.closeAllConnections();
    await close(app.server);
    await close(disk.server);
  });

  it('refuses a header Node’s client would refuse, before any connection', async () => {
    const request = { target: new URL('http://127.0.0.1:1'), path: '/', headers: { 'x-bad': 'a\r\nb' }, idleTimeoutMs: 1000, res: {} as ServerResponse, onHead: () => undefined };
    await expect(gets.get(request)).rejects.toMatchObject({ code: 'ERR_INVALID_CHAR' });
  });

  it('rejects, having answered nothing, when the copy refuses the connection or answers garbage', async () => {
    const gone = await rawServer(Buffer.alloc(0), true);
    const refusedPort = gone.port;
    await close(gone.server);
    const refused = await front(gets, () => refusedPort);
    expect((await fetchAll(refused.port)).headers['x-code']).toBe('ECONNREFUSED');
    refused.server.closeAllConnections();
    await close(refused.server);

    const garbage = await rawServer(Buffer.from('SSH-2.0-OpenSSH_9.2\r\n\r\n'), true);
    const app = await front(gets, () => garbage.port);
    expect((await fetchAll(app.port)).status).toBe(599);
    app.server.closeAllConnections();
    await close(app.server);
    await close(garbage.server);
  });
});
