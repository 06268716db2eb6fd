import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@app/ui';

/** The browser says it is offline (no navigator, as in a test's setup, counts as online). */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Requests run whether or not the browser believes it is online (networkMode 'always'): TanStack Query's default
 * pauses them while offline, so an offline Refresh did nothing and the page kept its old data without a word. Now a
 * failed request ends in the connection error of spec §8 ("Network error"), at once when offline (a retry cannot
 * help), after two retries otherwise; queries still refetch when the connection comes back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: (count, err) => count < 2 && !(isApiError(err) && err.status > 0) && !offline(),
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
