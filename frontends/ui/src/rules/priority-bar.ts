import type { TICKET_PRIORITY_COUNTER_KEYS, TicketPriority } from '@app/proto';

// The priority bar (spec §2, §9): shares of high, medium and low as whole percentages, low taking the remainder. One
// rule for every bar: the shell's dashboard and admin page and the tickets remote's list.

export interface PriorityCounts {
  high: number;
  medium: number;
  low: number;
}

/** The colour of each priority wherever tickets are shown. */
export const PRIORITY_COLOR = { high: 'red', medium: 'orange', low: 'teal' } as const;

const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** Whole-number percentages summing to 100 (all 0 when there is nothing to split); low gets 100 - high - medium. */
export function priorityPercentages(counts: PriorityCounts): PriorityCounts {
  const high = nonNegative(counts.high);
  const medium = nonNegative(counts.medium);
  const low = nonNegative(counts.low);
  const total = high + medium + low;
  if (total === 0) return { high: 0, medium: 0, low: 0 };
  const highPct = Math.round((high / total) * 100);
  const mediumPct = Math.min(Math.round((medium / total) * 100), 100 - highPct);
  return { high: highPct, medium: mediumPct, low: 100 - highPct - mediumPct };
}

/**
 * Proto's TICKET_PRIORITY_COUNTER_KEYS turned around, checked against it by the compiler (each counter key maps to its
 * priority, none missing or extra). Written out because a value import of proto's tickets module would bundle zod and
 * every tickets schema (26 kB gzip) into the dashboard, which needs none of them.
 */
const PRIORITY_OF_COUNTER_KEY = { TicketHigh: 'high', TicketMedium: 'medium', TicketLow: 'low' } as const satisfies {
  [P in TicketPriority as (typeof TICKET_PRIORITY_COUNTER_KEYS)[P]]: P;
};
const priorityOf = (key: unknown): TicketPriority | undefined =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(PRIORITY_OF_COUNTER_KEY, key)
    ? PRIORITY_OF_COUNTER_KEY[key as keyof typeof PRIORITY_OF_COUNTER_KEY]
    : undefined;

/**
 * The counts of a group_level 1 priority view (rows keyed TicketHigh, TicketMedium, TicketLow: proto's
 * TICKET_PRIORITY_COUNTER_KEYS); a missing priority counts 0.
 */
export function priorityCounts(rows: ReadonlyArray<{ key: unknown; value: unknown }> | undefined): PriorityCounts {
  const counts: PriorityCounts = { high: 0, medium: 0, low: 0 };
  for (const row of rows ?? []) {
    const priority = priorityOf(Array.isArray(row.key) ? row.key[0] : row.key);
    if (priority && typeof row.value === 'number') counts[priority] += nonNegative(row.value);
  }
  return counts;
}
