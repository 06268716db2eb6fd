import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@app/ui';

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
