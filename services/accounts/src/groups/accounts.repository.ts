import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { Doc } from '@app/proto';
import { DocumentStore } from '@app/platform';
import { PG_POOL } from '../common/tokens';

const DOCS = '"accounts"."documents"';

/** Account documents: each group in its own db, db = its id (STYLE 5: the I/O of groups lives here). */
@Injectable()
export class AccountsRepository {
  constructor(
    private readonly store: DocumentStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async get(accountId: string): Promise<Doc | null> {
    if (!accountId.startsWith('acc-')) return null;
    const doc = await this.store.get(accountId, accountId);
    return doc && doc.klass === 'Account' ? doc : null;
  }

  create(accountId: string, fields: Record<string, unknown>, actor: string): Promise<Doc> {
    return this.store.create(accountId, { ...fields, _id: accountId, klass: 'Account' }, actor);
  }

  update(account: Doc, fields: Record<string, unknown>, actor: string | null): Promise<Doc> {
    return this.store.update(account._id, account._id, account._rev, { ...fields, klass: 'Account' }, actor);
  }

  /** Names of several groups at once. */
  async names(accountIds: string[]): Promise<Map<string, string>> {
    if (!accountIds.length) return new Map();
    const { rows } = await this.pool.query<{ id: string; name: string }>(
      `SELECT id, body ->> 'name' AS name FROM ${DOCS} WHERE account_id = ANY($1::text[]) AND id = account_id AND klass = 'Account' AND NOT deleted`,
      [accountIds],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
