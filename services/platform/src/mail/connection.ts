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
