import { invalidateAfterWrite as invalidate, useInvalidate } from '@app/module-kit';
import type { QueryClient } from '@tanstack/react-query';

/** After a write: the finance module's queries (lists, records, wallets, balances, the month) and the counters. */
export const invalidateAfterWrite = (queryClient: QueryClient) => invalidate(queryClient, 'finance');
export { useInvalidate };
