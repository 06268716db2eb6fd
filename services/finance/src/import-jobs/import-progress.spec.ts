import { ProgressPace, writeInBatches } from './import-progress';

// The import's progress reports, on a clock the test moves: by time whatever the batches, never after the last batch.
describe('an import’s progress reports', () => {
  /**
   * Batches written one after the other as on one database connection, each taking `stepMs` of a clock at `t` that the
   * test moves (a batch's write may start before the previous one ends; its work waits for it).
   */
  function run(items: number, size: number, stepMs: number) {
    let t = 0;
    const reports: Array<[ms: number, written: number]> = [];
    const batches: number[] = [];
    let connection = Promise.resolve();
    const pace = new ProgressPace(250, () => t);
    const done = writeInBatches(
      Array.from({ length: items }, (_, i) => i),
      size,
      (batch) => {
        batches.push(batch.length);
        connection = connection.then(() => new Promise<void>((resolve) => setImmediate(() => ((t += stepMs), resolve()))));
        return connection;
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

  it('starts writing the next batch while the one before is being written, never more than two at once', async () => {
    const events: string[] = [];
    const ends: Array<() => void> = [];
    let running = 0;
    let most = 0;
    const done = writeInBatches(
      [1, 2, 3, 4],
      1,
      (batch) => {
        events.push(`start ${batch[0]}`);
        most = Math.max(most, ++running);
        return new Promise<void>((resolve) => ends.push(() => (events.push(`end ${batch[0]}`), running--, resolve())));
      },
      async () => undefined,
      new ProgressPace(250, () => 0),
    );
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setImmediate(r));
      ends[i]();
    }
    await done;
    expect(events).toEqual(['start 1', 'start 2', 'end 1', 'start 3', 'end 2', 'start 4', 'end 3', 'end 4']);
    expect(most).toBe(2);
  });

  it('fails with the first failed batch’s error once every write it started has ended, and starts none after it', async () => {
    const ended: number[] = [];
    const started: number[] = [];
    let thirdEnded = false;
    const failure = writeInBatches(
      [1, 2, 3, 4, 5],
      1,
      async (batch) => {
        started.push(batch[0]);
        await new Promise((r) => setImmediate(r));
        if (batch[0] === 2) throw new Error('batch 2 refused');
        // a statement queued behind a failed one fails too, later
        if (batch[0] === 3) await new Promise((_, reject) => setImmediate(() => ((thirdEnded = true), reject(new Error('transaction aborted')))));
        ended.push(batch[0]);
      },
      async () => undefined,
      new ProgressPace(250, () => 0),
    );
    const [error, thirdEndedFirst] = await failure.then(
      () => [null, false],
      (e: Error) => [e.message, thirdEnded],
    );
    expect([error, thirdEndedFirst]).toEqual(['batch 2 refused', true]);
    expect(started).toEqual([1, 2, 3]);
    expect(ended).toEqual([1]);
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
