import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * After a write: this module's queries, and the shell's counters and timeline (the open-ticket badge, the priority bars,
 * the record counters and recent changes are keyed by names holding "count", "priority" or "changes"), so they follow
 * without waiting for their 3-minute reload.
 */
export function invalidateAfterWrite(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const first = q.queryKey[0];
      return first === 'tickets' || (typeof first === 'string' && /count|priority|changes/i.test(first));
    },
  });
}

export function useInvalidate() {
  const queryClient = useQueryClient();
  return () => invalidateAfterWrite(queryClient);
}
