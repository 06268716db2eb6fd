import Redis from 'ioredis';
import { TooManyRequestsError } from '../http/error-mapping';
import { Bucket, bucketKey, RateLimiter } from './rate-limiter';

// Against the real Redis, under this run's prefix.
describe('RateLimiter', () => {
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  const prefix = `${process.env.APP_PREFIX}_rl`;
  const limiter = new RateLimiter(redis, prefix);
  let n = 0;
  const bucket = (max: number, windowSeconds = 60): Bucket => ({ name: `test:${n++}`, limit: { max, windowSeconds } });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts hits in a window that starts at the first hit and expires', async () => {
    const b = bucket(3, 60);
    expect(await limiter.state(b)).toEqual({ count: 0, resetIn: 0 });
    const [first] = await limiter.hit(b);
    expect(first.count).toBe(1);
    const [second] = await limiter.hit(b);
    expect(second.count).toBe(2);
    expect(second.resetIn).toBeGreaterThan(55);
    expect(await redis.ttl(`${prefix}:rl:${b.name}`)).toBeGreaterThan(55);
  });

  it('assertRoom refuses once the bucket is full, with the time left', async () => {
    const b = bucket(2, 30);
    await limiter.assertRoom(b);
    await limiter.hit(b);
    await limiter.assertRoom(b);
    await limiter.hit(b);
    const err = await limiter.assertRoom(b).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect((err as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(25);
    expect((err as TooManyRequestsError).retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it('consume counts the attempt and refuses the one over the limit, in any bucket', async () => {
    const email = bucket(2);
    const ip = bucket(3);
    await limiter.consume(email, ip);
    await limiter.consume(email, ip);
    await expect(limiter.consume(email, ip)).rejects.toBeInstanceOf(TooManyRequestsError);
    const other = bucket(5);
    await expect(limiter.consume(other, ip)).rejects.toBeInstanceOf(TooManyRequestsError); // the ip bucket is full now
  });

  it('opens a new window when the old one expired', async () => {
    const b = bucket(1, 1);
    await limiter.consume(b);
    await expect(limiter.consume(b)).rejects.toBeInstanceOf(TooManyRequestsError);
    await new Promise((r) => setTimeout(r, 1100));
    await expect(limiter.consume(b)).resolves.toBeUndefined();
  });

  it('keys personal values by a hash', () => {
    expect(bucketKey('a@b.c')).toHaveLength(22);
    expect(bucketKey('a@b.c')).not.toContain('@');
    expect(bucketKey('a@b.c')).toBe(bucketKey('a@b.c'));
  });
});
