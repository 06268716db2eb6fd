import { Injectable } from '@nestjs/common';
import { BOOKMARK_UPDATES, BOOKMARK_VIEWS, BOOKMARKS_DESIGN, BOOKMARKS_EXPORT_MAX_BYTES, BookmarksImportBody, BookmarksImportReport, CallerContext, Doc, errors, klassOfId, notesLanguageOf, ViewReply, WriteReply } from '@app/proto';
import { DocumentStore, requireWrite, type UpdateHandler, type ViewHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { parseFields } from '../common/fields';
import { BookmarkFetchQueue } from './bookmark-fetch-queue';
import { bookmarkLabel } from './bookmark.policy';
import { normalizeUrl } from './bookmark-url.rules';
import { BookmarksRepository } from './bookmarks.repository';
import { NETSCAPE_FOOTER, NETSCAPE_HEADER, netscapeEntry, parseNetscape } from './netscape.rules';

/** rows of one INSERT when an import writes */
const BATCH = 1000;

/**
 * Netscape bookmarks files in and out (`bookmarks/_update/import/netscape`, `bookmarks/_view/export`) and a page
 * fetched again on demand (`bookmarks/_update/refetch/{id}`). An import is one transaction: bookmarks whose page the
 * group has already (or the file has twice) are skipped and counted, the rest created; those without a title are
 * queued for fetching (the others are not fetched: a big import would hit hundreds of sites at once).
 */
@Injectable()
export class BookmarkFiles {
  constructor(
    private readonly store: DocumentStore,
    private readonly repo: BookmarksRepository,
    private readonly queue: BookmarkFetchQueue,
  ) {}

  views(): Record<string, ViewHandler> {
    return { [`${BOOKMARKS_DESIGN}/${BOOKMARK_VIEWS.export}`]: (ctx, params) => this.export(ctx, params) };
  }

  updates(): Record<string, UpdateHandler> {
    return {
      [`${BOOKMARKS_DESIGN}/${BOOKMARK_UPDATES.import}`]: (ctx, _id, body) => this.import(ctx, body),
      [`${BOOKMARKS_DESIGN}/${BOOKMARK_UPDATES.refetch}`]: (ctx, id) => this.refetch(ctx, id),
    };
  }

  async import(ctx: CallerContext, body: unknown): Promise<WriteReply> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    const { html } = parseFields(BookmarksImportBody, body ?? {});
    const parsed = parseNetscape(html);
    const report: BookmarksImportReport = { created: 0, duplicates: 0, invalid: parsed.invalid };
    const now = new Date().toISOString();
    const language = notesLanguageOf(ctx.locale);
    const created = await this.store.inTransaction(async (tx) => {
      await this.repo.lockGroup(tx, db);
      const withUrls = parsed.bookmarks.map((b) => ({ b, normalized: normalizeUrl(b.url) }));
      const existing = await this.repo.existingUrls(tx, db, [...new Set(withUrls.flatMap((x) => (x.normalized ? [x.normalized] : [])))]);
      const docs: Array<Record<string, unknown>> = [];
      for (const { b, normalized } of withUrls) {
        if (!normalized || b.url.length > 2048) {
          report.invalid++;
          continue;
        }
        if (existing.has(normalized)) {
          report.duplicates++;
          continue;
        }
        existing.add(normalized);
        const doc: Record<string, unknown> = {
          url: b.url,
          tag_names: b.tags,
          title: b.title,
          description: b.description,
          normalized_url: normalized,
          fetch_status: b.title ? 'done' : 'pending',
          fetch_error: null,
          fetched_at: null,
          duplicate_of: null,
          image_url: null,
          added_at: b.added_at ?? now,
          page_title: null,
          page_description: null,
          language,
        };
        doc.label = bookmarkLabel(doc);
        docs.push(doc);
      }
      const out: Doc[] = [];
      for (let i = 0; i < docs.length; i += BATCH) out.push(...(await this.store.createManyWithin(tx, db, 'Bookmark', docs.slice(i, i + BATCH), ctx.user_id)));
      return out;
    });
    report.created = created.length;
    await this.queue.enqueueMany(
      db,
      created.filter((d) => d.fetch_status === 'pending').map((d) => ({ id: d._id, rev: d._rev })),
    );
    return { ok: true, id: 'netscape', rev: '', doc: { ...report } };
  }

  async export(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    const db = accountDb(ctx);
    const skip = params.skip === undefined ? 0 : Number(params.skip);
    if (!Number.isInteger(skip) || skip < 0) throw errors.badRequest('skip must be a whole number of 0 or more');
    const { docs, total } = await this.repo.exportPage(db, skip);
    let html = NETSCAPE_HEADER;
    let bytes = Buffer.byteLength(NETSCAPE_HEADER) + Buffer.byteLength(NETSCAPE_FOOTER);
    let count = 0;
    for (const d of docs) {
      const entry = netscapeEntry({
        url: String(d.url),
        title: typeof d.title === 'string' && d.title ? d.title : null,
        description: typeof d.description === 'string' && d.description ? d.description : null,
        tags: Array.isArray(d.tag_names) ? (d.tag_names as string[]) : [],
        added_at: typeof d.added_at === 'string' ? d.added_at : null,
      });
      bytes += Buffer.byteLength(entry);
      if (count > 0 && bytes > BOOKMARKS_EXPORT_MAX_BYTES) break;
      html += entry;
      count++;
    }
    html += NETSCAPE_FOOTER;
    return { rows: [{ key: 'html', value: html }, { key: 'count', value: count }, { key: 'total', value: total }] };
  }

  /** Marks the bookmark pending and queues its fetch. */
  async refetch(ctx: CallerContext, id: string): Promise<WriteReply> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    if (klassOfId(id) !== 'Bookmark') throw errors.notFound('missing');
    const doc = await this.store.inTransaction((tx) =>
      this.store.writeWithin(tx, db, id, 'Bookmark', (current) => (current ? { ...current, fetch_status: 'pending', fetch_error: null } : null), ctx.user_id),
    );
    if (!doc) throw errors.notFound('missing');
    await this.queue.enqueue(db, doc._id, doc._rev);
    return { ok: true, id: doc._id, rev: doc._rev, doc };
  }
}
