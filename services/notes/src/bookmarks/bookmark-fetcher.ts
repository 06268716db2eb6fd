import { Injectable, Logger } from '@nestjs/common';
import type { Doc } from '@app/proto';
import { DocumentStore, OutboundError, safeFetch } from '@app/platform';
import { bookmarkLabel } from './bookmark.policy';
import { decodePage, isHtml, PageMeta, readPageMeta } from './page-meta.rules';

const logger = new Logger('bookmark-fetcher');

/** The bounds of one page fetch: 5 s in all, 2 MB, 5 redirects; private and loopback addresses refused unless allowed. */
export const FETCH_LIMITS = { timeoutMs: 5000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 } as const;

/** `NOTES_ALLOW_PRIVATE_URLS=1` lets bookmarks fetch loopback and private addresses (tests, an intranet wiki). */
export function allowPrivateUrls(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NOTES_ALLOW_PRIVATE_URLS === '1';
}

type Outcome = { ok: true; meta: PageMeta } | { ok: false; error: string };

/**
 * Fetches a bookmark's page (safeFetch, bounded) and writes what it says: the page's title and description fill the
 * bookmark's when those are empty or still what the page said before; og:image; the status. A bookmark whose URL
 * changed meanwhile is left alone (the job queued for the new URL will write it).
 */
@Injectable()
export class BookmarkFetcher {
  constructor(private readonly store: DocumentStore) {}

  async run(db: string, id: string): Promise<void> {
    const doc = await this.store.get(db, id);
    if (!doc || doc.klass !== 'Bookmark') return;
    const url = String(doc.url);
    const outcome = await this.fetchPage(url, doc.language === 'portuguese');
    await this.store.inTransaction((tx) => this.store.writeWithin(tx, db, id, 'Bookmark', (current) => (current && current.url === url ? applyOutcome(current, outcome) : null), null));
  }

  private async fetchPage(url: string, portuguese: boolean): Promise<Outcome> {
    try {
      const res = await safeFetch(url, {
        ...FETCH_LIMITS,
        allowPrivate: allowPrivateUrls(),
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'accept-language': portuguese ? 'pt-BR,pt;q=0.9,en;q=0.5' : 'en,*;q=0.5' },
      });
      if (res.status >= 400) return { ok: false, error: `http_${res.status}` };
      const type = res.headers['content-type'];
      if (!isHtml(type)) return { ok: true, meta: { title: null, description: null, image: null } };
      return { ok: true, meta: readPageMeta(decodePage(res.body, type), res.url) };
    } catch (err) {
      if (err instanceof OutboundError) return { ok: false, error: err.code };
      logger.error(`fetching ${url}: ${err instanceof Error ? err.message : String(err)}`);
      return { ok: false, error: 'network' };
    }
  }
}

/** The bookmark after a fetch: fields the person left empty, or that still hold what the page said, follow the page. */
export function applyOutcome(current: Doc, outcome: Outcome): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current, fetched_at: new Date().toISOString() };
  if (!outcome.ok) {
    next.fetch_status = 'failed';
    next.fetch_error = outcome.error;
    return next;
  }
  const { meta } = outcome;
  const follows = (field: 'title' | 'description', page: 'page_title' | 'page_description') => !current[field] || current[field] === current[page];
  if (follows('title', 'page_title')) next.title = meta.title ?? current.title ?? null;
  if (follows('description', 'page_description')) next.description = meta.description ?? current.description ?? null;
  next.page_title = meta.title;
  next.page_description = meta.description;
  next.image_url = meta.image;
  next.fetch_status = 'done';
  next.fetch_error = null;
  next.label = bookmarkLabel(next);
  return next;
}
