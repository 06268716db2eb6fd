import type {
  FEE_KINDS,
  FINANCE_DESIGN,
  FINANCE_MESSAGES,
  FINANCE_VIEWS,
  MAX_FIND_LIMIT,
  MAX_MINOR,
  MAX_PRECISION,
  MONEY_DESIGN,
  MONEY_KIND_NAMES,
  MONEY_KLASSES,
  MONEY_UPDATES,
  normalizeTags,
} from '@app/proto';

// The finance contract's constants and its tag rule, needed at run time (proto/src/finance.ts). proto's finance module
// also holds the zod schemas, and importing a value from it would bundle them (and zod): the values are written out
// here under other names, and `satisfies typeof <proto's>` makes the compiler refuse any that drifts from proto
// (lib/contract.test.ts compares them with proto's too).

export const MONEY_RECORD_KLASSES = ['Income', 'Outgo', 'Transfer', 'Exchange'] as const satisfies typeof MONEY_KLASSES;
export const FEE_SIDES = ['source', 'destination'] as const satisfies typeof FEE_KINDS;
export const PRECISION_MAX = 4 satisfies typeof MAX_PRECISION;
export const AMOUNT_MAX = 9_000_000_000_000 satisfies typeof MAX_MINOR;
export const FIND_LIMIT = 1000 satisfies typeof MAX_FIND_LIMIT;

/** the field errors the finance service answers (and the forms give before sending), keys of `validation.*` */
export const MESSAGES = {
  notACurrency: 'is-not-a-currency',
  mustBePositive: 'must-be-greater-than-0',
  mustBeWhole: 'must-be-a-whole-number-of-cents',
  sameWallet: 'must-be-another-wallet',
  sameCurrency: 'must-have-the-same-currency',
  otherCurrency: 'must-have-another-currency',
  badDate: 'is-not-a-date',
  cannotChange: 'cannot-be-changed',
  inactiveWallet: 'is-inactive',
} as const satisfies typeof FINANCE_MESSAGES;

/** the records' names in the spec's messages (§8) */
export const KIND_NAMES = { Income: 'Revenue', Outgo: 'Expense', Transfer: 'Transfer', Exchange: 'Exchange' } as const satisfies typeof MONEY_KIND_NAMES;

export const MONEY = 'money' satisfies typeof MONEY_DESIGN;
export const UPDATES = { confirm: 'confirm', unconfirm: 'unconfirm', import: 'import', unimport: 'unimport' } as const satisfies typeof MONEY_UPDATES;
export const FINANCE = 'finance' satisfies typeof FINANCE_DESIGN;
export const VIEWS = { wallets: 'wallets', month: 'month' } as const satisfies typeof FINANCE_VIEWS;

/**
 * Categories as tags (spec §5), proto's normalizeTags written out: comma separated, each trimmed, lower-cased, spaces
 * turned into dashes, empty ones and repeats dropped ("Food, eating out,food" → ["food", "eating-out"]).
 */
export const toTags = ((input: unknown): string[] => {
  const parts = Array.isArray(input) ? input.flatMap((x) => String(x).split(',')) : typeof input === 'string' ? input.split(',') : [];
  const out: string[] = [];
  for (const p of parts) {
    const tag = p.trim().toLowerCase().replace(/\s+/g, '-').slice(0, 60);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, 30);
}) satisfies typeof normalizeTags;
