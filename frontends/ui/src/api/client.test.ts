import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, readCookie } from './client';

describe('api client', () => {
  it('sends cookies, JSON, the route name and the XSRF header on unsafe methods', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D';
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    const api = createApiClient({ fetch, routeName: () => 'account.new' });
    await expect(api.call('POST /accounts', { body: { name: 'G' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/accounts');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"G"}');
    expect(init.headers).toMatchObject({ 'x-xsrf-token': 'abc=', 'x-route-name': 'account.new', 'content-type': 'application/json' });
    await api.call('GET /_session');
    expect((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('x-xsrf-token');
  });

  it('throws an ApiError with status, error and reason', async () => {
    const onError = vi.fn();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'conflict', reason: 'Record updated by someone else, please refresh' }), { status: 409 }));
    const api = createApiClient({ fetch, onError });
    const err = await api.call('PUT /{db}/{id}', { params: { db: 'acc-1', id: 'x' }, body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, error: 'conflict', reason: 'Record updated by someone else, please refresh' });
    expect(onError).toHaveBeenCalledWith(err, '/acc-1/x', 'PUT');
  });

  it('builds the URL from the route key: path parameters URI-encoded, undefined query values left out', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ rows: [] }), { status: 200 }));
    const api = createApiClient({ fetch });
    await api.view('acc-1', 'count-by-ticket-priority', { group_level: 1, limit: undefined });
    await api.call('POST /_users/_confirm/{token}', { params: { token: 'a/b c' } });
    await api.call('DELETE /{db}/{id}', { params: { db: 'acc-1', id: 'tkt-1' }, query: { rev: '2-x' } });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /acc-1/_design/count-by-ticket-priority/_view/all?group_level=1',
      'POST /_users/_confirm/a%2Fb%20c',
      'DELETE /acc-1/tkt-1?rev=2-x',
    ]);
  });

  it('a find answers the docs of the reply', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ docs: [{ _id: 'sub-1', klass: 'Subscription' }] }), { status: 200 }));
    const api = createApiClient({ fetch });
    const subs = await api.find('usr-1', { selector: { klass: 'Subscription' }, limit: 10 });
    expect(subs.map((s) => s._id)).toEqual(['sub-1']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([init.method, url, init.body]).toEqual(['POST', '/usr-1/_find', '{"selector":{"klass":"Subscription"},"limit":10}']);
  });

  it('reads a cookie', () => {
    expect(readCookie('b', 'a=1; b=two')).toBe('two');
    expect(readCookie('c', 'a=1')).toBeUndefined();
  });

  it('notices when x-app-version differs from the version the page loaded with', async () => {
    let version = '1.0.0';
    const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'x-app-version': version } }));
    const onVersionChange = vi.fn();
    const api = createApiClient({ fetch, onVersionChange });
    expect(api.loadedVersion()).toBeUndefined();
    await api.call('GET /_session');
    await api.call('GET /_session');
    expect(api.loadedVersion()).toBe('1.0.0');
    expect(onVersionChange).not.toHaveBeenCalled();
    version = '1.1.0';
    await api.call('GET /_session');
    expect(onVersionChange).toHaveBeenCalledWith('1.1.0', '1.0.0');
    expect(api.loadedVersion()).toBe('1.0.0');
  });

  it('checks the version with GET / (after a failed remote load)', async () => {
    let version = '1.0.0';
    const fetch = vi.fn(async () => new Response(JSON.stringify({ version }), { status: 200, headers: { 'x-app-version': version } }));
    const onVersionChange = vi.fn();
    const api = createApiClient({ fetch, onVersionChange });
    await api.call('GET /_session');
    await expect(api.checkVersion()).resolves.toBe(false);
    expect((fetch.mock.calls[1] as unknown as [string])[0]).toBe('/');
    version = '2.0.0';
    await expect(api.checkVersion()).resolves.toBe(true);
    expect(onVersionChange).toHaveBeenCalledTimes(1);
  });

  it('a failed version check is no version change', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const api = createApiClient({ fetch });
    await expect(api.checkVersion()).resolves.toBe(false);
  });
});
