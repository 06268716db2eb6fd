import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isCountersQuery } from '@app/ui';
import { useModuleName } from '../frame/module-context';

/**
 * After a write: the module's queries (keys `[<module>, …]`) and the counters (the open-ticket badge, priority bars,
 * record counters, recent changes). A module's queries live in the shell's query cache (react-query is a host
 * singleton), so the shell's counters follow at once, without waiting for their reload.
 */
export function invalidateAfterWrite(queryClient: QueryClient, module: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === module || isCountersQuery(q.queryKey) });
}

/** invalidateAfterWrite for the module rendering. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  const module = useModuleName();
  return () => invalidateAfterWrite(queryClient, module);
}

/** A record page's Delete: `remove` (with the revision the page shows), then the refresh after a write and the list. */
export function useDeleteRecord<D>(remove: (doc: D) => Promise<unknown>, listPath: string) {
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      await invalidate();
      navigate(listPath);
    },
  });
}

/**
 * A dashboard card's data read again at each press of the dashboard's Refresh: `refreshes` is the shell's count
 * (DashboardCardProps), and each new value refetches the module's queries.
 */
export function useDashboardRefreshes(refreshes = 0): void {
  const queryClient = useQueryClient();
  const module = useModuleName();
  const seen = useRef(refreshes);
  useEffect(() => {
    if (refreshes === seen.current) return;
    seen.current = refreshes;
    void queryClient.invalidateQueries({ queryKey: [module] });
  }, [refreshes, queryClient, module]);
}
