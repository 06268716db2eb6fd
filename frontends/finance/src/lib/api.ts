import type { DocBody, Klass, KlassDoc, WalletSummary } from '@app/proto';
import { createApiClient, hostHookOptions, type ApiClient, type KlassFind } from '@app/ui';
import { FIND_LIMIT, FINANCE, MONEY, VIEWS, type UPDATES } from './contract';
import { shiftMonth } from './format';

// The remote's client of the gateway's document API (the finance contract, proto/src/finance.ts): _find, GET/PUT/DELETE
// by id, POST create, the `finance` design's views and the `money` design's update handlers, all on /{account_id}/….
// It is the @app/ui client, like the shell's: same origin, cookies, the XSRF header and x-route-name (the screen).

let routeName: string | undefined;
export const setRouteName = (name: string | undefined) => {
  routeName = name;
};

// failures and version changes go to the shell (re-login modal, new-version banner)
export let api: ApiClient = createApiClient({ routeName: () => routeName, ...hostHookOptions() });

/** For tests: another client (e.g. with a stubbed fetch). */
export function setApiClient(client: ApiClient): void {
  api = client;
}

/** A row of the `month` view: [kind, currency, category] → the month's confirmed total in minor units. */
export interface MonthRow {
  key: [kind: 'Income' | 'Outgo', currency: string, category: string | null];
  value: number;
}

/** What a month's confirmed incomes or outgos add up to in one currency (minor units). */
export interface MonthTotal {
  kind: 'Income' | 'Outgo';
  currency: string;
  total: number;
}

export type MoneyHandler = (typeof UPDATES)[keyof typeof UPDATES];

export const docs = {
  /** the documents of one klass (named in the selector), typed as that klass's */
  find: <K extends Klass>(accountId: string, query: KlassFind<K>) => api.find(accountId, query),
  /** one document of klass K */
  get: <K extends Klass>(accountId: string, id: string) => api.getDoc<K>(accountId, id) as Promise<KlassDoc<K>>,
  create: (accountId: string, doc: DocBody) => api.call('POST /{db}', { params: { db: accountId }, body: doc }),
  update: (accountId: string, id: string, rev: string, doc: DocBody) =>
    api.call('PUT /{db}/{id}', { params: { db: accountId, id }, query: { rev }, body: doc }),
  remove: (accountId: string, id: string, rev: string) => api.call('DELETE /{db}/{id}', { params: { db: accountId, id }, query: { rev } }),
};

export const finance = {
  /** every wallet with its balance, pending amounts and available credit (`finance/_view/wallets`) */
  wallets: async (accountId: string): Promise<WalletSummary[]> => {
    const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design: FINANCE, view: VIEWS.wallets } });
    return rows.map((r) => r.value as WalletSummary);
  },
  /** a month's confirmed incomes and outgos by currency and category (`finance/_view/month?month=yyyy-mm`) */
  month: async (accountId: string, month: string): Promise<MonthRow[]> => {
    const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design: FINANCE, view: VIEWS.month }, query: { month } });
    return rows as MonthRow[];
  },
  /**
   * A month's confirmed incomes and outgos summed per currency, from the records themselves: the `month` view counts a
   * record under each of its categories, so adding its rows would count a record with two categories twice.
   */
  monthTotals: async (accountId: string, month: string): Promise<MonthTotal[]> => {
    const out = new Map<string, MonthTotal>();
    const date = { $gte: `${month}-01`, $lt: `${shiftMonth(month, 1)}-01` };
    for (const kind of ['Income', 'Outgo'] as const) {
      for (let skip = 0; ; skip += FIND_LIMIT) {
        const page = await docs.find(accountId, { selector: { klass: kind, confirmed: true, date }, fields: ['currency', 'value'], limit: FIND_LIMIT, skip });
        for (const d of page) {
          if (typeof d.currency !== 'string' || typeof d.value !== 'number') continue;
          const key = `${kind}|${d.currency}`;
          const t = out.get(key) ?? { kind, currency: d.currency, total: 0 };
          t.total += d.value;
          out.set(key, t);
        }
        if (page.length < FIND_LIMIT) break;
      }
    }
    return [...out.values()];
  },
  /** confirm, unconfirm, import or unimport a money record (`money/_update/<handler>/<id>`, no body) */
  handle: (accountId: string, handler: MoneyHandler, id: string) => api.update(accountId, MONEY, handler, id),
};

