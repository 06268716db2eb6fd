import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@app/ui';
import { createQueryClient } from './query-client';

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
