import type { BookmarkDoc, BookmarksImportProgress, BookmarksImportReport, DocBody, HandbookDoc, HandbookRevision, Klass, KlassDoc, NotesSearchHit } from '@app/proto';
import { ApiError, createApiClient, hostHookOptions, hostHooks, readCookie, type ApiClient, type KlassFind } from '@app/ui';
import { countLinks, withoutIcons } from './bookmark-file';
import { BM_UPDATES, BM_VIEWS, BOOKMARKS, FILE_MAX_BYTES, HANDBOOKS, HB_UPDATES, HB_VIEWS, N_VIEWS, NOTES, SEARCH_LIMIT, type CONTENT_TYPES } from './contract';

// The remote's client of the gateway's document API for the notes contract (proto/src/notes.ts): _find, GET/PUT/DELETE
// by id, POST create, the `handbooks`, `bookmarks` and `notes` designs' views and update handlers, on /{account_id}/….
// It is the @app/ui client, like the shell's: same origin, cookies, the XSRF header and x-route-name (the screen).

let routeName: string | undefined;
export const setRouteName = (name: string | undefined) => {
  routeName = name;
};

// failures and version changes go to the shell (re-login modal, new-version banner)
export let api: ApiClient = createApiClient({ routeName: () => routeName, ...hostHookOptions() });

/** For tests: another client (e.g. with a stubbed fetch). */
export function setApiClient(client: ApiClient): void {
  api = client;
}

/** How a file is sent with its upload's progress (tests give a fake). */
let newRequest = (): XMLHttpRequest => new XMLHttpRequest();
export function setRequestFactory(make: () => XMLHttpRequest): void {
  newRequest = make;
}

/**
 * Where a bookmarks import is: `sending` the file (bytes of it sent, of its size), then `importing` (bookmarks stored,
 * of those the file holds; total 0 while the service reads it). `links` is what the file was counted to hold.
 */
export interface ImportProgress {
  phase: 'sending' | 'importing';
  done: number;
  total: number;
  links: number;
}

/** How often the service is asked how far an import is. */
export const PROGRESS_POLL_MS = 500;

/** An id of the browser's choosing for an import's progress (crypto.randomUUID needs a secure context). */
function progressId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A view's rows; a view parameter goes as JSON (the gateway reads `key="x"` as the string x, `key=12` as a number). */
async function view(accountId: string, design: string, name: string, query: Record<string, string | number | undefined> = {}, signal?: AbortSignal) {
  const encoded: Record<string, string | number | undefined> = {};
  for (const [k, v] of Object.entries(query)) encoded[k] = typeof v === 'string' ? JSON.stringify(v) : v;
  const { rows } = await api.call('GET /{db}/_design/{design}/_view/{view}', { params: { db: accountId, design, view: name }, query: encoded, signal });
  return rows;
}

export const docs = {
  find: <K extends Klass>(accountId: string, query: KlassFind<K>, signal?: AbortSignal) => api.find(accountId, query, signal),
  get: <K extends Klass>(accountId: string, id: string) => api.getDoc<K>(accountId, id) as Promise<KlassDoc<K>>,
  create: (accountId: string, doc: DocBody) => api.call('POST /{db}', { params: { db: accountId }, body: doc }),
  update: (accountId: string, id: string, rev: string, doc: DocBody) =>
    api.call('PUT /{db}/{id}', { params: { db: accountId, id }, query: { rev }, body: doc }),
  remove: (accountId: string, id: string, rev: string) => api.call('DELETE /{db}/{id}', { params: { db: accountId, id }, query: { rev } }),
};

/** What `by_uri` answers for a slug: the handbook that has it now or had it before. */
export interface UriMatch {
  _id: string;
  uri: string;
}

export const handbooks = {
  get: (accountId: string, id: string) => docs.get<'Handbook'>(accountId, id) as Promise<HandbookDoc>,
  /** the handbook a slug names now or named before (`handbooks/_view/by_uri?key="slug"`), or null */
  byUri: async (accountId: string, slug: string): Promise<UriMatch | null> => {
    const rows = await view(accountId, HANDBOOKS, HB_VIEWS.byUri, { key: slug });
    const value = rows[0]?.value as Partial<UriMatch> | undefined;
    return value && typeof value._id === 'string' && typeof value.uri === 'string' ? { _id: value._id, uri: value.uri } : null;
  },
  /** a handbook's revisions, newest first */
  revisions: async (accountId: string, id: string): Promise<HandbookRevision[]> => {
    const rows = await view(accountId, HANDBOOKS, HB_VIEWS.revisions, { key: id });
    return rows.map((r) => r.value as HandbookRevision).sort((a, b) => b.revision - a.revision);
  },
  /** one revision whole (`&revision=n`): the list leaves older contents out past its byte budget (`content_omitted`) */
  revision: async (accountId: string, id: string, revision: number): Promise<HandbookRevision | null> => {
    const rows = await view(accountId, HANDBOOKS, HB_VIEWS.revisions, { key: id, revision });
    return (rows[0]?.value as HandbookRevision | undefined) ?? null;
  },
  /** every tag of the group's handbooks with its count, most used first */
  tags: async (accountId: string): Promise<Array<{ tag: string; count: number }>> => {
    const rows = await view(accountId, HANDBOOKS, HB_VIEWS.tags);
    return rows
      .map((r) => ({ tag: String(r.key), count: Number(r.value) || 0 }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
  },
  /** the HTML a save would store for this content (rendered and sanitized by the service) */
  preview: async (accountId: string, content: string, contentType: (typeof CONTENT_TYPES)[number], signal?: AbortSignal): Promise<string> => {
    const reply = await api.call('PUT /{db}/_design/{design}/_update/{handler}/{id}', {
      params: { db: accountId, design: HANDBOOKS, handler: HB_UPDATES.preview, id: 'new' },
      body: { content, content_type: contentType },
      signal,
    });
    const html = (reply.doc as { content_html?: unknown } | undefined)?.content_html;
    return typeof html === 'string' ? html : '';
  },
};

/** Pages of an export asked at most (800 kB each: far more than any group's bookmarks). */
const EXPORT_MAX_PAGES = 200;

/** A Netscape bookmarks file as its head (up to the list's opening), its entries and its tail (the list's closing). */
export function splitNetscape(html: string): { head: string; entries: string; tail: string } {
  const open = html.indexOf('<DL>');
  const close = html.lastIndexOf('</DL>');
  if (open < 0 || close < open) return { head: '', entries: html, tail: '' };
  const start = html.indexOf('\n', open) + 1 || open + 4;
  return { head: html.slice(0, start), entries: html.slice(start, close), tail: html.slice(close) };
}

export const bookmarks = {
  get: (accountId: string, id: string) => docs.get<'Bookmark'>(accountId, id) as Promise<BookmarkDoc>,
  /**
   * The group's bookmarks as one Netscape bookmarks file (what browsers import). The service answers a file of at most
   * BOOKMARKS_EXPORT_MAX_BYTES at a time, with how many it holds and the total: the pages are asked in turn and their
   * entries put in one file.
   */
  exportHtml: async (accountId: string): Promise<string> => {
    let head = '';
    let tail = '';
    const entries: string[] = [];
    for (let skip = 0, pages = 0; pages < EXPORT_MAX_PAGES; pages++) {
      const rows = await view(accountId, BOOKMARKS, BM_VIEWS.export, { skip });
      const value = (key: string) => rows.find((r) => r.key === key)?.value;
      const html = String(value('html') ?? '');
      const count = Number(value('count')) || 0;
      const total = Number(value('total')) || 0;
      const file = splitNetscape(html);
      if (!head) ({ head, tail } = file);
      entries.push(file.entries);
      skip += count;
      if (count === 0 || skip >= total) break;
    }
    return head + entries.join('') + tail;
  },
  /**
   * Creates bookmarks from a browser's bookmarks file (duplicates skipped): how many were created, skipped, invalid.
   * The file is imported whole, however large (the gateway takes the file itself on the import's route,
   * up to FILE_MAX_BYTES): its icons dropped here first (most of its bytes), then sent with the upload's progress, then
   * the service asked how far the import is until it answers. Calls as the JSON client does: same origin, cookies,
   * the XSRF header, the screen's name; a refusal is an ApiError with the answer's {error, reason}.
   */
  importFile: async (accountId: string, file: Blob, onProgress: (p: ImportProgress) => void): Promise<BookmarksImportReport> => {
    const path = `/${encodeURIComponent(accountId)}/_design/${BOOKMARKS}/_update/${BM_UPDATES.import}/netscape`;
    const fail = (err: ApiError) => {
      hostHooks()?.onError?.(err, path, 'PUT');
      return err;
    };
    if (file.size > FILE_MAX_BYTES) throw new ApiError(413, 'payload_too_large', `A bookmarks file can have at most ${FILE_MAX_BYTES / 1024 / 1024} MB`);
    const html = withoutIcons(await file.text());
    const links = countLinks(html);
    const body = new Blob([html], { type: 'text/html' });
    const id = progressId();
    let importing = false;
    let ended = false;
    const watch = async () => {
      while (!ended) {
        await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
        if (ended) break;
        try {
          const value = (await view(accountId, BOOKMARKS, BM_VIEWS.importProgress, { key: id }))[0]?.value as Partial<BookmarksImportProgress> | undefined;
          if (value && !ended) onProgress({ phase: 'importing', done: Number(value.done) || 0, total: Number(value.total) || 0, links });
        } catch {
          // the answer of the import itself says what went wrong
        }
      }
    };
    onProgress({ phase: 'sending', done: 0, total: body.size, links });
    return new Promise<BookmarksImportReport>((resolve, reject) => {
      const xhr = newRequest();
      xhr.open('PUT', `${path}?progress=${id}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader('content-type', 'text/html; charset=utf-8');
      const xsrf = readCookie('XSRF-TOKEN');
      if (xsrf) xhr.setRequestHeader('x-xsrf-token', xsrf);
      if (routeName) xhr.setRequestHeader('x-route-name', routeName);
      const sent = () => {
        if (importing) return;
        importing = true;
        onProgress({ phase: 'importing', done: 0, total: 0, links });
        void watch();
      };
      xhr.upload.onprogress = (e) => !importing && onProgress({ phase: 'sending', done: e.loaded, total: e.lengthComputable ? e.total : body.size, links });
      xhr.upload.onload = sent;
      xhr.onload = () => {
        ended = true;
        let answer: Record<string, unknown> = {};
        try {
          answer = JSON.parse(xhr.responseText) as Record<string, unknown>;
        } catch {
          /* not JSON: an error without a body */
        }
        if (xhr.status >= 200 && xhr.status < 300) return resolve(importReport(answer.doc));
        const reason = typeof answer.reason === 'string' || (answer.reason && typeof answer.reason === 'object') ? (answer.reason as string) : undefined;
        reject(fail(new ApiError(xhr.status, typeof answer.error === 'string' ? answer.error : 'undefined error', reason)));
      };
      xhr.onerror = () => {
        ended = true;
        reject(fail(new ApiError(0, 'connection error', 'Network error')));
      };
      xhr.send(body);
    });
  },
  /** fetch its title and description again (in the background) */
  refetch: (accountId: string, id: string) => api.update(accountId, BOOKMARKS, BM_UPDATES.refetch, id),
};

function importReport(doc: unknown): BookmarksImportReport {
  const d = (doc ?? {}) as Partial<BookmarksImportReport>;
  return { created: Number(d.created) || 0, duplicates: Number(d.duplicates) || 0, invalid: Number(d.invalid) || 0 };
}

/** Handbooks and bookmarks matching a text, best first, each with a snippet (escaped text with `<mark>`). */
export async function searchNotes(accountId: string, q: string, signal?: AbortSignal): Promise<NotesSearchHit[]> {
  const rows = await view(accountId, NOTES, N_VIEWS.search, { q, limit: SEARCH_LIMIT }, signal);
  return rows.map((r) => r.value as NotesSearchHit).filter((hit) => hit && typeof hit._id === 'string');
}
