import { Injectable } from '@nestjs/common';
import { AppError, Calls, OkReply, PasswordResetReply } from '@app/proto';
import { hashPassword, randomSecret, sha256 } from '../common/secrets';
import { UserLocaleService } from '../configuration/user-locale.service';
import { IdentityMailer } from '../mail/identity-mailer';
import { TokensService } from '../tokens/tokens.service';
import { canMail, FieldErrors, readNewPassword, requestedEmail, tokenMissing } from '../users/user.rules';
import { UsersRepository } from '../users/users.repository';
import { resetExpired, resetFields } from './password.rules';
import { retryOnConflict } from '@app/platform';

@Injectable()
export class PasswordService {
  constructor(
    private readonly users: UsersRepository,
    private readonly locales: UserLocaleService,
    private readonly mailer: IdentityMailer,
    private readonly tokens: TokensService,
  ) {}

  /**
   * Mails a reset link for the account of this address (its e-mail, or a pending new address). A new request
   * replaces the previous link. Always ok: the answer does not say whether the address is known.
   */
  async request(req: Calls['identity.password.request']['req']): Promise<OkReply> {
    const email = requestedEmail(req.email);
    await retryOnConflict(async () => {
      const user = await this.users.byEmailOrPending(email);
      if (!user || !canMail(email)) return;
      const token = randomSecret();
      const saved = await this.users.update(
        user,
        { reset_password_token_hash: sha256(token), reset_password_sent_at: new Date().toISOString(), reset_password_sent_to: email },
        user._id,
      );
      await this.mailer.passwordReset(saved, email, token, await this.locales.of(saved));
    });
    return { ok: true };
  }

  /**
   * Sets the password with the link's token (once, within 24 hours), confirms the address, and says so by mail. Whoever
   * had the account before may hold its user tokens and sessions: every active token is revoked, and the reply names
   * the user and those tokens so the gateway ends the user's sessions.
   */
  async reset(req: Calls['identity.password.reset']['req']): Promise<PasswordResetReply> {
    const errors: FieldErrors = {};
    const password = readNewPassword(req.password, req.password_confirmation, errors, true);
    if (Object.keys(errors).length || !password) throw new AppError('unprocessable_entity', errors);
    const passwordHash = await hashPassword(password);
    const saved = await retryOnConflict(async () => {
      const user = await this.users.byResetTokenHash(sha256(req.token));
      if (!user || resetExpired(user.reset_password_sent_at)) throw tokenMissing();
      return this.users.update(user, { ...resetFields(user, new Date().toISOString()), password_hash: passwordHash }, user._id);
    });
    const revoked = await this.tokens.revokeAll(saved._id);
    await this.mailer.passwordChanged(saved, await this.locales.of(saved));
    return { ok: true, user_id: saved._id, revoked_token_ids: revoked };
  }
}
