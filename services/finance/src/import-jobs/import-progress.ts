import { CSV_PROGRESS_EVERY_MS } from '@app/proto';

// How a running import tells its progress (proto's CsvImportProgress): by time, not by rows. A progress write is a
// document update and a change event every open screen of the group follows, so it is made at most every
// CSV_PROGRESS_EVERY_MS whatever the file's size (a batch of rows takes 50 ms on a quiet machine and seconds on a busy
// one), which is still twice as often as a person's progress bar reads it (every 500 ms). The rows written in the
// last batch are not reported: they count once committed, when the import says done.

/** Whether a progress write is due: true once every `everyMs` at most (the first one `everyMs` after the start). */
export class ProgressPace {
  private last: number;

  constructor(
    private readonly everyMs = CSV_PROGRESS_EVERY_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.last = now();
  }

  /** True when `everyMs` have passed since the last report (or the start), which counts as reported now. */
  due(): boolean {
    const t = this.now();
    if (t - this.last < this.everyMs) return false;
    this.last = t;
    return true;
  }
}

/**
 * Writes `items` in batches of `size` with `write`, one after the other, and after a batch reports how many items
 * are written when the pace says it is time — never after the last batch.
 */
export async function writeInBatches<T>(
  items: readonly T[],
  size: number,
  write: (batch: T[]) => Promise<void>,
  report: (written: number) => Promise<void>,
  pace: ProgressPace,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await write(items.slice(start, start + size));
    const written = Math.min(items.length, start + size);
    if (written < items.length && pace.due()) await report(written);
  }
}
