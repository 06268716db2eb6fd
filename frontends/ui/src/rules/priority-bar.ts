import { TICKET_PRIORITY_COUNTER_KEYS, type TicketPriority } from '@app/proto';

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

const PRIORITY_OF_COUNTER_KEY = new Map<unknown, TicketPriority>(
  (Object.keys(TICKET_PRIORITY_COUNTER_KEYS) as TicketPriority[]).map((p) => [TICKET_PRIORITY_COUNTER_KEYS[p], p]),
);

/**
 * The counts of a group_level 1 priority view (rows keyed TicketHigh, TicketMedium, TicketLow: proto's
 * TICKET_PRIORITY_COUNTER_KEYS); a missing priority counts 0.
 */
export function priorityCounts(rows: ReadonlyArray<{ key: unknown; value: unknown }> | undefined): PriorityCounts {
  const counts: PriorityCounts = { high: 0, medium: 0, low: 0 };
  for (const row of rows ?? []) {
    const priority = PRIORITY_OF_COUNTER_KEY.get(Array.isArray(row.key) ? row.key[0] : row.key);
    if (priority && typeof row.value === 'number') counts[priority] += nonNegative(row.value);
  }
  return counts;
}
