// A job added to a BullMQ queue while a request waits: BullMQ holds a command until its connection's first connect,
// with no bound (a producer connection fails fast only once it has connected), so a service started while Redis was
// away held every such request until the caller's deadline. The add gets a bound; one that comes through after it is
// harmless when jobs have stable ids (the same job is not queued twice).

/** how long a request waits for the queue to take its job */
export const QUEUE_ADD_WAIT_MS = 3000;

/** Waits for `adding` at most `ms`: null when the queue took it, else the error (it never throws). */
export async function queueAddWithin(adding: Promise<unknown>, ms = QUEUE_ADD_WAIT_MS): Promise<Error | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([adding, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`the queue did not answer in ${ms} ms`)), ms)))]);
    return null;
  } catch (err) {
    adding.catch(() => undefined);
    return err instanceof Error ? err : new Error(String(err));
  } finally {
    clearTimeout(timer);
  }
}
