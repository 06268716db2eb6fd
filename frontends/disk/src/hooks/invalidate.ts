import { invalidateAfterWrite as invalidate, useInvalidate } from '@app/module-kit';
import type { QueryClient } from '@tanstack/react-query';

/** After a write: the disk's queries (listings, usage, versions, the trash) and the counters (@app/module-kit). */
export const invalidateAfterWrite = (queryClient: QueryClient) => invalidate(queryClient, 'disk');
export { useInvalidate };
