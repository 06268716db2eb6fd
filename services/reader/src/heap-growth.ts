import v8 from 'node:v8';

// After a refresh of 1,000 feeds the reader holds about 50 MB of live objects, but V8 lets the old generation grow to
// about four times what the last full collection left (its default factor for a heap limit of gigabytes) before it
// collects again: a peak RSS of 350 MB for the 300 MB the issue allows (bench/feeds). A factor of 2 kept the peak near
// 230 MB for about the same CPU. V8 reads this flag each time it sizes the heap after a full collection, so setting it
// when the process starts works (unlike --max-old-space-size, fixed when the heap is made); infra/node-flags stays
// the flags of every process, this one is the reader's own.

export const HEAP_GROWING_FLAG = '--heap-growing-percent=100';

/** Called first thing in main: the old generation grows by at most 100 % between full collections. */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(HEAP_GROWING_FLAG);
}
