// The handbooks this browser opened lately, per group (the wiki's "open entries"): kept in localStorage, newest first,
// at most RECENT_MAX; a page that no longer exists is dropped when the wiki finds it missing.

export const RECENT_MAX = 10;

export interface RecentEntry {
  _id: string;
  title: string;
  uri: string;
  at: string;
}

const key = (accountId: string) => `notes.recent.${accountId}`;

export function readRecent(accountId: string): RecentEntry[] {
  try {
    const raw = JSON.parse(localStorage.getItem(key(accountId)) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? raw.filter((e): e is RecentEntry => !!e && typeof e._id === 'string' && typeof e.title === 'string' && typeof e.uri === 'string').slice(0, RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

export function noteOpened(accountId: string, entry: Omit<RecentEntry, 'at'>, now = new Date()): void {
  const list = [{ ...entry, at: now.toISOString() }, ...readRecent(accountId).filter((e) => e._id !== entry._id)].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(key(accountId), JSON.stringify(list));
  } catch {
    /* storage full or off: the wiki just shows fewer open entries */
  }
}

export function forgetOpened(accountId: string, id: string): void {
  try {
    localStorage.setItem(key(accountId), JSON.stringify(readRecent(accountId).filter((e) => e._id !== id)));
  } catch {
    /* as above */
  }
}
