import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isCountersQuery, notifyHostDataChanged } from '@app/ui';

/**
 * After a write: this module's queries (lists, pages, tags, search) and counters, and the
 * shell's (record counters, recent changes), which live in the shell's own query cache, so
 * they follow without waiting for their reload.
 */
export function invalidateAfterWrite(queryClient: QueryClient): Promise<void> {
  notifyHostDataChanged();
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'notes' || isCountersQuery(q.queryKey) });
}

export function useInvalidate() {
  const queryClient = useQueryClient();
  return () => invalidateAfterWrite(queryClient);
}
