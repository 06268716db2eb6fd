import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { youngCollections } from './young-collections';

// What youngCollections decides: a forced young (minor) collection each time the counted bytes reach the step, none
// before, and no global gc left behind. How many MB of dead chunks that then saves is V8's and the machine's (when the
// ArrayBuffer sweeper frees them, when V8 would have collected by itself): a figure bench/dav prints
// (streamedBuffers), not a test.

/** The forced minor collections run by `during` (V8's own are not forced), once their entries were delivered. */
async function forcedMinorCollections(during: () => void): Promise<number> {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Array<PerformanceEntry & { detail?: { kind?: number; flags?: number } }>) {
      if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR && (e.detail.flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) count++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  during();
  // a collection's entry is queued as it ends and dispatched on a later turn of the event loop: turns, not a delay,
  // so a busy machine can't make it late
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  observer.disconnect();
  return count;
}

describe('young collections as bytes pass', () => {
  it('runs one forced young collection each time the counted bytes reach the step, by any number of calls, and none before', async () => {
    const passed = youngCollections(1000);
    expect(await forcedMinorCollections(() => passed(999))).toBe(0);
    expect(await forcedMinorCollections(() => passed(1))).toBe(1);
    expect(
      await forcedMinorCollections(() => {
        for (let i = 0; i < 30; i++) passed(100); // three times over
      }),
    ).toBe(3);
    // a chunk larger than the step counts once: one collection, and the count starts again
    expect(await forcedMinorCollections(() => passed(5000))).toBe(1);
    expect(await forcedMinorCollections(() => passed(999))).toBe(0);
  });

  it('counts each counter on its own', async () => {
    const a = youngCollections(1000);
    const b = youngCollections(1000);
    expect(await forcedMinorCollections(() => (a(600), b(600)))).toBe(0);
    expect(await forcedMinorCollections(() => a(400))).toBe(1);
  });

  it('leaves the process without a global gc function', () => {
    youngCollections()(8 * 1024 * 1024);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
