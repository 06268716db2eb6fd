import Redis from 'ioredis';
import { isRedisUnavailable, REQUEST_REDIS_OPTIONS } from './redis-unavailable';

describe('Redis unavailable', () => {
  it('a command on a Redis that refuses connections fails within 2 s with an error read as "unavailable"', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { ...REQUEST_REDIS_OPTIONS, lazyConnect: false });
    redis.on('error', () => undefined);
    const started = Date.now();
    const err = await redis.get('k').then(
      () => null,
      (e: unknown) => e,
    );
    const took = Date.now() - started;
    redis.disconnect();
    expect(isRedisUnavailable(err)).toBe(true);
    expect(took).toBeLessThan(2000);
  });

  it('a bad command is not read as "unavailable"', async () => {
    const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', REQUEST_REDIS_OPTIONS);
    const err = await redis.call('NO_SUCH_COMMAND').catch((e: unknown) => e);
    await redis.quit();
    expect(err).toBeInstanceOf(Error);
    expect(isRedisUnavailable(err)).toBe(false);
    expect(isRedisUnavailable('Connection is closed.')).toBe(false); // not an Error
  });
});
