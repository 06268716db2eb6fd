import v8 from 'node:v8';
import { HEAP_FOR_SIZE_FLAG, sizeHeapForMemory } from './heap-for-size';

// What the code decides, not what V8 then does with it: sizeHeapForMemory sets --optimize-for-size, and the disk's main
// sets it before any of the service's modules load (V8 honours it at run time only for the heap it sizes after). How
// small the young generation then stays is a V8 heuristic that the machine's load moves (a clean-clone CI saw 32 MiB
// with the flag where it was 1 MiB alone, issue 24): a figure bench/dav prints (youngGeneration), not a test.

afterEach(() => {
  jest.restoreAllMocks();
  jest.resetModules();
});

describe('the disk heap sized for memory', () => {
  it('sizeHeapForMemory sets --optimize-for-size', () => {
    // not set for real: a V8 flag set in a Jest worker stays for the other test files it runs
    const set = jest.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    sizeHeapForMemory();
    expect(HEAP_FOR_SIZE_FLAG).toBe('--optimize-for-size');
    expect(set.mock.calls).toEqual([[HEAP_FOR_SIZE_FLAG]]);
  });

  it("the disk's main sets it first, before the platform, Nest or the disk module load, then starts the service", async () => {
    const order: string[] = [];
    const logged: unknown[] = [];
    let started!: (value: [unknown, string]) => void;
    let failed!: (err: Error) => void;
    const running = new Promise<[unknown, string]>((resolve, reject) => ((started = resolve), (failed = reject)));
    const DiskModule = class DiskModule {};
    jest.doMock('./heap-for-size', () => ({ sizeHeapForMemory: () => order.push('flag') }));
    jest.doMock('@nestjs/common', () => {
      order.push('@nestjs/common');
      return { ...jest.requireActual<object>('@nestjs/common'), Logger: class { log(): void {} error(m: unknown): void { logged.push(m); } } };
    });
    jest.doMock('@app/platform', () => {
      order.push('@app/platform');
      return {
        createMicroservice: async (module: unknown, name: string) => started([module, name]),
        keepRunningOnUnhandledRejections: () => undefined,
      };
    });
    jest.doMock('./disk.module', () => {
      order.push('./disk.module');
      return { DiskModule };
    });
    // main's failure ends the process: here it fails the test with what main logged
    jest.spyOn(process, 'exit').mockImplementation(((code: number) => failed(new Error(`main exited ${code}: ${logged.map(String).join('; ')}`))) as never);
    await jest.isolateModulesAsync(async () => {
      await import('./main');
    });
    expect(await running).toEqual([DiskModule, 'disk']);
    expect(order[0]).toBe('flag');
    expect(order).toEqual(expect.arrayContaining(['@nestjs/common', '@app/platform', './disk.module']));
  });
});
