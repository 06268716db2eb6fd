import v8 from 'node:v8';

// V8 lets the old generation grow to several times what the last full collection left (its default factor for a heap
// limit of gigabytes) before it collects again. A service whose live set is small but which streams or churns a lot
// (the reader's refreshes, a backup in accounts) then peaks far above what it holds. V8 reads --heap-growing-percent
// each time it sizes the heap after a full collection, so setting it when the process starts works (unlike
// --max-old-space-size, fixed when the heap is made); infra/node-flags stays the flags of every process, this one is
// a service's own (its main.ts says why its figure).

export const heapGrowingFlag = (percent: number): string => `--heap-growing-percent=${Math.trunc(percent)}`;

/** Called first thing in a service's main: the old generation grows by at most `percent` between full collections. */
export function limitHeapGrowth(percent: number): void {
  v8.setFlagsFromString(heapGrowingFlag(percent));
}
