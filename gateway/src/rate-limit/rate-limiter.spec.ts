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

  it('reserve takes a place in every bucket, and refuses once one is full, with the time left, counting nothing', async () => {
    const email = bucket(2, 30);
    const ip = bucket(5, 30);
    await limiter.reserve(email, ip);
    await limiter.reserve(email, ip);
    const err = await limiter.reserve(email, ip).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect((err as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(25);
    expect((err as TooManyRequestsError).retryAfterSeconds).toBeLessThanOrEqual(30);
    expect((await limiter.state(email)).count).toBe(2);
    expect((await limiter.state(ip)).count).toBe(2); // the refused attempt took no place in the other bucket
    expect(await redis.ttl(`${prefix}:rl:${ip.name}`)).toBeGreaterThan(25);
  });

  it('100 parallel reservations of a 10-place bucket: exactly 10 get a place', async () => {
    const b = bucket(10);
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => limiter.reserve(b)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof TooManyRequestsError)).toHaveLength(90);
    expect((await limiter.state(b)).count).toBe(10);
  });

  it('release gives the places back', async () => {
    const email = bucket(1);
    const ip = bucket(3);
    const taken = await limiter.reserve(email, ip);
    await expect(limiter.reserve(email, ip)).rejects.toBeInstanceOf(TooManyRequestsError);
    await limiter.release(taken);
    expect((await limiter.state(email)).count).toBe(0);
    expect((await limiter.state(ip)).count).toBe(0);
    await expect(limiter.reserve(email, ip)).resolves.toBeDefined();
  });

  it('release does not give a place back into a window that started after it was taken', async () => {
    const b = bucket(5, 1);
    const old = await limiter.reserve(b);
    await new Promise((r) => setTimeout(r, 1100));
    await limiter.reserve(b); // a new window
    await limiter.release(old);
    expect((await limiter.state(b)).count).toBe(1);
  });

  it('attempt keeps the place for a counted failure and gives it back for success or another error', async () => {
    const b = bucket(2);
    const wrong = new Error('wrong password');
    const counts = (err: unknown) => err === wrong;
    await expect(limiter.attempt([b], async () => 'ok', counts)).resolves.toBe('ok');
    await expect(limiter.attempt([b], () => Promise.reject(new Error('other')), counts)).rejects.toThrow('other');
    expect((await limiter.state(b)).count).toBe(0);
    await expect(limiter.attempt([b], () => Promise.reject(wrong), counts)).rejects.toBe(wrong);
    await expect(limiter.attempt([b], () => Promise.reject(wrong), counts)).rejects.toBe(wrong);
    let ran = false;
    const full = limiter.attempt([b], async () => (ran = true), counts);
    await expect(full).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(ran).toBe(false);
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
