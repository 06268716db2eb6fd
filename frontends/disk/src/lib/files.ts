import type { CloudFileDoc, FindQuery } from '@app/proto';
import { BAD_NAME, FIND_LIMIT, isFolder, LIVE_KINDS, NAME_MAX_BYTES, TRASHED_KINDS } from './contract';

// The disk's listing rules (spec §2 disk screens, §4 kinds): what a folder, the starred list and the trash ask the
// gateway for, and the order they are shown in (folders first by name, then files by the chosen sort).

export const SORT_FIELDS = ['name', 'size', 'updated_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  field: SortField;
  direction: SortDirection;
}
export const DEFAULT_SORT: Sort = { field: 'name', direction: 'asc' };

/** The sort in the address (?sort=size&dir=desc); anything unknown reads as the default. */
export function readSort(params: URLSearchParams): Sort {
  const field = params.get('sort');
  const direction = params.get('dir');
  return {
    field: (SORT_FIELDS as readonly string[]).includes(field ?? '') ? (field as SortField) : DEFAULT_SORT.field,
    direction: direction === 'desc' ? 'desc' : 'asc',
  };
}

/** Where a listing looks: one folder (null: the root) or every starred file and folder. */
export type Place = { dirId: string | null } | { starred: true };

type CloudFileFind = FindQuery & { selector: { klass: 'CloudFile' } };

/** The two finds of a listing: its folders by name, then its files by the chosen sort. */
export function listQueries(place: Place, sort: Sort): { folders: CloudFileFind; files: CloudFileFind } {
  const where = 'starred' in place ? { starred: true } : { dir_id: place.dirId };
  const live = [...LIVE_KINDS];
  return {
    folders: {
      selector: { klass: 'CloudFile', ...where, kind: { $in: live.filter((k) => isFolder(k)) } },
      sort: [{ name: 'asc' }],
      limit: FIND_LIMIT,
    },
    files: {
      selector: { klass: 'CloudFile', ...where, kind: { $in: live.filter((k) => !isFolder(k)) } },
      sort: [{ [sort.field]: sort.direction }],
      limit: FIND_LIMIT,
    },
  };
}

/** The trash: trashed files and folders, the latest first. */
export function trashQuery(): CloudFileFind {
  return { selector: { klass: 'CloudFile', kind: { $in: [...TRASHED_KINDS] } }, sort: [{ trashed_at: 'desc' }], limit: FIND_LIMIT };
}

// Names are case sensitive (spec §5) but people read them in dictionary order: "a.txt" and "B.txt" sort together,
// and "file 2" before "file 10".
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'variant' });
const byName = (a: CloudFileDoc, b: CloudFileDoc) => collator.compare(a.name ?? '', b.name ?? '') || (a.name ?? '').localeCompare(b.name ?? '');

/**
 * A listing in the order shown: folders first by name, then files by the sort (ties by name). The gateway sorts too
 * (so a long folder's first page is the right one); this keeps the order whatever the database's collation is.
 */
export function orderEntries(entries: CloudFileDoc[], sort: Sort): CloudFileDoc[] {
  const sign = sort.direction === 'desc' ? -1 : 1;
  const folders = entries.filter((e) => isFolder(e.kind)).sort(byName);
  const files = entries
    .filter((e) => !isFolder(e.kind))
    .sort((a, b) => {
      const c =
        sort.field === 'size'
          ? (a.size ?? 0) - (b.size ?? 0)
          : sort.field === 'updated_at'
            ? Date.parse(a.updated_at ?? '') - Date.parse(b.updated_at ?? '') || 0
            : byName(a, b);
      return c * sign || byName(a, b);
    });
  return [...folders, ...files];
}

export interface Crumb {
  id: string | null;
  name: string;
}

/**
 * The breadcrumb of a folder from the path view's rows (the root's ancestors down, the folder itself last): the root
 * first, then each folder. The parent ('show ..') is the crumb before the last; the root has none.
 */
export function breadcrumb(path: Array<{ id: string; name: string }>, rootName: string): Crumb[] {
  return [{ id: null, name: rootName }, ...path.map((p) => ({ id: p.id, name: p.name }))];
}

/** The folder 'show ..' leads to: the crumb before the current folder (null: the root); undefined at the root. */
export function parentOf(crumbs: Crumb[]): Crumb | undefined {
  return crumbs.length > 1 ? crumbs[crumbs.length - 2] : undefined;
}

/**
 * The trash as shown: what was trashed itself, not what a trashed folder holds (it comes back with its folder), so
 * entries whose folder is also in the trash are left out.
 */
export function trashRoots(entries: CloudFileDoc[]): CloudFileDoc[] {
  const trashedFolders = new Set(entries.filter((e) => isFolder(e.kind)).map((e) => e._id));
  return entries.filter((e) => !e.dir_id || !trashedFolders.has(e.dir_id));
}

export type PreviewKind = 'image' | 'pdf';

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;

/** What the preview modal can show of a file: an image, a PDF, or nothing (by its type, else its name's extension). */
export function previewKind(doc: Pick<CloudFileDoc, 'kind' | 'name' | 'content_type'>): PreviewKind | null {
  if (doc.kind !== 'file') return null;
  const type = (doc.content_type ?? '').toLowerCase().split(';')[0].trim();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type && type !== 'application/octet-stream') return null;
  const name = doc.name ?? '';
  if (/\.pdf$/i.test(name)) return 'pdf';
  if (IMAGE_EXTENSIONS.test(name)) return 'image';
  return null;
}

/** Folders a moved entry can go to: not itself (nor, so, anything inside it). */
export function moveTargets(folders: CloudFileDoc[], moving: Pick<CloudFileDoc, '_id'>): CloudFileDoc[] {
  return folders.filter((f) => f._id !== moving._id);
}

/** The link of a folder (the root: null). */
export const folderSegments = (dirId: string | null | undefined) => (dirId ? ['disk', dirId] : ['disk']);

/**
 * The field error of a name the service would refuse (proto's FileName: 1–255 bytes, no '/', no control characters,
 * not '.' or '..', no spaces at either end), as a `validation.<key>`; undefined when it is fine. Case is kept: names
 * are case sensitive (spec §5).
 */
export function nameError(name: string): string | undefined {
  if (!name) return 'validation.cant-be-blank';
  if (new TextEncoder().encode(name).length > NAME_MAX_BYTES) return 'validation.is-too-long';
  // eslint-disable-next-line no-control-regex
  if (/[/\u0000-\u001f\u007f]/.test(name) || name === '.' || name === '..' || name.trim() !== name) return `validation.${BAD_NAME}`;
  return undefined;
}
