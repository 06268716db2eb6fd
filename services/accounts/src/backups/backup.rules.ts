import { AppError, BACKUP_READABLE_FORMATS, BACKUP_REASONS, BackupManifest, DRIVE_STORAGE_BYTES, errors, SERVER_CONFIG_KEYS, type StoredDoc } from '@app/proto';
import { normalizeEmail, type SignedIn } from '../common/caller';
import { MAX_NAME } from '../groups/account.rules';
import { invitationSubscription, MAX_EMAIL } from '../memberships/membership.rules';

// The backups' rules, without I/O: when a group is due (spec §6/§9: free monthly, pro weekly, corp daily), which
// archives retention removes, the restored group's name, the replace confirmation, the manifest, whether the archive's
// files fit the target's drive storage, and which of the accounts service's own documents a restore writes.

const DAY_MS = 24 * 3600 * 1000;

/** Days between scheduled backups per confirmed plan; a plan not named has none (locked). */
export const BACKUP_EVERY_DAYS: Readonly<Record<string, number>> = { free: 30, pro: 7, corp: 1, server: 1 };

/**
 * Slack on the interval, so a group backed up by yesterday's scheduler run, a few minutes later in the day than
 * today's, is due today and not tomorrow.
 */
const SLACK_MS = 3600 * 1000;

/** Whether a group on `plan` whose last scheduled backup started at `last` (null: never) is due at `now`. */
export function isDue(plan: unknown, last: string | null, now: Date): boolean {
  const days = typeof plan === 'string' ? BACKUP_EVERY_DAYS[plan] : undefined;
  if (days === undefined) return false;
  if (last === null) return true;
  return now.getTime() - Date.parse(last) >= days * DAY_MS - SLACK_MS;
}

export interface ArchiveRecord {
  _id: string;
  status: string;
  created_at: string;
}

/**
 * The archives retention removes: all but the newest `keep` finished ones (done or failed), never one queued or
 * running (its job still writes it).
 */
export function expiredBackups<T extends ArchiveRecord>(records: T[], keep: number): T[] {
  const finished = records.filter((r) => r.status === 'done' || r.status === 'failed');
  finished.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a._id < b._id ? 1 : -1));
  return finished.slice(Math.max(0, keep));
}

/** The new group's name for a restore into a new group: "<name> (restored)", within the name's limit. */
export function restoredName(name: string): string {
  const suffix = ' (restored)';
  const base = name.trim() || 'Group';
  return base.slice(0, MAX_NAME - suffix.length) + suffix;
}

/** A restore over the group must name it exactly (spec: after a confirmation): 422 otherwise. */
export function checkConfirm(groupName: string, confirm: unknown): void {
  if (typeof confirm !== 'string' || confirm.trim() !== groupName.trim()) throw new AppError('unprocessable_entity', { confirm: BACKUP_REASONS.confirm });
}

/** manifest.json read back: 422 for anything but a manifest of a format a restore reads (1: documents only, 2). */
export function readManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('unprocessable_entity', { archive: BACKUP_REASONS.notAnArchive });
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format !== 'number' || !BACKUP_READABLE_FORMATS.includes(format)) throw new AppError('unprocessable_entity', { format: BACKUP_REASONS.unknownFormat });
  const parsed = BackupManifest.safeParse(json);
  if (!parsed.success) throw new AppError('unprocessable_entity', { archive: BACKUP_REASONS.notAnArchive });
  return parsed.data;
}

/**
 * A restore's files must fit the drive storage of the target group's plan (an unknown plan has the free plan's, as on
 * the disk): 507 with the spec's quota error otherwise, before anything is written. A new group is on the free plan.
 * Over the group, its files are replaced, so only the archive's count.
 */
export function checkDriveRoom(bytes: number, plan: unknown): void {
  if (bytes > driveStorageOf(plan)) throw errors.insufficientStorage(BACKUP_REASONS.driveStorage);
}

/** The drive storage of a plan, bytes (an unknown plan has the free plan's, as on the disk). */
export function driveStorageOf(plan: unknown): number {
  return (typeof plan === 'string' ? DRIVE_STORAGE_BYTES[plan] : undefined) ?? DRIVE_STORAGE_BYTES.free;
}

/** The file name of an archive inside BACKUP_DIR (ids are `bak-<hex>`; nothing of a user's text). */
export function archiveFile(backupId: string): string {
  if (!/^bak-[0-9a-f]{20}$/.test(backupId)) throw new Error(`invalid backup id ${backupId}`);
  return `${backupId}.tar.gz`;
}

/** The name a download is offered under: the group's name made safe, the date. */
export function downloadName(name: string, createdAt: string): string {
  const safe = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'group';
  return `${safe}-${createdAt.slice(0, 10)}.tar.gz`;
}

/** Settings the server keeps for the group (plan, payment, who made it): a restore leaves them as they are. */
export const KEPT_SETTINGS: ReadonlySet<string> = new Set([...SERVER_CONFIG_KEYS, 'parent-account-id']);

export interface RestoreTarget {
  account_id: string;
  /** the group's name once restored (what memberships carry) */
  name: string;
  mode: 'new' | 'replace';
  /** the administrator restoring: their current membership stays as it is */
  caller_id: string;
}

/** What a restore trusts of an archive's memberships and Account (the runner reads it before writing anything). */
export interface RestoreTrust {
  /**
   * The users whose archived memberships come back as archived: null for all of them when the archive is the server's
   * own of the group that asks (a listed backup: they were its members when it was made), else the accepted members of
   * that group when the restore was asked (an uploaded archive is a file anyone can write).
   */
  members: ReadonlySet<string> | null;
  /** the restoring administrator, who invites the archive's other users */
  inviter: SignedIn;
  /** over the group: its Account's server fields now, which the archived Account does not change */
  account?: Record<string, unknown> | null;
}

/** The Account's fields the server stamps: who made the group (the creator stays an administrator) and when. */
const ACCOUNT_SERVER_FIELDS = ['created_by', 'created_at'] as const;

/**
 * What a restore does with one of the accounts service's own archived documents: null to leave it out, else the
 * document to write. The group's Account is written only over the same group (a new group has its own), with its
 * creator and creation time as they are; the server's settings are the target's; the caller's membership is theirs
 * already; memberships of a new group name it. A membership comes back as archived only for a user `trust.members`
 * holds; anyone else's (a hand-written `accepted` one of a user who never was a member, say) becomes an invitation
 * to its address from the restoring administrator, without the administrator right: a restore makes no one a member
 * who did not accept, as an invitation does not (and an invitation is what an administrator could send anyway).
 */
export function accountsDocToRestore(doc: StoredDoc, target: RestoreTarget, trust: RestoreTrust): StoredDoc | null {
  if (doc._deleted === true) return target.mode === 'replace' ? null : doc;
  switch (doc.klass) {
    case 'Account': {
      if (target.mode !== 'replace' || doc._id !== target.account_id) return null;
      const kept: Record<string, unknown> = {};
      for (const field of ACCOUNT_SERVER_FIELDS) if (trust.account?.[field] !== undefined && doc[field] !== trust.account[field]) kept[field] = trust.account[field];
      return Object.keys(kept).length ? { ...doc, ...kept } : doc;
    }
    case 'AccountConfiguration':
      return typeof doc.key === 'string' && KEPT_SETTINGS.has(doc.key) ? null : doc;
    case 'Subscription': {
      if (doc.user_id === target.caller_id) return null;
      const invitation = doc.status === 'pending' && doc.user_id === undefined;
      const trusted = typeof doc.user_id === 'string' && (trust.members === null || trust.members.has(doc.user_id));
      if (invitation || trusted) {
        if (doc.account_id === target.account_id && doc.account_name === target.name) return doc;
        return { ...doc, account_id: target.account_id, account_name: target.name };
      }
      return invitationOf(doc, target, trust.inviter);
    }
    default:
      return doc;
  }
}

/** An archived membership of a user the restore does not trust, as a pending invitation to its address (or null). */
function invitationOf(doc: StoredDoc, target: RestoreTarget, inviter: SignedIn): StoredDoc | null {
  const email = typeof doc.email === 'string' ? normalizeEmail(doc.email) : '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > MAX_EMAIL) return null;
  const fields = invitationSubscription(target.account_id, target.name, inviter, { email, admin: false, report_view: doc.report_view === true });
  const stamps = Object.fromEntries(['created_at', 'updated_at', 'created_by'].filter((k) => doc[k] !== undefined).map((k) => [k, doc[k]]));
  return { _id: doc._id, _rev: doc._rev, ...stamps, ...fields, klass: 'Subscription' };
}
