import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client';
import { hostHookOptions, provideHostHooks } from './host-hooks';

describe('host hooks', () => {
  afterEach(() => provideHostHooks({}));

  it("a remote's client reports its failures to the hooks the shell installed", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'unauthorized', reason: 'Please login again' }), { status: 401 }));
    const remote = createApiClient({ fetch, ...hostHookOptions() });
    const onError = vi.fn();
    provideHostHooks({ onError }); // installed after the client was made: looked up at call time
    await expect(remote.get('/acc-1/x')).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }), '/acc-1/x', 'GET');
  });

  it('without a host nothing is called and the error is still thrown', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    const remote = createApiClient({ fetch, ...hostHookOptions() });
    await expect(remote.get('/x')).rejects.toMatchObject({ status: 500 });
  });
});
