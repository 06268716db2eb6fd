import v8 from 'v8';
import { runInNewContext } from 'vm';

// The disk service's memory during transfers (bench/dav, docs/benchmarks.md: ≤ 150 MB while 200 MiB go through).
// The collector is taken from a fresh context with gc exposed just for it: the process's own global gets
// no `gc`.

/** bytes streamed (by every transfer together) between two young collections */
export const COLLECT_EVERY = 4 * 1024 * 1024;

type Gc = (options: { type: 'minor' }) => void;

let gc: Gc | null = null;
let streamed = 0;

function collector(): Gc {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
    v8.setFlagsFromString('--no-expose-gc');
  }
  return gc;
}

/**
 * Counts bytes a transfer has moved and let go of; runs a young collection each time COLLECT_EVERY more went by.
 * The buffers a transfer streams through die young, but their bytes live outside V8's heap: a young collection came
 * only after megabytes of small objects, and a full one after 64 MB of new buffers, so a 200 MiB PUT or GET grew the
 * process by ~50 MB of dead buffers. A young collection (a fraction of a millisecond) every few MiB frees them as they
 * go. Call it when the counted buffers are no longer held: one held through two collections is promoted to the old
 * generation, which only a full collection frees.
 */
export function streamedBytes(bytes: number): void {
  streamed += bytes;
  if (streamed < COLLECT_EVERY) return;
  streamed = 0;
  collector()({ type: 'minor' });
}
