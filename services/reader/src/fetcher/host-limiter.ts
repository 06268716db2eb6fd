// At most `perHost` requests at once to one host name, whatever the number of feeds fetched at once: a site with
// hundreds of feeds (one per tag or author) is asked a few at a time, in turn. Waiters start in arrival order.

export class HostLimiter {
  private readonly lanes = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(private readonly perHost: number) {}

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const key = host.toLowerCase();
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { running: 0, waiting: [] }));
    if (lane.running >= this.perHost) await new Promise<void>((start) => lane!.waiting.push(start));
    else lane.running++;
    try {
      return await task();
    } finally {
      const next = lane.waiting.shift();
      if (next) next(); // the place passes on: running stays the same
      else if (--lane.running === 0) this.lanes.delete(key);
    }
  }

  /** Requests running and waiting for a host (tests). */
  load(host: string): { running: number; waiting: number } {
    const lane = this.lanes.get(host.toLowerCase());
    return { running: lane?.running ?? 0, waiting: lane?.waiting.length ?? 0 };
  }
}
