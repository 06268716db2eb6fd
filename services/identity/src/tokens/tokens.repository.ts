import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import type { Doc } from '@app/proto';
import { DocumentStore } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { documents } from '../identity.schema';
import type { TokenFields } from './token.rules';

export type TokenDoc = Doc & TokenFields;

/** UserToken documents: stored in their user's db, found by hash across all of them (unique index on token_hash). */
@Injectable()
export class TokensRepository {
  private readonly db: ReturnType<typeof drizzle>;

  constructor(
    @Inject(PG_POOL) pool: Pool,
    private readonly store: DocumentStore,
  ) {
    this.db = drizzle(pool);
  }

  /** The live token with this secret hash, in whichever user's db it is. */
  async byHash(hash: string): Promise<TokenDoc | null> {
    const rows = await this.db
      .select({ body: documents.body })
      .from(documents)
      .where(and(eq(documents.klass, 'UserToken'), eq(documents.deleted, false), sql`(${documents.body} ->> 'token_hash') = ${hash}`))
      .limit(1);
    return (rows[0]?.body as TokenDoc | undefined) ?? null;
  }

  async create(userId: string, fields: TokenFields): Promise<TokenDoc> {
    return (await this.store.create(userId, { ...fields, klass: 'UserToken' }, userId)) as TokenDoc;
  }

  /** Up to `limit` active tokens of the user, whole (with their hashes: for this service only). */
  async activeOf(userId: string, limit: number): Promise<TokenDoc[]> {
    const docs = await this.store.find(userId, { selector: { klass: 'UserToken', active: true }, limit }, { klasses: ['UserToken'], project: false });
    return docs as TokenDoc[];
  }

  async byId(userId: string, id: string): Promise<TokenDoc | null> {
    const doc = await this.store.get(userId, id);
    return doc?.klass === 'UserToken' ? (doc as TokenDoc) : null;
  }

  /** Writes `fields` over the token at the revision it was read at (409 when it changed in between). */
  async update(token: TokenDoc, fields: TokenFields, actor: string): Promise<TokenDoc> {
    return (await this.store.update(token.user_id, token._id, token._rev, { ...fields, klass: 'UserToken' }, actor)) as TokenDoc;
  }
}
