import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AccountConfigKey, Doc } from '@app/proto';
import { DocumentStore } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { PlanFacts } from '../groups/account.rules';

const DOCS = '"accounts"."documents"';

/** AccountConfiguration documents: one per key in the account's db (STYLE 5: the I/O of configuration lives here). */
@Injectable()
export class ConfigurationRepository {
  constructor(
    private readonly store: DocumentStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async byKey(accountId: string, key: AccountConfigKey): Promise<Doc | null> {
    const [doc] = await this.store.find(accountId, { selector: { klass: 'AccountConfiguration', key }, limit: 1 }, { klasses: ['AccountConfiguration'] });
    return doc ?? null;
  }

  async value(accountId: string, key: AccountConfigKey): Promise<unknown> {
    return (await this.byKey(accountId, key))?.value;
  }

  /** The values of these keys in one query; a key the account has no document for is left out. */
  async values(accountId: string, keys: readonly AccountConfigKey[]): Promise<Partial<Record<AccountConfigKey, unknown>>> {
    const { rows } = await this.pool.query<{ key: AccountConfigKey; value: unknown }>(
      `SELECT body ->> 'key' AS key, body -> 'value' AS value FROM ${DOCS}
       WHERE account_id = $1 AND klass = 'AccountConfiguration' AND NOT deleted AND (body #> '{key}'::text[]) = ANY($2::jsonb[])`,
      [accountId, keys.map((k) => JSON.stringify(k))],
    );
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  create(accountId: string, key: AccountConfigKey, value: unknown, actor: string | null): Promise<Doc> {
    return this.store.create(accountId, { klass: 'AccountConfiguration', key, value }, actor);
  }

  /** The plan facts (`confirmed-plan`, `parent-account-id`) of each of the accounts. */
  async planFacts(accountIds: string[]): Promise<Map<string, PlanFacts>> {
    const facts = new Map<string, PlanFacts>(accountIds.map((id) => [id, { plan: undefined, parent: undefined }]));
    if (!accountIds.length) return facts;
    const { rows } = await this.pool.query<{ account_id: string; key: string; value: unknown }>(
      `SELECT account_id, body ->> 'key' AS key, body -> 'value' AS value FROM ${DOCS}
       WHERE account_id = ANY($1::text[]) AND klass = 'AccountConfiguration' AND NOT deleted
         AND (body #> '{key}'::text[]) IN ('"confirmed-plan"'::jsonb, '"parent-account-id"'::jsonb)`,
      [accountIds],
    );
    for (const r of rows) {
      const f = facts.get(r.account_id)!;
      if (r.key === 'confirmed-plan') f.plan = r.value;
      else f.parent = r.value;
    }
    return facts;
  }

  async planFactsOf(accountId: string): Promise<PlanFacts> {
    return (await this.planFacts([accountId])).get(accountId)!;
  }

  /** The accounts whose `parent-account-id` is this one (its corporate sub-groups). */
  async children(accountId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ account_id: string }>(
      `SELECT account_id FROM ${DOCS}
       WHERE klass = 'AccountConfiguration' AND (body ->> 'key') = 'parent-account-id' AND NOT deleted AND (body ->> 'value') = $1
       ORDER BY account_id`,
      [accountId],
    );
    return rows.map((r) => r.account_id);
  }
}
