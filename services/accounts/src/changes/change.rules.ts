import { AppError, ChangeAction, KLASSES, isKlass, MAX_LOGGED_PER_MESSAGE, type CallerContext, type ChangesGetRequest, type ChangesLogged, type CountByKlassRow, type LiveChange } from '@app/proto';
import { publicLabel } from '../common/privacy.rules';

// The change feed's rules, without I/O (spec §4 version action, §9 timeline, DESIGN events and the change feed).

/** deleted → destroy; a revision starting with `1-` → create; otherwise update. */
export function actionOf(rev: string, deleted: boolean): ChangeAction {
  if (deleted) return 'destroy';
  return rev.startsWith('1-') ? 'create' : 'update';
}

export const MAX_CHANGES_LIMIT = 10_000;
export const DEFAULT_CHANGES_LIMIT = 1000;

export interface ChangesParams {
  since: number | 'now';
  includeDocs: boolean;
  limit: number;
  descending: boolean;
}

function bool(value: unknown, name: string, dflt: boolean): boolean {
  if (value === undefined) return dflt;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new AppError('bad_request', `${name} must be true or false`);
}

function count(value: unknown, name: string, dflt: number, max: number): number {
  if (value === undefined || value === '') return dflt;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > max) throw new AppError('bad_request', `${name} must be an integer from 0 to ${max}`);
  return n;
}

/** `_changes` parameters: since (a seq or "now"; default 0), include_docs, limit, descending (default true). */
export function parseChangesParams(req: Omit<ChangesGetRequest, 'ctx'>): ChangesParams {
  const since = req.since === 'now' ? 'now' : count(req.since, 'since', 0, Number.MAX_SAFE_INTEGER);
  return {
    since,
    includeDocs: bool(req.include_docs, 'include_docs', false),
    limit: count(req.limit, 'limit', DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT),
    descending: bool(req.descending, 'descending', true),
  };
}

export interface DocState {
  deleted: boolean;
  size: number;
}

/** What a document's move from `prev` (null: never seen) to `next` does to its klass's counter. */
export function counterDelta(prev: DocState | null, next: DocState): { count: number; size: number } {
  const was = prev && !prev.deleted ? { count: 1, size: prev.size } : { count: 0, size: 0 };
  const now = next.deleted ? { count: 0, size: 0 } : { count: 1, size: next.size };
  return { count: now.count - was.count, size: now.size - was.size };
}

/** Klasses that count for usage and the Free-plan limit (spec §3 Counter). */
export function isCounted(klass: string): boolean {
  return isKlass(klass) && KLASSES[klass].counted;
}

/** A counter as spec §3 names it (kind, amount, size), with `count` for the clients that read the older name. */
const counterValue = (kind: string | null, amount: number, size: number): CountByKlassRow['value'] => ({ kind, amount, size, count: amount });

/**
 * `_design/count-by-klass/_view/all`: rows `{key: klass, value: {kind, amount, size, count}}` (spec §3 Counter) of the
 * counted klasses with live documents (group_level ≥ 1 or group=true), or one total row with key null (the default,
 * group_level 0), like a CouchDB reduce: the records usage, billing and the Free-plan limit count. `key` / `keys`
 * pick klasses, and a klass named there is answered even when it is not counted for the limit (the reader's items,
 * subscriptions and labels: the admin page's tiles count them, spec §2).
 */
export function countByKlassRows(counters: Array<{ klass: string; count: number; size: number }>, params: Record<string, unknown>): CountByKlassRow[] {
  const level = params.group_level === undefined ? (bool(params.group, 'group', false) ? 1 : 0) : count(params.group_level, 'group_level', 0, 100);
  if (params.keys !== undefined && !Array.isArray(params.keys)) throw new AppError('bad_request', 'keys must be an array');
  const named = params.keys !== undefined ? (params.keys as unknown[]) : params.key !== undefined ? [params.key] : null;
  const rows = counters.filter((c) => c.count > 0 && (named ? named.includes(c.klass) && isKlass(c.klass) : isCounted(c.klass)));
  rows.sort((a, b) => (a.klass < b.klass ? -1 : a.klass > b.klass ? 1 : 0));
  if (level === 0) {
    const total = rows.reduce((t, r) => ({ amount: t.amount + r.count, size: t.size + r.size }), { amount: 0, size: 0 });
    return [{ key: null, value: counterValue(null, total.amount, total.size) }];
  }
  return rows.map((r) => ({ key: r.klass, value: counterValue(r.klass, r.count, r.size) }));
}

/** How the group's membership names a member: what the change feed labels that member's changes with. */
export interface MemberName {
  fullname: string | null;
  email: string;
}

/**
 * Who made a change, as the caller may see them (decisions "Security", group members' privacy): the full name, else
 * the address — whole for administrators and for the member themself, masked for everyone else. Null when the
 * change was the system's or its author is not a member (any more).
 */
export function actorLabel(ctx: Pick<CallerContext, 'admin' | 'user'>, name: MemberName | undefined): string | null {
  if (!name) return null;
  const own = !!ctx.user && ctx.user.email.trim().toLowerCase() === name.email.trim().toLowerCase();
  if (ctx.admin || own) return name.fullname && name.fullname.trim() ? name.fullname : name.email;
  return publicLabel(name.fullname, name.email);
}

/** A row just added to an account's change log (ChangesRepository.record). */
export interface LoggedChange {
  account_id: string;
  seq: number;
  id: string;
  rev: string;
  klass: string;
  deleted: boolean;
  action: ChangeAction;
}

/**
 * The announcements of rows just committed (proto live.ts): one per account with its rows by seq, split in messages of
 * at most `max` rows. A row is sent as the stream shows it (LiveChange): no label, `deleted` only when true.
 */
export function loggedAnnouncements(logged: LoggedChange[], max = MAX_LOGGED_PER_MESSAGE): ChangesLogged[] {
  const byAccount = new Map<string, LiveChange[]>();
  for (const r of logged) {
    const list = byAccount.get(r.account_id) ?? [];
    list.push({ seq: r.seq, id: r.id, changes: [{ rev: r.rev }], ...(r.deleted ? { deleted: true as const } : {}), action: r.action, klass: r.klass });
    byAccount.set(r.account_id, list);
  }
  const out: ChangesLogged[] = [];
  for (const [account_id, rows] of byAccount) {
    rows.sort((a, b) => a.seq - b.seq);
    for (let i = 0; i < rows.length; i += max) out.push({ account_id, changes: rows.slice(i, i + max) });
  }
  return out;
}
