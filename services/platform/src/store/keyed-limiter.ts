// At most `concurrency` tasks per key at once (the key is a database: a group or a user), `queue` more waiting their
// turn in order for up to `waitMs`; anything beyond is refused at once with the caller's error. A key with nothing
// running or waiting is forgotten, so the map holds only busy databases.

export interface KeyedLimits {
  /** tasks of one key running at once; 0 turns the limit off */
  concurrency: number;
  /** tasks of one key waiting for a turn */
  queue: number;
  /** how long a task may wait for its turn, ms */
  waitMs: number;
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

interface Lane {
  running: number;
  waiting: Waiter[];
}

export class KeyedLimiter {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly limits: KeyedLimits,
    private readonly refuse: () => Error,
  ) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.limits.concurrency <= 0) return task();
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { running: 0, waiting: [] }));
    if (lane.running >= this.limits.concurrency) await this.wait(key, lane);
    else lane.running++;
    try {
      return await task();
    } finally {
      this.release(key, lane);
    }
  }

  /** What a key holds now (for tests and logs). */
  load(key: string): { running: number; waiting: number } {
    const lane = this.lanes.get(key);
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  /** How many keys are busy. */
  keys(): number {
    return this.lanes.size;
  }

  /** Resolves when a running task of the lane hands its place over (release() counts it as running already). */
  private wait(key: string, lane: Lane): Promise<void> {
    if (lane.waiting.length >= this.limits.queue) {
      this.forgetIfIdle(key, lane);
      return Promise.reject(this.refuse());
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          lane.waiting.splice(lane.waiting.indexOf(waiter), 1);
          this.forgetIfIdle(key, lane);
          reject(this.refuse());
        }, this.limits.waitMs),
      };
      lane.waiting.push(waiter);
    });
  }

  private release(key: string, lane: Lane): void {
    const next = lane.waiting.shift();
    if (next) next.start(); // the place goes straight to the next one: `running` stays the same
    else {
      lane.running--;
      this.forgetIfIdle(key, lane);
    }
  }

  private forgetIfIdle(key: string, lane: Lane): void {
    if (lane.running === 0 && lane.waiting.length === 0 && this.lanes.get(key) === lane) this.lanes.delete(key);
  }
}
