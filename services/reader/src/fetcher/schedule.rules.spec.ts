import { backoffSeconds, maxAgeSeconds, nextCheck, retryAfterSeconds } from './schedule.rules';

const s = { intervalS: 3600, maxIntervalS: 86_400 };
const now = new Date('2026-03-01T12:00:00.000Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('when a feed is fetched next', () => {
  it('a working feed waits the interval, or longer when Cache-Control max-age or the RSS ttl ask for it', () => {
    expect(nextCheck({ now, ok: true, errorCount: 0, headers: {} }, s)).toEqual({ nextCheckAt: later(3600), blockedUntil: null });
    expect(nextCheck({ now, ok: true, errorCount: 0, headers: { 'cache-control': 'public, max-age=7200' } }, s).nextCheckAt).toEqual(later(7200));
    expect(nextCheck({ now, ok: true, errorCount: 0, headers: { 'cache-control': 'max-age=60' } }, s).nextCheckAt).toEqual(later(3600));
    expect(nextCheck({ now, ok: true, errorCount: 0, headers: {}, ttlMinutes: 180 }, s).nextCheckAt).toEqual(later(10_800));
    // never more than the longest wait
    expect(nextCheck({ now, ok: true, errorCount: 0, headers: { 'cache-control': 'max-age=9999999' } }, s).nextCheckAt).toEqual(later(86_400));
  });

  it('a failing feed backs off exponentially (interval × 2^(n−1)) up to the longest wait', () => {
    expect([1, 2, 3, 4, 5, 6, 30, 1000].map((n) => backoffSeconds(n, s))).toEqual([3600, 7200, 14_400, 28_800, 57_600, 86_400, 86_400, 86_400]);
    expect(nextCheck({ now, ok: false, errorCount: 2, status: 500, headers: {} }, s)).toEqual({ nextCheckAt: later(7200), blockedUntil: null });
  });

  it('429 and 503 with Retry-After block every request until then, and wait at least that long', () => {
    expect(nextCheck({ now, ok: false, errorCount: 1, status: 429, headers: { 'retry-after': '120' } }, s)).toEqual({ nextCheckAt: later(3600), blockedUntil: later(120) });
    expect(nextCheck({ now, ok: false, errorCount: 1, status: 503, headers: { 'retry-after': '36000' } }, s)).toEqual({ nextCheckAt: later(36_000), blockedUntil: later(36_000) });
    // Retry-After only means something on 429 and 503
    expect(nextCheck({ now, ok: false, errorCount: 1, status: 500, headers: { 'retry-after': '36000' } }, s).blockedUntil).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date, and max-age / s-maxage from Cache-Control', () => {
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Sun, 01 Mar 2026 12:10:00 GMT', now)).toBe(600);
    expect(retryAfterSeconds('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
    expect(maxAgeSeconds('no-cache')).toBeNull();
    expect(maxAgeSeconds('max-age=300, s-maxage=600')).toBe(600);
    expect(maxAgeSeconds('MAX-AGE="90"')).toBe(90);
  });
});
