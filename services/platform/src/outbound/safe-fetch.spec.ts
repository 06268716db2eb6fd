import http from 'http';
import type { AddressInfo } from 'net';
import zlib from 'zlib';
import { OutboundError, type OutboundErrorCode } from './outbound-error';
import { DEFAULT_USER_AGENT, safeFetch, type SafeFetchOptions } from './safe-fetch';

// Real HTTP servers on 127.0.0.1, started here: every bound is checked against bytes actually sent over a socket.

const MB = 1024 * 1024;
const ok: SafeFetchOptions = { allowPrivate: true, timeoutMs: 5000, maxBytes: MB, maxRedirects: 5 };

let server: http.Server;
let base: string;
let port: number;
const seen: http.IncomingMessage[] = [];
let bytesSent = 0;
let connections = 0;
const timers = new Set<NodeJS.Timeout>();

function routes(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  if (path === '/ok') {
    res.writeHead(200, { 'content-type': 'text/plain', etag: '"v1"', 'x-twice': ['a', 'b'] });
    res.end(req.method === 'HEAD' ? undefined : 'hello');
  } else if (path === '/echo') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.headers));
  } else if (path === '/conditional') {
    if (req.headers['if-none-match'] === '"v1"' || req.headers['if-modified-since'] === 'Wed, 01 Jan 2025 00:00:00 GMT') {
      res.writeHead(304, { etag: '"v1"' });
      res.end();
    } else {
      res.writeHead(200, { etag: '"v1"', 'last-modified': 'Wed, 01 Jan 2025 00:00:00 GMT' });
      res.end('fresh');
    }
  } else if (path === '/loop') {
    res.writeHead(302, { location: '/loop' });
    res.end();
  } else if (path.startsWith('/chain/')) {
    const left = Number(path.slice('/chain/'.length));
    const status = [301, 302, 303, 307, 308][left % 5]!;
    if (left === 0) {
      res.writeHead(200);
      res.end('arrived');
    } else {
      res.writeHead(status, { location: `${base}/chain/${left - 1}` });
      res.end('moved');
    }
  } else if (path === '/to-echo') {
    res.writeHead(302, { location: '/echo' });
    res.end();
  } else if (path === '/to-localhost') {
    // the same server under another name: another origin
    res.writeHead(302, { location: `http://localhost:${port}/echo` });
    res.end();
  } else if (path === '/to-ftp') {
    res.writeHead(301, { location: 'ftp://example.com/file' });
    res.end();
  } else if (path === '/no-location') {
    res.writeHead(302);
    res.end();
  } else if (path === '/huge' || path === '/huge-declared') {
    // 50 MB in 64 kB chunks, honouring back-pressure, stopping as soon as the client hangs up.
    const total = 50 * MB;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    res.writeHead(200, path === '/huge-declared' ? { 'content-length': String(total) } : {});
    let sent = 0;
    const pump = (): void => {
      while (sent < total && !res.destroyed) {
        sent += chunk.length;
        bytesSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (sent >= total) res.end();
    };
    pump();
  } else if (path === '/drip') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('x');
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('x')), 1000);
    timers.add(timer);
  } else if (path === '/silent') {
    // Never answers: the deadline must cover waiting for the headers too.
  } else if (path === '/bomb' || path === '/bomb-br') {
    const br = path === '/bomb-br';
    const packed = br ? bombs.br : bombs.gzip;
    res.writeHead(200, { 'content-encoding': br ? 'br' : 'gzip', 'content-length': String(packed.length) });
    res.end(packed);
  } else if (path === '/bomb-endless') {
    // a gzip stream of zeros that never ends: only a client counting decoded bytes as they come stops it
    res.writeHead(200, { 'content-encoding': 'gzip' });
    const gzip = zlib.createGzip();
    gzip.pipe(res);
    const zeros = Buffer.alloc(1024 * 1024);
    const pump = (): void => {
      while (!res.destroyed) if (!gzip.write(zeros)) return void gzip.once('drain', pump);
    };
    res.on('close', () => gzip.destroy());
    pump();
  } else if (path.startsWith('/encoded/')) {
    const coding = path.slice('/encoded/'.length);
    const text = Buffer.from('<rss>'.padEnd(5000, 'item ') + '</rss>');
    const packed = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, 'deflate-raw': zlib.deflateRawSync, br: zlib.brotliCompressSync }[coding]!(text);
    res.writeHead(200, { 'content-encoding': coding === 'deflate-raw' ? 'deflate' : coding });
    res.end(packed);
  } else {
    res.writeHead(404);
    res.end('not here');
  }
}

/** 50 MB of zeros compressed, made once (compressing takes the server seconds; the client's time is what is measured). */
const bombs = { gzip: Buffer.alloc(0), br: Buffer.alloc(0) };

beforeAll(async () => {
  const zeros = Buffer.alloc(50 * MB);
  bombs.gzip = zlib.gzipSync(zeros, { level: 9 });
  bombs.br = zlib.brotliCompressSync(zeros, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  server = http.createServer((req, res) => {
    seen.push(req);
    routes(req, res);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const t of timers) clearInterval(t);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  bytesSent = 0;
});

async function failure(url: string, opts: SafeFetchOptions): Promise<OutboundErrorCode> {
  try {
    await safeFetch(url, opts);
  } catch (err) {
    if (err instanceof OutboundError) return err.code;
    throw err;
  }
  throw new Error(`${url} was fetched`);
}

describe('safeFetch on a local server (allowPrivate true)', () => {
  it('returns the status, final URL, headers and body, sending the product User-Agent by default', async () => {
    const res = await safeFetch(`${base}/ok`, ok);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${base}/ok`);
    expect(res.body.toString()).toBe('hello');
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['x-twice']).toBe('a, b');
    expect(seen[0]?.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(DEFAULT_USER_AGENT).toMatch(/^ServiceDesk\//);
  });

  it('passes the caller headers through (If-None-Match, If-Modified-Since, Accept, User-Agent) and returns a 304 instead of throwing', async () => {
    const echo = await safeFetch(`${base}/echo`, { ...ok, headers: { Accept: 'application/rss+xml', 'User-Agent': 'Custom/2', 'If-None-Match': '"v0"' } });
    const sent = JSON.parse(echo.body.toString()) as Record<string, string>;
    expect(sent).toMatchObject({ accept: 'application/rss+xml', 'user-agent': 'Custom/2', 'if-none-match': '"v0"' });

    const byEtag = await safeFetch(`${base}/conditional`, { ...ok, headers: { 'If-None-Match': '"v1"' } });
    expect(byEtag.status).toBe(304);
    expect(byEtag.body.length).toBe(0);
    const byDate = await safeFetch(`${base}/conditional`, { ...ok, headers: { 'If-Modified-Since': 'Wed, 01 Jan 2025 00:00:00 GMT' } });
    expect(byDate.status).toBe(304);
    const fresh = await safeFetch(`${base}/conditional`, ok);
    expect([fresh.status, fresh.body.toString(), fresh.headers['etag']]).toEqual([200, 'fresh', '"v1"']);
  });

  it('sends a caller\'s requests to a host over kept-alive connections (6 requests, at most 2 handshakes)', async () => {
    let opened = 0;
    const own = http.createServer((_req, res) => res.end('same'));
    own.on('connection', () => opened++);
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/`;
      for (let i = 0; i < 6; i++) expect((await safeFetch(url, ok)).body.toString()).toBe('same');
      // undici's pool may open a second one while it marks the first free again; never one per request
      expect(opened).toBeLessThanOrEqual(2);
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });

  it('fetches again from a host after a body cut off at maxBytes (the connection it cut is not handed out again)', async () => {
    expect(await failure(`${base}/huge-declared`, { ...ok, maxBytes: MB })).toBe('too_large');
    expect((await safeFetch(`${base}/ok`, ok)).body.toString()).toBe('hello');
    expect(await failure(`${base}/huge`, { ...ok, maxBytes: MB })).toBe('too_large');
    expect((await safeFetch(`${base}/ok`, ok)).body.toString()).toBe('hello');
  });

  it('reports a refused connection as network', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(`http://127.0.0.1:${closedPort}/`, ok)).toBe('network');
  });

  it('returns a 404 as a result, not an error', async () => {
    const res = await safeFetch(`${base}/nothing`, ok);
    expect([res.status, res.body.toString()]).toEqual([404, 'not here']);
  });

  it('answers HEAD with the headers and an empty body', async () => {
    const res = await safeFetch(`${base}/ok`, { ...ok, method: 'HEAD' });
    expect([res.status, res.body.length, res.headers['etag']]).toEqual([200, 0, '"v1"']);
    expect(seen[0]?.method).toBe('HEAD');
  });

  it('follows 5 redirects of every kind (301, 302, 303, 307, 308) to the final URL but refuses a 6th with too_many_redirects', async () => {
    const five = await safeFetch(`${base}/chain/5`, ok);
    expect([five.status, five.url, five.body.toString()]).toEqual([200, `${base}/chain/0`, 'arrived']);
    expect(await failure(`${base}/chain/6`, ok)).toBe('too_many_redirects');
    expect(seen.length).toBe(6 + 6); // the second run stopped after the 6th hop: /chain/0 never asked
    expect(await failure(`${base}/chain/1`, { ...ok, maxRedirects: 0 })).toBe('too_many_redirects');
  });

  it('sends Basic credentials (given apart or written in the URL) to their origin only, never to a redirect elsewhere, and never hands them back in the URL', async () => {
    const basicAuth = { origin: base, username: 'alice', password: 'p@ss:wörd' };
    const expected = `Basic ${Buffer.from('alice:p@ss:wörd').toString('base64')}`;
    const headersOf = (res: { body: Buffer }) => JSON.parse(res.body.toString()) as Record<string, string>;
    expect(headersOf(await safeFetch(`${base}/echo`, { ...ok, basicAuth })).authorization).toBe(expected);
    // a redirect on the same origin keeps them, one to another origin (the same server as localhost) drops them
    const same = await safeFetch(`${base}/to-echo`, { ...ok, basicAuth });
    expect([same.url, headersOf(same).authorization]).toEqual([`${base}/echo`, expected]);
    const away = await safeFetch(`${base}/to-localhost`, { ...ok, basicAuth });
    expect([away.url, headersOf(away).authorization]).toEqual([`http://localhost:${port}/echo`, undefined]);
    // credentials for another origin are not sent here at all
    expect(headersOf(await safeFetch(`${base}/echo`, { ...ok, basicAuth: { ...basicAuth, origin: `http://localhost:${port}` } })).authorization).toBeUndefined();
    // written in the URL (percent-encoded): the same rules, and the URL answered carries no userinfo
    const inUrl = await safeFetch(`http://alice:p%40ss%3Aw%C3%B6rd@127.0.0.1:${port}/to-echo`, ok);
    expect([inUrl.url, headersOf(inUrl).authorization]).toEqual([`${base}/echo`, expected]);
    const inUrlAway = await safeFetch(`http://alice:secret@127.0.0.1:${port}/to-localhost`, ok);
    expect([inUrlAway.url, headersOf(inUrlAway).authorization]).toEqual([`http://localhost:${port}/echo`, undefined]);
  });

  it('stops a redirect loop with too_many_redirects', async () => {
    expect(await failure(`${base}/loop`, ok)).toBe('too_many_redirects');
    expect(seen.length).toBe(ok.maxRedirects + 1);
  });

  it('refuses a redirect to another scheme (bad_url) and one without a Location (bad_status)', async () => {
    expect(await failure(`${base}/to-ftp`, ok)).toBe('bad_url');
    expect(await failure(`${base}/no-location`, ok)).toBe('bad_status');
  });

  it('cuts a 50 MB streamed body off at maxBytes (too_large) without reading it all', async () => {
    expect(await failure(`${base}/huge`, { ...ok, maxBytes: MB })).toBe('too_large');
    await new Promise((r) => setTimeout(r, 100));
    expect(bytesSent).toBeLessThan(20 * MB);
  });

  it('refuses a body whose Content-Length is over maxBytes before reading it', async () => {
    expect(await failure(`${base}/huge-declared`, { ...ok, maxBytes: MB })).toBe('too_large');
    await new Promise((r) => setTimeout(r, 100));
    expect(bytesSent).toBeLessThan(20 * MB);
  });

  it('gives up on a server sending 1 byte per second at the total deadline (timeout), not per read', async () => {
    // the drip never ends and each byte comes within 1.5 s: only a deadline for the whole fetch ends it (a read timeout
    // renewed by every byte would never fire, and the test would not end)
    const started = Date.now();
    expect(await failure(`${base}/drip`, { ...ok, timeoutMs: 1500 })).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400); // not before the deadline
  });

  it('gives up on a server that never answers (timeout)', async () => {
    // the deadline covers waiting for the headers: the server sends nothing, ever
    expect(await failure(`${base}/silent`, { ...ok, timeoutMs: 800 })).toBe('timeout');
  });

  it('decodes gzip, deflate (zlib and raw) and br bodies', async () => {
    for (const coding of ['gzip', 'deflate', 'deflate-raw', 'br']) {
      const res = await safeFetch(`${base}/encoded/${coding}`, ok);
      expect([coding, res.body.length, res.body.subarray(0, 5).toString(), res.headers['content-encoding']]).toEqual([coding, 5006, '<rss>', undefined]);
    }
    expect(seen[0]?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('refuses a gzip bomb and a brotli bomb (50 MB of zeros in a few kB) at maxBytes of decoded bytes', async () => {
    expect(bombs.gzip.length).toBeLessThan(100 * 1024);
    expect(bombs.br.length).toBeLessThan(100 * 1024);
    for (const path of ['/bomb', '/bomb-br']) {
      expect([path, await failure(`${base}${path}`, { ...ok, maxBytes: MB })]).toEqual([path, 'too_large']);
    }
    // an endless one ends at the limit, long before the deadline
    expect(await failure(`${base}/bomb-endless`, { ...ok, maxBytes: 4 * MB, timeoutMs: 20_000 })).toBe('too_large');
  });
});

describe('safeFetch keeps off private addresses unless allowed', () => {
  const strict: SafeFetchOptions = { ...ok, allowPrivate: false };

  it('refuses the local server by its IP (private_address) and sends it nothing', async () => {
    expect(await failure(`${base}/ok`, strict)).toBe('private_address');
    expect(seen.length).toBe(0);
  });

  it('refuses a host name resolving to loopback (localhost) on the resolved address, sending nothing', async () => {
    expect(await failure(`http://localhost:${port}/ok`, strict)).toBe('private_address');
    expect(seen.length).toBe(0);
    // The same name is fetched when private addresses are allowed: the refusal above was the address check.
    expect((await safeFetch(`http://localhost:${port}/ok`, ok)).status).toBe(200);
  });

  it('never reuses a connection opened for a caller allowed private addresses for one that is not', async () => {
    expect((await safeFetch(`http://localhost:${port}/ok`, ok)).status).toBe(200);
    seen.length = 0;
    expect(await failure(`http://localhost:${port}/ok`, strict)).toBe('private_address');
    expect(seen.length).toBe(0);
  });

  it('refuses literal private IPs in every spelling: decimal, octal, hex, IPv6, IPv4-mapped IPv6, metadata, CGNAT', async () => {
    const literals = [
      'http://2130706433/', 'http://017700000001/', 'http://0x7f000001/', 'http://0x7f.1/', 'http://127.1/', 'http://0/',
      'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://[::]/', 'http://[fe80::1]/', 'http://[fd00::1]/',
      'http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/', 'http://192.168.0.1/', 'http://172.31.255.255/', 'http://100.64.0.1/',
      'https://224.0.0.1/', `http://127.0.0.1:${port}/ok`,
    ];
    for (const url of literals) expect([url, await failure(url, strict)]).toEqual([url, 'private_address']);
    expect(seen.length).toBe(0);
  });

  it('refuses URLs that are not http(s) or not URLs at all (bad_url)', async () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://x/', 'not a url', '', 'http://']) {
      expect([url, await failure(url, strict)]).toEqual([url, 'bad_url']);
    }
  });
});
