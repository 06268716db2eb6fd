import type { PoolClient } from 'pg';
import { BookmarkFields, CallerContext, Doc, errors, NOTES_MESSAGES, notesLanguageOf } from '@app/proto';
import type { KlassPolicy, WriteOp } from '@app/platform';
import { normalizeUrl } from './bookmark-url.rules';
import { BookmarksRepository } from './bookmarks.repository';

/** What only the service writes on a bookmark: kept from the stored one (or set) whatever the client sends. */
export const BOOKMARK_SERVER_FIELDS = ['normalized_url', 'fetch_status', 'fetch_error', 'fetched_at', 'duplicate_of', 'image_url', 'added_at', 'modified_at', 'page_title', 'page_description', 'language', 'label'] as const;

/** The name a bookmark is shown and logged by: its title, else its page's, else its address. */
export function bookmarkLabel(doc: Record<string, unknown>): string {
  for (const k of ['title', 'page_title', 'url']) if (typeof doc[k] === 'string' && doc[k]) return doc[k] as string;
  return '';
}

/**
 * Bookmarks through the document API: the URL is normalized for duplicates (the oldest bookmark of a page is the one
 * the others point at with `duplicate_of`, decided in the write's transaction), a new or changed URL is fetched again
 * (DocumentsService queues the job), the fetch fields stay the service's.
 */
export class BookmarkPolicy implements KlassPolicy {
  readonly schema = BookmarkFields as unknown as KlassPolicy['schema'];

  constructor(private readonly repo: BookmarksRepository) {}

  beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Record<string, unknown> {
    if (op === 'delete') return fields;
    const out: Record<string, unknown> = { ...fields };
    for (const f of BOOKMARK_SERVER_FIELDS) delete out[f];
    const normalized = normalizeUrl(String(fields.url));
    if (!normalized) throw errors.unprocessable({ url: NOTES_MESSAGES.badUrl });
    out.tag_names = fields.tag_names ?? [];
    out.title = fields.title || null;
    out.description = fields.description || null;
    out.normalized_url = normalized;
    const samePage = prev?.url === fields.url;
    out.fetch_status = samePage ? (prev!.fetch_status ?? 'pending') : 'pending';
    out.fetch_error = samePage ? (prev!.fetch_error ?? null) : null;
    out.fetched_at = samePage ? (prev!.fetched_at ?? null) : null;
    out.image_url = samePage ? (prev!.image_url ?? null) : null;
    out.page_title = samePage ? (prev!.page_title ?? null) : null;
    out.page_description = samePage ? (prev!.page_description ?? null) : null;
    out.duplicate_of = prev?.normalized_url === normalized ? (prev.duplicate_of ?? null) : null;
    out.added_at = prev?.added_at ?? new Date().toISOString();
    // a save that changes what a person writes moves modified_at (LAST_MODIFIED in the export); others keep it
    const edited = !prev || prev.url !== out.url || (prev.title ?? null) !== out.title || (prev.description ?? null) !== out.description || JSON.stringify(prev.tag_names ?? []) !== JSON.stringify(out.tag_names);
    out.modified_at = edited ? new Date().toISOString() : (prev.modified_at ?? null);
    out.language = prev?.language ?? notesLanguageOf(ctx.locale);
    out.label = bookmarkLabel(out);
    return out;
  }

  async inCreate(_ctx: CallerContext, tx: PoolClient, db: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.repo.lockGroup(tx, db);
    return { ...fields, duplicate_of: await this.repo.firstWithUrl(tx, db, String(fields.normalized_url), null) };
  }

  async inUpdate(_ctx: CallerContext, tx: PoolClient, db: string, stored: Doc, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (stored.normalized_url === fields.normalized_url) return fields;
    await this.repo.lockGroup(tx, db);
    return { ...fields, duplicate_of: await this.repo.firstWithUrl(tx, db, String(fields.normalized_url), stored._id) };
  }

  present(doc: Doc): Doc {
    return { ...doc, label: bookmarkLabel(doc) || null };
  }
}
