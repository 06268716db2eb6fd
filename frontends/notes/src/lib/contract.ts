import type {
  BOOKMARK_FETCH_STATUSES,
  BOOKMARK_UPDATES,
  BOOKMARK_VIEWS,
  BOOKMARKS_DESIGN,
  BOOKMARKS_FILE_MAX_BYTES,
  HANDBOOK_CONFLICT_REASON,
  HANDBOOK_CONTENT_TYPES,
  HANDBOOK_UPDATES,
  HANDBOOK_VIEWS,
  HANDBOOKS_DESIGN,
  MAX_FIND_LIMIT,
  MAX_HANDBOOK_BYTES,
  MAX_HANDBOOK_CONTENT,
  MAX_HANDBOOK_FIELDS,
  MAX_SLUG,
  NOTES_DESIGN,
  NOTES_MESSAGES,
  NOTES_SEARCH_MAX_LIMIT,
  NOTES_VIEWS,
  REASONS,
  slugify,
} from '@app/proto';
// schema-free (proto/src/finance-records.ts): importing it bundles no zod
import { normalizeTags } from '@app/proto';

// The notes contract's constants and rules needed at run time (proto/src/notes.ts). proto's notes module also holds the
// zod schemas, and importing a value from it would bundle them (and zod): the values are written out here under other
// names, and `satisfies typeof <proto's>` makes the compiler refuse any that drifts (lib/contract.test.ts compares them
// with proto's too).

export const CONTENT_TYPES = ['markdown', 'text'] as const satisfies typeof HANDBOOK_CONTENT_TYPES;
export const CONTENT_MAX = 200_000 satisfies typeof MAX_HANDBOOK_CONTENT;
/** bytes a stored page takes at most (its JSON in UTF-8: text, rendered HTML, fields…); a larger save is a 413 */
export const PAGE_BYTES_MAX = 2 * 1024 * 1024 satisfies typeof MAX_HANDBOOK_BYTES;
export const FIELDS_MAX = 50 satisfies typeof MAX_HANDBOOK_FIELDS;
export const SLUG_MAX = 120 satisfies typeof MAX_SLUG;
/** a bookmarks file sent whole (its icons dropped before it is sent, and by the gateway again) */
export const FILE_MAX_BYTES = 64 * 1024 * 1024 satisfies typeof BOOKMARKS_FILE_MAX_BYTES;
export const FETCH_STATUSES = ['pending', 'done', 'failed'] as const satisfies typeof BOOKMARK_FETCH_STATUSES;
export const FIND_LIMIT = 1000 satisfies typeof MAX_FIND_LIMIT;
export const SEARCH_LIMIT = 50 satisfies typeof NOTES_SEARCH_MAX_LIMIT;

/** the notes' own field errors, keys of `validation.*` */
export const MESSAGES = { badSlug: 'is-not-a-valid-address', badUrl: 'is-not-a-web-address', taken: 'has-already-been-taken' } as const satisfies typeof NOTES_MESSAGES;

/** the reason of a 409 on a handbook saved over someone else's change */
export const CONFLICT_REASON = 'Someone else changed this page' satisfies typeof HANDBOOK_CONFLICT_REASON;
/** the platform's reason of a 409 on a stale _rev (spec §8) */
export const STALE_REASON = 'Record updated by someone else, please refresh' satisfies (typeof REASONS)['conflict'];

export const HANDBOOKS = 'handbooks' satisfies typeof HANDBOOKS_DESIGN;
export const HB_VIEWS = { byUri: 'by_uri', revisions: 'revisions', tags: 'tags' } as const satisfies typeof HANDBOOK_VIEWS;
export const HB_UPDATES = { preview: 'preview' } as const satisfies typeof HANDBOOK_UPDATES;
export const BOOKMARKS = 'bookmarks' satisfies typeof BOOKMARKS_DESIGN;
export const BM_VIEWS = { export: 'export', importProgress: 'import_progress' } as const satisfies typeof BOOKMARK_VIEWS;
export const BM_UPDATES = { import: 'import', refetch: 'refetch' } as const satisfies typeof BOOKMARK_UPDATES;
export const NOTES = 'notes' satisfies typeof NOTES_DESIGN;
export const N_VIEWS = { search: 'search' } as const satisfies typeof NOTES_VIEWS;

/**
 * proto's slugify written out: lower case, accents dropped, anything but letters and digits turned into single dashes
 * ("Troca de Óleo — Motor 2.0" → "troca-de-oleo-motor-2-0"); empty titles give "page".
 */
export const toSlug = ((title: string): string => {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || 'page';
}) satisfies typeof slugify;

/** A slug as the service takes it (proto's Slug): lower-case letters and digits in dash-separated words. */
export const isSlug = (text: string) => text.length <= SLUG_MAX && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text);

/**
 * Tags (spec §5), proto's normalizeTags: comma separated, each trimmed, lower-cased, spaces turned into dashes, empty
 * ones and repeats dropped ("Motor, troca de óleo,motor" → ["motor", "troca-de-óleo"]).
 */
export const toTags = normalizeTags;
