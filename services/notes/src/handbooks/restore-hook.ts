import type { Provider } from '@nestjs/common';
import { BACKUP_RESTORE_HOOK, type BackupRestoreHook } from '@app/platform';
import type { Doc } from '@app/proto';
import { HandbooksRepository } from './handbooks.repository';

// What the notes service does with each page of a restore (platform backups): the tables kept beside handbooks are
// written again from the restored documents, which carry what they need (uri and old_uris, links_to, categories), so a
// restored group finds pages by their addresses, old ones included, counts backlinks and tags, and shows the restored
// version in the history. A restored tombstone forgets its handbook's rows. (Search entries follow the documents by
// their trigger.)

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function notesRestoreHook(repo: HandbooksRepository): BackupRestoreHook {
  return async (tx, db, written) => {
    for (const doc of written as Doc[]) {
      if (doc.klass !== 'Handbook') continue;
      if (doc._deleted === true) {
        await repo.forget(tx, db, doc._id);
        continue;
      }
      const uri = String(doc.uri);
      const old = strings(doc.old_uris);
      await repo.releaseSlugs(tx, db, [uri, ...old]);
      await repo.setSlugs(tx, db, doc._id, uri, old);
      await repo.setLinks(tx, db, doc._id, strings(doc.links_to));
      await repo.setTags(tx, db, doc._id, strings(doc.categories));
      await repo.keepRevision(tx, db, doc._id, {
        revision: Number(doc.revision) || 1,
        title: String(doc.title ?? ''),
        content: String(doc.content ?? ''),
        content_type: doc.content_type === 'text' ? 'text' : 'markdown',
        categories: strings(doc.categories),
        fields: Array.isArray(doc.fields) ? (doc.fields as never) : [],
        updated_by: typeof doc.updated_by === 'string' ? doc.updated_by : typeof doc.created_by === 'string' ? doc.created_by : null,
        updated_by_label: null,
        updated_at: String(doc.updated_at),
      });
    }
  };
}

export const notesRestoreHookProvider: Provider = { provide: BACKUP_RESTORE_HOOK, useFactory: notesRestoreHook, inject: [HandbooksRepository] };
