import { isLoopback, metricsAccess } from './metrics-access';
import { loadMetricsConfig } from './metrics-config';

// Who may read GET /metrics: the token when one is set, else unproxied loopback only.

const TOKEN = 'a-metrics-token-of-32-characters';

describe('metricsAccess', () => {
  it('with a token set, lets the bearer of that token in whatever its address', () => {
    expect(metricsAccess(TOKEN, { headers: { authorization: `Bearer ${TOKEN}` }, peer: '203.0.113.9' })).toBe('allowed');
    expect(metricsAccess(TOKEN, { headers: { authorization: `bearer ${TOKEN}` }, peer: '203.0.113.9' })).toBe('allowed');
  });

  it('with a token set, answers unauthorized without one and forbidden with another, also from loopback', () => {
    expect(metricsAccess(TOKEN, { headers: {}, peer: '127.0.0.1' })).toBe('unauthorized');
    expect(metricsAccess(TOKEN, { headers: { authorization: 'Basic abc' }, peer: '127.0.0.1' })).toBe('unauthorized');
    expect(metricsAccess(TOKEN, { headers: { authorization: `Bearer ${TOKEN}x` }, peer: '127.0.0.1' })).toBe('forbidden');
    expect(metricsAccess(TOKEN, { headers: { authorization: 'Bearer short' }, peer: '127.0.0.1' })).toBe('forbidden');
  });

  it('without a token, lets in loopback requests that no proxy relayed and nobody else', () => {
    expect(metricsAccess(undefined, { headers: {}, peer: '127.0.0.1' })).toBe('allowed');
    expect(metricsAccess(undefined, { headers: {}, peer: '::1' })).toBe('allowed');
    expect(metricsAccess(undefined, { headers: {}, peer: '::ffff:127.0.0.1' })).toBe('allowed');
    expect(metricsAccess(undefined, { headers: {}, peer: '10.0.0.5' })).toBe('forbidden');
    expect(metricsAccess(undefined, { headers: {}, peer: undefined })).toBe('forbidden');
    expect(metricsAccess(undefined, { headers: { 'x-forwarded-for': '203.0.113.9' }, peer: '127.0.0.1' })).toBe('forbidden');
    expect(metricsAccess(undefined, { headers: { forwarded: 'for=203.0.113.9' }, peer: '127.0.0.1' })).toBe('forbidden');
    expect(metricsAccess(undefined, { headers: { 'x-real-ip': '203.0.113.9' }, peer: '::1' })).toBe('forbidden');
    // a bearer token is no key when none is configured
    expect(metricsAccess(undefined, { headers: { authorization: `Bearer ${TOKEN}` }, peer: '10.0.0.5' })).toBe('forbidden');
  });

  it('knows loopback addresses in both families and nothing else', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['128.0.0.1', '::2', '0.0.0.0', '', 'localhost'].map(isLoopback)).toEqual([false, false, false, false, false]);
  });
});

describe('loadMetricsConfig', () => {
  it('reads the token and the scrape wait, and refuses a short token or a wait out of range', () => {
    expect(loadMetricsConfig({})).toEqual({ token: undefined, scrapeWaitMs: 1000 });
    expect(loadMetricsConfig({ METRICS_TOKEN: ` ${TOKEN} `, METRICS_SCRAPE_WAIT_MS: '2500' })).toEqual({ token: TOKEN, scrapeWaitMs: 2500 });
    expect(() => loadMetricsConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16/);
    expect(() => loadMetricsConfig({ METRICS_SCRAPE_WAIT_MS: '50' })).toThrow(/METRICS_SCRAPE_WAIT_MS/);
  });
});
