import type { z } from 'zod';
import type {
  CSV_IMPORT_STATUSES,
  CSV_MAX_BYTES,
  CSV_PREVIEW_ROWS,
  FEE_KINDS,
  IMPORT_UPDATES,
  IMPORTS_DESIGN,
  MAPPING_UPDATES,
  MAPPING_VIEWS,
  MappingFields,
  MAPPINGS_DESIGN,
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
} from '@app/proto';
import { normalizeTags, STATEMENT_REASONS } from '@app/proto';

// The finance contract's constants and its tag rule, needed at run time (proto/src/finance.ts). proto's finance module
// also holds the zod schemas, and importing a value from it would bundle them (and zod): the values are written out
// here under other names, and `satisfies typeof <proto's>` makes the compiler refuse any that drifts from proto
// (lib/contract.test.ts compares them with proto's too). The rules of proto's schema-free modules (finance-records,
// finance-statement, finance-mapping) are imported as they are.

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
  tooLarge: 'must-be-less-than-or-equal-to-9000000000000',
  tooSmall: 'must-be-greater-than-or-equal-to--9000000000000',
  ambiguousDates: 'is-ambiguous',
} as const satisfies typeof FINANCE_MESSAGES;

/** the records' names in the spec's messages (§8) */
export const KIND_NAMES = { Income: 'Revenue', Outgo: 'Expense', Transfer: 'Transfer', Exchange: 'Exchange' } as const satisfies typeof MONEY_KIND_NAMES;

export const MONEY = 'money' satisfies typeof MONEY_DESIGN;
export const UPDATES = { confirm: 'confirm', unconfirm: 'unconfirm', import: 'import', unimport: 'unimport' } as const satisfies typeof MONEY_UPDATES;
export const FINANCE = 'finance' satisfies typeof FINANCE_DESIGN;
export const VIEWS = { wallets: 'wallets', month: 'month' } as const satisfies typeof FINANCE_VIEWS;

/** Categories as tags (spec §5): proto's rule ("Food, eating out,food" → ["food", "eating-out"]). */
export const toTags = normalizeTags;

// ---- CSV import (wallets-upload) and mapping rules --------------------------------------------------------------------

/** the largest statement the gateway takes (bytes) */
export const STATEMENT_MAX_BYTES = 20_000_000 satisfies typeof CSV_MAX_BYTES;
/** the rows of a statement the upload answers */
export const STATEMENT_PREVIEW_ROWS = 20 satisfies typeof CSV_PREVIEW_ROWS;
export const IMPORT_STATES = ['queued', 'running', 'done', 'failed', 'undoing', 'undone'] as const satisfies typeof CSV_IMPORT_STATUSES;
export const IMPORTS = 'imports' satisfies typeof IMPORTS_DESIGN;
export const IMPORT_HANDLERS = { undo: 'undo' } as const satisfies typeof IMPORT_UPDATES;
export const MAPPINGS = 'mappings' satisfies typeof MAPPINGS_DESIGN;
export const MAPPING_VIEW = { preview: 'preview' } as const satisfies typeof MAPPING_VIEWS;
export const MAPPING_HANDLERS = { apply: 'apply', try: 'try' } as const satisfies typeof MAPPING_UPDATES;

type RuleFields = z.input<typeof MappingFields>;
type RuleCondition = NonNullable<RuleFields['conditions']>[number];
/** a rule's choices (proto's MappingFields enums; lib/contract.test.ts checks each list is whole) */
export const RULE_TARGETS = ['outgo', 'income', 'transfer', 'exchange'] as const satisfies readonly RuleFields['target'][];
export const RULE_FIELDS = ['description', 'third_party', 'categories'] as const satisfies readonly RuleCondition['field_to_watch'][];
export const RULE_WATCH_KINDS = ['contains', 'starts_with', 'ends_with', 'equals', 'regex'] as const satisfies readonly RuleCondition['kind_of_watch'][];
export const RULE_CHANGE_KINDS = ['replace', 'append', 'prepend'] as const satisfies readonly RuleFields['kind_of_change'][];
export const RULE_JOINS = ['and', 'or'] as const satisfies readonly NonNullable<RuleFields['join']>[];
/** the most conditions a rule holds */
export const RULE_MAX_CONDITIONS = 10;

/** spec §8's refusals of an import, as the service words them */
export const IMPORT_REASONS = STATEMENT_REASONS;
