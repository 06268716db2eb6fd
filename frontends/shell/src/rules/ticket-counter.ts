// The open-ticket counter of the top bar (spec §4): colour by count and the badge text.

export type CounterColour = 'grey' | 'amber' | 'orange' | 'red';

/** 0 grey, 1 to 6 amber, 7 to 9 orange, above 9 red. */
export function counterColour(count: number): CounterColour {
  if (!(count > 0)) return 'grey';
  if (count <= 6) return 'amber';
  if (count <= 9) return 'orange';
  return 'red';
}

/** The Mantine colour for a counter colour. */
export const MANTINE_COUNTER_COLOUR: Record<CounterColour, string> = { grey: 'gray', amber: 'yellow', orange: 'orange', red: 'red' };

/** Digits 0-9, then "9+". */
export function counterBadgeText(count: number): string {
  if (!(count > 0)) return '0';
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** The open-ticket count is reloaded every 3 minutes (spec §7, §9). */
export const OPEN_TICKET_RELOAD_MS = 180_000;

/** The total of a group_level 0 view (one row `{key: null, value}`); 0 when there is none. */
export function viewTotal(rows: ReadonlyArray<{ key: unknown; value: unknown }> | undefined): number {
  const value = rows?.[0]?.value;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
