import { createHash } from 'crypto';
import { existsSync } from 'fs';
import { connect } from 'net';
import path from 'path';
import Redis from 'ioredis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppError, CallerContext, ERROR_STATUS, ErrorKey, errors, REASONS, SessionMembership, SessionReply } from '@app/proto';
import { createGateway } from './gateway';
import { FastLane } from './http/fast-lane';
import { Browser, cookieAttributes } from './testing/http-client';
import { StubService } from './testing/stub-service';

// The gateway over real HTTP and NATS, against stand-in identity and accounts services whose answers each test sets:
// sessions, XSRF, bearer tokens, rate limits, tenancy, routing, body checks and the mapping of every error to
// {error, reason}. (test/e2e drives the same paths against the real services.)

const ALICE = 'usr-alice';
const BOB = 'usr-bob';
const PASSWORD = 'correct horse';

let app: NestFastifyApplication;
let url: string;
let redis: Redis;
let prefix: string;
const identity = new StubService('identity', [
  'identity.session.login',
  'identity.session.get',
  'identity.user.register',
  'identity.user.get',
  'identity.user.update',
  'identity.confirmation.request',
  'identity.confirmation.confirm',
  'identity.password.request',
  'identity.password.reset',
  'identity.token.verify',
  'identity.doc.get',
  'identity.doc.find',
  'identity.doc.post',
  'identity.doc.put',
  'identity.doc.delete',
  'identity.doc.view',
  'identity.doc.update',
]);
const accounts = new StubService('accounts', [
  'accounts.roles.get',
  'accounts.membership.resolve',
  'accounts.account.create',
  'accounts.account.get',
  'accounts.account.update',
  'accounts.account.children',
  'accounts.security.get',
  'accounts.db.info',
  'accounts.changes.get',
  'accounts.doc.get',
  'accounts.doc.find',
  'accounts.doc.post',
  'accounts.doc.put',
  'accounts.doc.delete',
  'accounts.doc.view',
  'accounts.doc.update',
]);
const ACC = 'acc-alices';
const ALICE_MEMBERSHIP: SessionMembership = { account_id: ACC, subscription_id: 'sub-a', account_name: 'Alice Repairs', bookmark: false, status: 'accepted' };

let ipCounter = 0;
/** A browser with an address of its own (X-Forwarded-For; the gateway trusts the proxy here), so rate limits don't meet. */
function browser(): Browser {
  const b = new Browser(url);
  const ip = `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const request = b.request.bind(b);
  b.request = (method, path, opts = {}) => request(method, path, { ...opts, headers: { 'x-forwarded-for': ip, ...(opts.headers ?? {}) } });
  return b;
}

const summaryOf = (user_id: string) => ({ email: `${user_id}@example.com`, fullname: null, label: user_id, gravatar_hash: 'h', confirmed: true });

const sessionOf = (user_id: string, overrides: Partial<SessionReply> = {}): SessionReply => ({
  ok: true,
  userCtx: { name: `${user_id}@example.com`, roles: [user_id, 'user'] },
  locale: 'en',
  confirmed: true,
  user: summaryOf(user_id),
  ...overrides,
});

/** The stand-in identity: alice and bob with one password; tokens sdt_rw (read+write) and sdt_ro (read). */
function standardIdentity(): void {
  identity.reset();
  identity
    .on('identity.session.login', ({ username, password }) => {
      if (!username || !password) throw errors.badRequest(REASONS.loginMissing);
      const user = username === 'alice@example.com' ? ALICE : username === 'bob@example.com' ? BOB : null;
      if (!user || password !== PASSWORD) throw errors.unauthorized(REASONS.loginIncorrect);
      return { user_id: user, userCtx: sessionOf(user).userCtx, locale: 'en' };
    })
    .on('identity.session.get', ({ user_id }) => sessionOf(user_id))
    .on('identity.token.verify', ({ token }) => {
      if (token === 'sdt_rw_token') return { user_id: ALICE, token_id: 'utk-rw', permissions: ['read', 'write'] };
      if (token === 'sdt_ro_token') return { user_id: ALICE, token_id: 'utk-ro', permissions: ['read'] };
      throw errors.unauthorized('Invalid token');
    })
    .on('identity.doc.find', ({ ctx }) => ({ docs: [{ _id: 'ucn-1', _rev: '1-a', klass: 'UserConfiguration', created_at: '', updated_at: '', created_by: ctx.user_id }] }))
    .on('identity.doc.get', ({ id }) => ({ _id: id, _rev: '1-a', klass: 'UserConfiguration', created_at: '', updated_at: '', created_by: null }))
    .on('identity.doc.post', () => ({ ok: true, id: 'ucn-new', rev: '1-abc' }))
    .on('identity.doc.put', ({ id, rev }) => ({ ok: true, id, rev: rev ? '2-def' : '1-def' }))
    .on('identity.doc.delete', ({ id }) => ({ ok: true, id, rev: '3-x' }));
}

/** The stand-in accounts: alice administers ACC; nobody else belongs to any group. */
function standardAccounts(): void {
  accounts.reset();
  accounts
    .on('accounts.roles.get', ({ user_id }) => (user_id === ALICE ? { roles: [ACC], memberships: [ALICE_MEMBERSHIP] } : { roles: [], memberships: [] }))
    .on('accounts.membership.resolve', ({ user_id, account_id }) => {
      if (user_id !== ALICE || account_id !== ACC) throw errors.forbidden(REASONS.needSubscription);
      return { subscription_id: 'sub-a', admin: true, status: 'accepted', report_view: true, account_name: 'Alice Repairs', parent_account_id: null };
    })
    .on('accounts.doc.find', () => ({ docs: [] }))
    .on('accounts.doc.get', ({ id }) => ({ _id: id, _rev: '1-a', klass: 'Subscription', created_at: '', updated_at: '', created_by: null }))
    .on('accounts.doc.delete', ({ id }) => ({ ok: true, id, rev: '2-x' }))
    .on('accounts.doc.view', () => ({ rows: [{ key: null, value: { count: 3, size: 30 } }] }))
    .on('accounts.doc.update', ({ id }) => ({ ok: true, id, rev: '2-u' }))
    .on('accounts.account.create', () => ({ ok: true, id: 'acc-new', rev: '1-n', subscription_id: 'sub-new' }))
    .on('accounts.account.get', ({ ctx }) => ({ _id: ctx.db!, _rev: '1-a', klass: 'Account', created_at: '', updated_at: '', created_by: ALICE, name: 'Alice Repairs' }))
    .on('accounts.account.update', ({ ctx }) => ({ ok: true, id: ctx.db!, rev: '2-p' }))
    .on('accounts.account.children', () => ({ docs: [] }))
    .on('accounts.security.get', () => ({ admins: { roles: [ALICE] }, members: { roles: [] } }))
    .on('accounts.db.info', ({ ctx }) => ({ db_name: ctx.db!, update_seq: 7, doc_count: 5 }))
    .on('accounts.changes.get', () => ({ results: [], last_seq: 0 }));
}

async function login(b: Browser, email = 'alice@example.com'): Promise<void> {
  const res = await b.post('/_session', { username: email, password: PASSWORD });
  expect(res.status).toBe(200);
}

function sessionKey(b: Browser): string {
  return `${prefix}:sess:${createHash('sha256').update(b.sessionCookie!).digest('base64url')}`;
}

/** Makes the next request of this browser's session re-check the user with identity. */
async function ageSession(b: Browser): Promise<void> {
  const raw = await redis.get(sessionKey(b));
  await redis.set(sessionKey(b), JSON.stringify({ ...JSON.parse(raw!), checked_at: 0 }), 'KEEPTTL');
}

beforeAll(async () => {
  prefix = `${process.env.TEST_RUN_ID ?? 'local'}_gwspec`;
  process.env.APP_PREFIX = prefix;
  process.env.TRUST_PROXY = 'true';
  process.env.APP_VERSION = '9.9.9-test';
  process.env.TOKEN_CACHE_SECONDS = '30';
  process.env.SESSION_CACHE_MS = '0'; // the tests age and drop sessions in Redis behind the gateway's back
  process.env.TENANCY_CACHE_MS = '0'; // and change the stubbed memberships behind its back (the cache: tenancy.service.spec.ts)
  process.env.GATEWAY_IDLE_TIMEOUT_MS = '3000';
  await identity.start();
  await accounts.start();
  app = await createGateway({ port: 0, host: '127.0.0.1' });
  url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
});

afterAll(async () => {
  await app?.close();
  await identity.stop();
  await accounts.stop();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

beforeEach(() => {
  standardIdentity();
  standardAccounts();
});

describe('the edge', () => {
  it('GET / says welcome, the version and where the docs are; every response has x-app-version', async () => {
    const res = await browser().get('/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ servicedesk: 'Welcome', version: '9.9.9-test', api: { docs: '/api/docs', openapi: '/api/docs-json' } });
    expect(res.headers.get('x-app-version')).toBe('9.9.9-test');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await browser().get('/a/b/c/d');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'not_found', reason: 'Cannot GET /a/b/c/d' });
    expect(missing.headers.get('x-app-version')).toBe('9.9.9-test');
  });

  it('serves Swagger UI with local assets only, and an OpenAPI document of every route', async () => {
    const b = browser();
    const page = await b.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const urls = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const asset of urls) {
      expect(asset).toMatch(/^\/api\/docs\//); // no CDN
      const res = await b.get(asset);
      expect(res.status).toBe(200);
      expect(res.text.length).toBeGreaterThan(0);
    }
    expect((await b.get('/api/docs/swagger-initializer.js')).text).toContain("url: '/api/docs-json'");
    expect((await b.get('/api/docs/package.json')).status).toBe(404);

    const doc = (await b.get('/api/docs-json')).body;
    const routes = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.sort()).toEqual(
      [
        'GET /',
        'GET /_session',
        'GET /_up',
        'GET /modules',
        'POST /_session',
        'DELETE /_session',
        'POST /_users',
        'POST /_users/_confirmation',
        'POST /_users/_confirm/{token}',
        'POST /_users/_password',
        'PUT /_users/_password/{token}',
        'GET /_users/{name}',
        'PUT /_users/{id}',
        'POST /accounts',
        'GET /accounts/{account_id}',
        'PUT /accounts/{account_id}',
        'GET /accounts/{account_id}/groups',
        // plans and billing
        'POST /prices/_find',
        'GET /billing/config',
        'GET /{account_id}/receipts/{kind}/{file}',
        'POST /{db}/_checkout',
        'POST /billing/webhook',
        'GET /{db}',
        'GET /{db}/_changes',
        'GET /{account_id}/_events',
        'GET /{db}/_security',
        'POST /{db}/_find',
        'POST /{db}',
        'GET /{db}/_design/{design}/_view/{view}',
        'PUT /{db}/_design/{design}/_update/{handler}/{id}',
        'GET /{db}/{id}',
        'PUT /{db}/{id}',
        'DELETE /{db}/{id}',
        // backups
        'GET /accounts/{account_id}/backups',
        'POST /accounts/{account_id}/backups',
        'POST /accounts/{account_id}/backups/upload',
        'GET /accounts/{account_id}/backups/restores/{restore_id}',
        'DELETE /accounts/{account_id}/backups/restores/{restore_id}/group',
        'GET /accounts/{account_id}/backups/{backup_id}/download',
        'POST /accounts/{account_id}/backups/{backup_id}/restore',
        'POST /backups/combined',
        'GET /backups/combined/download',
        'GET /backups/settings',
        // the customer's status page of a ticket and its link
        'GET /s/{token}',
        'POST /s/{token}',
        'GET /{account_id}/tickets/{ticket_id}/status-link',
        'DELETE /{account_id}/tickets/{ticket_id}/status-link',
        'POST /{account_id}/tickets/{ticket_id}/status-link/_mail',
        'POST /{account_id}/tickets/{ticket_id}/status-link/_renew',
        // scheduled mails' unsubscribe link
        'GET /mail/unsubscribe',
        'POST /mail/unsubscribe',
        'GET /mail/preferences',
        'PUT /mail/preferences',
      ].sort(),
    );
    for (const ops of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(ops)) {
        expect(op.tags?.length).toBeGreaterThan(0);
        if (op.tags.includes('status page')) continue; // the customer's page answers its errors as pages, not JSON
        expect([op.operationId, op.responses['500']?.content?.['application/json']?.schema]).toEqual([op.operationId, { $ref: '#/components/schemas/Error' }]);
      }
    }
    expect(doc.components.schemas.Error.required).toEqual(['error', 'reason']);
    expect(doc.paths['/_session'].post.requestBody.content['application/json']).toBeDefined();
    expect(doc.paths['/_session'].post.requestBody.content['application/x-www-form-urlencoded']).toBeUndefined(); // logins are JSON only
  });

  it('passes the route-name header into the caller context and echoes the request id', async () => {
    const b = browser();
    await login(b);
    const res = await b.post(`/${ALICE}/_find`, { selector: { klass: 'UserConfiguration' } }, { headers: { 'x-route-name': 'profile.settings' } });
    expect(res.status).toBe(200);
    const ctx = identity.last('identity.doc.find').ctx;
    expect(ctx).toMatchObject({ user_id: ALICE, db: ALICE, roles: [ALICE, 'user', ACC], admin: false, token: null, route_name: 'profile.settings', locale: 'en' });
    expect(ctx.user).toEqual(summaryOf(ALICE));
    expect(ctx.request_id).toBe(res.headers.get('x-request-id'));
  });
});

describe('request bodies', () => {
  it('answers invalid JSON with 400 and the parser message', async () => {
    const res = await browser().request('POST', '/_session', { raw: '{"username": "a",', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('bad_request');
    expect(res.body.reason).toMatch(/^invalid JSON: /);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s anywhere in a body', async (key) => {
    const b = browser();
    await login(b);
    const raw = `{"selector":{"klass":"UserToken","$and":[{"${key}":{"polluted":true}}]}}`;
    const res = await b.request('POST', `/${ALICE}/_find`, { raw, contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'bad_request', reason: `the key "${key}" is not allowed in a request body` });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body nested deeper than 50 levels', async () => {
    const b = browser();
    await login(b);
    let selector: Record<string, unknown> = { klass: 'UserToken' };
    for (let i = 0; i < 50; i++) selector = { $and: [selector] };
    const res = await b.post(`/${ALICE}/_find`, { selector });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'bad_request', reason: 'the body is nested deeper than 50 levels' });
  });

  it('bounds a client connection by idleness, not by the length of the whole request (a slow 1 GB upload is not cut at Node\'s 5 minutes)', async () => {
    const server = app.getHttpServer() as import('http').Server;
    expect(server.requestTimeout).toBe(0);
    expect(server.timeout).toBe(3000);
  });

  it('closes a connection whose request body stops moving for GATEWAY_IDLE_TIMEOUT_MS', async () => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.on('error', () => undefined);
    socket.write('POST /_users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(2500);
    expect(after).toBeLessThan(15_000);
  });

  it('refuses a 2 MB body with 413', async () => {
    const res = await browser().post('/_users', { email: 'x@example.com', fullname: 'x'.repeat(2_000_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'payload_too_large', reason: 'Request body is too large' });
  });

  it('refuses other media types with 415 and says what to send', async () => {
    const res = await browser().request('POST', '/_users', { raw: '<user/>', contentType: 'application/xml' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'unsupported_media_type', reason: 'Unsupported Media Type: send the body as application/json' });
    const text = await browser().request('POST', '/_users', { raw: 'email=x', contentType: 'text/plain' });
    expect(text.status).toBe(415);
  });

  it('refuses a JSON body that is not an object where an object is expected', async () => {
    const res = await browser().post('/_users', [1, 2]);
    expect(res).toMatchObject({ status: 400, body: { error: 'bad_request', reason: 'the body must be a JSON object' } });
  });

  it('refuses a form-encoded login with 415 (a cross-site form could log a browser into another account)', async () => {
    const b = browser();
    const res = await b.request('POST', '/_session', { form: { username: 'alice@example.com', password: PASSWORD } });
    expect(res).toMatchObject({ status: 415, body: { error: 'unsupported_media_type', reason: 'Unsupported Media Type: send the body as application/json' } });
    expect(b.sessionCookie).toBeUndefined();
  });
});

describe('errors from services', () => {
  it.each((Object.entries(ERROR_STATUS) as Array<[ErrorKey, number]>).filter(([k]) => k !== 'internal_server_error'))(
    'a service error %s becomes HTTP %d with {error, reason}',
    async (key, status) => {
      identity.on('identity.confirmation.confirm', () => {
        throw new AppError(key, `reason of ${key}`);
      });
      const res = await browser().post('/_users/_confirm/some-token');
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: key, reason: `reason of ${key}` });
    },
  );

  it('keeps field errors as a reason map', async () => {
    identity.on('identity.user.register', () => {
      throw errors.unprocessable({ email: 'cant-be-blank', accept: 'must-be-accepted' });
    });
    const res = await browser().post('/_users', {});
    expect(res).toMatchObject({ status: 422, body: { error: 'unprocessable_entity', reason: { email: 'cant-be-blank', accept: 'must-be-accepted' } } });
  });

  it('an unexpected failure in a service is a 500 that reveals nothing', async () => {
    identity.on('identity.confirmation.confirm', () => {
      throw new Error('secret internals');
    });
    const res = await browser().post('/_users/_confirm/t');
    expect(res).toMatchObject({ status: 500, body: { error: 'internal_server_error', reason: 'Internal server error' } });
  });

  it('so is one behind the fast lane (POST /{db}/_find with a session)', async () => {
    identity.on('identity.doc.find', () => {
      throw new Error('secret internals');
    });
    const b = browser();
    await login(b);
    const served = app.get(FastLane).served;
    const res = await b.post(`/${ALICE}/_find`, { selector: { klass: 'UserConfiguration' } });
    expect(app.get(FastLane).served).toBe(served + 1);
    expect(res).toMatchObject({ status: 500, body: { error: 'internal_server_error', reason: 'Internal server error' } });
    expect(res.text).not.toContain('secret');
  });
});

describe('sessions', () => {
  it('login sets AuthSession (httpOnly) and XSRF-TOKEN (readable), both SameSite=Lax, Path=/', async () => {
    const b = browser();
    const res = await b.post('/_session', { username: 'alice@example.com', password: PASSWORD });
    expect(res.body).toEqual({ ok: true, name: 'usr-alice@example.com', roles: [ALICE, 'user', ACC] });
    const session = cookieAttributes(res.setCookies, 'AuthSession')!;
    const xsrf = cookieAttributes(res.setCookies, 'XSRF-TOKEN')!;
    expect(session).toMatchObject({ path: '/', httponly: true, samesite: 'lax', 'max-age': String(14 * 24 * 3600) });
    expect(session.secure).toBeUndefined(); // plain HTTP
    expect(xsrf).toMatchObject({ path: '/', samesite: 'lax' });
    expect(xsrf.httponly).toBeUndefined();
    const stored = JSON.parse((await redis.get(sessionKey(b)))!);
    expect(stored).toMatchObject({ user_id: ALICE, roles: [ALICE, 'user', ACC], locale: 'en', user: summaryOf(ALICE), memberships: [ALICE_MEMBERSHIP], xsrf: b.xsrfToken });
    expect(await redis.ttl(sessionKey(b))).toBeGreaterThan(14 * 24 * 3600 - 10);
  });

  it('marks the cookies Secure when the request came over TLS (X-Forwarded-Proto from a trusted proxy)', async () => {
    const res = await browser().post('/_session', { username: 'alice@example.com', password: PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } });
    expect(cookieAttributes(res.setCookies, 'AuthSession')!.secure).toBe(true);
    expect(cookieAttributes(res.setCookies, 'XSRF-TOKEN')!.secure).toBe(true);
  });

  it('GET /_session answers anonymous without a cookie, and identity’s answer with one', async () => {
    const b = browser();
    expect((await b.get('/_session')).body).toEqual({ ok: true, userCtx: { name: null, roles: [] } });
    await login(b);
    identity.on('identity.session.get', ({ user_id }) => sessionOf(user_id, { locale: 'pt-BR', userCtx: { name: 'alice', roles: [ALICE, 'user'] } }));
    const invited: SessionMembership = { account_id: 'acc-2', subscription_id: 'sub-2', account_name: 'Bob Shop', bookmark: false, status: 'pending' };
    accounts.on('accounts.roles.get', () => ({ roles: [ACC, 'acc-2'], memberships: [ALICE_MEMBERSHIP, invited] }));
    const res = await b.get('/_session');
    expect(res.body).toEqual({
      ok: true,
      userCtx: { name: 'alice', roles: [ALICE, 'user', ACC, 'acc-2'] },
      locale: 'pt-BR',
      confirmed: true,
      user: summaryOf(ALICE),
      memberships: [ALICE_MEMBERSHIP, invited],
    });
    // invitations by address too, once the address is proved
    expect(accounts.last('accounts.roles.get')).toEqual({ user_id: ALICE, email: summaryOf(ALICE).email, confirmed: true });
    const stored = JSON.parse((await redis.get(sessionKey(b)))!);
    expect(stored).toMatchObject({ roles: [ALICE, 'user', ACC, 'acc-2'], locale: 'pt-BR', memberships: [ALICE_MEMBERSHIP, invited] }); // cached for the next requests
  });

  it('falls back to identity’s roles when the accounts service is not running (503)', async () => {
    accounts.on('accounts.roles.get', () => {
      throw new AppError('service_unavailable', 'The service is not available, please try again later');
    });
    const b = browser();
    const res = await b.post('/_session', { username: 'alice@example.com', password: PASSWORD });
    expect(res.body).toEqual({ ok: true, name: 'usr-alice@example.com', roles: [ALICE, 'user'] });
    expect((await b.get('/_session')).body).toEqual({ ok: true, userCtx: { name: 'usr-alice@example.com', roles: [ALICE, 'user'] }, locale: 'en', confirmed: true, user: summaryOf(ALICE) });
    expect((await b.get(`/${ALICE}/ucn-1`)).status).toBe(200);
    // other failures of the accounts service are not hidden
    accounts.on('accounts.roles.get', () => {
      throw new Error('boom');
    });
    expect((await b.get('/_session')).status).toBe(500);
  });

  it('reloads a session stored without the user summary (before this version) on its next request', async () => {
    const b = browser();
    await login(b);
    const raw = JSON.parse((await redis.get(sessionKey(b)))!);
    delete raw.user;
    delete raw.memberships;
    await redis.set(sessionKey(b), JSON.stringify(raw), 'KEEPTTL');
    const before = identity.requests('identity.session.get').length;
    expect((await b.get(`/${ALICE}/ucn-1`)).status).toBe(200);
    expect(identity.requests('identity.session.get')).toHaveLength(before + 1);
    expect(identity.last('identity.doc.get').ctx.user).toEqual(summaryOf(ALICE));
  });

  it('requires X-XSRF-TOKEN equal to the session’s on unsafe methods authenticated by the cookie', async () => {
    const b = browser();
    await login(b);
    const missing = await b.post(`/${ALICE}`, { klass: 'UserConfiguration', key: 'locale', value: 'en' }, { xsrf: false });
    expect(missing).toMatchObject({ status: 403, body: { error: 'forbidden', reason: 'Invalid or missing XSRF token' } });
    const wrong = await b.post(`/${ALICE}`, { klass: 'UserConfiguration' }, { xsrf: false, headers: { 'x-xsrf-token': 'x'.repeat(43) } });
    expect(wrong.status).toBe(403);
    expect((await b.delete('/_session', { xsrf: false })).status).toBe(403);
    expect((await b.get(`/${ALICE}/ucn-1`, { xsrf: false })).status).toBe(200); // safe method
    const ok = await b.post(`/${ALICE}`, { klass: 'UserConfiguration', key: 'locale', value: 'en' });
    expect(ok).toMatchObject({ status: 201, body: { ok: true, id: 'ucn-new', rev: '1-abc' } });
  });

  it('does not ask for XSRF on public calls, even with a session cookie', async () => {
    const b = browser();
    await login(b);
    identity.on('identity.password.request', () => ({ ok: true }));
    expect((await b.post('/_users/_password', { email: 'alice@example.com' }, { xsrf: false })).status).toBe(200);
    expect((await b.post('/_session', { username: 'alice@example.com', password: PASSWORD }, { xsrf: false })).status).toBe(200);
  });

  it('a new login replaces the old session id', async () => {
    const b = browser();
    await login(b);
    const old = b.clone();
    await login(b);
    expect(b.sessionCookie).not.toBe(old.sessionCookie);
    expect((await old.get(`/${ALICE}/ucn-1`)).status).toBe(401);
  });

  it('logout ends the session and clears the cookies; the old cookie then gets 401', async () => {
    const b = browser();
    await login(b);
    const old = b.clone();
    const old2 = b.clone();
    const res = await b.delete('/_session');
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(cookieAttributes(res.setCookies, 'AuthSession')!['max-age']).toBe('0');
    expect(b.sessionCookie).toBeUndefined();
    const replay = await old.get(`/${ALICE}/ucn-1`);
    expect(replay).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'Please login again' } });
    expect(old.sessionCookie).toBeUndefined(); // the 401 cleared the dead cookie
    const check = await old2.get('/_session');
    expect(check).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'Please login again' } }); // opens the re-login modal
    expect(cookieAttributes(check.setCookies, 'AuthSession')!['max-age']).toBe('0');
    expect((await b.get('/_session')).body).toEqual({ ok: true, userCtx: { name: null, roles: [] } });
  });

  it('re-checks a session older than 60 s: a deleted user is logged out (401)', async () => {
    const b = browser();
    await login(b);
    await ageSession(b);
    const key = sessionKey(b);
    identity.on('identity.session.get', () => {
      throw errors.unauthorized(REASONS.deleted);
    });
    const res = await b.get(`/${ALICE}/ucn-1`);
    expect(res).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'Please login again' } });
    expect(await redis.exists(key)).toBe(0);
    expect(b.sessionCookie).toBeUndefined();
  });

  it('re-checks a session older than 60 s: a locked-out user gets 403 until confirmed', async () => {
    const b = browser();
    await login(b);
    await ageSession(b);
    identity.on('identity.session.get', () => {
      throw errors.forbidden(REASONS.confirmFirst);
    });
    const res = await b.get(`/${ALICE}/ucn-1`);
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden', reason: 'Please confirm your email first' } });
    standardIdentity();
    expect((await b.get(`/${ALICE}/ucn-1`)).status).toBe(200);
  });

  it('does not ask identity or accounts again within 60 s', async () => {
    const b = browser();
    await login(b); // the login loads the profile once
    expect(identity.requests('identity.session.get')).toHaveLength(1);
    expect(accounts.requests('accounts.roles.get')).toHaveLength(1);
    await b.get(`/${ALICE}/ucn-1`);
    await b.get(`/${ALICE}/ucn-1`);
    expect(identity.requests('identity.session.get')).toHaveLength(1);
    await ageSession(b);
    await b.get(`/${ALICE}/ucn-1`);
    await b.get(`/${ALICE}/ucn-1`);
    expect(identity.requests('identity.session.get')).toHaveLength(2);
    expect(accounts.requests('accounts.roles.get')).toHaveLength(2);
  });

  it('confirming the e-mail by the mailed link reloads the profile of the session it comes with; a reset ends that session', async () => {
    const b = browser();
    await login(b);
    identity
      .on('identity.confirmation.confirm', () => ({ ok: true }))
      .on('identity.password.reset', () => ({ ok: true, user_id: ALICE, revoked_token_ids: [] }));
    expect((await b.post('/_users/_confirm/tok-1')).status).toBe(200);
    expect(JSON.parse((await redis.get(sessionKey(b)))!).checked_at).toBe(0);
    await b.get(`/${ALICE}/ucn-1`);
    expect(JSON.parse((await redis.get(sessionKey(b)))!).checked_at).toBeGreaterThan(0);
    const key = sessionKey(b);
    const reset = await b.put('/_users/_password/tok-2', { password: 'p', password_confirmation: 'p' });
    expect(reset).toMatchObject({ status: 200, body: { ok: true } });
    expect(reset.body).toEqual({ ok: true }); // names nobody
    expect(await redis.get(key)).toBeNull();
    expect(b.sessionCookie).toBeFalsy(); // cleared
    expect((await browser().post('/_users/_confirm/tok-3')).status).toBe(200); // no session: nothing to do
  });

  it('a password change ends the user’s other sessions, not this one', async () => {
    const here = browser();
    const there = browser();
    await login(here);
    await login(there);
    identity.on('identity.user.update', ({ id }) => ({ ok: true, id, rev: '2-x' }));
    const res = await here.put(`/_users/${ALICE}?rev=1-a`, { password: 'new one', password_confirmation: 'new one', current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect(identity.last('identity.user.update')).toMatchObject({ id: ALICE, rev: '1-a', ctx: { user_id: ALICE } });
    expect((await there.get(`/${ALICE}/ucn-1`)).status).toBe(401);
    expect((await here.get(`/${ALICE}/ucn-1`)).status).toBe(200);
  });
});

describe('login rate limit', () => {
  it('allows 10 failed logins a minute per e-mail; the 11th attempt is 429 even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await browser().post('/_session', { username: 'bob@example.com', password: 'wrong' });
      expect(res).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'Email or password is incorrect' } });
    }
    const res = await browser().post('/_session', { username: 'Bob@Example.com ', password: PASSWORD });
    expect(res).toMatchObject({ status: 429, body: { error: 'too_many_requests', reason: 'Too many requests, please try again later' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await browser().post('/_session', { username: 'alice@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('allows 10 failed logins a minute per IP', async () => {
    const b = browser();
    for (let i = 0; i < 10; i++) expect((await b.post('/_session', { username: `x${i}@example.com`, password: 'wrong' })).status).toBe(401);
    expect((await b.post('/_session', { username: 'alice@example.com', password: PASSWORD })).status).toBe(429);
  });

  it('does not count successful logins or missing fields', async () => {
    const b = browser();
    for (let i = 0; i < 12; i++) expect((await b.post('/_session', { username: 'alice@example.com', password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 12; i++) expect((await b.post('/_session', { username: 'alice@example.com' })).status).toBe(400);
  });
});

describe('mail rate limits', () => {
  it('allows 5 password-reset requests per 15 minutes per e-mail', async () => {
    identity.on('identity.password.request', () => ({ ok: true }));
    for (let i = 0; i < 5; i++) expect((await browser().post('/_users/_password', { email: 'carol@example.com' })).status).toBe(200);
    const res = await browser().post('/_users/_password', { email: 'carol@example.com' });
    expect(res).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(identity.requests('identity.password.request')).toHaveLength(5);
  });

  it('allows 5 confirmation resends per e-mail and 20 per IP', async () => {
    identity.on('identity.confirmation.request', () => ({ ok: true }));
    for (let i = 0; i < 5; i++) expect((await browser().post('/_users/_confirmation', { email: 'dave@example.com' })).status).toBe(200);
    expect((await browser().post('/_users/_confirmation', { email: 'dave@example.com' })).status).toBe(429);
    const b = browser();
    for (let i = 0; i < 20; i++) expect((await b.post('/_users/_confirmation', { email: `e${i}@example.com` })).status).toBe(200);
    expect((await b.post('/_users/_confirmation', { email: 'new@example.com' })).status).toBe(429);
  });
});

describe('bearer tokens', () => {
  it('authenticates with the token, passes its id and permissions, and needs no XSRF', async () => {
    const res = await browser().post(`/${ALICE}/_find`, { selector: { klass: 'UserToken' } }, { bearer: 'sdt_rw_token' });
    expect(res.status).toBe(200);
    const ctx: CallerContext = identity.last('identity.doc.find').ctx;
    expect(ctx).toMatchObject({ user_id: ALICE, db: ALICE, token: { id: 'utk-rw', permissions: ['read', 'write'] }, roles: [ALICE, 'user', ACC], locale: 'en' });
    expect(ctx.user).toEqual(summaryOf(ALICE));
    const session = await browser().get('/_session', { bearer: 'sdt_rw_token' });
    expect(session.body).toMatchObject({ userCtx: { roles: [ALICE, 'user', ACC] }, user: summaryOf(ALICE), memberships: [ALICE_MEMBERSHIP] });
    const write = await browser().post(`/${ALICE}`, { klass: 'UserConfiguration', key: 'k', value: 'v' }, { bearer: 'sdt_rw_token' });
    expect(write.status).toBe(201);
  });

  it('caches identity’s answer (≤ 30 s) and forgets it when the token is changed through the gateway', async () => {
    const b = browser();
    await b.get(`/${ALICE}/ucn-1`, { bearer: 'sdt_ro_token' });
    await b.get(`/${ALICE}/ucn-1`, { bearer: 'sdt_ro_token' });
    expect(identity.requests('identity.token.verify')).toHaveLength(1);
    const ttl = await redis.ttl(`${prefix}:tok:${createHash('sha256').update('sdt_ro_token').digest('base64url')}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30);

    const owner = browser();
    await login(owner);
    expect((await owner.delete(`/${ALICE}/utk-ro?rev=1-a`)).status).toBe(200);
    identity.on('identity.token.verify', () => {
      throw errors.unauthorized('This token was revoked');
    });
    const after = await b.get(`/${ALICE}/ucn-1`, { bearer: 'sdt_ro_token' });
    expect(after).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'This token was revoked' } });
  });

  it('answers a bad or malformed token, or another scheme, with 401', async () => {
    for (const authorization of ['Bearer sdt_nope_nope', 'Bearer ', 'Bearer a b', 'Basic YWxpY2U6eA==']) {
      const res = await browser().get(`/${ALICE}/ucn-1`, { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });
});

describe('documents', () => {
  let b: Browser;
  beforeEach(async () => {
    b = browser();
    await login(b);
  });

  it('refuses another user’s database and a group without a membership', async () => {
    expect(await b.post(`/${BOB}/_find`, { selector: { klass: 'UserToken' } })).toMatchObject({
      status: 403,
      body: { error: 'forbidden', reason: 'You are not allowed to access this data' },
    });
    expect(await b.get(`/${BOB}/ucn-1`, { bearer: 'sdt_rw_token' })).toMatchObject({ status: 403 });
    expect(await b.post('/acc-123/_find', { selector: { klass: 'Wallet' } })).toEqual(
      expect.objectContaining({ status: 403, body: { error: 'forbidden', reason: 'You need a subscription to access this Group' } }),
    );
    expect(accounts.last('accounts.membership.resolve')).toEqual({ user_id: ALICE, account_id: 'acc-123' });
    expect(await b.get('/prices/prc-1')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(identity.requests('identity.doc.find')).toHaveLength(0);
    expect(accounts.requests('accounts.doc.find')).toHaveLength(0);
  });

  it('asks accounts.membership.resolve on every request to a group (nothing cached) and passes db and admin', async () => {
    for (let i = 0; i < 3; i++) expect((await b.post(`/${ACC}/_find`, { selector: { klass: 'Subscription' } })).status).toBe(200);
    expect(accounts.requests('accounts.membership.resolve')).toHaveLength(3);
    expect(accounts.last('accounts.doc.find').ctx).toMatchObject({ user_id: ALICE, db: ACC, admin: true, user: summaryOf(ALICE), locale: 'en' });
    // the membership is removed: the very next request is refused
    accounts.on('accounts.membership.resolve', () => {
      throw errors.forbidden(REASONS.needSubscription);
    });
    expect(await b.post(`/${ACC}/_find`, { selector: { klass: 'Subscription' } })).toMatchObject({
      status: 403,
      body: { error: 'forbidden', reason: 'You need a subscription to access this Group' },
    });
    expect(accounts.requests('accounts.doc.find')).toHaveLength(3);
    // the accounts service is down: refused, never let through
    accounts.on('accounts.membership.resolve', () => {
      throw new AppError('service_unavailable', 'The service is not available, please try again later');
    });
    expect((await b.get(`/${ACC}/sub-a`)).status).toBe(503);
    expect(accounts.requests('accounts.doc.get')).toHaveLength(0);
  });

  it('accepting an invitation skips the membership check: the group is addressed without administrator rights', async () => {
    const res = await b.put('/acc-other/_design/status/_update/accept/sub-inv');
    expect(res).toMatchObject({ status: 200, body: { ok: true, id: 'sub-inv' } });
    expect(accounts.requests('accounts.membership.resolve')).toHaveLength(0);
    expect(accounts.last('accounts.doc.update')).toMatchObject({ design: 'status', handler: 'accept', id: 'sub-inv', ctx: { user_id: ALICE, db: 'acc-other', admin: false } });
    // any other handler of a group is checked; a user database is still only the caller's own
    expect((await b.put('/acc-other/_design/bookmark/_update/true/sub-inv')).status).toBe(403);
    expect((await b.put(`/${BOB}/_design/status/_update/accept/sub-inv`)).status).toBe(403);
    expect(accounts.requests('accounts.doc.update')).toHaveLength(1);
  });

  it('routes designs, memberships and group configuration to accounts', async () => {
    expect(await b.get(`/${ACC}/_design/count-by-klass/_view/all?group_level=0`)).toMatchObject({ status: 200, body: { rows: [{ key: null, value: { count: 3, size: 30 } }] } });
    expect(accounts.last('accounts.doc.view')).toMatchObject({ design: 'count-by-klass', view: 'all', params: { group_level: 0 }, ctx: { db: ACC, admin: true } });
    expect(await b.put(`/${ALICE}/_design/bookmark/_update/true/sub-a`)).toMatchObject({ status: 200, body: { id: 'sub-a' } });
    expect(accounts.last('accounts.doc.update')).toMatchObject({ design: 'bookmark', handler: 'true', ctx: { db: ALICE } });
    expect((await b.put(`/${ACC}/_design/status/_update/read/rit-1`)).status).toBe(503); // the reader's: no reader stub runs here
    expect((await b.post(`/${ALICE}/_find`, { selector: { klass: 'Subscription' } })).status).toBe(200);
    expect(accounts.last('accounts.doc.find').ctx.db).toBe(ALICE);
  });

  it('marks the session stale after a write that changes memberships, so the next request reloads the roles', async () => {
    const reloads = () => accounts.requests('accounts.roles.get').length;
    const start = reloads();
    await b.get(`/${ACC}/sub-a`);
    expect(reloads()).toBe(start); // a read changes nothing
    for (const write of [
      () => b.put(`/${ALICE}/_design/bookmark/_update/true/sub-a`),
      () => b.put('/acc-other/_design/status/_update/accept/sub-inv'),
      () => b.delete(`/${ACC}/sub-b?rev=1-a`),
      () => b.post('/accounts', { name: 'Another' }),
    ]) {
      const before = reloads();
      expect((await write()).status).toBeLessThan(300);
      expect(JSON.parse((await redis.get(sessionKey(b)))!).checked_at).toBe(0);
      await b.get(`/${ACC}/sub-a`);
      expect(reloads()).toBe(before + 1);
    }
  });

  it('reads groups and their database info, change feed and security through /accounts/… and /{db}/…', async () => {
    expect(await b.post('/accounts', { name: 'New shop' })).toMatchObject({ status: 201, body: { ok: true, id: 'acc-new', subscription_id: 'sub-new' } });
    expect(accounts.last('accounts.account.create')).toMatchObject({ name: 'New shop', ctx: { user_id: ALICE, db: null, admin: false, user: summaryOf(ALICE) } });
    expect(accounts.last('accounts.account.create')).not.toHaveProperty('parent_account_id');
    expect(await b.post('/accounts', { name: 'Sub', parent_account_id: 'acc-zzz' })).toMatchObject({ status: 403, body: { reason: REASONS.needSubscription } });
    expect(await b.post('/accounts', { name: 'Sub', parent_account_id: 5 })).toMatchObject({ status: 400 });
    await b.post('/accounts', { name: 'Sub', parent_account_id: ACC });
    expect(accounts.last('accounts.account.create')).toMatchObject({ name: 'Sub', parent_account_id: ACC });

    expect(await b.get(`/accounts/${ACC}?fields=name`)).toMatchObject({ status: 200, body: { _id: ACC, name: 'Alice Repairs' } });
    expect(accounts.last('accounts.account.get')).toMatchObject({ fields: ['name'], ctx: { db: ACC, admin: true } });
    expect(await b.put(`/accounts/${ACC}?rev=1-a`, { name: 'Renamed', billing_email: 'b@example.com' })).toMatchObject({ status: 200, body: { rev: '2-p' } });
    expect(accounts.last('accounts.account.update')).toMatchObject({ rev: '1-a', body: { name: 'Renamed', billing_email: 'b@example.com' } });
    expect(await b.get(`/accounts/${ACC}/groups`)).toMatchObject({ status: 200, body: { docs: [] } });
    expect(await b.get('/accounts/acc-zzz')).toMatchObject({ status: 403, body: { reason: REASONS.needSubscription } });
    expect(await b.get(`/accounts/${ALICE}`)).toMatchObject({ status: 404 }); // a group id only

    expect(await b.get(`/${ACC}`)).toMatchObject({ status: 200, body: { db_name: ACC, update_seq: 7 } });
    expect(await b.get(`/${ALICE}`)).toMatchObject({ status: 200, body: { db_name: ALICE } });
    expect(await b.get(`/${BOB}`)).toMatchObject({ status: 403 });
    expect((await b.get(`/${ACC}/_changes?since=3&include_docs=true&limit=20&descending=true`)).status).toBe(200);
    expect(accounts.last('accounts.changes.get')).toMatchObject({ since: '3', include_docs: 'true', limit: '20', descending: 'true', ctx: { db: ACC } });
    await b.get(`/${ACC}/_changes`);
    expect(accounts.last('accounts.changes.get')).not.toHaveProperty('since');
    expect(await b.get(`/${ACC}/_changes?since=1&since=2`)).toMatchObject({ status: 400 });
    expect(await b.get(`/${ACC}/_security`)).toMatchObject({ status: 200, body: { admins: { roles: [ALICE] } } });
    expect(await b.get('/acc-zzz/_security')).toMatchObject({ status: 403, body: { reason: REASONS.needSubscription } });
  });

  it('never lets /{db} routes capture /_users, /_session, /_up, /accounts or /api', async () => {
    identity.on('identity.user.get', ({ name }) => ({ _id: name }) as never);
    expect(await b.get(`/_users/${ALICE}`)).toMatchObject({ status: 200, body: { _id: ALICE } });
    expect((await b.get('/_session')).body.userCtx.name).toBe('usr-alice@example.com');
    expect((await b.get('/_up')).body.checks).toHaveProperty('accounts');
    expect((await b.get('/api/docs-json')).body.openapi).toMatch(/^3\./);
    expect((await b.get(`/accounts/${ACC}`)).body.klass).toBe('Account');
    accounts.received.length = 0;
    identity.received.length = 0;
    for (const [method, path] of [
      ['GET', '/_users'],
      ['GET', '/accounts'],
      ['GET', '/api'],
      ['GET', '/_session/_changes'],
      ['GET', '/_up/_security'],
      ['POST', '/_users/_find'],
      ['POST', '/_session/_find'],
      ['POST', '/accounts/_find'],
      ['POST', '/api/_find'],
      ['DELETE', `/_users/${ALICE}`],
      ['DELETE', `/accounts/${ACC}`],
      ['GET', '/accounts/_changes'],
      ['PUT', '/_session/x'],
    ]) {
      const res = await b.request(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : { selector: { klass: 'Subscription' } } });
      expect([path, res.status, res.body.error]).toEqual([path, 404, 'not_found']);
    }
    expect(accounts.requests('accounts.membership.resolve')).toHaveLength(0);
    for (const name of ['accounts.db.info', 'accounts.changes.get', 'accounts.security.get', 'accounts.doc.find', 'accounts.doc.delete'] as const) {
      expect(accounts.requests(name)).toHaveLength(0);
    }
    expect(identity.requests('identity.doc.find')).toHaveLength(0);
    // the same for the anonymous: what is not a database is not found, what is one needs a login
    const anonymous = browser();
    for (const path of ['/_users', '/accounts', '/robots.txt/_changes', '/accounts/favicon.ico']) {
      expect([path, (await anonymous.get(path)).status]).toEqual([path, 404]);
    }
    // the web app's icon, not a database: served from the shell's build (404 before it is built), never a login
    const favicon = await anonymous.get('/favicon.ico');
    expect(favicon.status).toBe(existsSync(path.resolve(__dirname, '../../frontends/shell/dist/favicon.ico')) ? 200 : 404);
    expect((await anonymous.get('/acc-x')).status).toBe(401);
    expect((await anonymous.get('/accounts/acc-x')).status).toBe(401);
  });

  it('routes by klass or id prefix and says clearly when it cannot', async () => {
    expect(await b.post(`/${ALICE}/_find`, { selector: { active: true } })).toMatchObject({ status: 400, body: { reason: expect.stringContaining('selector.klass is required') } });
    expect(await b.post(`/${ALICE}/_find`, { selector: { klass: 'Nope' } })).toMatchObject({ status: 400, body: { reason: 'unknown klass "Nope" in selector.klass' } });
    expect(await b.post(`/${ALICE}/_find`, { selector: { klass: 'Handbook' } })).toMatchObject({
      status: 503,
      body: { error: 'service_unavailable', reason: 'The service is not available, please try again later' }, // no notes stub runs here
    });
    expect(await b.get(`/${ALICE}/zzz-1`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await b.post(`/${ALICE}`, { key: 'x' })).toMatchObject({ status: 400, body: { reason: expect.stringContaining('klass is required') } });
    expect(await b.get(`/${ALICE}/_design/nope/_view/all`)).toMatchObject({ status: 404 });
    expect(await b.put(`/${ALICE}/_design/nope/_update/true/sub-1`)).toMatchObject({ status: 404 });
  });

  it('checks find bodies against the FindQuery schema', async () => {
    const bad = await b.post(`/${ALICE}/_find`, { selector: { klass: 'UserToken' }, limit: 'ten', fields: 'a' });
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toMatch(/limit: /);
    expect(bad.body.reason).toMatch(/fields: /);
    expect((await b.post(`/${ALICE}/_find`, { selector: 'x' })).status).toBe(400);
    expect((await b.post(`/${ALICE}/_find`, {})).status).toBe(400);
  });

  it('answers like CouchDB: docs for find, 201 for creates, 200 for updates and deletes', async () => {
    expect((await b.post(`/${ALICE}/_find`, { selector: { klass: 'UserConfiguration' }, limit: 5, sort: [{ created_at: 'desc' }] })).body.docs).toHaveLength(1);
    expect(identity.last('identity.doc.find').query).toEqual({ selector: { klass: 'UserConfiguration' }, limit: 5, sort: [{ created_at: 'desc' }] });
    expect(await b.put(`/${ALICE}/ucn-1?rev=1-a`, { value: 'x' })).toMatchObject({ status: 200, body: { ok: true, id: 'ucn-1', rev: '2-def' } });
    expect(identity.last('identity.doc.put')).toMatchObject({ id: 'ucn-1', rev: '1-a', doc: { value: 'x' } });
    expect(await b.put(`/${ALICE}/ucn-2`, { klass: 'UserConfiguration', key: 'k', value: 'v' })).toMatchObject({ status: 201 });
    await b.put(`/${ALICE}/ucn-1`, { _rev: '1-b', value: 'y' });
    expect(identity.last('identity.doc.put').rev).toBe('1-b');
    expect(await b.delete(`/${ALICE}/ucn-1?rev=2-def`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(identity.last('identity.doc.delete')).toMatchObject({ id: 'ucn-1', rev: '2-def' });
    await b.get(`/${ALICE}/ucn-1?fields=key,value`);
    expect(identity.last('identity.doc.get').fields).toEqual(['key', 'value']);
  });
});

describe('users', () => {
  it('registers (201), reads with fields, and routes the static /_users paths apart from /_users/:name', async () => {
    identity
      .on('identity.user.register', (req) => ({ _id: 'usr-new', email: req.email }) as never)
      .on('identity.user.get', ({ name, fields }) => ({ _id: name, fields }) as never)
      .on('identity.confirmation.confirm', () => ({ ok: true }))
      .on('identity.password.reset', () => ({ ok: true, user_id: 'usr-reset', revoked_token_ids: [] }));
    const b = browser();
    expect(await b.post('/_users', { email: 'new@example.com', accept: true })).toMatchObject({ status: 201, body: { _id: 'usr-new' } });
    await login(b);
    expect((await b.get(`/_users/${ALICE}?fields=["fullname","locale"]`)).body).toEqual({ _id: ALICE, fields: ['fullname', 'locale'] });
    expect(identity.last('identity.user.get').ctx.user_id).toBe(ALICE);
    expect(await b.post('/_users/_confirm/tok-1')).toMatchObject({ status: 200, body: { ok: true } });
    expect(identity.last('identity.confirmation.confirm')).toEqual({ token: 'tok-1' });
    expect(await b.put('/_users/_password/tok-2', { password: 'p', password_confirmation: 'p' })).toMatchObject({ status: 200 });
    expect(identity.last('identity.password.reset')).toEqual({ token: 'tok-2', password: 'p', password_confirmation: 'p' });
    expect((await browser().get(`/_users/${ALICE}`)).status).toBe(401);
  });
});
