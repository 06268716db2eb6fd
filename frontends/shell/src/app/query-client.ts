import { QueryClient } from '@tanstack/react-query';
import { isApiError, isCountersQuery } from '@app/ui';
import { onRemoteDataChanged } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => count < 2 && !(isApiError(err) && err.status > 0),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** A remote's write refreshes the shell's counters (the remote's query cache is its own under Module Federation). */
export function followRemoteWrites(queryClient: QueryClient): () => void {
  const off = onRemoteDataChanged(() => void queryClient.invalidateQueries({ predicate: (q) => isCountersQuery(q.queryKey) }));
  return () => void off();
}
