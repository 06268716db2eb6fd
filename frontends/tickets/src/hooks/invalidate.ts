import { invalidateAfterWrite as invalidate, useInvalidate } from '@app/module-kit';
import type { QueryClient } from '@tanstack/react-query';

/** After a write: the tickets module's queries and the counters (the open-ticket badge, priority bars, changes). */
export const invalidateAfterWrite = (queryClient: QueryClient) => invalidate(queryClient, 'tickets');
export { useInvalidate };
