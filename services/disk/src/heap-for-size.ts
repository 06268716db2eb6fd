import v8 from 'node:v8';

// Starting the disk grew V8's young generation to its largest (2 × 16 MiB, all of it resident): 134 MB of RSS idle,
// and 149–152 MB by the end of bench/dav's 200 MiB transfers, where 150 MB is the bound. --optimize-for-size, which
// V8 also reads at run time, keeps the young generation at 8 MiB and the heap tighter: ~100 MB idle, ~112 MB at most
// during the transfers, for about the same CPU a transfer and a PROPFIND (docs/benchmarks.md, bench/dav). It must be
// set before the service's modules load (main.ts loads them after). infra/node-flags stays the flags of every
// process; this one is the disk's own, as the reader's heap growth limit is the reader's.

export const HEAP_FOR_SIZE_FLAG = '--optimize-for-size';

/** Called first thing in main, before the service's modules load. */
export function sizeHeapForMemory(): void {
  v8.setFlagsFromString(HEAP_FOR_SIZE_FLAG);
}
