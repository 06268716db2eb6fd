import { ProgressPace, writeInBatches } from './import-progress';

// The import's progress reports, on a clock the test moves: by time whatever the batches, never after the last batch.
describe('an import’s progress reports', () => {
  /** A clock at `t` ms that the batches move by `step` ms each. */
  function run(items: number, size: number, stepMs: number) {
    let t = 0;
    const reports: Array<[ms: number, written: number]> = [];
    const batches: number[] = [];
    const pace = new ProgressPace(250, () => t);
    const done = writeInBatches(
      Array.from({ length: items }, (_, i) => i),
      size,
      async (batch) => {
        batches.push(batch.length);
        t += stepMs;
      },
      async (written) => {
        reports.push([t, written]);
      },
      pace,
    );
    return done.then(() => ({ reports, batches }));
  }

  it('writes every item once, in batches of the size asked, the last one shorter', async () => {
    const { batches } = await run(4500, 1000, 10);
    expect(batches).toEqual([1000, 1000, 1000, 1000, 500]);
  });

  it('reports at most every 250 ms when batches are quick (100 ms each): after the 3rd, 6th and 9th of 10', async () => {
    const { reports } = await run(10_000, 1000, 100);
    expect(reports).toEqual([
      [300, 3000],
      [600, 6000],
      [900, 9000],
    ]);
  });

  it('reports after every batch when each takes longer than 250 ms, but not after the last one (it counts once committed)', async () => {
    const { reports } = await run(3000, 1000, 400);
    expect(reports).toEqual([
      [400, 1000],
      [800, 2000],
    ]);
  });

  it('reports nothing for an import written within 250 ms (it shows done when committed)', async () => {
    const { reports } = await run(600, 2000, 80);
    expect(reports).toEqual([]);
  });

  it('counts a report as made when due says so, and not before 250 ms more', () => {
    let t = 1000;
    const pace = new ProgressPace(250, () => t);
    t = 1249;
    expect(pace.due()).toBe(false);
    t = 1250;
    expect(pace.due()).toBe(true);
    t = 1400;
    expect(pace.due()).toBe(false);
    t = 1500;
    expect(pace.due()).toBe(true);
  });
});
