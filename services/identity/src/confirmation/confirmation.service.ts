import { Injectable } from '@nestjs/common';
import { Calls, OkReply } from '@app/proto';
import { randomSecret, sha256 } from '../common/secrets';
import { UserLocaleService } from '../configuration/user-locale.service';
import { IdentityMailer } from '../mail/identity-mailer';
import { canMail, confirmedFields, requestedEmail, tokenMissing } from '../users/user.rules';
import { UsersRepository } from '../users/users.repository';
import { retryOnConflict } from '@app/platform';

@Injectable()
export class ConfirmationService {
  constructor(
    private readonly users: UsersRepository,
    private readonly locales: UserLocaleService,
    private readonly mailer: IdentityMailer,
  ) {}

  /**
   * Sends a new confirmation link (the previous one stops working) to the address that waits for confirmation: the
   * pending unconfirmed_email, else the e-mail of a user who never confirmed. Always ok: the answer does not say
   * whether the address is known.
   */
  async request(req: Calls['identity.confirmation.request']['req']): Promise<OkReply> {
    const email = requestedEmail(req.email);
    await retryOnConflict(async () => {
      const user = await this.users.byEmailOrPending(email);
      const to = user ? (user.unconfirmed_email ?? (user.confirmed_at ? null : user.email)) : null;
      if (!user || !canMail(to)) return;
      const token = randomSecret();
      const saved = await this.users.update(user, { confirmation_token_hash: sha256(token), confirmation_sent_at: new Date().toISOString() }, user._id);
      await this.mailer.confirmation(saved, to, token, await this.locales.of(saved));
    });
    return { ok: true };
  }

  /** The link's token confirms the address once: confirmed_at is set and a pending address becomes the e-mail. */
  async confirm(req: Calls['identity.confirmation.confirm']['req']): Promise<OkReply> {
    await retryOnConflict(async () => {
      const user = await this.users.byConfirmationTokenHash(sha256(req.token));
      if (!user) throw tokenMissing();
      await this.users.update(user, confirmedFields(user, new Date().toISOString()), user._id);
    });
    return { ok: true };
  }
}
