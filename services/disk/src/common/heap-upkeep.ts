import { youngCollections } from '@app/platform';

// The disk service's memory during transfers (bench/dav, docs/benchmarks.md: ≤ 150 MB while 200 MiB go through): the
// buffers a transfer streams through die young, but a 200 MiB PUT or GET grew the process by ~50 MB of dead buffers
// before V8 collected for them (@app/platform young-collections).

/** bytes streamed (by every transfer together) between two young collections */
export const COLLECT_EVERY = 4 * 1024 * 1024;

/**
 * Counts bytes a transfer has moved and let go of; runs a young collection each time COLLECT_EVERY more went by, for
 * all the transfers of the process together.
 */
export const streamedBytes: (bytes: number) => void = youngCollections(COLLECT_EVERY);
