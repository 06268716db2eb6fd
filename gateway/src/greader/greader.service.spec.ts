import { AppError, CallerContext, ReaderItemDoc } from '@app/proto';
import { GreaderService } from './greader.service';
import type { ReaderClient } from './reader-client';

// The stream page's bound: a page the reader refuses as larger than one answer may hold (422, RPC_MAX_REPLY_BYTES) is
// asked again with half as many items, and the client gets those with a continuation instead of an error.

const ctx = { user_id: 'usr-1', db: 'acc-1', permissions: ['read', 'write'] } as unknown as CallerContext;
const item = (i: number): ReaderItemDoc =>
  ({ _id: `rit-${i.toString(16).padStart(20, '0')}`, klass: 'ReaderItem', title: `t${i}`, point_at: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(), reader_subscription_id: 'rsb-1', read: false, starred: false, content: 'x', content_type: 'text' }) as unknown as ReaderItemDoc;

function reader(largestAnswer: number, total: number) {
  const limits: number[] = [];
  const stub = {
    subscriptions: async () => [],
    labels: async () => [],
    items: async (_ctx: CallerContext, _selector: unknown, _sort: unknown, limit: number) => {
      limits.push(limit);
      if (limit > largestAnswer) throw new AppError('unprocessable_entity', 'The answer would be 90 MB, more than the 64 MB one answer may hold: ask for fewer items');
      return Array.from({ length: Math.min(limit, total) }, (_, i) => item(i));
    },
  };
  return { service: new GreaderService(stub as unknown as ReaderClient), limits };
}

describe('stream/contents pages larger than one answer may hold', () => {
  it('come halved with a continuation rather than as an error', async () => {
    const { service, limits } = reader(300, 5000);
    const page = await service.streamContents(ctx, 'user/-/state/com.google/reading-list', { n: '1000' });
    expect(limits).toEqual([1000, 501, 251]);
    expect([page.items.length, typeof page.continuation]).toEqual([250, 'string']);
  });

  it('leave a single item still too large to the reader’s refusal (422)', async () => {
    const { service } = reader(0, 10);
    await expect(service.streamContents(ctx, 'user/-/state/com.google/reading-list', { n: '1' })).rejects.toMatchObject({ status: 422 });
  });
});
