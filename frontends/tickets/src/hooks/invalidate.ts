import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isCountersQuery, notifyHostDataChanged } from '@app/ui';

/**
 * After a write: this module's queries and counters, and the shell's (the open-ticket badge, the priority bars, the
 * record counters and recent changes), which live in the shell's own query cache, so they follow without waiting for
 * their 3-minute reload.
 */
export function invalidateAfterWrite(queryClient: QueryClient): Promise<void> {
  notifyHostDataChanged();
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'tickets' || isCountersQuery(q.queryKey) });
}

export function useInvalidate() {
  const queryClient = useQueryClient();
  return () => invalidateAfterWrite(queryClient);
}
