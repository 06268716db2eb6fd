import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { youngCollections } from './young-collections';

// Chunks of 16 kB made and dropped as a stream makes them: the bytes of the dead ones must stay few when each chunk is
// counted, which they do not by themselves (V8 collects for them late).

const CHUNK = 16 * 1024;
const TOTAL = 200 * 1024 * 1024;

function peakDeadBytes(count: (bytes: number) => void): number {
  const base = process.memoryUsage().arrayBuffers;
  let peak = 0;
  for (let n = 0; n < TOTAL; n += CHUNK) {
    const chunk = Buffer.allocUnsafeSlow(CHUNK);
    chunk[0] = n & 0xff;
    count(chunk.length);
    if (n % (64 * CHUNK) === 0) peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
  }
  return peak;
}

describe('young collections as bytes pass', () => {
  it('keeps the bytes of dropped chunks under 16 MB while 200 MB pass, where uncounted chunks pile up past 24 MB', () => {
    const uncounted = peakDeadBytes(() => undefined);
    const counted = peakDeadBytes(youngCollections(4 * 1024 * 1024));
    expect(uncounted).toBeGreaterThan(24 * 1024 * 1024);
    expect(counted).toBeLessThan(16 * 1024 * 1024);
  });

  it('runs a young (minor) collection once the counted bytes reach the step, none before', async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { detail?: { kind?: number } }>) kinds.push(e.detail?.kind ?? -1);
    });
    observer.observe({ entryTypes: ['gc'] });
    const passed = youngCollections(1000);
    passed(999);
    await new Promise((r) => setTimeout(r, 50));
    const before = kinds.filter((k) => k === constants.NODE_PERFORMANCE_GC_MINOR).length;
    passed(1);
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    expect(kinds.filter((k) => k === constants.NODE_PERFORMANCE_GC_MINOR).length).toBe(before + 1);
  });

  it('leaves the process without a global gc function', () => {
    youngCollections();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
