import { invalidateAfterWrite as invalidate, useInvalidate } from '@app/module-kit';
import type { QueryClient } from '@tanstack/react-query';

/** After a write: the notes module's queries (lists, pages, tags, search) and the counters (@app/module-kit). */
export const invalidateAfterWrite = (queryClient: QueryClient) => invalidate(queryClient, 'notes');
export { useInvalidate };
