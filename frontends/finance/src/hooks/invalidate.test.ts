import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { provideHostHooks } from '@app/ui';
import { invalidateAfterWrite } from './invalidate';

describe('invalidateAfterWrite', () => {
  afterEach(() => provideHostHooks({}));

  it("refreshes this module's queries and counters, and tells the shell (whose cache is its own)", async () => {
    const onDataChanged = vi.fn();
    provideHostHooks({ onDataChanged });
    const client = new QueryClient();
    for (const key of [['finance', 'list', 'acc-1'], ['finance', 'wallet-summaries', 'acc-1'], ['count-by-klass', 'acc-1'], ['account', 'acc-1']]) client.setQueryData(key, 1);
    await invalidateAfterWrite(client);
    expect(onDataChanged).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(['finance', 'list', 'acc-1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['finance', 'wallet-summaries', 'acc-1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['count-by-klass', 'acc-1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['account', 'acc-1'])?.isInvalidated).toBe(false);
  });
});
