import { invalidateAfterWrite as invalidate, useInvalidate } from '@app/module-kit';
import type { QueryClient } from '@tanstack/react-query';

/** After a write: the reader's queries (subscriptions, labels, items, unread counts) and the counters. */
export const invalidateAfterWrite = (queryClient: QueryClient) => invalidate(queryClient, 'reader');
export { useInvalidate };
