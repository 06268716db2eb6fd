import { constants, PerformanceObserver, type PerformanceEntry } from 'perf_hooks';
import { COLLECT_EVERY, streamedBytes } from './heap-upkeep';

// streamedBytes runs a forced young collection each time COLLECT_EVERY bytes went by: V8 reports them as gc entries of
// kind minor with the forced flag (collections V8 starts by itself are not forced).

async function forcedMinorCollections(during: () => void): Promise<number> {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const detail = (e as PerformanceEntry & { detail: { kind: number; flags: number } }).detail;
      if (detail.kind === constants.NODE_PERFORMANCE_GC_MINOR && detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) count++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  during();
  // a collection's entry is queued as it ends and dispatched on a later turn of the event loop: turns, not a delay (a
  // busy machine could make a 100 ms wait too short)
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  observer.disconnect();
  return count;
}

describe('streamedBytes', () => {
  it('runs one forced young collection each time COLLECT_EVERY bytes were counted, by any number of calls, and none before', async () => {
    expect(await forcedMinorCollections(() => streamedBytes(COLLECT_EVERY - 1))).toBe(0);
    expect(await forcedMinorCollections(() => streamedBytes(1))).toBe(1);
    expect(
      await forcedMinorCollections(() => {
        for (let i = 0; i < 48; i++) streamedBytes(COLLECT_EVERY / 16); // three times over
      }),
    ).toBe(3);
  });

  it('leaves the global object without a gc function', () => {
    streamedBytes(COLLECT_EVERY);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
