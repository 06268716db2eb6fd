import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { connect } from 'net';
import { tmpdir } from 'os';
import * as path from 'path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Browser, cookieAttributes, newEmail, PASSWORD, signUp, Stack, startStack, User } from './harness';

// What the gateway does at the HTTP edge, before any service sees a request: text that is not valid Unicode is
// refused, every answer carries the security headers, cookies are Secure when the product is served over https, and
// even the answers Node's HTTP parser gives itself (a huge URL or huge headers) are `{error, reason}`.

const LONE = '\ud800'; // a high surrogate with no low one after it: not valid Unicode, PostgreSQL refuses it

let stack: Stack;
let user: User;
let webDist: string;
let httpsGateway: NestFastifyApplication;
let httpsUrl: string;

beforeAll(async () => {
  // a stand-in for the built web shell, so the gateway serves its pages
  webDist = mkdtempSync(path.join(tmpdir(), 'edge-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>ServiceDesk</title><div id="root"></div>');
  mkdirSync(path.join(webDist, 'static', 'js'), { recursive: true });
  writeFileSync(path.join(webDist, 'static', 'js', 'main.js'), 'console.log(1)');
  stack = await startStack('edgesec', { WEB_DIST: webDist });
  user = await signUp(stack, { confirm: true });
  // a second gateway on the same services, deployed behind a TLS proxy: PUBLIC_URL is https, requests reach it in http
  const publicUrl = process.env.PUBLIC_URL;
  process.env.PUBLIC_URL = 'https://app.test';
  try {
    const { createGateway } = await import('../../gateway/src/gateway');
    httpsGateway = await createGateway({ port: 0, host: '127.0.0.1' });
  } finally {
    process.env.PUBLIC_URL = publicUrl;
  }
  httpsUrl = (await httpsGateway.getUrl()).replace('[::1]', '127.0.0.1');
});

afterAll(async () => {
  await httpsGateway?.close();
  await stack?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

const badRequest = { status: 400, body: { error: 'bad_request', reason: expect.stringContaining('not valid Unicode') } };

describe('a lone UTF-16 surrogate is refused with 400 bad_request before any service sees it', () => {
  it('in the registration fields of POST /_users (no login)', async () => {
    const b = stack.browser();
    expect(await b.post('/_users', { email: `a${LONE}@example.com`, accept: true })).toMatchObject(badRequest);
    expect(await b.post('/_users', { email: newEmail(), fullname: `Ana ${LONE}`, password: PASSWORD, password_confirmation: PASSWORD, accept: true })).toMatchObject(badRequest);
  });

  it('in the username of POST /_session (no login)', async () => {
    expect(await stack.browser().post('/_session', { username: LONE, password: 'whatever' })).toMatchObject(badRequest);
    // the same as JSON text with the escape written by hand
    expect(await stack.browser().request('POST', '/_session', { raw: '{"username":"\\uD800","password":"x"}', contentType: 'application/json' })).toMatchObject(badRequest);
  });

  it('in the e-mail of POST /_users/_password (no login)', async () => {
    expect(await stack.browser().post('/_users/_password', { email: `x${LONE}@example.com` })).toMatchObject(badRequest);
  });

  it('in a document written with POST /{user_id}', async () => {
    expect(await user.browser.post(`/${user.id}`, { klass: 'UserToken', description: `token ${LONE}`, permissions: ['read'] })).toMatchObject(badRequest);
  });

  it.each([
    ['the fast lane', ''],
    ['Nest', '?through=nest'],
  ])('in a _find selector value, through %s', async (_lane, suffix) => {
    expect(await user.browser.post(`/${user.id}/_find${suffix}`, { selector: { klass: 'UserConfiguration', key: LONE } })).toMatchObject(badRequest);
  });

  it.each([
    ['the fast lane', ''],
    ['Nest', '?through=nest'],
  ])('in a _find selector key, through %s', async (_lane, suffix) => {
    expect(await user.browser.post(`/${user.id}/_find${suffix}`, { selector: { klass: 'UserConfiguration', [`a${LONE}`]: 'x' } })).toMatchObject(badRequest);
  });

  it('in a JSON query parameter (fields)', async () => {
    const fields = encodeURIComponent(JSON.stringify(['_id', LONE]));
    expect(await user.browser.get(`/_users/${user.id}?fields=${fields}`)).toMatchObject(badRequest);
  });

  it('a well-formed pair and other non-ASCII text still pass', async () => {
    const res = await user.browser.post(`/${user.id}/_find`, { selector: { klass: 'UserConfiguration', key: 'ação 😀' } });
    expect(res).toMatchObject({ status: 200, body: { docs: [] } });
  });
});

describe('bytes that are not UTF-8 in a body', () => {
  it('the UTF-8-style bytes of a surrogate (ED A0 80) arrive as U+FFFD text: an ordinary answer, never a 500', async () => {
    const raw = Buffer.concat([Buffer.from('{"username":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('@example.com","password":"x"}')]);
    const res = await stack.browser().request('POST', '/_session', { raw, contentType: 'application/json' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'reason']);
    const find = await user.browser.request('POST', `/${user.id}/_find`, { raw: Buffer.concat([Buffer.from('{"selector":{"klass":"UserConfiguration","key":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}}')]), contentType: 'application/json' });
    expect(find).toMatchObject({ status: 200, body: { docs: [] } });
  });
});

describe('a URL that is not percent-encoded UTF-8', () => {
  it('in a path parameter is 400 bad_request in the {error, reason} shape, with and without a login', async () => {
    for (const [b, url] of [
      [stack.browser(), '/_users/_confirm/%ED%A0%80'],
      [user.browser, `/${user.id}/ucn-%ED%A0%80`],
      [user.browser, `/_users/${user.id}%zz`],
    ] as const) {
      const res = url.startsWith('/_users/_confirm') ? await b.post(url) : await b.get(url);
      expect(res).toMatchObject({ status: 400, body: { error: 'bad_request', reason: expect.any(String) } });
      expect(Object.keys(res.body).sort()).toEqual(['error', 'reason']);
    }
  });

  it('in a query string is kept as the text sent (never decoded into a lone surrogate)', async () => {
    const res = await user.browser.get(`/_users/${user.id}?fields=%ED%A0%80`);
    expect(res.status).toBeLessThan(500);
  });
});

describe('security headers', () => {
  const expectCommon = (headers: Headers) => {
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBeTruthy();
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  };
  const directives = (csp: string | null) => new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  it('API answers, errors and 404s carry them, with a policy that loads nothing', async () => {
    for (const res of [await stack.browser().get('/'), await stack.browser().get('/_session'), await stack.browser().get('/nope/nope/nope'), await stack.browser().post('/_session', {})]) {
      expectCommon(res.headers);
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(directives(res.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
    }
  });

  it('the fast lane answers carry them too', async () => {
    const res = await user.browser.post(`/${user.id}/_find`, { selector: { klass: 'UserConfiguration' } });
    expect(res.status).toBe(200);
    expectCommon(res.headers);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('the web app pages get a policy for the shell, its module remotes, Mantine styles, gravatar and the embedded checkout', async () => {
    for (const page of ['/app', '/checkout', '/account/acc-1/checkout/free', '/welcome']) {
      const res = await stack.browser().get(page);
      expect(res.status).toBe(200);
      expectCommon(res.headers);
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com']);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://www.gravatar.com', 'https://*.stripe.com']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://checkout.stripe.com']);
      expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com']);
      for (const [name, value] of [['object-src', "'none'"], ['base-uri', "'self'"], ['form-action', "'self'"], ['frame-ancestors', "'none'"]]) expect(csp.get(name)).toEqual([value]);
    }
  });

  it('the pages that mailed tokens open send no referrer', async () => {
    for (const page of ['/user/confirm/some-token', '/user/password/some-token']) {
      const res = await stack.browser().get(page);
      expect(res.status).toBe(200);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(directives(res.headers.get('content-security-policy')).get('script-src')).toContain("'self'");
    }
  });

  it('the Swagger UI page gets its own policy: its own scripts, its inline styles and data: images', async () => {
    const res = await stack.browser().get('/api/docs');
    expect(res.status).toBe(200);
    expectCommon(res.headers);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect((await stack.browser().get('/api/docs/swagger-initializer.js')).status).toBe(200);
  });

  it('static assets carry them', async () => {
    const res = await stack.browser().get('/static/js/main.js');
    expect(res.status).toBe(200);
    expectCommon(res.headers);
  });
});

describe('Secure cookies', () => {
  it('are not Secure when PUBLIC_URL is http and the request is not TLS', async () => {
    const b = stack.browser();
    const res = await b.post('/_session', { username: user.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(cookieAttributes(res.setCookies, 'AuthSession')?.secure).toBeUndefined();
    expect(cookieAttributes(res.setCookies, 'XSRF-TOKEN')?.secure).toBeUndefined();
  });

  it('are Secure when PUBLIC_URL is https, though the TLS proxy talks plain http to the gateway', async () => {
    const b = new Browser(httpsUrl);
    const res = await b.post('/_session', { username: user.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(cookieAttributes(res.setCookies, 'AuthSession')).toMatchObject({ secure: true, httponly: true, samesite: 'lax' });
    expect(cookieAttributes(res.setCookies, 'XSRF-TOKEN')).toMatchObject({ secure: true, samesite: 'lax' });
    const out = await b.delete('/_session');
    expect(cookieAttributes(out.setCookies, 'AuthSession')).toMatchObject({ secure: true, 'max-age': '0' });
  });
});

/** Sends raw bytes and reads the whole answer (the server closes the connection after these errors). */
function rawRequest(url: string, data: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(data));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe("the answers Node's HTTP parser and the router give themselves are {error, reason}", () => {
  it('a URL longer than the header limit is 414 uri_too_long', async () => {
    const res = await rawRequest(stack.url, `GET /_users/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ error: 'uri_too_long', reason: expect.any(String) });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a path parameter longer than the router allows is 414 uri_too_long', async () => {
    const res = await stack.browser().get(`/_users/${'a'.repeat(500)}`);
    expect(res).toMatchObject({ status: 414, body: { error: 'uri_too_long', reason: expect.any(String) } });
    expect(Object.keys(res.body).sort()).toEqual(['error', 'reason']);
  });

  it('headers over the limit are 431 request_header_fields_too_large', async () => {
    const res = await rawRequest(stack.url, `GET /_session HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ error: 'request_header_fields_too_large', reason: expect.any(String) });
  });

  it('a request that is not HTTP is 400 bad_request', async () => {
    const res = await rawRequest(stack.url, 'HELLO\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'bad_request', reason: expect.any(String) });
  });
});

describe('the API docs', () => {
  it('say that a _find of a klass whose service is not running answers 503 service_unavailable', async () => {
    const doc = (await stack.browser().get('/api/docs-json')).body;
    const find = doc.paths['/{db}/_find'].post;
    expect(find.description).toMatch(/klass whose service is not running.*503 service_unavailable/);
    expect(find.responses['503'].description).toMatch(/^service_unavailable: .*klass/);
  });
});
