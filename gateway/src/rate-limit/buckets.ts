import type { GatewayConfig } from '../config/gateway-config';
import { Bucket, bucketKey } from './rate-limiter';

// Which counters an attempt counts in. Failed logins and wrong current passwords share the login buckets: both are
// guesses at the same password.

type Limits = GatewayConfig['rateLimits'];

/** A login (by the address typed) or a profile change (by the user's address): the e-mail's bucket and the IP's. */
export function loginBuckets(limits: Limits, email: unknown, ip: string): Bucket[] {
  const buckets: Bucket[] = [{ name: `login:ip:${ip}`, limit: limits.loginPerIp }];
  const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
  if (address) buckets.push({ name: `login:email:${bucketKey(address)}`, limit: limits.loginPerEmail });
  return buckets;
}

/** A registration: the IP's bucket (there is no account yet to count by). */
export function registrationBuckets(limits: Limits, ip: string): Bucket[] {
  return [{ name: `register:ip:${ip}`, limit: limits.registerPerIp }];
}
