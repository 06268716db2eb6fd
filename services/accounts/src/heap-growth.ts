import v8 from 'node:v8';

// The accounts process holds about 50 MB of live objects, but while a backup or a restore streams 100,000 documents and
// hundreds of MB of files through it (and its change consumer takes the restore's change events) V8 let the old
// generation grow to several times what the last full collection left before collecting again: bench/backup's peak RSS
// was 253 MB for the 200 MB the issue allows. A growth of at most 100 % gave 208 MB; with the young collections of
// @app/platform's young collections (backups), 198 MB at 100 % and 173 MB at 50 %, in the same time. V8 reads this flag each time it sizes
// the heap after a full collection, so setting it when the process starts works (infra/node-flags stays the flags of
// every process; this one is the accounts service's own, as the reader's is).

export const HEAP_GROWING_FLAG = '--heap-growing-percent=50';

/** Called first thing in main: the old generation grows by at most 50 % between full collections. */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(HEAP_GROWING_FLAG);
}
