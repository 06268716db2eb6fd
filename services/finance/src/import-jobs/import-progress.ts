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
 * Writes `items` in batches of `size` with `write`, in order, and after a batch is written reports how many items are
 * written when the pace says it is time — never after the last batch. The next batch's write starts while the one
 * before it is still being written (two at a time, no more): on one database connection its documents are made while
 * the other's statements run, and its statements queue behind them. A failed write fails the whole once every write
 * started has ended (none is left running on the connection), with the first failure.
 */
export async function writeInBatches<T>(
  items: readonly T[],
  size: number,
  write: (batch: T[]) => Promise<void>,
  report: (written: number) => Promise<void>,
  pace: ProgressPace,
): Promise<void> {
  const started: Array<Promise<void>> = [];
  const start = (from: number) => {
    const p = write(items.slice(from, from + size));
    // awaited below; until then a failure waits without being an unhandled rejection
    p.catch(() => undefined);
    started.push(p);
    return p;
  };
  try {
    let current = items.length > 0 ? start(0) : null;
    for (let from = 0; current; from += size) {
      const next = from + size < items.length ? start(from + size) : null;
      await current;
      const written = Math.min(items.length, from + size);
      if (written < items.length && pace.due()) await report(written);
      current = next;
    }
  } finally {
    await Promise.allSettled(started);
  }
}
