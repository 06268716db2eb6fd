import type { ChangeResult } from '@app/proto';

/**
 * The newest change of a `_changes` answer (newest first or not) as the version card tells it: its action (spec §4
 * "Version action": deleted is destroy, a revision 1- is create, else update — the feed's `action`), its kind and when
 * (a deleted record has no time left).
 */
export function lastChangeOf(results: readonly ChangeResult[] | undefined): { action: string; klass: string; at: string | null } | null {
  if (!results?.length) return null;
  const newest = results.reduce((a, b) => (b.seq > a.seq ? b : a));
  return { action: newest.action, klass: newest.klass, at: newest.doc?.updated_at ?? null };
}
