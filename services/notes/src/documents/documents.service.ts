import { Injectable } from '@nestjs/common';
import { Calls, Doc, errors, FindReply, klassOfId, ViewReply, WriteReply } from '@app/proto';
import { DocumentProtocol, DocumentStore, requireWrite } from '@app/platform';
import { BookmarkDuplicates } from '../bookmarks/bookmark-duplicates';
import { BookmarkFetchQueue } from '../bookmarks/bookmark-fetch-queue';
import { BookmarkFiles } from '../bookmarks/bookmark-files';
import { BookmarkPolicy } from '../bookmarks/bookmark.policy';
import { BookmarksRepository } from '../bookmarks/bookmarks.repository';
import { accountDb } from '../common/caller';
import { HandbookPolicy } from '../handbooks/handbook.policy';
import { HandbookViews } from '../handbooks/handbook-views';
import { HandbookWrites } from '../handbooks/handbook-writes';
import { NotesSearch } from '../search/notes-search';

type Req<K extends keyof Calls> = Calls[K]['req'];

/**
 * notes.doc.*: handbooks (a markdown wiki: writes through HandbookWrites, which keeps addresses, backlinks and
 * revisions with them) and bookmarks (fetched in the background, duplicates flagged), the `handbooks`, `bookmarks` and
 * `notes` designs' views and handlers. Only groups hold them.
 */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;

  constructor(
    private readonly store: DocumentStore,
    private readonly handbooks: HandbookWrites,
    private readonly fetchQueue: BookmarkFetchQueue,
    private readonly duplicates: BookmarkDuplicates,
    bookmarksRepo: BookmarksRepository,
    handbookViews: HandbookViews,
    bookmarkFiles: BookmarkFiles,
    search: NotesSearch,
  ) {
    this.protocol = new DocumentProtocol(
      store,
      'notes',
      { Handbook: new HandbookPolicy(), Bookmark: new BookmarkPolicy(bookmarksRepo) },
      { ...handbookViews.views(), ...bookmarkFiles.views(), ...search.views() },
      { ...handbookViews.updates(), ...bookmarkFiles.updates() },
    );
  }

  get(req: Req<'notes.doc.get'>): Promise<Doc> {
    accountDb(req.ctx);
    return this.protocol.get(req);
  }

  find(req: Req<'notes.doc.find'>): Promise<FindReply> {
    accountDb(req.ctx);
    return this.protocol.find(req);
  }

  async post(req: Req<'notes.doc.post'>): Promise<WriteReply> {
    accountDb(req.ctx);
    const klass = req.doc.klass ?? (typeof req.doc._id === 'string' ? klassOfId(req.doc._id) : undefined);
    if (klass === 'Handbook') return this.handbooks.create(req.ctx, req.doc, typeof req.doc._id === 'string' ? req.doc._id : undefined);
    const reply = await this.protocol.post(req);
    await this.fetchIfPending(req.ctx.db!, reply);
    return reply;
  }

  async put(req: Req<'notes.doc.put'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    const klass = klassOfId(req.id);
    const rev = req.rev ?? (typeof req.doc._rev === 'string' ? req.doc._rev : undefined);
    if (klass === 'Handbook') return this.handbooks.save(req.ctx, req.id, rev, req.doc);
    if (klass !== 'Bookmark') return this.protocol.put(req);
    const before = await this.store.get(db, req.id);
    const reply = await this.protocol.put(req);
    const after = reply.doc!;
    // a bookmark that moved to another page: the ones that pointed at it as the page's first point at the next one
    if (before && before.normalized_url !== after.normalized_url) {
      await this.store.inTransaction((tx) => this.duplicates.repoint(tx, db, String(before.normalized_url)));
    }
    if (!before || before.url !== after.url) await this.fetchIfPending(db, reply);
    return reply;
  }

  async delete(req: Req<'notes.doc.delete'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    const klass = klassOfId(req.id);
    if (klass === 'Handbook') return this.handbooks.delete(req.ctx, req.id, req.rev);
    if (klass !== 'Bookmark') return this.protocol.delete(req);
    requireWrite(req.ctx);
    const prev = await this.store.get(db, req.id);
    if (!prev) throw errors.notFound('missing');
    const tombstone = await this.store.inTransaction(async (tx) => {
      const gone = await this.store.removeWithin(tx, db, req.id, req.rev, req.ctx.user_id);
      await this.duplicates.repoint(tx, db, String(prev.normalized_url));
      return gone;
    });
    return { ok: true, id: tombstone._id, rev: tombstone._rev };
  }

  view(req: Req<'notes.doc.view'>): Promise<ViewReply> {
    accountDb(req.ctx);
    return this.protocol.view(req);
  }

  update(req: Req<'notes.doc.update'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.update(req);
  }

  private async fetchIfPending(db: string, reply: WriteReply): Promise<void> {
    if (reply.doc?.klass === 'Bookmark' && reply.doc.fetch_status === 'pending') await this.fetchQueue.enqueue(db, reply.id, reply.rev);
  }
}
