import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, readCookie } from './client';

describe('api client', () => {
  it('sends cookies, JSON, the route name and the XSRF header on unsafe methods', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D';
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    const api = createApiClient({ fetch, routeName: () => 'account.new' });
    await expect(api.post('/accounts', { name: 'G' })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/accounts');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"G"}');
    expect(init.headers).toMatchObject({ 'x-xsrf-token': 'abc=', 'x-route-name': 'account.new', 'content-type': 'application/json' });
    await api.get('/_session');
    expect((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('x-xsrf-token');
  });

  it('throws an ApiError with status, error and reason', async () => {
    const onError = vi.fn();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'conflict', reason: 'Record updated by someone else, please refresh' }), { status: 409 }));
    const api = createApiClient({ fetch, onError });
    const err = await api.put('/acc-1/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, error: 'conflict', reason: 'Record updated by someone else, please refresh' });
    expect(onError).toHaveBeenCalledWith(err, '/acc-1/x', 'PUT');
  });

  it('reads a cookie', () => {
    expect(readCookie('b', 'a=1; b=two')).toBe('two');
    expect(readCookie('c', 'a=1')).toBeUndefined();
  });
});
