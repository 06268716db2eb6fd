import type { BackupDoc, BackupListReply, BackupRestoreDoc } from '@app/proto';
import { isApiError } from '@app/ui';

// The backups page's rules, without I/O: when the list is polled, the typed confirmation, the plan's schedule text and
// which text an error gets.

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

const KNOWN_REASONS = ['unknown-backup-format', 'not-a-backup-archive', 'confirm-must-be-the-group-name'];

/** The backups text of a refused restore or upload (backups.errors.*), or null for the generic banner. */
export function backupErrorKey(err: unknown): string | null {
  if (!isApiError(err)) return null;
  if (err.status === 413) return 'too_large';
  const reason = err.reason;
  const values = typeof reason === 'string' ? [reason] : reason && typeof reason === 'object' ? Object.values(reason) : [];
  return values.find((v): v is string => typeof v === 'string' && KNOWN_REASONS.includes(v)) ?? null;
}

/** The download address of a backup (the gateway streams the archive; the session cookie goes with a GET). */
export function downloadHref(accountId: string, backupId: string): string {
  return `/accounts/${encodeURIComponent(accountId)}/backups/${encodeURIComponent(backupId)}/download`;
}
