// A money record's rules that need no schema (spec §5 tags): the largest amount, the longest texts and categories as
// tags. They sit apart from finance.ts so a browser bundle can import them, and the statement and mapping rules built
// on them (finance-statement.ts, finance-mapping.ts), without zod and finance's schemas. Pure, no imports.

/** the largest amount in minor units (about 90 trillion at 2 decimals): sums of many stay exact in a double */
export const MAX_MINOR = 9_000_000_000_000_000 / 1000;

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
