import { maskAddresses, publicLabel, type ChangeResult, type Klass } from '@app/proto';

// The dashboard's recent changes (spec §2 timeline) as people read them: what was done to records they know.
// - Settings and other technical kinds (a group's configuration keys, its phones and addresses, checklist and
//   contract items, …) are not records anyone looks for: a run of consecutive ones is one "settings changed" row.
// - A group's creation writes its Account, the creator's membership and a dozen default settings; those show as the
//   one "created Group" row, so a new group's feed holds nothing else (the dashboard then shows its first steps).
// - Each row names who did it (`actor`, the feed's actor_label): a settings row its newest change's author.
// - A membership's row names the person (recordLabel): the feed labels a membership by its address.

/** Kinds whose changes read as "settings changed". */
export const SETTINGS_KLASSES: ReadonlySet<string> = new Set<Klass>([
  'AccountConfiguration',
  'Phone',
  'Address',
  'UserConfiguration',
  'UserToken',
  'PlanPrice',
  'DocumentChange',
  'TicketChecklist',
  'ContractItem',
  'Mapping',
  'Crystal',
]);

/**
 * Kinds never shown: what the service keeps as a consequence of another record's change (a currency's total moves
 * with every wallet's balance), so the change that caused it is the row.
 */
export const HIDDEN_KLASSES: ReadonlySet<string> = new Set<Klass>(['WalletBalance']);

export type TimelineRow =
  | { kind: 'record'; key: string; change: ChangeResult; actor: string | null }
  /** a run of `count` consecutive settings changes; `change` (and so `actor`) is the newest of them */
  | { kind: 'settings'; key: string; count: number; change: ChangeResult; actor: string | null };

/** Who made a change as the feed names them; null for the system's own work or someone no longer a member. */
const actorOf = (c: ChangeResult): string | null => c.actor_label || null;

const isGroupCreation = (c: ChangeResult) => c.klass === 'Account' && c.action === 'create';

/** The seqs written with the group's creation besides the Account itself: the creator's membership and the defaults. */
function setupSeqs(newestFirst: ChangeResult[]): Set<number> {
  const seqs = new Set<number>();
  const at = newestFirst.findIndex(isGroupCreation);
  if (at < 0) return seqs;
  let membership = false;
  for (let i = at - 1; i >= 0; i--) {
    const c = newestFirst[i];
    if (c.action !== 'create') break;
    if (c.klass === 'Subscription' && !membership) membership = true;
    else if (c.klass !== 'AccountConfiguration') break;
    seqs.add(c.seq);
  }
  return seqs;
}

/** The rows to show, newest first, from `_changes` results in any order. */
export function timelineRows(changes: readonly ChangeResult[]): TimelineRow[] {
  const newestFirst = [...changes].sort((a, b) => b.seq - a.seq);
  const setup = setupSeqs(newestFirst);
  const rows: TimelineRow[] = [];
  for (const c of newestFirst) {
    if (setup.has(c.seq) || HIDDEN_KLASSES.has(c.klass)) continue;
    const last = rows[rows.length - 1];
    // one record changed again and again in a row (an import's progress, a document edited twice): its newest change
    if (last?.kind === 'record' && last.change.id === c.id && !SETTINGS_KLASSES.has(c.klass)) continue;
    if (!SETTINGS_KLASSES.has(c.klass)) rows.push({ kind: 'record', key: String(c.seq), change: c, actor: actorOf(c) });
    else if (last?.kind === 'settings') last.count++;
    else rows.push({ kind: 'settings', key: `settings-${c.seq}`, count: 1, change: c, actor: actorOf(c) });
  }
  return rows;
}

/** Nothing has happened in the group but its creation: the dashboard suggests the first steps instead. */
export function isFirstDay(rows: readonly TimelineRow[]): boolean {
  return rows.every((r) => r.kind === 'record' && isGroupCreation(r.change));
}

/** A person as the group's memberships name them: the member's full name and address, or the invited address. */
export interface PersonNames {
  fullname?: string | null;
  email?: string | null;
}

/**
 * What a record row shows for its record (spec §2: its label, or its id once deleted). A membership is named as
 * people are everywhere in the app (proto's publicLabel): the member's full name, else their masked address, taken
 * from `people` (the group's memberships by id); the feed's own label of a membership is its address, shown masked
 * when the membership is not in `people`.
 */
export function recordLabel(change: ChangeResult, people: ReadonlyMap<string, PersonNames> = new Map()): string {
  if (change.deleted || !change.doc) return change.id;
  const label = change.doc.label;
  if (change.klass !== 'Subscription') return label || change.id;
  const person = people.get(change.id);
  if (person?.fullname?.trim()) return person.fullname;
  if (person?.email) return publicLabel(null, person.email);
  return label ? maskAddresses(label) : change.id;
}
