import { Injectable } from '@nestjs/common';
import { AppError, Calls, errors, FIELD_MESSAGES, PublicUser, WriteReply } from '@app/proto';
import { newDocId, project } from '@app/platform';
import { hashPassword, md5, randomSecret, sha256, verifyPassword } from '../common/secrets';
import { UserLocaleService } from '../configuration/user-locale.service';
import { IdentityMailer } from '../mail/identity-mailer';
import { displayFields, newUserFields, presentUser, UserFields, unsavedUser, validateProfileUpdate, validateRegistration } from './user.rules';
import { emailTaken, UsersRepository } from './users.repository';

type Req<K extends keyof Calls> = Calls[K]['req'];

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly locales: UserLocaleService,
    private readonly mailer: IdentityMailer,
  ) {}

  /**
   * POST /_users (spec §5): creates the user and mails the confirmation link. An address that already has an account
   * is answered the same way (see unsavedUser), nothing about that account changes and its owner is told by mail. Both
   * cases do the same work (the password is hashed either way, one mail is queued), so neither the reply nor its
   * timing tells that the address is known.
   */
  async register(req: Req<'identity.user.register'>): Promise<PublicUser> {
    const reg = validateRegistration(req);
    const id = newDocId('User'); // chosen first: name (= _id) is stored with the user
    const token = randomSecret();
    const passwordHash = reg.password ? await hashPassword(reg.password) : null;
    const fields = newUserFields(id, reg, passwordHash, sha256(token), new Date().toISOString());
    const known = await this.users.byEmail(reg.email);
    const user = known ? null : await this.users.create(id, fields);
    if (!user) {
      const owner = known ?? (await this.users.byEmail(reg.email)); // a racing registration took it
      if (owner) await this.mailer.registrationAttempt(owner, await this.locales.of(owner));
      return presentUser(unsavedUser(id, fields, new Date().toISOString(), `1-${md5(randomSecret())}`));
    }
    await this.mailer.confirmation(user, user.email, token, reg.locale);
    return presentUser(user);
  }

  /** GET /_users/{name}: the caller's own user only, with an optional fields projection. */
  async get(req: Req<'identity.user.get'>): Promise<Partial<PublicUser>> {
    if (req.ctx.user_id !== req.name) throw errors.forbidden();
    const user = await this.users.byId(req.name);
    if (!user) throw errors.notFound('missing');
    return project(presentUser(user), req.fields) as Partial<PublicUser>;
  }

  /**
   * PUT /_users/{id}?rev= (spec §5, §7): the caller's own profile, at the current revision, with current_password.
   * A new address waits in unconfirmed_email for its confirmation link; a new password is followed by a notice mail.
   */
  async update(req: Req<'identity.user.update'>): Promise<WriteReply> {
    if (req.ctx.user_id !== req.id) throw errors.forbidden();
    const user = await this.users.byId(req.id);
    if (!user) throw errors.notFound('missing');
    const rev = req.rev ?? (typeof req.body._rev === 'string' ? req.body._rev : undefined);
    if (!rev || rev !== user._rev) throw errors.conflict();
    const update = validateProfileUpdate(req.body, user);
    if (!(await verifyPassword(user.password_hash, update.currentPassword))) {
      throw new AppError('unprocessable_entity', { current_password: FIELD_MESSAGES.invalid });
    }
    if (update.newEmail) {
      const other = await this.users.byEmail(update.newEmail);
      if (other && other._id !== user._id) throw emailTaken('unconfirmed_email');
    }

    const changes: Partial<UserFields> = { ...update.changes };
    if (changes.fullname !== undefined) Object.assign(changes, displayFields(user._id, user.email, changes.fullname));
    if (changes.unconfirmed_email === null) changes.confirmation_token_hash = null;
    const token = update.newEmail ? randomSecret() : null;
    if (token) {
      changes.confirmation_token_hash = sha256(token);
      changes.confirmation_sent_at = new Date().toISOString();
    }
    if (update.password) changes.password_hash = await hashPassword(update.password);
    if (Object.keys(changes).length === 0) return written(presentUser(user));

    const saved = await this.users.update(user, changes, user._id);
    const locale = await this.locales.of(saved);
    if (token && update.newEmail) await this.mailer.confirmation(saved, update.newEmail, token, locale);
    if (update.password) await this.mailer.passwordChanged(saved, locale);
    return written(presentUser(saved));
  }
}

function written(user: PublicUser): WriteReply {
  return { ok: true, id: user._id, rev: user._rev, doc: user };
}
