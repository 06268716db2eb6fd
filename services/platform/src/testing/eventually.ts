// Waiting helpers for tests of asynchronous paths (change feed, mail queue).

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until `done` holds (or fails with the last value after `timeoutMs`). */
export async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 10000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(v)}`);
    await sleep(50);
  }
}
