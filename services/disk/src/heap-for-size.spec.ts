import { spawnSync } from 'node:child_process';
import { HEAP_FOR_SIZE_FLAG } from './heap-for-size';

// The flag is set at run time, which V8 honours for some flags only: a process that allocates a lot, some of it kept
// (as loading the service's modules does), must end with a young generation a quarter of the default one or less.
// Run in child processes (a V8 flag set in a Jest worker would stay for the other test files it runs).

const load = `
  const kept = [];
  let garbage = [];
  for (let i = 0; i < 2e6; i++) {
    garbage.push({ a: i, b: 'x' + i });
    if (i % 30 === 0) kept.push(garbage[garbage.length - 1]);
    if (garbage.length > 1e5) garbage = [];
  }
  const young = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  process.stdout.write(String(young.space_size));
`;

function youngGenerationMb(setFlag: boolean): number {
  const script = (setFlag ? `require('node:v8').setFlagsFromString(${JSON.stringify(HEAP_FOR_SIZE_FLAG)});` : '') + load;
  const run = spawnSync(process.execPath, ['--single-threaded-gc', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
  return Number(run.stdout) / 1048576;
}

describe('the disk heap sized for memory', () => {
  it('set at run time, keeps the young generation of a process loading a lot at a quarter of its default size or less', () => {
    const sized = youngGenerationMb(true);
    const unsized = youngGenerationMb(false);
    expect(sized).toBeLessThanOrEqual(unsized / 4);
  });
});
