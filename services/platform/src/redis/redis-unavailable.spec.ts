import Redis from 'ioredis';
import { isRedisUnavailable, REQUEST_REDIS_OPTIONS } from './redis-unavailable';

describe('Redis unavailable', () => {
  it('a request connection fails fast: one reconnection try per command, 2 s at most for a connection or an answer', () => {
    expect(REQUEST_REDIS_OPTIONS).toMatchObject({ maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 2000 });
  });

  it('a command on a Redis that refuses connections fails on its reconnection limit (not a timeout), an error read as "unavailable"', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { ...REQUEST_REDIS_OPTIONS, lazyConnect: false });
    redis.on('error', () => undefined);
    const err = await redis.get('k').then(
      () => null,
      (e: unknown) => e,
    );
    redis.disconnect();
    // refused at its one reconnection try, not left waiting for the 2 s command timeout
    expect(err).toMatchObject({ name: 'MaxRetriesPerRequestError', message: expect.stringContaining('(which is 1)') });
    expect(isRedisUnavailable(err)).toBe(true);
  });

  it('reads every way ioredis says Redis is away as "unavailable"', () => {
    for (const message of ['Connection is closed.', 'Command timed out', "Stream isn't writeable and enableOfflineQueue options is false", 'connect ECONNREFUSED 127.0.0.1:6379', 'read ECONNRESET']) {
      expect([message, isRedisUnavailable(new Error(message))]).toEqual([message, true]);
    }
    expect(isRedisUnavailable(Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }))).toBe(true);
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
