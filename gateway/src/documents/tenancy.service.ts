import { Injectable } from '@nestjs/common';
import { CallerContext, errors, REASONS } from '@app/proto';

// Who may address which database (DESIGN: tenancy). A user database is the caller's own user id; an account database
// needs a membership, which the accounts service will answer over NATS (`accounts.membership.resolve`, next issue).
// Until it exists no membership can exist, so every account database is refused.

const MAX_SHOWN = 60;

@Injectable()
export class TenancyService {
  /** The caller's context for a call on `db`, with `db` (and, for accounts, `admin`) set; 403 when not allowed. */
  async resolve(caller: CallerContext, db: string): Promise<CallerContext> {
    if (!caller.user_id) throw errors.unauthorized();
    if (db.startsWith('usr-')) {
      if (db !== caller.user_id) throw errors.forbidden(REASONS.notAllowed);
      return { ...caller, db, admin: false };
    }
    if (db.startsWith('acc-')) {
      // accounts.membership.resolve({ ctx: caller, account_id: db }) → { admin } once the accounts service ships.
      throw errors.forbidden(REASONS.needSubscription);
    }
    const name = db.length > MAX_SHOWN ? `${db.slice(0, MAX_SHOWN)}…` : db;
    throw errors.notFound(`no database ${JSON.stringify(name)}: a database is a user id (usr-…) or a group id (acc-…)`);
  }
}
