import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isCountersQuery, notifyHostDataChanged } from '@app/ui';

/**
 * After a write: this module's queries (listings, usage, versions, the trash) and the counters, and the shell's (its
 * record counters, recent changes and storage tiles live in the shell's own query cache).
 */
export function invalidateAfterWrite(queryClient: QueryClient): Promise<void> {
  notifyHostDataChanged();
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'disk' || isCountersQuery(q.queryKey) });
}

export function useInvalidate() {
  const queryClient = useQueryClient();
  return () => invalidateAfterWrite(queryClient);
}
