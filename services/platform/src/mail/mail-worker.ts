import { Logger } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import nodemailer from 'nodemailer';
import { MailJob } from '@app/proto';
import type { AppConfig } from '../config/config';
import { bullConnection, bullPrefix, MAIL_QUEUE } from './connection';
import { singleRecipient } from './recipient';
import { renderMail, TemplateError } from './render';

const logger = new Logger('mail');

export interface MailWorker {
  close(): Promise<void>;
}

/**
 * The consumer side of the mail queue: renders each job's template in its locale and sends it over SMTP
 * (config.smtp, plain SMTP with `ignoreTLS` to a local relay or sink). A failed send is retried with the
 * backoff the queue set; a job that can never be sent (bad data, unknown template) fails at once.
 */
export function startMailWorker(config: Pick<AppConfig, 'prefix' | 'redisUrl' | 'smtp'>, opts: { concurrency?: number } = {}): MailWorker {
  const transport = nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: false,
    ignoreTLS: true,
  });

  const worker = new Worker<MailJob>(
    MAIL_QUEUE,
    async (job: Job<MailJob>) => {
      const parsed = MailJob.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`mail job ${job.id} is malformed: ${parsed.error.message}`);
      // checked again here: a job may come from a producer that did not check (an older copy, a hand-made job)
      const to = singleRecipient(parsed.data.to);
      if (!to) throw new UnrecoverableError(`mail job ${job.id}: the recipient is not one plain address`);
      let mail;
      try {
        mail = renderMail(parsed.data);
      } catch (err) {
        if (err instanceof TemplateError) throw new UnrecoverableError(err.message);
        throw err;
      }
      await transport.sendMail({ from: config.smtp.from, to, subject: mail.subject, text: mail.text, html: mail.html, ...unsubscribeHeaders(parsed.data.unsubscribe) });
    },
    { connection: bullConnection(config), prefix: bullPrefix(config), concurrency: opts.concurrency ?? 5 },
  );
  worker.on('failed', (job, err) => {
    logger.warn(`mail ${job?.data.template ?? '?'} (job ${job?.id ?? '?'}, attempt ${job?.attemptsMade ?? '?'}) failed: ${err.message}`);
  });
  worker.on('error', (err) => logger.error(`mail worker: ${err.message}`));

  return {
    async close() {
      await worker.close();
      transport.close();
    },
  };
}

/**
 * RFC 2369 and RFC 8058: a mail that can be stopped names its one-click address, so mail clients offer "unsubscribe"
 * and may POST `List-Unsubscribe=One-Click` to it (the gateway's /mail/unsubscribe answers both GET and POST).
 */
export function unsubscribeHeaders(url: string | undefined): { list?: { unsubscribe: string }; headers?: Record<string, string> } {
  if (!url) return {};
  return { list: { unsubscribe: url }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
