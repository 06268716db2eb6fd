import v8 from 'node:v8';
import { heapGrowingFlag, limitHeapGrowth } from './heap-growth';

// What the code decides: limitHeapGrowth sets --heap-growing-percent to the service's figure. How far below its default
// peak a churning process's heap then stays is V8's heuristic, which the machine's load moves: a figure bench/backup
// prints (heapGrowth), not a test.

afterEach(() => jest.restoreAllMocks());

describe('limitHeapGrowth', () => {
  it('sets --heap-growing-percent to the whole percent it is given', () => {
    // not set for real: a V8 flag set in a Jest worker stays for the other test files it runs
    const set = jest.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    limitHeapGrowth(50);
    limitHeapGrowth(100.9);
    expect(set.mock.calls).toEqual([['--heap-growing-percent=50'], ['--heap-growing-percent=100']]);
    expect(heapGrowingFlag(75)).toBe('--heap-growing-percent=75');
  });
});
