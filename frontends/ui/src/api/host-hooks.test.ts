import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client';
import { hostHookOptions, isCountersQuery, notifyHostDataChanged, provideHostHooks } from './host-hooks';

describe('host hooks', () => {
  afterEach(() => provideHostHooks({}));

  it("a remote's client reports its failures to the hooks the shell installed", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'unauthorized', reason: 'Please login again' }), { status: 401 }));
    const remote = createApiClient({ fetch, ...hostHookOptions() });
    const onError = vi.fn();
    provideHostHooks({ onError }); // installed after the client was made: looked up at call time
    await expect(remote.call('GET /{db}/{id}', { params: { db: 'acc-1', id: 'x' } })).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }), '/acc-1/x', 'GET');
  });

  it('without a host nothing is called and the error is still thrown', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    const remote = createApiClient({ fetch, ...hostHookOptions() });
    await expect(remote.call('GET /{db}', { params: { db: 'x' } })).rejects.toMatchObject({ status: 500 });
  });

  it("a remote's write reaches the host's onDataChanged; without a host nothing happens", () => {
    expect(() => notifyHostDataChanged()).not.toThrow();
    const onDataChanged = vi.fn();
    provideHostHooks({ onDataChanged });
    notifyHostDataChanged();
    expect(onDataChanged).toHaveBeenCalledTimes(1);
  });

  it('counter queries are the ones keyed by a name with count, priority or changes', () => {
    expect(isCountersQuery(['open-ticket-count', 'acc-1'])).toBe(true);
    expect(isCountersQuery(['count-by-ticket-priority', 'acc-1'])).toBe(true);
    expect(isCountersQuery(['count-by-klass', 'acc-1'])).toBe(true);
    expect(isCountersQuery(['changes', 'acc-1'])).toBe(true);
    expect(isCountersQuery(['session'])).toBe(false);
    expect(isCountersQuery(['account', 'acc-1'])).toBe(false);
    expect(isCountersQuery([42])).toBe(false);
  });
});
