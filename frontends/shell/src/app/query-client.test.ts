import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, notifyHostDataChanged } from '@app/ui';
import { createQueryClient, followRemoteWrites } from './query-client';

// A write in a module remote (its own query cache) refreshes the shell's counters at once: the open-ticket badge, the
// priority bars and record counters, not the rest.
describe('followRemoteWrites', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it("invalidates the shell's counter queries when a remote reports a write", () => {
    const client = createQueryClient();
    for (const key of [['open-ticket-count', 'acc-1'], ['count-by-open-ticket-priority', 'acc-1'], ['count-by-klass', 'acc-1'], ['session'], ['account', 'acc-1']]) {
      client.setQueryData(key, 1);
    }
    stop = followRemoteWrites(client);
    notifyHostDataChanged(); // as the tickets remote does after a write (api.ts installed the shell's hooks)
    const invalidated = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(['open-ticket-count', 'acc-1'])).toBe(true);
    expect(invalidated(['count-by-open-ticket-priority', 'acc-1'])).toBe(true);
    expect(invalidated(['count-by-klass', 'acc-1'])).toBe(true);
    expect(invalidated(['session'])).toBe(false);
    expect(invalidated(['account', 'acc-1'])).toBe(false);
  });

  it('stops when asked', () => {
    const client = createQueryClient();
    client.setQueryData(['open-ticket-count', 'acc-1'], 1);
    followRemoteWrites(client)();
    notifyHostDataChanged();
    expect(client.getQueryState(['open-ticket-count', 'acc-1'])?.isInvalidated).toBe(false);
  });
});

// Offline, a refresh must fail with the connection error instead of waiting, paused, with the old data on screen.
describe('createQueryClient offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.restoreAllMocks();
  });

  const goOffline = () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
  };
  const networkError = () => new ApiError(0, 'connection error', 'Network error');

  it('runs a refetch while the browser is offline and ends it in the connection error at once, keeping the old data', async () => {
    const client = createQueryClient();
    client.setQueryData(['changes', 'acc-1'], { results: ['old'] });
    goOffline();
    const queryFn = vi.fn(async () => {
      throw networkError();
    });
    // a Refresh button's refetch (the observer fetches nothing on its own here)
    const observer = new QueryObserver(client, { queryKey: ['changes', 'acc-1'], queryFn, enabled: false });
    const stop = observer.subscribe(() => undefined);
    await expect(observer.refetch({ throwOnError: true })).rejects.toMatchObject({ status: 0, reason: 'Network error' });
    const state = client.getQueryState(['changes', 'acc-1']);
    expect(state?.status).toBe('error');
    expect(state?.fetchStatus).toBe('idle');
    expect(state?.data).toEqual({ results: ['old'] });
    expect(queryFn).toHaveBeenCalledTimes(1); // no retry while offline
    stop();
  });

  it('runs a mutation while offline and fails it instead of leaving it paused', async () => {
    const client = createQueryClient();
    goOffline();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw networkError();
      },
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 0 });
    expect(mutation.state.status).toBe('error');
    expect(mutation.state.isPaused).toBe(false);
  });
});
