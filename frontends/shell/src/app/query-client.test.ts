import { afterEach, describe, expect, it } from 'vitest';
import { notifyHostDataChanged } from '@app/ui';
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
