import { Injectable } from '@nestjs/common';
import { AppError, Doc, FIELD_MESSAGES, klassOfId } from '@app/proto';
import { DocumentStore } from '@app/platform';
import { USERS_DB } from '../identity.schema';
import { UserDoc, UserFields } from './user.rules';

const USER_FIELDS: ReadonlyArray<keyof UserFields> = [
  'email', 'fullname', 'locale', 'newsletter', 'name', 'label', 'short_name', 'gravatar_hash', 'confirmed_at',
  'unconfirmed_email', 'confirmation_sent_at', 'password_hash', 'confirmation_token_hash', 'reset_password_token_hash',
  'reset_password_sent_at', 'reset_password_sent_to',
];

/** The stored fields of a user, without the server-stamped meta fields. */
function fieldsOf(user: UserDoc): UserFields {
  const out: Record<string, unknown> = {};
  for (const k of USER_FIELDS) out[k] = user[k] ?? null;
  return out as unknown as UserFields;
}

/** User documents, all in db `_users` of the identity schema (STYLE 5: the service's I/O lives here). */
@Injectable()
export class UsersRepository {
  constructor(private readonly store: DocumentStore) {}

  async byId(id: string): Promise<UserDoc | null> {
    if (klassOfId(id) !== 'User') return null;
    return asUser(await this.store.get(USERS_DB, id));
  }

  /** by the (normalized) e-mail address */
  byEmail(email: string): Promise<UserDoc | null> {
    return this.findOne({ email });
  }

  /** by the e-mail, else by a pending (changed, not yet confirmed) address: whom a mailed link may be for */
  async byEmailOrPending(email: string): Promise<UserDoc | null> {
    return (await this.byEmail(email)) ?? (await this.findOne({ unconfirmed_email: email }));
  }

  byConfirmationTokenHash(hash: string): Promise<UserDoc | null> {
    return this.findOne({ confirmation_token_hash: hash });
  }

  byResetTokenHash(hash: string): Promise<UserDoc | null> {
    return this.findOne({ reset_password_token_hash: hash });
  }

  /**
   * Creates the user with its id; null when the address has an account. The unique index on the e-mail decides
   * between racing registrations: the loser is answered as a registration of a known address.
   */
  async create(id: string, fields: UserFields): Promise<UserDoc | null> {
    try {
      return asUser(await this.store.create(USERS_DB, { ...fields, _id: id, klass: 'User' }, id))!;
    } catch (err) {
      if (await this.byEmail(fields.email)) return null;
      throw err;
    }
  }

  /**
   * Writes `changes` over the user at the revision it was read at (409 when someone wrote in between). A new e-mail
   * (a confirmed change) that another user took meanwhile is 422 `{email: 'has-already-been-taken'}`.
   */
  async update(user: UserDoc, changes: Partial<UserFields>, actor: string | null): Promise<UserDoc> {
    try {
      return asUser(await this.store.update(USERS_DB, user._id, user._rev, { ...fieldsOf(user), ...changes, klass: 'User' }, actor))!;
    } catch (err) {
      if (changes.email && changes.email !== user.email) {
        const other = await this.byEmail(changes.email);
        if (other && other._id !== user._id) throw emailTaken('email');
      }
      throw err;
    }
  }

  private async findOne(selector: Record<string, unknown>): Promise<UserDoc | null> {
    const [doc] = await this.store.find(USERS_DB, { selector: { klass: 'User', ...selector }, limit: 1 }, { klasses: ['User'] });
    return asUser(doc ?? null);
  }
}

export function emailTaken(key: string): AppError {
  return new AppError('unprocessable_entity', { [key]: FIELD_MESSAGES.taken });
}

function asUser(doc: Doc | null): UserDoc | null {
  return doc && doc.klass === 'User' ? (doc as unknown as UserDoc) : null;
}
