import { sql } from 'drizzle-orm';
import { uniqueIndex } from 'drizzle-orm/pg-core';
import { documentTables, klassIndex } from '@app/platform';

// The identity service's Postgres schema: the platform's document tables plus the indexes its look-ups use.
// After a change: `npx drizzle-kit generate --config services/identity/drizzle.config.ts` (see drizzle.config.ts).
export const IDENTITY_SCHEMA = 'identity';

/** The db (account_id) holding every User document; UserConfiguration and UserToken live in the user's own db. */
export const USERS_DB = '_users';

export const { schema, documents, outbox } = documentTables(IDENTITY_SCHEMA, {
  indexes: (t) => [
    klassIndex(t, 'User', 'email'),
    klassIndex(t, 'User', 'unconfirmed_email'),
    klassIndex(t, 'User', 'confirmation_token_hash'),
    klassIndex(t, 'User', 'reset_password_token_hash'),
    // one live user per address, whatever the case, even when two registrations race
    uniqueIndex('documents_user_email_lower_key')
      .on(sql.raw(`lower(body ->> 'email')`))
      .where(sql.raw(`klass = 'User' AND NOT deleted`)),
    // one live setting per key in a user's db
    klassIndex(t, 'UserConfiguration', 'key', { unique: true }),
    klassIndex(t, 'UserToken', 'active'),
    // a bearer token is found by its hash alone, across every user's db
    uniqueIndex('documents_usertoken_token_hash_key')
      .on(sql.raw(`(body ->> 'token_hash')`))
      .where(sql.raw(`klass = 'UserToken' AND NOT deleted`)),
  ],
});
