import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@app/platform';
import { MailQueue } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { canMail, UserFields } from '../users/user.rules';

type Recipient = Pick<UserFields, 'email' | 'fullname'>;

/** A stranger can make us mail an account's owner by registering their address: at most once an hour per owner. */
export const REGISTRATION_ATTEMPT_MAIL_SECONDS = 3600;

/**
 * The identity mails, queued for the mail worker: links point at the web app (config.publicUrl). The locale is the
 * user's effective one (their `locale` configuration, else their profile's).
 */
@Injectable()
export class IdentityMailer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: MailQueue,
  ) {}

  /** The confirmation link for `to` (the address being confirmed). Nothing is sent to an address without @. */
  async confirmation(user: Recipient, to: string, token: string, locale: string): Promise<void> {
    if (!canMail(to)) return;
    await this.queue.send({
      to,
      template: 'confirmation',
      locale,
      vars: { name: user.fullname ?? '', email: to, link: this.link('confirm', token) },
    });
  }

  async passwordReset(user: Recipient, to: string, token: string, locale: string): Promise<void> {
    if (!canMail(to)) return;
    await this.queue.send({ to, template: 'password-reset', locale, vars: { name: user.fullname ?? '', link: this.link('password', token) } });
  }

  async passwordChanged(user: Recipient, locale: string): Promise<void> {
    if (!canMail(user.email)) return;
    await this.queue.send({ to: user.email, template: 'password-changed', locale, vars: { name: user.fullname ?? '', email: user.email } });
  }

  /** To the owner of an address someone registered again: sign in, or reset the password (the screen that asks for it). */
  async registrationAttempt(owner: Recipient & { _id: string }, locale: string): Promise<void> {
    if (!canMail(owner.email)) return;
    await this.queue.send(
      {
        to: owner.email,
        template: 'registration-attempt',
        locale,
        vars: { name: owner.fullname ?? '', email: owner.email, login_link: `${this.base()}/user/login`, reset_link: `${this.base()}/user/password/new` },
      },
      { oncePer: { key: owner._id, seconds: REGISTRATION_ATTEMPT_MAIL_SECONDS } },
    );
  }

  /** `${publicUrl}/user/confirm/<token>` and `${publicUrl}/user/password/<token>`. */
  link(kind: 'confirm' | 'password', token: string): string {
    return `${this.base()}/user/${kind}/${encodeURIComponent(token)}`;
  }

  private base(): string {
    return this.config.publicUrl.replace(/\/+$/, '');
  }
}
