import { z } from 'zod';
import { FIELD_MESSAGES as M } from './errors';
import { normalizeTags } from './finance';

// The notes module's documents (spec §3 Handbook, Bookmark entry; §5 tags): handbooks (a markdown wiki with slugs,
// fields, backlinks and revisions) and bookmarks (a link with its fetched title), the update handlers and views, and
// full-text search. The notes service renders markdown to sanitized HTML once, on save (`content_html`); the web shows
// that HTML and asks the service for a preview while editing. Pure (zod only).

// ---- constants ----------------------------------------------------------------------------------------------------

export const HANDBOOK_CONTENT_TYPES = ['markdown', 'text'] as const;
export type HandbookContentType = (typeof HANDBOOK_CONTENT_TYPES)[number];
/** characters of a handbook's content */
export const MAX_HANDBOOK_CONTENT = 200_000;
/**
 * Bytes a handbook takes at most as stored: the whole document as JSON in UTF-8 (its markdown, the HTML rendered from
 * it, fields and value_for, title, tags, addresses, backlinks and the server's fields), the unit the bus and the
 * database count. A save whose document would be larger is refused before anything is stored (413, HANDBOOK_REASONS
 * .tooLarge). 200,000 characters of prose take 0.2–0.6 MB as markdown and about as much again as HTML, in any script;
 * this leaves room for fields and markup, and refuses only what markup or escaping blows up several times over.
 */
export const MAX_HANDBOOK_BYTES = 2 * 1024 * 1024;
export const MAX_HANDBOOK_FIELDS = 50;
export const MAX_SLUG = 120;
/** a Netscape bookmarks file an import takes as JSON (`{html}`, bytes of HTML) */
export const BOOKMARKS_IMPORT_MAX_BYTES = 900 * 1024;
/**
 * A bookmarks file sent as itself (`PUT /{account_id}/_design/bookmarks/_update/import/netscape` with Content-Type
 * text/html, the one route with a body limit of its own): at most this many bytes as sent. A browser's export is mostly
 * its icons (Chrome writes each as a data: URL in ICON: 10,000 bookmarks take 20–40 MB), which the gateway drops while
 * it reads the file.
 */
export const BOOKMARKS_FILE_MAX_BYTES = 64 * 1024 * 1024;
/** …and at most this many bytes once its icons are dropped (some 80,000 bookmarks). */
export const BOOKMARKS_FILE_TEXT_MAX_BYTES = 16 * 1024 * 1024;
/** How long such a file, its icons dropped, waits in Redis for the notes service (which takes it at once). */
export const BOOKMARKS_UPLOAD_TTL_SECONDS = 600;
/** Where the gateway leaves it (the notes service reads it and deletes it). */
export const bookmarksUploadKey = (prefix: string, accountId: string, uploadId: string): string => `${prefix}:bookmarks-file:${accountId}:${uploadId}`;
/** Where the notes service says how far the import of such a file is (`?progress=<id>` of the import, BOOKMARK_VIEWS.importProgress). */
export const bookmarksProgressKey = (prefix: string, accountId: string, progressId: string): string => `${prefix}:bookmarks-progress:${accountId}:${progressId}`;
/** An import's progress id: chosen by the client (a UUID), sent as `?progress=` with the file. */
export const BOOKMARKS_PROGRESS_ID = /^[A-Za-z0-9_-]{8,64}$/;
export const BOOKMARK_FETCH_STATUSES = ['pending', 'done', 'failed'] as const;
/** revisions kept per handbook (the oldest go first; `revision` numbers keep counting) */
export const MAX_HANDBOOK_REVISIONS = 100;
/** bytes of revision contents one `handbooks/revisions` answer holds at most (NATS carries ≤ 1 MB) */
export const HANDBOOK_REVISIONS_MAX_BYTES = 600 * 1024;
/** bytes of HTML one `bookmarks/export` answer holds at most (NATS carries ≤ 1 MB); `?skip=` pages on */
export const BOOKMARKS_EXPORT_MAX_BYTES = 800 * 1024;
export const NOTES_SEARCH_DEFAULT_LIMIT = 20;
/**
 * The text-search language of a handbook or bookmark: its creator's locale when it was created (pt-BR → portuguese,
 * anything else → english). Words are stemmed in that language and accents are ignored either way.
 */
export const NOTES_LANGUAGES = ['portuguese', 'english'] as const;
export type NotesLanguage = (typeof NOTES_LANGUAGES)[number];
export function notesLanguageOf(locale: string | null | undefined): NotesLanguage {
  return typeof locale === 'string' && /^pt\b/i.test(locale) ? 'portuguese' : 'english';
}
export type BookmarkFetchStatus = (typeof BOOKMARK_FETCH_STATUSES)[number];

/** Message keys of the notes' field errors (web i18n: `validation.<key>`). */
export const NOTES_MESSAGES = {
  badSlug: 'is-not-a-valid-address',
  badUrl: 'is-not-a-web-address',
  taken: M.taken,
} as const;

/** The reason of a 409 on a handbook saved over someone else's change (the web shows both versions). */
export const HANDBOOK_CONFLICT_REASON = 'Someone else changed this page';

/** Sentences of the notes' refusals. */
export const HANDBOOK_REASONS = {
  /** 413 payload_too_large: the document a save would store passes MAX_HANDBOOK_BYTES (both in bytes, digits only) */
  tooLarge: (bytes: number, max: number) =>
    `This page would take ${bytes} bytes once saved (its text, the HTML made from it and its fields), more than the ${max} bytes a page may hold: shorten it or split it into several pages`,
} as const;

/**
 * A slug from a title: lower case, accents dropped, anything but letters and digits turned into single dashes
 * ("Troca de Óleo — Motor 2.0" → "troca-de-oleo-motor-2-0"); empty titles give "page".
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '');
  return slug || 'page';
}

const Slug = z
  .string()
  .trim()
  .min(1, { error: M.blank })
  .max(MAX_SLUG, { error: M.tooLong })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: NOTES_MESSAGES.badSlug });

const Tags = z.union([z.string(), z.array(z.string())]).transform(normalizeTags);

export const HandbookField = z.object({
  field_name: z.string({ error: M.blank }).trim().min(1, { error: M.blank }).max(100, { error: M.tooLong }),
  field_value: z.string().max(2000, { error: M.tooLong }).default(''),
});
export type HandbookField = z.infer<typeof HandbookField>;

/** What a client sends for a handbook; uri is made from the title when absent and kept when the title changes. */
export const HandbookFields = z.object({
  title: z.string({ error: M.blank }).trim().min(1, { error: M.blank }).max(300, { error: M.tooLong }),
  content: z.string().max(MAX_HANDBOOK_CONTENT, { error: M.tooLong }).default(''),
  content_type: z.enum(HANDBOOK_CONTENT_TYPES, { error: M.invalid }).default('markdown'),
  categories: Tags.optional(),
  /** empty or null: made from the title (new page) or kept (saved page) */
  uri: z.preprocess((v) => (v === '' || v === null ? undefined : v), Slug.optional()),
  fields: z.array(HandbookField).max(MAX_HANDBOOK_FIELDS, { error: M.tooLong }).default([]),
});
export type HandbookFields = z.infer<typeof HandbookFields>;

/** A handbook that links to another one (through `[[slug]]` or a link to its uri). */
export interface HandbookLink {
  _id: string;
  title: string;
  uri: string;
}

/** What the notes service keeps on a handbook besides its fields (read only for clients). */
export interface HandbookServerFields {
  /** the content rendered and sanitized (markdown), or escaped (text) */
  content_html: string;
  /** the handbooks linking here, kept current on every save */
  linked_by: HandbookLink[];
  /** the slugs this handbook links to */
  links_to: string[];
  /** earlier slugs, which still find it */
  old_uris: string[];
  /** the number of the `_rev` (before its dash) whose save gave the page its current uri: a save based on an older
   * `_rev` that sends another uri is 409, as one over a newer revision's content (absent on pages whose uri has not
   * changed since this was kept: then a stale save sending one of `old_uris` is 409) */
  uri_rev?: number;
  /** field_name → field_value (spec §3 value_for) */
  value_for: Record<string, string>;
  /** the number of its newest revision (1 after creating; a save that changes nothing of title, content, content_type,
   * categories or fields adds none). A PUT whose `_rev` is stale but whose `revision` is still the newest is taken: only
   * server-kept fields (linked_by) changed meanwhile. */
  revision: number;
  /** the language its text is searched in */
  language: NotesLanguage;
}

/** A bookmark (spec §3 Bookmark entry); title and description are fetched from the page unless given. */
export const BookmarkFields = z.object({
  url: z
    .string({ error: M.blank })
    .trim()
    .min(1, { error: M.blank })
    .max(2048, { error: M.tooLong })
    .refine((s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
      } catch {
        return false;
      }
    }, { error: NOTES_MESSAGES.badUrl }),
  tag_names: Tags.optional(),
  title: z.string().trim().max(500, { error: M.tooLong }).nullable().optional(),
  description: z.string().max(4000, { error: M.tooLong }).nullable().optional(),
});
export type BookmarkFields = z.infer<typeof BookmarkFields>;

export interface BookmarkServerFields {
  /** the URL compared for duplicates: scheme and host lower case, default port, fragment and tracking parameters dropped */
  normalized_url: string;
  fetch_status: BookmarkFetchStatus;
  fetch_error: string | null;
  fetched_at: string | null;
  /** another bookmark of the group with the same normalized URL */
  duplicate_of: string | null;
  /** og:image, when the page names one (http or https only) */
  image_url: string | null;
  /** when it was bookmarked: the browser's ADD_DATE for an imported one, else when it was created */
  added_at: string;
  /** when a person last changed it: the file's LAST_MODIFIED for an imported one (null when it had none) until it is
   * edited here, else its last save that changed its url, title, description or tags; exported as LAST_MODIFIED */
  modified_at: string | null;
  /** what the page itself said last time it was fetched (title, else og:title; meta description, else og:description):
   * an empty title or description is filled from these, and one still equal to them follows a refetch */
  page_title: string | null;
  page_description: string | null;
  language: NotesLanguage;
}

// ---- update handlers and views -------------------------------------------------------------------------------------

export const HANDBOOKS_DESIGN = 'handbooks';
export const HANDBOOK_VIEWS = {
  /** `?key=<slug>`: the handbook with that uri now or before: one row `{key: slug, value: {_id, uri}}`, none if unknown */
  byUri: 'by_uri',
  /**
   * `?key=<handbook id>`: its revisions, newest first: rows `{key: revision number, value: HandbookRevision}`. The
   * contents of one answer stay under HANDBOOK_REVISIONS_MAX_BYTES: older revisions past that come with `content: ''`
   * and `content_omitted: true`; `?key=<id>&revision=<n>` answers that one revision whole.
   */
  revisions: 'revisions',
  /** every tag with its count of handbooks: rows `{key: tag, value: count}` */
  tags: 'tags',
} as const;
export const HANDBOOK_UPDATES = {
  /** PUT …/_update/preview/new with body `{content, content_type}`: the HTML a save would store (`doc.content_html`) */
  preview: 'preview',
} as const;

/** The body of `handbooks/_update/preview/{any id}`: the content to render as a save would. */
export const HandbookPreviewBody = z.object({
  content: z.string().max(MAX_HANDBOOK_CONTENT, { error: M.tooLong }).default(''),
  content_type: z.enum(HANDBOOK_CONTENT_TYPES, { error: M.invalid }).default('markdown'),
});
export type HandbookPreviewBody = z.infer<typeof HandbookPreviewBody>;

export interface HandbookRevision {
  revision: number;
  title: string;
  content: string;
  content_type: HandbookContentType;
  categories: string[];
  fields: HandbookField[];
  /** who saved it: user id and public label (full name, else the masked address) */
  updated_by: string | null;
  updated_by_label: string | null;
  updated_at: string;
  /** set when the list left this revision's content out (ask for it with `&revision=<n>`) */
  content_omitted?: true;
}

export const BOOKMARKS_DESIGN = 'bookmarks';
export const BOOKMARK_VIEWS = {
  /**
   * the group's bookmarks as a Netscape bookmarks HTML file, oldest first: rows `{key: 'html', value: html}`, then
   * `{key: 'count', value: bookmarks in this file}` and `{key: 'total', value: bookmarks of the group}`. One answer
   * holds at most BOOKMARKS_EXPORT_MAX_BYTES of HTML; when count + skip < total, ask again with `?skip=count+skip`.
   */
  export: 'export',
  /**
   * `?key="<progress id>"`: how far the import of a file sent with `?progress=<id>` is: one row
   * `{key: id, value: BookmarksImportProgress}`, or none (not started, or ended more than BOOKMARKS_UPLOAD_TTL_SECONDS ago)
   */
  importProgress: 'import_progress',
} as const;
/** How far an import is: `total` bookmarks read from the file (0 while it is being read), `done` of them stored. */
export interface BookmarksImportProgress {
  total: number;
  done: number;
}
export const BOOKMARK_UPDATES = {
  /** PUT …/_update/import/netscape with body `{html}`: creates the bookmarks (duplicates skipped), `doc` is the report */
  import: 'import',
  /** PUT …/_update/refetch/{bookmark id}: fetch its title and description again */
  refetch: 'refetch',
} as const;

/** The body of `bookmarks/_update/import/netscape`: the file's text (UTF-8; what browsers export). */
export const BookmarksImportBody = z.object({
  html: z.string({ error: M.blank }).min(1, { error: M.blank }).max(BOOKMARKS_IMPORT_MAX_BYTES, { error: M.tooLong }),
});
/** What the gateway sends the notes service for a file sent as itself: the id it left the file under in Redis, and the
 * client's progress id if it gave one. */
export const BookmarksUploadBody = z.object({
  upload_id: z.string().regex(/^[0-9a-f-]{36}$/, { error: M.invalid }),
  progress_id: z.string().regex(BOOKMARKS_PROGRESS_ID, { error: M.invalid }).optional(),
});

export interface BookmarksImportReport {
  created: number;
  duplicates: number;
  invalid: number;
}

/**
 * `GET /{account_id}/_design/notes/_view/search?q=…&limit=…`: handbooks and bookmarks ranked by relevance, rows
 * `{key: rank, value: NotesSearchHit}`. `q` is web-search syntax (words, "a phrase", or, -word), accents ignored;
 * limit defaults to NOTES_SEARCH_DEFAULT_LIMIT, at most NOTES_SEARCH_MAX_LIMIT.
 */
export const NOTES_DESIGN = 'notes';
export const NOTES_VIEWS = { search: 'search' } as const;
export const NOTES_SEARCH_MAX_LIMIT = 50;

/** A search hit: the snippet is HTML-escaped text with the matched words in `<mark>` and nothing else. */
export interface NotesSearchHit {
  _id: string;
  klass: 'Handbook' | 'Bookmark';
  title: string;
  /** the handbook's uri or the bookmark's url */
  uri: string;
  snippet: string;
  rank: number;
  updated_at: string;
}
