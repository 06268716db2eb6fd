import { minorBigInt, type CsvImportFields, type CsvImportProgress, type CsvUploadReply, type Doc, type DocBody, type ExactMinor, type Klass, type KlassDoc, type MappingTryRecord, type MappingTryReply, type WalletSummary } from '@app/proto';
import { ApiError, createApiClient, hostHookOptions, hostHooks, readCookie, type ApiClient, type KlassFind } from '@app/ui';
import type { z } from 'zod';
import { FIND_LIMIT, FINANCE, IMPORT_HANDLERS, IMPORTS, MAPPING_HANDLERS, MAPPING_VIEW, MAPPINGS, MONEY, STATEMENT_MAX_BYTES, VIEWS, type UPDATES } from './contract';
import { shiftMonth } from './format';
import type { RuleDoc } from './mapping-rules';

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

/** A row of the `month` view: [kind, currency, category] → the month's confirmed total in minor units (exact: a string past 2^53). */
export interface MonthRow {
  key: [kind: 'Income' | 'Outgo', currency: string, category: string | null];
  value: ExactMinor;
}

/** What a month's confirmed incomes or outgos add up to in one currency (minor units, exact at any size). */
export interface MonthTotal {
  kind: 'Income' | 'Outgo';
  currency: string;
  total: bigint;
}

export type MoneyHandler = (typeof UPDATES)[keyof typeof UPDATES];

export const docs = {
  /** the documents of one klass (named in the selector), typed as that klass's */
  find: <K extends Klass>(accountId: string, query: KlassFind<K>, signal?: AbortSignal) => api.find(accountId, query, signal),
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
   * record under each of its categories, so adding its rows would count a record with two categories twice. Summed as
   * BigInt: 1,001 records of 90 billion and one of a cent total …001, past what a number holds (issue 27 #6).
   */
  monthTotals: async (accountId: string, month: string): Promise<MonthTotal[]> => {
    const out = new Map<string, MonthTotal>();
    const date = { $gte: `${month}-01`, $lt: `${shiftMonth(month, 1)}-01` };
    for (const kind of ['Income', 'Outgo'] as const) {
      for (let skip = 0; ; skip += FIND_LIMIT) {
        const page = await docs.find(accountId, { selector: { klass: kind, confirmed: true, date }, fields: ['currency', 'value'], limit: FIND_LIMIT, skip });
        for (const d of page) {
          const value = minorBigInt(d.value);
          if (typeof d.currency !== 'string' || value === null) continue;
          const key = `${kind}|${d.currency}`;
          const t = out.get(key) ?? { kind, currency: d.currency, total: 0n };
          t.total += value;
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


// ---- CSV import (wallets-upload) ------------------------------------------------------------------------------------

/** A statement's import as stored: what was asked (proto's CsvImportFields) and its progress, set by the service. */
export type ImportDoc = Doc & z.output<typeof CsvImportFields> & Partial<CsvImportProgress> & { undone_records?: number; label?: string | null };

/** The imports listed under the upload screen. */
export const PAST_IMPORTS = 10;

/** How `fetch` is reached (tests stub the global). */
const send = (...args: Parameters<typeof fetch>) => fetch(...args);

export const imports = {
  /**
   * `POST /{account_id}/_imports` with the file's bytes: its dialect and first rows. Not through the JSON client (it
   * sends JSON only), but as it calls: same origin, cookies, the XSRF header, the screen's name; a refusal is an
   * ApiError with the answer's {error, reason} and reaches the shell's session check.
   */
  upload: async (accountId: string, file: Blob, signal?: AbortSignal): Promise<CsvUploadReply> => {
    const path = `/${encodeURIComponent(accountId)}/_imports`;
    const fail = (err: ApiError) => {
      hostHooks()?.onError?.(err, path, 'POST');
      return err;
    };
    if (file.size > STATEMENT_MAX_BYTES) throw new ApiError(413, 'payload_too_large', `A statement can have at most ${STATEMENT_MAX_BYTES / 1_000_000} MB`);
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'text/csv' };
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    if (routeName) headers['x-route-name'] = routeName;
    let response: Response;
    try {
      response = await send(path, { method: 'POST', headers, credentials: 'include', body: file, signal });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      throw fail(new ApiError(0, 'connection error', 'Network error'));
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const reason = typeof body.reason === 'string' || (body.reason && typeof body.reason === 'object') ? (body.reason as string) : undefined;
      throw fail(new ApiError(response.status, typeof body.error === 'string' ? body.error : 'undefined error', reason));
    }
    return body as unknown as CsvUploadReply;
  },
  /** starts an import (a CsvImport document; the service queues its job) */
  start: (accountId: string, fields: z.input<typeof CsvImportFields>) => docs.create(accountId, { klass: 'CsvImport', ...fields }),
  get: (accountId: string, id: string) => docs.get<'CsvImport'>(accountId, id) as Promise<ImportDoc>,
  /** the newest imports first */
  recent: (accountId: string) =>
    docs.find(accountId, { selector: { klass: 'CsvImport' }, sort: [{ created_at: 'desc' }], limit: PAST_IMPORTS }) as Promise<ImportDoc[]>,
  /** deletes the records the import made that are still imported (`imports/_update/undo/<id>`) */
  undo: async (accountId: string, id: string) => (await api.update(accountId, IMPORTS, IMPORT_HANDLERS.undo, id)).doc as ImportDoc | undefined,
};

// ---- mapping rules ------------------------------------------------------------------------------------------------

/** A row of a rule's preview: a stored record and what the rule would change on it. */
export interface RulePreviewRow {
  key: string;
  value: { klass: string; changes: { field: 'description' | 'third_party' | 'categories'; before: string | string[] | null; after: string | string[] | null }[]; applied: string[] };
}

export const rules = {
  all: (accountId: string) => docs.find(accountId, { selector: { klass: 'Mapping' }, limit: FIND_LIMIT }) as Promise<RuleDoc[]>,
  /** what one rule would change on the stored records (`mappings/_view/preview?key="map-…"`), changing nothing */
  preview: async (accountId: string, id: string): Promise<RulePreviewRow[]> => {
    const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design: MAPPINGS, view: MAPPING_VIEW.preview }, query: { key: JSON.stringify(id) } });
    return rows as RulePreviewRow[];
  },
  /** the records a preview names (their description, third party and date), to say which they are */
  records: async (accountId: string, rows: readonly RulePreviewRow[]): Promise<Map<string, Record<string, unknown>>> => {
    const out = new Map<string, Record<string, unknown>>();
    const byKlass = new Map<string, string[]>();
    for (const r of rows) byKlass.set(r.value.klass, [...(byKlass.get(r.value.klass) ?? []), r.key]);
    for (const [klass, ids] of byKlass) {
      const found = await docs.find(accountId, { selector: { klass: klass as Klass, _id: { $in: ids } }, fields: ['_id', 'description', 'paid_by', 'paid_to', 'date'], limit: ids.length });
      for (const d of found as Array<Record<string, unknown>>) out.set(String(d._id), d);
    }
    return out;
  },
  /**
   * what the group's active rules make of an import's preview records (`mappings/_update/try`), in the order sent: the
   * service runs the rules' patterns with its bounded matcher, never this browser
   */
  try: async (accountId: string, records: MappingTryRecord[], signal?: AbortSignal): Promise<MappingTryReply> => {
    const reply = await api.call('PUT /{db}/_design/{design}/_update/{handler}/{id}', { params: { db: accountId, design: MAPPINGS, handler: MAPPING_HANDLERS.try, id: 'preview' }, body: { records }, signal });
    return reply.doc as unknown as MappingTryReply;
  },
  /** applies one rule to the stored records of its kind: how many changed (`mappings/_update/apply/<id>`) */
  apply: async (accountId: string, id: string): Promise<number> => {
    const reply = await api.update(accountId, MAPPINGS, MAPPING_HANDLERS.apply, id);
    return Number((reply.doc as { changed_records?: unknown } | undefined)?.changed_records ?? 0);
  },
};
