import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { AccountConfigKey, Doc, FindQuery, PRICES_DB } from '@app/proto';
import { DocumentStore, retryOnConflict } from '@app/platform';
import { PG_POOL } from '../common/tokens';
import { ConfigurationRepository } from '../configuration/configuration.repository';
import { SeedPrice } from './billing.rules';

const DOCS = '"accounts"."documents"';

/** The I/O of billing: PlanPrice documents (db `prices`) and the plan keys of an account's configuration. */
@Injectable()
export class BillingRepository {
  constructor(
    private readonly store: DocumentStore,
    private readonly configs: ConfigurationRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /**
   * Creates the missing prices; a configured provider price id replaces a placeholder. Idempotent, and copies
   * starting together do not fail (the loser of a create race finds the winner's document).
   */
  async seed(prices: SeedPrice[]): Promise<void> {
    for (const { _id, ...fields } of prices) {
      await retryOnConflict(async () => {
        const doc = await this.store.get(PRICES_DB, _id);
        if (!doc) {
          await this.store.create(PRICES_DB, { _id, klass: 'PlanPrice', ...fields, active: true }, null);
          return;
        }
        if (fields.platform_price_id !== null && doc.platform_price_id !== fields.platform_price_id && !String(fields.platform_price_id).startsWith(`price_${fields.group_plan}_`)) {
          const { _id: id, _rev, created_at, updated_at, created_by, ...rest } = doc;
          await this.store.update(PRICES_DB, id, _rev, { ...rest, platform_price_id: fields.platform_price_id }, null);
        }
      });
    }
  }

  /** Active prices matching the selector (spec §7 POST /prices/_find). */
  findPrices(query: FindQuery): Promise<Doc[]> {
    return this.store.find(PRICES_DB, { ...query, selector: { ...query.selector, klass: 'PlanPrice', active: true } }, { klasses: ['PlanPrice'] });
  }

  /** A price by id, active or not (a checkout started before a price was retired still completes). */
  price(id: string): Promise<Doc | null> {
    return id.startsWith('prc-') ? this.store.get(PRICES_DB, id) : Promise.resolve(null);
  }

  config(accountId: string, key: AccountConfigKey): Promise<Doc | null> {
    return this.configs.byKey(accountId, key);
  }

  /** Writes a server-managed setting (no change when it already holds the value). */
  setConfig(accountId: string, key: AccountConfigKey, value: unknown, actor: string | null): Promise<Doc> {
    return retryOnConflict(async () => {
      const doc = await this.configs.byKey(accountId, key);
      if (!doc) return this.configs.create(accountId, key, value, actor);
      if (doc.value === value) return doc;
      return this.store.update(accountId, doc._id, doc._rev, { klass: 'AccountConfiguration', key, value }, actor);
    });
  }

  async removeConfig(accountId: string, key: AccountConfigKey, actor: string | null): Promise<void> {
    await retryOnConflict(async () => {
      const doc = await this.configs.byKey(accountId, key);
      if (doc) await this.store.remove(accountId, doc._id, doc._rev, actor);
    });
  }

  /** The group whose `platform_customer_id` is this provider customer. */
  async accountOfCustomer(customerId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ account_id: string }>(
      `SELECT account_id FROM ${DOCS}
       WHERE klass = 'AccountConfiguration' AND (body ->> 'key') = 'platform_customer_id' AND NOT deleted AND (body ->> 'value') = $1
       LIMIT 1`,
      [customerId],
    );
    return rows[0]?.account_id ?? null;
  }
}
