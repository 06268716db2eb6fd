import { Inject, Injectable, Provider } from '@nestjs/common';
import { AppConfig, MailQueue, mailQueueProviders } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';

export interface InvitationMail {
  to: string;
  inviter: string;
  group: string;
  locale: string | undefined;
}

/** The invitation mail (template `invitation`), queued for the mail worker in the inviter's locale. */
@Injectable()
export class InvitationMailer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: MailQueue,
  ) {}

  async send(mail: InvitationMail): Promise<void> {
    await this.queue.send({
      to: mail.to,
      template: 'invitation',
      locale: mail.locale || 'en',
      vars: { name: mail.inviter, email: mail.to, group: mail.group, link: this.link() },
    });
  }

  /** `${publicUrl}/user/profile?page=invites`: the invitee's invites tab (spec §2). */
  link(): string {
    return `${this.config.publicUrl.replace(/\/+$/, '')}/user/profile?page=invites`;
  }
}

export const mailProviders: Provider[] = [...mailQueueProviders(), InvitationMailer];
