// A money record's rules that need no schema (spec §5 tags): the largest amount, the longest texts and categories as
// tags. They sit apart from finance.ts so a browser bundle can import them, and the statement and mapping rules built
// on them (finance-statement.ts, finance-mapping.ts), without zod and finance's schemas. Pure, no imports.

/**
 * the largest amount of one record in minor units (90 billion at 2 decimals); sums of many may pass 2^53, so they are
 * made with BigInt or SQL numeric and answered as ExactMinor
 */
export const MAX_MINOR = 9_000_000_000_000_000 / 1000;

/** The largest integer a JavaScript number holds exactly: balances are kept within it (sums past it are strings). */
export const MAX_EXACT_MINOR = Number.MAX_SAFE_INTEGER;

/**
 * An amount the service sums (minor units): a JSON number while it is within MAX_EXACT_MINOR, else the exact integer
 * as a decimal string ("9009000000000001"), since a JSON number past 2^53 loses units in every JavaScript client.
 */
export type ExactMinor = number | string;

/** A sum (minor units) as the service answers it: a number while exact, else its decimal digits. */
export function exactMinor(n: bigint): ExactMinor {
  return n >= -BigInt(MAX_EXACT_MINOR) && n <= BigInt(MAX_EXACT_MINOR) ? Number(n) : n.toString();
}

/** An answered amount (ExactMinor, or any integer number) as a BigInt; null when it is none. */
export function minorBigInt(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : Number.isFinite(value) ? BigInt(Math.round(value)) : null;
  if (typeof value === 'string' && /^-?\d{1,40}$/.test(value)) return BigInt(value);
  return null;
}

/** the longest description and third party (paid_by / paid_to) a record keeps, in characters */
export const RECORD_TEXT_MAX = { description: 1000, third_party: 200 } as const;

/**
 * Categories as tags: comma separated, each trimmed, lower-cased, spaces turned into dashes, empty ones and repeats
 * dropped ("Food, eating out,food" → ["food", "eating-out"]).
 */
export function normalizeTags(input: unknown): string[] {
  const parts = Array.isArray(input) ? input.flatMap((x) => String(x).split(',')) : typeof input === 'string' ? input.split(',') : [];
  const out: string[] = [];
  for (const p of parts) {
    const tag = p.trim().toLowerCase().replace(/\s+/g, '-').slice(0, 60);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, 30);
}
