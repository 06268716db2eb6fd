import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { Doc, FindQuery, MAX_FIND_LIMIT } from '@app/proto';
import { DEFAULT_FIND_LIMIT, DocumentStore, mapPgError, parseFields, parseSelector, parseSort, projectFields, selectorSql, sortSql, SqlParams } from '@app/platform';
import { LOCK_POOL, PG_POOL } from '../common/tokens';

const DOCS = '"accounts"."documents"';
const LIVE_SUB = `klass = 'Subscription' AND NOT deleted`;

/**
 * Subscription documents (memberships), in their account's db, and the look-ups across accounts a user needs: the
 * user's memberships and invitations, the session roles, the free-group count (STYLE 5: the I/O of memberships).
 */
@Injectable()
export class MembershipsRepository {
  constructor(
    private readonly store: DocumentStore,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(LOCK_POOL) private readonly lockPool: Pool,
  ) {}

  async byId(accountId: string, id: string): Promise<Doc | null> {
    const doc = await this.store.get(accountId, id);
    return doc && doc.klass === 'Subscription' ? doc : null;
  }

  /** A membership by its id, in whichever account it is. */
  async byIdAnywhere(id: string): Promise<Doc | null> {
    const { rows } = await this.pool.query<{ body: Doc }>(`SELECT body FROM ${DOCS} WHERE id = $1 AND ${LIVE_SUB} LIMIT 1`, [id]);
    return rows[0]?.body ?? null;
  }

  /** The user's membership of one account (accepted or, when the user id is known, pending). */
  async ofUser(accountId: string, userId: string): Promise<Doc | null> {
    const [doc] = await this.store.find(accountId, { selector: { klass: 'Subscription', user_id: userId }, limit: 1 }, { klasses: ['Subscription'] });
    return doc ?? null;
  }

  async byEmail(accountId: string, email: string): Promise<Doc | null> {
    const [doc] = await this.store.find(
      accountId,
      { selector: { klass: 'Subscription', $or: [{ email }, { 'user.email': email }] }, limit: 1 },
      { klasses: ['Subscription'] },
    );
    return doc ?? null;
  }

  /** Every membership and invitation of an account. */
  async ofAccount(accountId: string): Promise<Doc[]> {
    return this.store.find(accountId, { selector: { klass: 'Subscription' }, limit: MAX_FIND_LIMIT }, { klasses: ['Subscription'] });
  }

  /** Whether an accepted administrator other than `exceptId` exists in the account. */
  async otherAdminExists(accountId: string, exceptId: string | null): Promise<boolean> {
    const { rows } = await this.pool.query(
      `SELECT 1 FROM ${DOCS} WHERE account_id = $1 AND ${LIVE_SUB} AND (body -> 'admin') = 'true'::jsonb
         AND (body ->> 'status') = 'accepted' AND ($2::text IS NULL OR id <> $2) LIMIT 1`,
      [accountId, exceptId],
    );
    return rows.length > 0;
  }

  create(accountId: string, fields: Record<string, unknown>, actor: string | null): Promise<Doc> {
    return this.store.create(accountId, { ...fields, klass: 'Subscription' }, actor);
  }

  update(sub: Doc, fields: Record<string, unknown>, actor: string | null): Promise<Doc> {
    return this.store.update(sub.account_id as string, sub._id, sub._rev, { ...fields, klass: 'Subscription' }, actor);
  }

  /**
   * The user's memberships across accounts (spec §7 POST /{user_id}/_find): accepted ones by user id and pending
   * invitations by user id or invited address; the query's selector, fields, limit and skip apply; bookmarked first,
   * then the query's sort (default created_at descending).
   */
  async forUser(userId: string, email: string | null, query: FindQuery): Promise<Doc[]> {
    const p = new SqlParams();
    const mine = email
      ? `((body ->> 'user_id') = ${p.add(userId)} OR ((body ->> 'email') = ${p.add(email)} AND NOT (body ? 'user_id') AND (body ->> 'status') = 'pending'))`
      : `(body ->> 'user_id') = ${p.add(userId)}`;
    const condition = selectorSql(parseSelector(query.selector), p);
    const sort = parseSort(query.sort);
    const order = [`COALESCE((body -> 'bookmark') = 'true'::jsonb, false) DESC`, sort.length ? sortSql(sort) : `(body #> '{created_at}'::text[]) DESC`, 'id'];
    const limit = query.limit ?? DEFAULT_FIND_LIMIT;
    const skip = query.skip ?? 0;
    const text = `SELECT body FROM ${DOCS} WHERE ${LIVE_SUB} AND ${mine} AND ${condition}
      ORDER BY ${order.join(', ')} LIMIT ${p.add(limit, 'integer')} OFFSET ${p.add(skip, 'integer')}`;
    let rows: { body: Doc }[];
    try {
      ({ rows } = await this.pool.query<{ body: Doc }>(text, p.values));
    } catch (e) {
      throw mapPgError(e);
    }
    const fields = parseFields(query.fields);
    return rows.map((r) => projectFields(r.body, fields && fields.length ? fields : undefined));
  }

  /** The user's memberships and invitations, for the session roles. */
  async sessionMemberships(userId: string, email: string | null): Promise<Doc[]> {
    return this.forUser(userId, email, { selector: {}, limit: MAX_FIND_LIMIT });
  }

  /** The accounts the user is an accepted member of. */
  async acceptedAccountIds(userId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ account_id: string }>(
      `SELECT account_id FROM ${DOCS} WHERE ${LIVE_SUB} AND (body ->> 'user_id') = $1 AND (body ->> 'status') = 'accepted'`,
      [userId],
    );
    return rows.map((r) => r.account_id);
  }

  /**
   * Runs `fn` while holding a lock on the user (a Postgres advisory lock, so across processes): the free-group count
   * and the membership it allows are one step, and two group creations of one user cannot both pass the limit.
   */
  async withUserLock<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const key = `accounts:free-groups:${userId}`;
    const c: PoolClient = await this.lockPool.connect();
    let broken: Error | undefined;
    try {
      // a wait beyond the statement timeout is the mapped 503, not a 500
      await c.query('SELECT pg_advisory_lock(hashtext($1))', [key]).catch((e: unknown) => {
        throw mapPgError(e);
      });
      try {
        return await fn();
      } finally {
        await c.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch((e: Error) => (broken = e));
      }
    } finally {
      c.release(broken);
    }
  }
}
