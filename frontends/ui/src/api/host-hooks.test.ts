import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client';
import { announceHostLiveChanges, followHostLiveChanges, hostHookOptions, isCountersQuery, provideHostHooks } from './host-hooks';

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

describe("a remote's own query cache following the shell's live changes", () => {
  /** the predicates each invalidateQueries call got, with its refetchType */
  function cache() {
    const calls: Array<{ predicate: (q: { queryKey: readonly unknown[] }) => boolean; refetchType?: 'none' }> = [];
    return { calls, invalidateQueries: async (f: (typeof calls)[number]) => void calls.push(f) };
  }
  const keys = [
    ['finance', 'list', 'acc-1', 'Outgo'],
    ['finance', 'doc', 'acc-1', 'out-1'],
    ['finance', 'list', 'acc-2', 'Outgo'],
    ['tickets', 'list', 'acc-1'],
  ];
  const hits = (c: ReturnType<typeof cache>, i: number) => keys.filter((queryKey) => c.calls[i].predicate({ queryKey }));

  it("refetches the module's lists of the changed group and only marks its records stale, for a change of one of its service's klasses", () => {
    const c = cache();
    const stop = followHostLiveChanges(c, 'finance');
    announceHostLiveChanges({ accountId: 'acc-1', klasses: ['Outgo'] });
    stop();
    expect(c.calls).toHaveLength(2);
    expect([hits(c, 0), c.calls[0].refetchType]).toEqual([[['finance', 'list', 'acc-1', 'Outgo']], undefined]);
    expect([hits(c, 1), c.calls[1].refetchType]).toEqual([[['finance', 'doc', 'acc-1', 'out-1']], 'none']);
  });

  it("ignores another module's klasses, follows a reset, and stops when asked", () => {
    const c = cache();
    const stop = followHostLiveChanges(c, 'finance');
    announceHostLiveChanges({ accountId: 'acc-1', klasses: ['Ticket', 'ReaderItem'] });
    expect(c.calls).toHaveLength(0);
    announceHostLiveChanges({ accountId: 'acc-1', klasses: 'reset' });
    expect(c.calls).toHaveLength(2);
    stop();
    announceHostLiveChanges({ accountId: 'acc-1', klasses: ['Outgo'] });
    expect(c.calls).toHaveLength(2);
  });
});
