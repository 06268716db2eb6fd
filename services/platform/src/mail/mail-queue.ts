import { Queue } from 'bullmq';
import { MailJob } from '@app/proto';
import type { AppConfig } from '../config/config';
import { bullPrefix, bullProducerConnection, MAIL_QUEUE } from './connection';
import { singleRecipient } from './recipient';

/** How often a mail is tried before it is given up, with exponential backoff from 2 s (2, 4, 8, 16 s…). */
export const MAIL_ATTEMPTS = 6;
export const MAIL_BACKOFF_MS = 2000;

export interface SendOptions {
  /**
   * At most one mail of this template per key in this many seconds; later ones are dropped. For mails that anybody
   * can trigger towards somebody else (a registration of a known address), so a stranger cannot flood an inbox.
   * The key must hold no address (use a user id).
   */
  oncePer?: { key: string; seconds: number };
}

/** The producer side of the mail queue: services enqueue a template, a locale and its values; the worker sends it. */
export class MailQueue {
  private readonly queue: Queue<MailJob>;

  constructor(config: Pick<AppConfig, 'prefix' | 'redisUrl'>) {
    this.queue = new Queue<MailJob>(MAIL_QUEUE, { connection: bullProducerConnection(config), prefix: bullPrefix(config) });
  }

  /**
   * Validates and enqueues one mail to one plain address; resolves once the job is stored in Redis. A job is removed
   * when it is sent or has failed for good: its values hold live confirmation and reset links, which must not sit in
   * Redis afterwards (the worker logs each failure without them).
   */
  async send(job: MailJob, options: SendOptions = {}): Promise<string> {
    const data = MailJob.parse(job);
    if (!singleRecipient(data.to)) throw new Error(`mail ${data.template}: the recipient must be one plain address`);
    const { oncePer } = options;
    const added = await this.queue.add(data.template, data, {
      attempts: MAIL_ATTEMPTS,
      backoff: { type: 'exponential', delay: MAIL_BACKOFF_MS },
      removeOnComplete: true,
      removeOnFail: true,
      // BullMQ's throttle mode: the key outlives the removed job for the whole ttl
      ...(oncePer ? { deduplication: { id: `${data.template}:${oncePer.key}`, ttl: oncePer.seconds * 1000 } } : {}),
    });
    return added.id ?? '';
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
