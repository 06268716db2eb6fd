import type { RedisOptions } from 'ioredis';

// Redis away (restarting, unreachable): requests that need it answer 503 with a reason at once, never a 500 and never
// a wait. ioredis says so in several ways: a command rejected after its reconnection tries (MaxRetriesPerRequestError),
// a closed connection, a command that timed out, or a refused connection; BullMQ passes the same errors on.

export const REDIS_UNAVAILABLE_REASON = 'Sessions and queues are not available right now, please try again in a moment';

const MESSAGES = [/^Connection is closed/, /^Command timed out/, /^Stream isn't writeable/, /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH/, /^Reached the max retries per request limit/];

/** Whether an error means that Redis is not reachable right now (as opposed to a bad command). */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'MaxRetriesPerRequestError') return true;
  return MESSAGES.some((m) => m.test(err.message));
}

/**
 * Options of a Redis connection that serves requests (not a BullMQ worker, which must wait): a command waits for at
 * most one reconnection try while Redis is away (tens of milliseconds when the port refuses) and 2 s for its answer.
 */
export const REQUEST_REDIS_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: 1,
  commandTimeout: 2000,
  connectTimeout: 2000,
  enableOfflineQueue: true,
};
