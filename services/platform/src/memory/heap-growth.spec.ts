import { spawnSync } from 'node:child_process';
import { heapGrowingFlag } from './heap-growth';

// The flag is set at run time, which V8 honours for some flags only: a process with 40 MB live that makes garbage
// held a little while (as a refresh does) must peak well below the same process without it. Run in child processes
// (a V8 flag set in a Jest worker would stay for the other test files it runs).

const churn = `
  const live = [];
  for (let i = 0; i < 300000; i++) live.push({ a: 'x' + i, b: [i] });
  let peak = 0;
  const held = [];
  for (let r = 0; r < 600; r++) {
    const batch = [];
    for (let i = 0; i < 5000; i++) batch.push({ s: 'y'.repeat(50) + i, n: [i, i] });
    held.push(batch);
    if (held.length > 20) held.shift();
    peak = Math.max(peak, process.memoryUsage().heapTotal);
  }
  process.stdout.write(String(peak));
`;

function peakHeapMb(setFlag: boolean): number {
  const script = (setFlag ? `require('node:v8').setFlagsFromString(${JSON.stringify(heapGrowingFlag(50))});` : '') + churn;
  const run = spawnSync(process.execPath, ['--single-threaded-gc', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
  return Number(run.stdout) / 1048576;
}

describe('limitHeapGrowth', () => {
  it('--heap-growing-percent=50 set at run time keeps the heap of a process churning garbage well below what V8 lets it reach by default', () => {
    const limited = peakHeapMb(true);
    const unlimited = peakHeapMb(false);
    expect(limited).toBeLessThan(unlimited * 0.75);
  });
});
