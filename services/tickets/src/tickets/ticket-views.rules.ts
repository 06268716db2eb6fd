import { AppError, BOARD_CARD_FIELDS, BOARD_DEFAULT_LIMIT, BOARD_MAX_LIMIT, BoardCard, BoardColumn, TICKET_PRIORITY_COUNTER_KEYS, TICKET_STATUSES, ViewReply } from '@app/proto';

// The ticket views' parameters and rows, without I/O (the counting and the board's query: tickets.repository.ts).
// A counter view answers group_level 0 → [{key: null, value: total}]; group_level 1 → one row per priority
// (TicketHigh, TicketMedium, TicketLow) or per status (the six, in board order), zeros included.

/** A counter's rows at group_level 1: [the value the tickets store, the row's key], in the order they are answered. */
export type CounterKeys = ReadonlyArray<readonly [stored: string, key: string]>;

/** high, medium, low, keyed as spec §3 names the open-ticket counters. */
export const PRIORITY_COUNTER_KEYS: CounterKeys = (['high', 'medium', 'low'] as const).map((p) => [p, TICKET_PRIORITY_COUNTER_KEYS[p]] as const);

/** The six statuses in board order, keyed by themselves. */
export const STATUS_COUNTER_KEYS: CounterKeys = TICKET_STATUSES.map((s) => [s, s] as const);

/** `group_level` (or CouchDB's `group=true`, level 1): 0 or 1 (deeper levels are 1); 400 when not an integer ≥ 0. */
export function groupLevel(params: Record<string, unknown>): 0 | 1 {
  const v = params.group_level ?? (params.group === true || params.group === 'true' ? 1 : 0);
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new AppError('bad_request', 'group_level must be a non-negative integer');
  return n === 0 ? 0 : 1;
}

/** A counter view's rows from the counts by stored value (a value not among the keys counts in the total only). */
export function counterRows(counts: ReadonlyMap<string, number>, keys: CounterKeys, level: 0 | 1): ViewReply {
  if (level === 0) return { rows: [{ key: null, value: [...counts.values()].reduce((a, b) => a + b, 0) }] };
  return { rows: keys.map(([stored, key]) => ({ key, value: counts.get(stored) ?? 0 })) };
}

/** The board's `limit`: default BOARD_DEFAULT_LIMIT; 400 unless an integer from 1 to BOARD_MAX_LIMIT. */
export function boardLimit(v: unknown): number {
  if (v === undefined) return BOARD_DEFAULT_LIMIT;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > BOARD_MAX_LIMIT) {
    throw new AppError('bad_request', `limit must be an integer from 1 to ${BOARD_MAX_LIMIT}`);
  }
  return n;
}

/** A card from its row: the fields the ticket has (a missing or null one is left out, as the reply type says). */
export function cardOf(row: Record<string, unknown>): BoardCard {
  const card: Record<string, unknown> = {};
  for (const f of BOARD_CARD_FIELDS) if (row[f] !== null && row[f] !== undefined) card[f] = row[f];
  return card as BoardCard;
}

/**
 * The board's rows, one per status in board order, from up to `limit + 1` rows per status (newest first): each
 * column keeps `limit` cards and says whether there were more.
 */
export function boardRows(rows: ReadonlyArray<{ status: string } & Record<string, unknown>>, limit: number): ViewReply {
  const columns = new Map<string, BoardCard[]>(TICKET_STATUSES.map((st) => [st, []]));
  for (const r of rows) columns.get(r.status)?.push(cardOf(r));
  return {
    rows: TICKET_STATUSES.map((key) => {
      const cards = columns.get(key)!;
      const column: BoardColumn = { cards: cards.slice(0, limit), more: cards.length > limit };
      return { key, value: column };
    }),
  };
}
