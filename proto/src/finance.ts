import { z } from 'zod';
import { CallerContext } from './context';
import { FIELD_MESSAGES as M } from './errors';
import { MAX_MINOR, normalizeTags, RECORD_TEXT_MAX, type ExactMinor } from './finance-records';
import type { DateSample, StatementDateFormat } from './finance-statement';

// the schema-free rules live in finance-records.ts (the browser imports them without zod); said here too, as before
export { MAX_MINOR, normalizeTags };

// The finance module's documents (spec §3 Wallet, Wallet balance, Income and outgo, Transfer, Exchange; §4 money
// records; §5 transfer/exchange currencies, tags; §8 messages): the fields a client may send, the update handlers and
// views, and the pure money rules both the finance service and the web use. Money is exact: every amount is an integer
// number of the currency's minor units (cents), never a binary float. Pure (zod only).

// ---- currencies ------------------------------------------------------------------------------------------------

/** ISO 4217 codes the runtime knows (Intl), e.g. USD, BRL, EUR, JPY. */
export function isCurrency(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('currency').includes(code);
  } catch {
    return true; // a runtime without supportedValuesOf: three capital letters
  }
}

/** A currency's minor-unit digits (USD 2, JPY 0, BHD 3), as Intl knows them. */
export function currencyPrecision(code: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export const MAX_PRECISION = 4;

/** Message keys of finance field errors (web i18n: `validation.<key>`). */
export const FINANCE_MESSAGES = {
  notACurrency: 'is-not-a-currency',
  mustBePositive: 'must-be-greater-than-0',
  mustBeWhole: 'must-be-a-whole-number-of-cents',
  sameWallet: 'must-be-another-wallet',
  sameCurrency: 'must-have-the-same-currency',
  otherCurrency: 'must-have-another-currency',
  badDate: 'is-not-a-date',
  cannotChange: 'cannot-be-changed',
  inactiveWallet: 'is-inactive',
  /** an amount over MAX_MINOR: the bound said in minor units (90,000,000,000.00 at 2 decimals) */
  tooLarge: 'must-be-less-than-or-equal-to-9000000000000',
  /** a start balance under -MAX_MINOR */
  tooSmall: 'must-be-greater-than-or-equal-to--9000000000000',
  /** a statement whose dates read as different days in two formats, imported without choosing one */
  ambiguousDates: 'is-ambiguous',
} as const;
// the bound in the two messages above is MAX_MINOR's (finance.spec checks they agree)

const minor = (min: number) =>
  z
    .number({ error: M.invalid })
    .int({ error: FINANCE_MESSAGES.mustBeWhole })
    .min(min, { error: min > 0 ? FINANCE_MESSAGES.mustBePositive : M.invalid })
    .max(MAX_MINOR, { error: FINANCE_MESSAGES.tooLarge });

const WalletId = z.string({ error: M.blank }).regex(/^wal-[A-Za-z0-9_-]{1,64}$/, { error: M.invalid });
/** a calendar date, yyyy-mm-dd */
export const MoneyDate = z
  .string({ error: M.blank })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FINANCE_MESSAGES.badDate })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, { error: FINANCE_MESSAGES.badDate });

// ---- tags (spec §5) ----------------------------------------------------------------------------------------------

const Tags = z.union([z.string(), z.array(z.string())]).transform(normalizeTags);

// ---- documents ----------------------------------------------------------------------------------------------------

/**
 * A wallet (spec §3): an account, cash box or card in one currency. `balance` is kept by the service (start_balance
 * plus every confirmed, not imported record); the currency (and decimals) can't change once the wallet has records.
 * Read through `_find` or `GET` it also carries what the wallets view computes (WalletComputed).
 */
export const WalletFields = z.object({
  name: z.string({ error: M.blank }).trim().min(1, { error: M.blank }).max(120, { error: M.tooLong }),
  currency: z.string({ error: M.blank }).refine(isCurrency, { error: FINANCE_MESSAGES.notACurrency }),
  /** decimal digits; the currency's when absent */
  precision: z.number().int().min(0).max(MAX_PRECISION).nullable().optional(),
  start_balance: z
    .number({ error: M.invalid })
    .int({ error: FINANCE_MESSAGES.mustBeWhole })
    .min(-MAX_MINOR, { error: FINANCE_MESSAGES.tooSmall })
    .max(MAX_MINOR, { error: FINANCE_MESSAGES.tooLarge })
    .default(0),
  /** a card's credit limit, in minor units */
  limit: minor(0).nullable().optional(),
  card: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type WalletFields = z.infer<typeof WalletFields>;

const recordBase = {
  date: MoneyDate,
  description: z.string().max(RECORD_TEXT_MAX.description, { error: M.tooLong }).nullable().optional(),
  categories: Tags.optional(),
};

export const IncomeFields = z.object({ ...recordBase, wallet_id: WalletId, value: minor(1), paid_by: z.string().max(RECORD_TEXT_MAX.third_party, { error: M.tooLong }).nullable().optional() });
export const OutgoFields = z.object({ ...recordBase, wallet_id: WalletId, value: minor(1), paid_to: z.string().max(RECORD_TEXT_MAX.third_party, { error: M.tooLong }).nullable().optional() });
/** between two wallets of the same currency (spec §5); the fee leaves the source too */
export const TransferFields = z.object({ ...recordBase, source_wallet_id: WalletId, destination_wallet_id: WalletId, value: minor(1), fee: minor(0).default(0) });
export const FEE_KINDS = ['source', 'destination'] as const;
/**
 * between two wallets of different currencies (spec §5): value_out leaves the source, value_in reaches the destination;
 * the fee is in the source's currency (fee_kind source, leaves the source) or the destination's (taken from what arrives)
 */
export const ExchangeFields = z.object({
  ...recordBase,
  source_wallet_id: WalletId,
  destination_wallet_id: WalletId,
  value_out: minor(1),
  value_in: minor(1),
  fee: minor(0).default(0),
  fee_kind: z.enum(FEE_KINDS, { error: M.invalid }).default('source'),
});

export type MoneyKlass = 'Income' | 'Outgo' | 'Transfer' | 'Exchange';
export const MONEY_KLASSES: readonly MoneyKlass[] = ['Income', 'Outgo', 'Transfer', 'Exchange'];
/**
 * Fields only the finance service writes on money records (confirm/unconfirm and import/unimport handlers; an import's
 * id and `statement_line`, the fingerprint of the statement's line a record was imported from, which repeats are told
 * by however the record is renamed later).
 */
export const MONEY_SERVER_FIELDS = ['confirmed', 'imported', 'currency', 'import_id', 'statement_line'] as const;

/** The record's name in the spec's messages (§8): Revenue, Expense, Transfer, Exchange. */
export const MONEY_KIND_NAMES: Record<MoneyKlass, string> = { Income: 'Revenue', Outgo: 'Expense', Transfer: 'Transfer', Exchange: 'Exchange' };
export const FINANCE_REASONS = {
  alreadyConfirmed: (k: MoneyKlass) => `${MONEY_KIND_NAMES[k]} is already confirmed`,
  alreadyUnconfirmed: (k: MoneyKlass) => `${MONEY_KIND_NAMES[k]} is already unconfirmed`,
  imported: 'Record is imported',
  notImported: 'Record is not imported',
  deleteConfirmed: (k: MoneyKlass) => `You cannot delete a confirmed ${MONEY_KIND_NAMES[k]}`,
  walletInUse: 'This wallet has records: move or delete them first',
  /** a write that would take a wallet's balance (or its currency's total) past MAX_EXACT_MINOR */
  balanceTooLarge: 'The balance would pass the largest amount kept exactly (9007199254740991 in minor units)',
} as const;

// ---- update handlers and views ------------------------------------------------------------------------------------

export const MONEY_DESIGN = 'money';
export const MONEY_UPDATES = { confirm: 'confirm', unconfirm: 'unconfirm', import: 'import', unimport: 'unimport' } as const;
export const FINANCE_DESIGN = 'finance';
export const FINANCE_VIEWS = {
  /** every wallet with its pending and available amounts: rows `{key: wallet id, value: WalletSummary}` */
  wallets: 'wallets',
  /**
   * `?month=yyyy-mm`: confirmed incomes and outgos of the month by category and currency: rows `{key: [kind, currency,
   * category], value: total}`, each total exact (ExactMinor: a string past 2^53)
   */
  month: 'month',
} as const;

/** What the service computes of a wallet (spec §3), in the wallets view and on every Wallet read (`_find`, `GET`). */
export interface WalletComputed {
  /** a card's credit limit (minor units); null for other wallets and a card without one */
  limit: number | null;
  /** unconfirmed records touching the wallet */
  pending_transactions: number;
  /** the balance once every pending record is confirmed */
  balance_after_pending: ExactMinor;
  /** a card's limit plus its (negative) balance; null for other wallets */
  available_credit: ExactMinor | null;
}

export interface WalletSummary extends WalletComputed {
  _id: string;
  name: string;
  currency: string;
  precision: number;
  balance: number;
  start_balance: number;
  active: boolean;
  card: boolean;
}

/** A currency's total over the group's wallets (klass WalletBalance, id `wbl-<currency>`), what the dashboard reads. */
export interface WalletBalanceFields {
  currency: string;
  balance: number;
  precision: number;
}

// ---- CSV import (wallets-upload, spec §3 CSV import, §5) -------------------------------------------------------------

/** The largest bank statement an upload takes (bytes). */
export const CSV_MAX_BYTES = 20_000_000;
/** rows a preview shows */
export const CSV_PREVIEW_ROWS = 20;
export const CSV_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'undoing', 'undone'] as const;
export type CsvImportStatus = (typeof CSV_IMPORT_STATUSES)[number];

/** How often, at most, a running import writes its done_rows (a person's progress bar reads it every half second). */
export const CSV_PROGRESS_EVERY_MS = 250;

/** Which column (0-based) holds what; at least 3 matched, a date among them (spec §5). */
export const CsvColumns = z.object({
  date: z.number().int().min(0).max(200),
  value: z.number().int().min(0).max(200).nullable().optional(),
  debit: z.number().int().min(0).max(200).nullable().optional(),
  credit: z.number().int().min(0).max(200).nullable().optional(),
  description: z.number().int().min(0).max(200).nullable().optional(),
  third_party: z.number().int().min(0).max(200).nullable().optional(),
  categories: z.number().int().min(0).max(200).nullable().optional(),
});
export type CsvColumns = z.infer<typeof CsvColumns>;

/** What a client sends to start an import (POST a CsvImport): the upload, the wallet, the columns and the options. */
export const CsvImportFields = z.object({
  upload_id: z.string().regex(/^[0-9a-f-]{36}$/, { error: M.invalid }),
  wallet_id: WalletId,
  columns: CsvColumns,
  ignore_line_one: z.boolean().default(false),
  first_line_is_header: z.boolean().default(true),
  /** e.g. 'dd/mm/yyyy'; detected when absent */
  date_format: z.string().max(20).nullable().optional(),
  most_items_are: z.enum(['income', 'outgo']).default('outgo'),
  /** apply the active mapping rules to the rows */
  apply_mappings: z.boolean().default(true),
  description: z.string().max(200).nullable().optional(),
});
export type CsvImportFields = z.infer<typeof CsvImportFields>;

/**
 * What the import writes on its CsvImport document as it goes: `running` with total_rows 0 while it reads the file,
 * then total_rows (the records the file makes) and done_rows (those written or found duplicate so far, at most every
 * CSV_PROGRESS_EVERY_MS), then `done` once they are all committed.
 */
export interface CsvImportProgress {
  status: CsvImportStatus;
  total_rows: number;
  done_rows: number;
  created: number;
  duplicates: number;
  /** the first error, with its line number (nothing is written when an import fails) */
  error: { line: number | null; reason: string } | null;
}

/** finance.import.analyse: the upload the gateway stored (Redis, `<prefix>:csv:<account_id>:<upload_id>`, one hour). */
export const CsvAnalyseRequest = z.object({ ctx: CallerContext, upload_id: z.string().regex(/^[0-9a-f-]{36}$/) });
export type CsvAnalyseRequest = z.infer<typeof CsvAnalyseRequest>;

/** The Redis key of an uploaded statement's bytes. */
export const csvUploadKey = (prefix: string, accountId: string, uploadId: string): string => `${prefix}:csv:${accountId}:${uploadId}`;
export const CSV_UPLOAD_TTL_SECONDS = 3600;
/**
 * The statements one group may have waiting in Redis at once (uploaded, not yet imported or expired): at most this
 * many bytes and this many files. An import that succeeded lets its upload go.
 */
export const CSV_GROUP_MAX_BYTES = 3 * CSV_MAX_BYTES;
export const CSV_GROUP_MAX_UPLOADS = 20;
/** The Redis hash of a group's waiting statements: upload id → `<expires at, ms>:<bytes>`. */
export const csvHeldKey = (prefix: string, accountId: string): string => `${prefix}:csvheld:${accountId}`;

/** `POST /{account_id}/_imports` (the file's bytes): what the column matching step needs. */
export interface CsvUploadReply {
  upload_id: string;
  encoding: string;
  delimiter: string;
  /** the first line's cells when it looks like a header */
  header: string[] | null;
  /** what the file suggests; the person can change both */
  first_line_is_header: boolean;
  ignore_line_one: boolean;
  columns: number;
  /** the file's rows (CSV records, a header and an ignored line one included): a quoted cell may span lines of text */
  lines: number;
  /** the first rows as cells */
  rows: string[][];
  /**
   * the line of the file where each of `rows` starts (1-based, as the import's problems name it): blank lines and line
   * breaks inside quoted cells make it differ from the row's position
   */
  row_lines: number[];
  /**
   * the columns holding dates, read over the whole file's data rows (as the upload suggests them): the formats reading
   * every date of each; when they read a date as different days, that date with both readings (the person chooses:
   * an import without a date_format is then refused)
   */
  date_columns: CsvDateColumn[];
}

/** A column whose every date (cells with a digit) reads in one date format or more. */
export interface CsvDateColumn {
  /** 0-based */
  column: number;
  /** the formats reading every date of the column, the preferred first */
  formats: StatementDateFormat[];
  /** the first date the formats read as different days, with its readings; null when they agree on every one */
  sample: DateSample | null;
}

/** The whole-file reading of an upload's dates, kept beside its bytes for the import's check (`<upload key>:dates`). */
export interface CsvUploadDates {
  /** the rows the columns were read over: after line one when ignored, after the header when there is one */
  ignore_line_one: boolean;
  first_line_is_header: boolean;
  date_columns: CsvDateColumn[];
}
export const csvUploadDatesKey = (prefix: string, accountId: string, uploadId: string): string => `${csvUploadKey(prefix, accountId, uploadId)}:dates`;

export const IMPORTS_DESIGN = 'imports';
/** `_design/imports/_update/undo/<csv id>`: deletes the records the import made that are still imported */
export const IMPORT_UPDATES = { undo: 'undo' } as const;

// ---- mapping rules (spec §3 Mapping, §4 mapping kinds) ---------------------------------------------------------------

const MappingCondition = z.object({
  field_to_watch: z.enum(['description', 'third_party', 'categories'], { error: M.invalid }),
  kind_of_watch: z.enum(['contains', 'ends_with', 'equals', 'starts_with', 'regex'], { error: M.invalid }),
  text_to_match: z.string({ error: M.blank }).max(200, { error: M.tooLong }),
});

/**
 * A mapping rule: when its condition (or all/any of its conditions, beyond the spec) holds on a record of its target
 * kind, it changes a field. Applied in `order` on import and, on demand, to existing records.
 */
export const MappingFields = z.object({
  description: z.string().max(200, { error: M.tooLong }).nullable().optional(),
  active: z.boolean().default(true),
  order: z.number().int().min(0).max(100_000).nullable().optional(),
  target: z.enum(['income', 'outgo', 'transfer', 'exchange'], { error: M.invalid }),
  conditions: z.array(MappingCondition).max(10).nullable().optional(),
  join: z.enum(['and', 'or']).nullable().optional(),
  field_to_watch: MappingCondition.shape.field_to_watch.optional(),
  kind_of_watch: MappingCondition.shape.kind_of_watch.optional(),
  text_to_match: MappingCondition.shape.text_to_match.optional(),
  field_to_change: z.enum(['description', 'third_party', 'categories'], { error: M.invalid }),
  kind_of_change: z.enum(['replace', 'append', 'prepend'], { error: M.invalid }),
  text_to_change: z.string().max(500, { error: M.tooLong }),
});
export type MappingFields = z.infer<typeof MappingFields>;

export const MAPPINGS_DESIGN = 'mappings';
/** `_design/mappings/_view/preview[?key="map-…"]`: what one rule (all active ones without key) would change on existing records */
export const MAPPING_VIEWS = { preview: 'preview' } as const;
/**
 * `_design/mappings/_update/apply/<map id>`: applies one rule to every existing record of its target kind.
 * `_design/mappings/_update/try/<any id>` with a MappingTryRequest: the records given as the group's active rules
 * would leave them (the import screen's preview; the rules' regexes run by the service's bounded matcher, never the
 * browser's), changing nothing; the reply's `doc` is a MappingTryReply.
 */
export const MAPPING_UPDATES = { apply: 'apply', try: 'try' } as const;

/** The most records one `try` takes (an import's preview shows CSV_PREVIEW_ROWS). */
export const MAPPING_TRY_MAX = 200;

/** A record as the import would make it, before the rules (its third party whatever its kind). */
export interface MappingTryRecord {
  klass: 'Income' | 'Outgo';
  description: string | null;
  third_party: string | null;
  categories: string[];
}
export interface MappingTryRequest {
  records: MappingTryRecord[];
}
/** The records in the same order, as the rules leave them, and the rules each one met (their ids, in order). */
export interface MappingTryReply {
  records: Array<MappingTryRecord & { applied: string[] }>;
}
