import { Inject, Injectable } from '@nestjs/common';
import {
  BOOKMARK_UPDATES,
  BOOKMARK_VIEWS,
  BOOKMARKS_DESIGN,
  BOOKMARKS_EXPORT_MAX_BYTES,
  BookmarksImportBody,
  BookmarksImportProgress,
  BookmarksImportReport,
  BOOKMARKS_PROGRESS_ID,
  BOOKMARKS_UPLOAD_TTL_SECONDS,
  bookmarksProgressKey,
  bookmarksUploadKey,
  BookmarksUploadBody,
  CallerContext,
  Doc,
  errors,
  klassOfId,
  notesLanguageOf,
  ViewReply,
  WriteReply,
} from '@app/proto';
import { DocumentStore, requireWrite, type AppConfig, type UpdateHandler, type ViewHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { parseFields } from '../common/fields';
import { NotesRedis } from '../common/notes-redis';
import { APP_CONFIG } from '../common/tokens';
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
 * queued for fetching (the others are not fetched: a big import would hit hundreds of sites at once). The file comes
 * in the body (`{html}`, up to BOOKMARKS_IMPORT_MAX_BYTES), or, sent whole to the gateway (up to
 * BOOKMARKS_FILE_MAX_BYTES, its icons dropped), in Redis under the `{upload_id}` the gateway gives (read once, deleted).
 */
@Injectable()
export class BookmarkFiles {
  constructor(
    private readonly store: DocumentStore,
    private readonly repo: BookmarksRepository,
    private readonly queue: BookmarkFetchQueue,
    private readonly redis: NotesRedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  views(): Record<string, ViewHandler> {
    return {
      [`${BOOKMARKS_DESIGN}/${BOOKMARK_VIEWS.export}`]: (ctx, params) => this.export(ctx, params),
      [`${BOOKMARKS_DESIGN}/${BOOKMARK_VIEWS.importProgress}`]: (ctx, params) => this.progress(ctx, params),
    };
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
    const { html, progressId } = await this.fileOf(db, body);
    const progress = (p: BookmarksImportProgress) =>
      progressId
        ? this.redis.client.set(bookmarksProgressKey(this.config.prefix, db, progressId), JSON.stringify(p), 'EX', BOOKMARKS_UPLOAD_TTL_SECONDS).then(() => undefined, () => undefined)
        : Promise.resolve();
    await progress({ total: 0, done: 0 });
    const parsed = parseNetscape(html);
    const report: BookmarksImportReport = { created: 0, duplicates: 0, invalid: parsed.invalid };
    await progress({ total: parsed.bookmarks.length, done: 0 });
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
          modified_at: b.modified_at,
          page_title: null,
          page_description: null,
          language,
        };
        doc.label = bookmarkLabel(doc);
        docs.push(doc);
      }
      const out: Doc[] = [];
      // what the file had twice or the group has already counts as done at once
      const skipped = parsed.bookmarks.length - docs.length;
      for (let i = 0; i < docs.length; i += BATCH) {
        out.push(...(await this.store.createManyWithin(tx, db, 'Bookmark', docs.slice(i, i + BATCH), ctx.user_id)));
        await progress({ total: parsed.bookmarks.length, done: skipped + out.length });
      }
      return out;
    });
    report.created = created.length;
    await this.queue.enqueueMany(
      db,
      created.filter((d) => d.fetch_status === 'pending').map((d) => ({ id: d._id, rev: d._rev })),
    );
    return { ok: true, id: 'netscape', rev: '', doc: { ...report } };
  }

  /**
   * The file's text: the body's `html`, or what the gateway left in Redis under `upload_id` (taken: read and deleted),
   * with the progress id the client gave the gateway.
   */
  private async fileOf(db: string, body: unknown): Promise<{ html: string; progressId?: string }> {
    if (body && typeof body === 'object' && 'upload_id' in body) {
      const { upload_id, progress_id } = parseFields(BookmarksUploadBody, body);
      const bytes = await this.redis.client.getdelBuffer(bookmarksUploadKey(this.config.prefix, db, upload_id));
      if (!bytes) throw errors.notFound('The bookmarks file is no longer there: send it again');
      return { html: bytes.toString('utf8'), progressId: progress_id };
    }
    return { html: parseFields(BookmarksImportBody, body ?? {}).html };
  }

  /** `bookmarks/_view/import_progress?key="<id>"`: how far that import of the group is (one row), or no row. */
  async progress(ctx: CallerContext, params: Record<string, unknown>): Promise<ViewReply> {
    const db = accountDb(ctx);
    const id = params.key;
    if (typeof id !== 'string' || !BOOKMARKS_PROGRESS_ID.test(id)) throw errors.badRequest('key must be the progress id the import was sent with');
    const raw = await this.redis.client.get(bookmarksProgressKey(this.config.prefix, db, id));
    if (!raw) return { rows: [] };
    const value = JSON.parse(raw) as BookmarksImportProgress;
    return { rows: [{ key: id, value: { total: Number(value.total) || 0, done: Number(value.done) || 0 } }] };
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
        modified_at: typeof d.modified_at === 'string' ? d.modified_at : null,
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
