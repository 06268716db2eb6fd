import { isCountersQuery } from '@app/ui';
import { isKlass, KLASSES, type LiveChange } from '@app/proto';

// What a burst of live changes of a group makes stale in the query cache, and how long to wait before reconnecting.
// Without I/O (use-live-updates.ts runs them).

/** Changes arriving this close together are one refresh. */
export const LIVE_DEBOUNCE_MS = 200;

/**
 * A tab hidden this long closes its stream (and opens it again, resuming, when shown): over HTTP/1.1 a browser keeps
 * at most 6 connections to a host, and a stream per background tab would soon take them all.
 */
export const LIVE_HIDDEN_GRACE_MS = 15_000;

/** Reconnects after a failed stream wait 1 s, 2 s, 4 s, … up to a minute. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempt));
}

/**
 * The module remotes' query keys start with their module's name (e.g. `['tickets', 'list', …]`), and their one-record
 * queries, which edit forms save from, are `[<module>, 'doc', …]` (isRecordQuery). Not the reader: its item lists
 * would be read again under the reader's eyes at every burst the fetcher stores.
 */
const REMOTE_OF_SERVICE: Record<string, string> = { tickets: 'tickets', finance: 'finance', disk: 'disk', notes: 'notes' };

export type QueryKeyTest = (queryKey: readonly unknown[]) => boolean;

/**
 * Whether a query holds data these changes of `accountId` may have changed:
 * - the group's counters and recent changes (the dashboard timeline, the open-ticket badge, priority bars, usage);
 * - the lists of the module that owns a changed klass (a ticket → the tickets remote's board and lists);
 * - the shell's own pages of what changed: memberships (members, member, security), the group, its settings.
 * `reset` (more changes than the stream replays) makes all of the group's queries stale.
 */
export function staleQueries(accountId: string, changes: readonly Pick<LiveChange, 'klass'>[] | 'reset'): QueryKeyTest {
  const ofGroup = (key: readonly unknown[]) => key.includes(accountId);
  if (changes === 'reset') return (key) => ofGroup(key) || isRemoteKey(key);
  const klasses = new Set(changes.map((c) => c.klass));
  const remotes = new Set<string>();
  const shell = new Set<string>();
  for (const klass of klasses) {
    const service = isKlass(klass) ? KLASSES[klass].service : undefined;
    if (service && REMOTE_OF_SERVICE[service]) remotes.add(REMOTE_OF_SERVICE[service]);
    if (klass === 'Subscription') ['members', 'member', 'security', 'sub-groups'].forEach((k) => shell.add(k));
    if (klass === 'Account') ['account', 'sub-groups'].forEach((k) => shell.add(k));
    if (klass === 'AccountConfiguration') ['settings', 'account'].forEach((k) => shell.add(k));
  }
  return (key) => {
    const first = key[0];
    if (typeof first !== 'string') return false;
    if (remotes.has(first)) return true;
    if (!ofGroup(key)) return false;
    return isCountersQuery(key) || shell.has(first);
  };
}

const isRemoteKey = (key: readonly unknown[]) => typeof key[0] === 'string' && Object.values(REMOTE_OF_SERVICE).includes(key[0]);

/** The shell's queries that edit forms save from: the member page, the group profile, the group's settings. */
const SHELL_FORMS = new Set(['member', 'account', 'settings']);

/**
 * A query an edit form saves from (a module's `[<module>, 'doc', group, id]`, the shell's member page, group profile
 * and settings cards): the form saves with the revision it holds. A live change marks it stale without fetching it
 * again: a refetch would replace the form under the user's hands, and its revision, so a save would overwrite the
 * other change instead of answering "Record updated by someone else". The next visit of the page loads it fresh.
 */
export function isRecordQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[1] === 'doc' || (typeof queryKey[0] === 'string' && SHELL_FORMS.has(queryKey[0]));
}
