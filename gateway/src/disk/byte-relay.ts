import type { Readable, Writable } from 'stream';
import { youngCollections } from '@app/platform';

/** The most bytes gathered into one write to the other side. */
export const RELAY_BATCH = 1024 * 1024;

/** Bytes relayed (by every transfer together) between two young collections. */
export const COLLECT_EVERY = 4 * 1024 * 1024;

/**
 * Counts the bytes a write has passed on: each piece Node's HTTP parser gives is a new buffer outside V8's heap, dead
 * once written, and left to V8 they were collected "for external memory pressure" about every 30 MiB, 7–18 ms a
 * collection in the gateway's heap (--trace-gc). Collected every 4 MiB they are few (@app/platform youngCollections):
 * measured on 200 MiB GETs, before those took raw-get.ts's way, the gateway's CPU went 0.16 → 0.14 s (bench/dav,
 * docs/benchmarks.md). What still comes this way: uploads, and the answers to everything but a GET.
 */
const written = youngCollections(COLLECT_EVERY);

/**
 * Copies `from` to `to` (and ends it) like `from.pipe(to)`, but in writes of up to RELAY_BATCH: the pieces one socket
 * read gives (64 KiB) are gathered while the event loop reads what else has arrived, then go out as one writev. Written
 * one by one they cost the gateway more system time than the whole copy otherwise (bench/dav: ~0.25 s a 200 MiB GET
 * on this machine's two virtual cores). `from` is paused while `to` has more than its high-water mark to send.
 */
export function relay(from: Readable, to: Writable): void {
  let gathering = false;
  let gathered = 0;
  const flush = () => {
    if (!gathering) return;
    gathering = false;
    gathered = 0;
    to.uncork();
    // a destination gone (the disk cut an upload it refused) never drains: `from` is left to whoever reads it now
    if (to.destroyed) return;
    if (to.writableNeedDrain && !from.isPaused()) {
      from.pause();
      to.once('drain', () => from.resume());
    }
  };
  from.on('data', (chunk: Buffer) => {
    if (to.destroyed) return;
    if (!gathering) {
      gathering = true;
      to.cork();
      setImmediate(flush); // after the reads of this turn of the event loop
    }
    const length = chunk.length; // the callback keeps the length, not the buffer
    to.write(chunk, () => written(length));
    gathered += chunk.length;
    if (gathered >= RELAY_BATCH) flush();
  });
  from.once('end', () => {
    flush();
    to.end();
  });
  // either side failing ends the copy and never the process: a source that fails cuts the destination (a half-sent
  // answer must not look complete); a destination that fails takes no more writes (the data handler checks
  // `destroyed`). The callers' own listeners decide what to answer.
  from.on('error', () => to.destroy());
  to.on('error', () => undefined);
}
