import { CallerContext, Doc, errors, klassOfId, READER_STATUS_DESIGN, READER_STATUS_UPDATES, ReaderStatusUpdate, WriteReply } from '@app/proto';
import { DocumentStore, retryOnConflict, UpdateHandler } from '@app/platform';
import { accountDb } from '../common/caller';

// `PUT /{account_id}/_design/status/_update/{read|unread|star|unstar}/{item_id}` (spec §7): the only writes of an
// item a client makes. Idempotent: asking for the state an item is in already changes nothing (no new revision) and
// answers the item as it is; a lost race with another toggle is read again and retried.

const CHANGES: Record<ReaderStatusUpdate, { field: 'read' | 'starred'; to: boolean }> = {
  read: { field: 'read', to: true },
  unread: { field: 'read', to: false },
  star: { field: 'starred', to: true },
  unstar: { field: 'starred', to: false },
};

export function statusHandlers(store: DocumentStore, present: (db: string, doc: Doc) => Promise<Doc>): Record<string, UpdateHandler> {
  const handlers: Record<string, UpdateHandler> = {};
  for (const name of Object.keys(READER_STATUS_UPDATES) as ReaderStatusUpdate[]) {
    const { field, to } = CHANGES[name];
    handlers[`${READER_STATUS_DESIGN}/${READER_STATUS_UPDATES[name]}`] = async (ctx: CallerContext, id: string): Promise<WriteReply> => {
      const db = accountDb(ctx);
      if (klassOfId(id) !== 'ReaderItem') throw errors.notFound();
      const doc = await retryOnConflict(async () => {
        const item = await store.get(db, id);
        if (!item) throw errors.notFound();
        if ((item[field] === true) === to) return item;
        return store.update(db, id, item._rev, { ...item, [field]: to }, ctx.user_id);
      }, 10);
      return { ok: true, id: doc._id, rev: doc._rev, doc: await present(db, doc) };
    };
  }
  return handlers;
}
