import type { Provider } from '@nestjs/common';
import { BACKUP_RESTORE_HOOK, type BackupRestoreHook } from '@app/platform';
import { type NumberedKind, raiseNumbersWithin } from './number-counters.repository';

/** What the tickets service does with each page of a restore: its number counters follow the restored numbers. */
export const restoreNumbers: BackupRestoreHook = async (tx, db, written) => {
  const highest: Partial<Record<NumberedKind, number>> = {};
  for (const doc of written) {
    if (doc.klass !== 'Ticket' && doc.klass !== 'Estimate') continue;
    const n = Number(doc.number);
    if (Number.isInteger(n) && n > (highest[doc.klass] ?? 0)) highest[doc.klass] = n;
  }
  await raiseNumbersWithin(tx, db, highest);
};

export const restoreHookProvider: Provider = { provide: BACKUP_RESTORE_HOOK, useValue: restoreNumbers };
