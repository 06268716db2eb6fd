import { Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import { AppConfig, MailQueue } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { IdentityMailer } from './identity-mailer';

/** Closes the mail queue's Redis connection on shutdown. */
@Injectable()
export class MailQueueCloser implements OnApplicationShutdown {
  constructor(private readonly queue: MailQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

export const mailProviders: Provider[] = [
  { provide: MailQueue, useFactory: (config: AppConfig) => new MailQueue(config), inject: [APP_CONFIG] },
  MailQueueCloser,
  IdentityMailer,
];
