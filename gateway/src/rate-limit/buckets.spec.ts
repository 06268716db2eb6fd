import { loadGatewayConfig } from '../config/gateway-config';
import { loginBuckets, registrationBuckets } from './buckets';
import { bucketKey } from './rate-limiter';

describe('rate-limit buckets', () => {
  const limits = loadGatewayConfig({}).rateLimits;

  it('a login counts per IP and per e-mail, the address trimmed and lower-cased and hashed', () => {
    expect(loginBuckets(limits, ' Ada@Example.com ', '10.0.0.1')).toEqual([
      { name: 'login:ip:10.0.0.1', limit: { max: 10, windowSeconds: 60 } },
      { name: `login:email:${bucketKey('ada@example.com')}`, limit: { max: 10, windowSeconds: 60 } },
    ]);
  });

  it('a login without a usable address counts per IP only', () => {
    expect(loginBuckets(limits, undefined, '10.0.0.1')).toHaveLength(1);
    expect(loginBuckets(limits, '  ', '10.0.0.1')).toHaveLength(1);
    expect(loginBuckets(limits, 42, '10.0.0.1')).toHaveLength(1);
  });

  it('registrations count per IP: 10 an hour by default, RL_REGISTER_IP_MAX and RL_REGISTER_WINDOW_SECONDS change it', () => {
    expect(registrationBuckets(limits, '10.0.0.1')).toEqual([{ name: 'register:ip:10.0.0.1', limit: { max: 10, windowSeconds: 3600 } }]);
    const raised = loadGatewayConfig({ RL_REGISTER_IP_MAX: '500', RL_REGISTER_WINDOW_SECONDS: '60' }).rateLimits;
    expect(registrationBuckets(raised, '::1')[0].limit).toEqual({ max: 500, windowSeconds: 60 });
  });
});
