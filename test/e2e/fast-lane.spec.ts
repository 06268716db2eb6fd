import { createHash } from 'crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastLane } from '../../gateway/src/http/fast-lane';
import { Browser, createGroup, createToken, HttpResult, signUp, Stack, startStack, User } from './harness';

// The fast lane (gateway/src/http/fast-lane.ts) answers `POST /{db}/_find` itself in the common case. Every request
// below is sent to the product's gateway (lane on) and to a second gateway on the same services with the lane off
// (GATEWAY_FAST_LANE=false, the Nest route): status, body and the headers a client reads must be the same, and the lane
// must have taken exactly the requests it is meant to take.

let stack: Stack;
let plain: NestFastifyApplication;
let plainUrl: string;
let user: User;
let other: User;
let token: string;

beforeAll(async () => {
  stack = await startStack('fastlane');
  process.env.GATEWAY_FAST_LANE = 'false';
  const { createGateway } = await import('../../gateway/src/gateway');
  plain = await createGateway({ port: 0, host: '127.0.0.1' });
  delete process.env.GATEWAY_FAST_LANE;
  plainUrl = (await plain.getUrl()).replace('[::1]', '127.0.0.1');
  user = await signUp(stack, { confirm: true });
  other = await signUp(stack, { confirm: true });
  token = await createToken(user, ['read']);
  await user.browser.post(`/${user.id}`, { klass: 'UserConfiguration', key: 'locale', value: 'pt-BR' });
  // that write made the session reload its profile on its next request, which Nest does (the lane never writes cookies)
  expect((await user.browser.post(`/${user.id}/_find`, { selector: { klass: 'UserConfiguration' } })).status).toBe(200);
});

afterAll(async () => {
  await plain?.close();
  await stack?.close();
});

const served = () => stack.gateway.get(FastLane).served;

interface Case {
  name: string;
  /** who sends it: the signed-in user's browser (cookies + XSRF) or a bare client */
  as: 'user' | 'bare';
  path: (u: User) => string;
  send: (b: Browser, path: string) => Promise<HttpResult>;
  status: number;
  /** the lane answers it (else fastify does, untouched) */
  lane: boolean;
}

const find = (body: unknown, opts = {}) => (b: Browser, path: string) => b.post(path, body, opts);
const raw = (text: string, contentType = 'application/json', opts = {}) => (b: Browser, path: string) => b.request('POST', path, { raw: text, contentType, ...opts });
const own = (u: User) => `/${u.id}/_find`;
const deep = (n: number) => '{"selector":' + '{"a":'.repeat(n) + '1' + '}'.repeat(n) + '}';

const cases: Case[] = [
  { name: 'a find in the own database', as: 'user', path: own, send: find({ selector: { klass: 'UserConfiguration' }, fields: ['key', 'value'] }), status: 200, lane: true },
  { name: 'a sorted find with a limit', as: 'user', path: own, send: find({ selector: { klass: 'UserConfiguration', key: { $gte: 'a' } }, sort: [{ key: 'asc' }], limit: 1 }), status: 200, lane: true },
  { name: 'a bearer token', as: 'bare', path: own, send: find({ selector: { klass: 'UserConfiguration' } }, { bearer: 'TOKEN' }), status: 200, lane: true },
  { name: 'an unknown bearer token', as: 'bare', path: own, send: find({ selector: { klass: 'UserConfiguration' } }, { bearer: 'sdt_nope' }), status: 401, lane: true },
  { name: 'invalid JSON', as: 'user', path: own, send: raw('{"selector": {'), status: 400, lane: true },
  { name: 'nesting deeper than the limit', as: 'user', path: own, send: raw(deep(60)), status: 400, lane: true },
  { name: 'a __proto__ key', as: 'user', path: own, send: raw('{"selector":{"klass":"UserConfiguration","__proto__":{"x":1}}}'), status: 400, lane: true },
  { name: 'a selector of the wrong type', as: 'user', path: own, send: find({ selector: 'everything' }), status: 400, lane: true },
  { name: 'an unknown operator', as: 'user', path: own, send: find({ selector: { klass: 'UserConfiguration', key: { $near: 1 } } }), status: 400, lane: true },
  { name: 'a JSON array body', as: 'user', path: own, send: raw('[1,2]'), status: 400, lane: true },
  { name: 'no XSRF header', as: 'user', path: own, send: find({ selector: { klass: 'UserConfiguration' } }, { xsrf: false }), status: 403, lane: true },
  { name: 'a wrong XSRF header', as: 'user', path: own, send: find({ selector: { klass: 'UserConfiguration' } }, { headers: { 'x-xsrf-token': 'forged' }, xsrf: false }), status: 403, lane: true },
  { name: "another user's database", as: 'user', path: () => `/${other.id}/_find`, send: find({ selector: { klass: 'UserConfiguration' } }), status: 403, lane: true },
  { name: 'a group the user is not in', as: 'user', path: () => '/acc-00000000/_find', send: find({ selector: { klass: 'Subscription' } }), status: 403, lane: true },
  { name: 'a name that cannot be a database', as: 'user', path: () => '/not-a-db/_find', send: find({ selector: { klass: 'UserConfiguration' } }), status: 404, lane: false },
  { name: "a klass of a group's module in the user's own database", as: 'user', path: own, send: find({ selector: { klass: 'Handbook' } }), status: 403, lane: true },
  { name: 'JSON with charset', as: 'user', path: own, send: raw('{"selector":{"klass":"UserConfiguration"}}', 'application/json; charset=utf-8'), status: 200, lane: true },
  // left to fastify
  { name: 'the static route /prices/_find', as: 'user', path: () => '/prices/_find', send: find({ selector: { livemode: false } }), status: 200, lane: false },
  { name: 'no credentials', as: 'bare', path: own, send: find({ selector: { klass: 'UserConfiguration' } }), status: 401, lane: false },
  { name: 'text/plain', as: 'user', path: own, send: raw('{"selector":{}}', 'text/plain'), status: 415, lane: false },
  { name: 'a body over the limit', as: 'user', path: own, send: raw(JSON.stringify({ selector: { klass: 'UserConfiguration', pad: 'x'.repeat(1_100_000) } })), status: 413, lane: false },
  { name: 'an empty body', as: 'user', path: own, send: raw(''), status: 400, lane: false },
  { name: 'a percent-encoded database name', as: 'user', path: (u) => `/${encodeURIComponent(u.id).replace('-', '%2D')}/_find`, send: find({ selector: { klass: 'UserConfiguration' } }), status: 200, lane: false },
  { name: 'a query string', as: 'user', path: (u) => `/${u.id}/_find?x=1`, send: find({ selector: { klass: 'UserConfiguration' } }), status: 200, lane: false },
];

function browserFor(c: Case, url: string): Browser {
  const b = new Browser(url);
  if (c.as === 'user') for (const [k, v] of user.browser.cookies) b.cookies.set(k, v);
  return b;
}

function withToken(c: Case): Case {
  return { ...c, send: (b, path) => c.send(new Proxy(b, { get: (t, p) => (p === 'request' ? (m: string, pa: string, o: { bearer?: string }) => t.request(m, pa, { ...o, bearer: o?.bearer === 'TOKEN' ? token : o?.bearer }) : Reflect.get(t, p)) }) as Browser, path) };
}

describe('POST /{db}/_find through the fast lane and through Nest', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s: the same answer both ways', async (_name, c0) => {
    const c = withToken(c0);
    const path = c.path(user);
    const before = served();
    const fast = await c.send(browserFor(c, stack.url), path);
    expect(served() - before).toBe(c.lane ? 1 : 0);
    const slow = await c.send(browserFor(c, plainUrl), path);
    expect(fast.status).toBe(c.status);
    expect({ status: fast.status, body: fast.body }).toEqual({ status: slow.status, body: slow.body });
    for (const h of ['content-type', 'x-app-version', 'x-content-type-options']) expect(fast.headers.get(h)).toBe(slow.headers.get(h));
    expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    if (c.status >= 400) expect(fast.body).toEqual({ error: expect.any(String), reason: expect.any(String) });
  });

  it('a group member finds the group documents through the lane', async () => {
    const group = await createGroup(user, 'Fast lane repairs');
    // creating it marked the session for a reload (its memberships changed): Nest's route does that one
    let before = served();
    expect((await user.browser.post(`/${group.id}/_find`, { selector: { klass: 'Subscription' } })).status).toBe(200);
    expect(served() - before).toBe(0);
    before = served();
    const res = await user.browser.post(`/${group.id}/_find`, { selector: { klass: 'Subscription' } });
    expect(served() - before).toBe(1);
    expect(res.status).toBe(200);
    expect(res.body.docs).toEqual([expect.objectContaining({ _id: group.subscription_id })]);
  });

  it('a session due for its re-check goes through Nest, which re-checks it and slides the cookie', async () => {
    const b = user.browser.clone();
    const hash = createHash('sha256').update(b.sessionCookie!).digest('base64url');
    const Redis = (await import('ioredis')).default;
    const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
    const key = `${process.env.APP_PREFIX}:sess:${hash}`;
    await redis.set(key, JSON.stringify({ ...JSON.parse((await redis.get(key))!), checked_at: 0 }), 'KEEPTTL');
    await redis.quit();
    await new Promise((r) => setTimeout(r, 1100)); // the gateway's in-memory copy of the session lapses (SESSION_CACHE_MS)
    const before = served();
    const res = await b.post(`/${user.id}/_find`, { selector: { klass: 'UserConfiguration' } });
    expect(res.status).toBe(200);
    expect(served() - before).toBe(0);
    expect(res.setCookies.some((c) => c.startsWith('AuthSession='))).toBe(true);
    const again = await b.post(`/${user.id}/_find`, { selector: { klass: 'UserConfiguration' } });
    expect(again.status).toBe(200);
    expect(served() - before).toBe(1);
  });
});
