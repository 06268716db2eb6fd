import { BACKUP_REASONS, DRIVE_STORAGE_BYTES, type BackupDoc, type BackupListReply, type BackupRestoreBody, type BackupRestoreDoc } from '@app/proto';
import { isApiError } from '@app/ui';

// The backups page's rules, without I/O: when the list is polled, the typed confirmation, the plan's schedule text,
// which text an error gets and the drive storage a restore's files must fit.

/** A record still being worked on: the list is read again every few seconds meanwhile. */
export function isPending(doc: Pick<BackupDoc | BackupRestoreDoc, 'status'>): boolean {
  return doc.status === 'queued' || doc.status === 'running';
}

export function anyPending(list: BackupListReply | undefined): boolean {
  return !!list && (list.docs.some(isPending) || list.restores.some(isPending));
}

/** A restore over the group needs its name typed exactly (surrounding blanks aside), as the server checks it. */
export function confirmMatches(groupName: string, typed: string): boolean {
  return typed.trim() !== '' && typed.trim() === groupName.trim();
}

/** The key of the plan's backup schedule text (backups.schedule.*). */
export function scheduleKey(plan: unknown): 'free' | 'pro' | 'corp' | 'other' {
  return plan === 'free' || plan === 'pro' || plan === 'corp' ? plan : 'other';
}

const KNOWN_REASONS: readonly string[] = [BACKUP_REASONS.unknownFormat, BACKUP_REASONS.notAnArchive, BACKUP_REASONS.confirm];

/**
 * The backups text of a refused restore or upload (backups.errors.*), or null for the generic banner. A 507 for drive
 * storage has a text per restore mode (`mode`, the one the refused request asked for): a new group is on the Free plan.
 */
export function backupErrorKey(err: unknown, mode: BackupRestoreBody['mode'] = 'new'): string | null {
  if (!isApiError(err)) return null;
  if (err.status === 413) return 'too_large';
  const reason = err.reason;
  if (err.status === 507) return reason === BACKUP_REASONS.driveStorage ? `drive_storage_${mode}` : null;
  const values = typeof reason === 'string' ? [reason] : reason && typeof reason === 'object' ? Object.values(reason) : [];
  return values.find((v): v is string => typeof v === 'string' && KNOWN_REASONS.includes(v)) ?? null;
}

/** The drive storage of a plan (an unknown plan has the Free plan's, as the disk counts it), bytes. */
export function driveStorage(plan: unknown): number {
  return (typeof plan === 'string' ? DRIVE_STORAGE_BYTES[plan] : undefined) ?? DRIVE_STORAGE_BYTES.free;
}

/** The drive storage a restore's files must fit: a new group's (the Free plan's), or this group's plan's. */
export function restoreDriveStorage(mode: BackupRestoreBody['mode'], plan: unknown): number {
  return driveStorage(mode === 'new' ? 'free' : plan);
}

/** Whether a restore job failed because the archive's files did not fit (its error is the 507's reason). */
export function failedForDriveStorage(restore: Pick<BackupRestoreDoc, 'status' | 'error'>): boolean {
  return restore.status === 'failed' && restore.error === BACKUP_REASONS.driveStorage;
}

/** The download address of a backup (the gateway streams the archive; the session cookie goes with a GET). */
export function downloadHref(accountId: string, backupId: string): string {
  return `/accounts/${encodeURIComponent(accountId)}/backups/${encodeURIComponent(backupId)}/download`;
}
