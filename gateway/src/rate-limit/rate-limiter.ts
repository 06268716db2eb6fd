import { createHash } from 'crypto';
import type Redis from 'ioredis';
import type { RateLimit } from '../config/gateway-config';
import { TooManyRequestsError } from '../http/error-mapping';

// Fixed-window counters in Redis (`<prefix>:rl:<bucket>`): INCR, and EXPIRE NX so the window starts at the first hit
// and a crash between the two commands cannot leave a counter without an expiry.

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

  /** 429 when any bucket is already full (for counters of failures: login). */
  async assertRoom(...buckets: Bucket[]): Promise<void> {
    const states = await Promise.all(buckets.map((b) => this.state(b)));
    refuseWhen(buckets, states, (b, s) => s.count >= b.limit.max);
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
