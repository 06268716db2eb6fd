import type { ConnectionOptions } from 'bullmq';
import type { AppConfig } from '../config/config';

/** The BullMQ queue name and key prefix of the mail queue: every Redis key carries the run's prefix (DESIGN: running it). */
export const MAIL_QUEUE = 'mail';

export function bullPrefix(config: Pick<AppConfig, 'prefix'>): string {
  return `${config.prefix}:bull`;
}

/** BullMQ needs `maxRetriesPerRequest: null` on its connections (STACK: BullMQ). */
export function bullConnection(config: Pick<AppConfig, 'redisUrl'>): ConnectionOptions {
  return { url: config.redisUrl, maxRetriesPerRequest: null };
}

/**
 * The connection of a queue that only adds jobs while serving a request (not a Worker, which must wait for Redis): with
 * Redis away, `add` fails at once (the caller answers 503, see redis-unavailable.ts) instead of holding the request
 * until Redis is back. BullMQ waits for the first connection before its first command either way.
 */
export function bullProducerConnection(config: Pick<AppConfig, 'redisUrl'>): ConnectionOptions {
  return { url: config.redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
}
