import { Injectable } from '@nestjs/common';
import { AppError, Calls, errors, LoginReply, REASONS, SessionReply, UserCtx } from '@app/proto';
import { verifyPassword } from '../common/secrets';
import { UserLocaleService } from '../configuration/user-locale.service';
import { assertAccess, isConfirmed, validateLogin } from '../users/user.rules';
import { UsersRepository } from '../users/users.repository';

/**
 * Session roles: the user id and 'user'. The accounts service adds the acc- ids of memberships later (spec §6: "the
 * number of group profiles is the roles count minus two").
 */
export function userCtx(userId: string): UserCtx {
  return { name: userId, roles: [userId, 'user'] };
}

@Injectable()
export class SessionService {
  constructor(
    private readonly users: UsersRepository,
    private readonly locales: UserLocaleService,
  ) {}

  /**
   * POST /_session: checks e-mail and password. An unknown e-mail and a wrong password answer the same 401 after the
   * same argon2 work; an account unconfirmed for more than 30 days answers 403.
   */
  async login(req: Calls['identity.session.login']['req']): Promise<LoginReply> {
    const { email, password } = validateLogin(req);
    const user = await this.users.byEmail(email);
    const ok = await verifyPassword(user?.password_hash, password);
    if (!user || !ok) throw new AppError('unauthorized', REASONS.loginIncorrect);
    assertAccess(user);
    return { user_id: user._id, userCtx: userCtx(user._id), locale: await this.locales.of(user) };
  }

  /** GET /_session for a signed-in user: 401 when the user is gone, 403 when locked for want of confirmation. */
  async get(req: Calls['identity.session.get']['req']): Promise<SessionReply> {
    const user = await this.users.byId(req.user_id);
    if (!user) throw errors.unauthorized(REASONS.loginAgain);
    assertAccess(user);
    const confirmed = isConfirmed(user);
    const summary = { email: user.email, fullname: user.fullname, label: user.label, gravatar_hash: user.gravatar_hash, confirmed };
    return { ok: true, userCtx: userCtx(user._id), locale: await this.locales.of(user), confirmed, user: summary };
  }
}
