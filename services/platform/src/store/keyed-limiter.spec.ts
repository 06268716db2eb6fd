import { KeyedLimiter } from './keyed-limiter';

// The per-database limit on concurrent finds: one key (a group's or a user's database) cannot take more than
// `concurrency` slots; a few more wait their turn; the rest are refused at once.

class Refused extends Error {}

/** A task that runs until released, recording when it starts. */
function gate(log: string[], name: string) {
  let release!: (v: string) => void;
  let fail!: (e: Error) => void;
  const done = new Promise<string>((res, rej) => {
    release = res;
    fail = rej;
  });
  return {
    task: () => {
      log.push(name);
      return done;
    },
    release: () => release(name),
    fail: () => fail(new Error(`${name} failed`)),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedLimiter', () => {
  const refuse = () => new Refused('too many');

  it('runs at most `concurrency` tasks of one key at once; the waiting ones start in order as slots free', async () => {
    const limiter = new KeyedLimiter({ concurrency: 2, queue: 5, waitMs: 10_000 }, refuse);
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((n) => gate(log, n));
    const results = gates.map((g) => limiter.run('acc-1', g.task));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect(limiter.load('acc-1')).toEqual({ running: 2, waiting: 2 });
    gates[1].release();
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    gates[0].release();
    gates[2].release();
    gates[3].release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('another key is not held back by a full one', async () => {
    const limiter = new KeyedLimiter({ concurrency: 1, queue: 0, waitMs: 10_000 }, refuse);
    const log: string[] = [];
    const slow = gate(log, 'slow');
    const pending = limiter.run('acc-a', slow.task);
    await expect(limiter.run('acc-a', async () => 'more')).rejects.toBeInstanceOf(Refused);
    expect(await limiter.run('acc-b', async () => 'other group')).toBe('other group');
    slow.release();
    await pending;
  });

  it('refuses at once beyond the queue, without running the task', async () => {
    const limiter = new KeyedLimiter({ concurrency: 1, queue: 2, waitMs: 10_000 }, refuse);
    const log: string[] = [];
    const gates = ['a', 'b', 'c'].map((n) => gate(log, n));
    const accepted = gates.map((g) => limiter.run('acc-1', g.task));
    let ran = false;
    await expect(
      limiter.run('acc-1', async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(ran).toBe(false);
    gates.forEach((g) => g.release());
    expect(await Promise.all(accepted)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a task that waited longer than waitMs; the queue goes on without it', async () => {
    const limiter = new KeyedLimiter({ concurrency: 1, queue: 5, waitMs: 30 }, refuse);
    const log: string[] = [];
    const first = gate(log, 'first');
    const running = limiter.run('acc-1', first.task);
    const waited = limiter.run('acc-1', async () => 'never');
    await expect(waited).rejects.toBeInstanceOf(Refused);
    expect(limiter.load('acc-1')).toEqual({ running: 1, waiting: 0 });
    first.release();
    await running;
    expect(await limiter.run('acc-1', async () => 'next')).toBe('next');
  });

  it('a failing task frees its slot, and an idle key is forgotten', async () => {
    const limiter = new KeyedLimiter({ concurrency: 1, queue: 1, waitMs: 10_000 }, refuse);
    const log: string[] = [];
    const bad = gate(log, 'bad');
    const failing = limiter.run('acc-1', bad.task);
    const next = limiter.run('acc-1', async () => 'ran after the failure');
    bad.fail();
    await expect(failing).rejects.toThrow('bad failed');
    expect(await next).toBe('ran after the failure');
    await expect(limiter.run('acc-1', () => Promise.reject(new Error('sync-ish failure')))).rejects.toThrow('sync-ish failure');
    expect(limiter.load('acc-1')).toEqual({ running: 0, waiting: 0 });
    expect(limiter.keys()).toBe(0);
  });

  it('concurrency 0 turns the limit off', async () => {
    const limiter = new KeyedLimiter({ concurrency: 0, queue: 0, waitMs: 0 }, refuse);
    const log: string[] = [];
    const gates = Array.from({ length: 20 }, (_, i) => gate(log, String(i)));
    const all = gates.map((g) => limiter.run('acc-1', g.task));
    await tick();
    expect(log).toHaveLength(20);
    gates.forEach((g) => g.release());
    await Promise.all(all);
  });
});
