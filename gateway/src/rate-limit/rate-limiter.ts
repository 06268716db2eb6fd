import { createHash } from 'crypto';
import type Redis from 'ioredis';
import type { RateLimit } from '../config/gateway-config';
import { TooManyRequestsError } from '../http/error-mapping';

// Fixed-window counters in Redis (`<prefix>:rl:<bucket>`): INCR, and EXPIRE NX so the window starts at the first hit
// and a crash between the two commands cannot leave a counter without an expiry.
//
// Counters of failures (logins, current passwords) are taken before the attempt and given back when it did not fail
// (`attempt`): checking first and counting after let any number of parallel guesses through the check while the
// counter still showed room. Taking and giving back are Lua scripts, so every bucket of an attempt moves at once.

export interface Bucket {
  /** e.g. `login:email:<hash>`; callers hash what identifies a person (see bucketKey) */
  name: string;
  limit: RateLimit;
}

export interface BucketState {
  count: number;
  /** seconds until the window ends (0 when no window is open) */
  resetIn: number;
}

/** A bucket name part for a personal value (an e-mail): hashed, so Redis keys hold no addresses. */
export function bucketKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

/** Places taken by `reserve`: each bucket's key and the window (its expiry time, ms) the place was taken in. */
export interface Reservation {
  keys: string[];
  windows: number[];
}

// KEYS: the buckets; ARGV: each bucket's max and window seconds, in pairs. Returns {seconds to wait} when a bucket is
// full (nothing counted), else {0, the expiry time in ms of each bucket's window}.
const RESERVE = `
local wait = 0
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[2 * i])
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('TTL', key)
    if ttl == -1 then redis.call('EXPIRE', key, window) ttl = window end
    if ttl < 1 then ttl = math.max(window, 1) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return {wait} end
local windows = {0}
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[2 * i], 'NX')
  windows[i + 1] = redis.call('PEXPIRETIME', key)
end
return windows
`;

// KEYS: the buckets; ARGV: the window of each place. A place of a window that has ended is not given back: the
// counter now belongs to a new window.
const RELEASE = `
for i, key in ipairs(KEYS) do
  if redis.call('PEXPIRETIME', key) == tonumber(ARGV[i]) and tonumber(redis.call('GET', key) or '0') > 0 then
    redis.call('DECR', key)
  end
end
return 0
`;

export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(bucket: Bucket): string {
    return `${this.prefix}:rl:${bucket.name}`;
  }

  async state(bucket: Bucket): Promise<BucketState> {
    const key = this.key(bucket);
    const [[, count], [, ttl]] = (await this.redis.multi().get(key).ttl(key).exec()) as [[null, string | null], [null, number]];
    return { count: Number(count ?? 0), resetIn: Math.max(0, ttl) };
  }

  /** Counts one hit in each bucket; returns the states after counting. */
  async hit(...buckets: Bucket[]): Promise<BucketState[]> {
    const multi = this.redis.multi();
    for (const b of buckets) {
      const key = this.key(b);
      multi.incr(key).expire(key, b.limit.windowSeconds, 'NX').ttl(key);
    }
    const results = (await multi.exec()) ?? [];
    return buckets.map((_b, i) => {
      const [[, count], , [, ttl]] = results.slice(i * 3, i * 3 + 3) as [[null, number], unknown, [null, number]];
      return { count, resetIn: Math.max(1, ttl) };
    });
  }

  /**
   * Takes one place in every bucket, or none: 429 when any is full. The places are the caller's until it gives them
   * back with `release` (an attempt that did not fail); kept, they count as failures for the rest of the window.
   */
  async reserve(...buckets: Bucket[]): Promise<Reservation> {
    const args = buckets.flatMap((b) => [b.limit.max, b.limit.windowSeconds]);
    const reply = (await this.redis.eval(RESERVE, buckets.length, ...buckets.map((b) => this.key(b)), ...args)) as number[];
    if (reply[0] > 0) throw new TooManyRequestsError(reply[0]);
    return { keys: buckets.map((b) => this.key(b)), windows: reply.slice(1) };
  }

  /** Gives reserved places back, in the window they were taken from only (a new window starts empty anyway). */
  async release(reservation: Reservation): Promise<void> {
    if (reservation.keys.length === 0) return;
    await this.redis.eval(RELEASE, reservation.keys.length, ...reservation.keys, ...reservation.windows);
  }

  /**
   * Runs `attempt` holding a place in every bucket (429 first when any is full) and keeps the places only when it
   * failed in a way `counts` recognises (a wrong password); success and other refusals give them back.
   */
  async attempt<T>(buckets: Bucket[], attempt: () => Promise<T>, counts: (err: unknown) => boolean): Promise<T> {
    const reservation = await this.reserve(...buckets);
    let result: T;
    try {
      result = await attempt();
    } catch (err) {
      if (!counts(err)) await this.release(reservation);
      throw err;
    }
    await this.release(reservation);
    return result;
  }

  /** Counts the attempt, then 429 when it went over any bucket's limit (for counters of requests: mails). */
  async consume(...buckets: Bucket[]): Promise<void> {
    const states = await this.hit(...buckets);
    refuseWhen(buckets, states, (b, s) => s.count > b.limit.max);
  }
}

function refuseWhen(buckets: Bucket[], states: BucketState[], full: (b: Bucket, s: BucketState) => boolean): void {
  let retryAfter = 0;
  buckets.forEach((b, i) => {
    if (full(b, states[i])) retryAfter = Math.max(retryAfter, states[i].resetIn || b.limit.windowSeconds);
  });
  if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
}
