import type { TFunction } from 'i18next';
import type { ImportDoc } from './api';
import { reasonText } from './reasons';

// An import's progress as the wallets-upload screen tells it (the service writes it on the CsvImport: proto's
// CsvImportProgress). Pure.

/**
 * The share of an import done, 0–100 (whole numbers): done_rows of total_rows. Only a finished import is 100: its last
 * rows are written before they are committed, so a running one is at most 99.
 */
export function importPercent(doc: ImportDoc | undefined): number {
  if (!doc) return 0;
  if (doc.status === 'done' || doc.status === 'undone') return 100;
  const total = doc.total_rows ?? 0;
  return total > 0 ? Math.min(99, Math.floor(((doc.done_rows ?? 0) * 100) / total)) : 0;
}

/** The key of the import's state in `imports.progress`: a running import that has no row count yet is reading the file. */
export function progressKey(doc: ImportDoc | undefined): string {
  const status = doc?.status ?? 'queued';
  return status === 'running' && !doc?.total_rows ? 'reading' : status;
}

/** A failed import's error in words: its reason, after its line unless the reason starts with it already. */
export function failureText(t: TFunction<'finance'>, error: { line: number | null; reason: string } | null | undefined): string {
  if (!error) return '';
  const reason = reasonText(t, error.reason);
  return error.line && !error.reason.startsWith(`Line ${error.line}`) ? t('imports.failed_line', { line: error.line, reason }) : reason;
}
