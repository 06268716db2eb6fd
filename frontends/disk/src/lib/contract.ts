import type {
  DAV_PREFIX,
  DEFAULT_MAX_VERSIONS,
  DIR_KINDS,
  DISK_DESIGN,
  DISK_MESSAGES,
  DISK_UPDATES,
  DISK_VIEWS,
  FILE_COLORS,
  FILES_PREFIX,
  LIVE_FILE_KINDS,
  MAX_FILE_DESCRIPTION,
  MAX_FILE_NAME_BYTES,
  MAX_FIND_LIMIT,
  MAX_MAX_VERSIONS,
  TRASH_DAYS,
  TRASHED_FILE_KINDS,
  TUS_UPLOADS,
} from '@app/proto';

// The disk contract's constants the screens need at run time (proto/src/disk.ts). proto's disk module also holds the
// zod schemas, and importing a value from it would bundle them (and zod): the values are written out here under other
// names, and `satisfies typeof <proto's>` makes the compiler refuse any that drifts from proto.

export const LIVE_KINDS = ['file', 'file_enc', 'dir', 'dir_app'] as const satisfies typeof LIVE_FILE_KINDS;
export const TRASHED_KINDS = ['file_deleted', 'dir_deleted'] as const satisfies typeof TRASHED_FILE_KINDS;
export const FOLDER_KINDS = ['dir', 'dir_app', 'dir_deleted'] as const satisfies typeof DIR_KINDS;
export const COLORS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'violet', 'pink', 'gray'] as const satisfies typeof FILE_COLORS;

export const VERSIONS_KEPT_BY_DEFAULT = 3 satisfies typeof DEFAULT_MAX_VERSIONS;
export const MOST_VERSIONS_KEPT = 100 satisfies typeof MAX_MAX_VERSIONS;
export const DESCRIPTION_MAX = 4000 satisfies typeof MAX_FILE_DESCRIPTION;
export const DAYS_IN_TRASH = 30 satisfies typeof TRASH_DAYS;
export const FIND_LIMIT = 1000 satisfies typeof MAX_FIND_LIMIT;
export const NAME_MAX_BYTES = 255 satisfies typeof MAX_FILE_NAME_BYTES;
/** the field error of a name the service refuses */
export const BAD_NAME = 'is-not-a-valid-file-name' satisfies (typeof DISK_MESSAGES)['badName'];

export const DESIGN = 'disk' satisfies typeof DISK_DESIGN;
export const VIEWS = { path: 'path', versions: 'versions', usage: 'usage', starred: 'starred' } as const satisfies typeof DISK_VIEWS;
export const UPDATES = { trash: 'trash', restore: 'restore', restoreVersion: 'restore-version' } as const satisfies typeof DISK_UPDATES;
export const FILES_ROUTE = '/files' satisfies typeof FILES_PREFIX;
export const DAV_ROUTE = '/dav' satisfies typeof DAV_PREFIX;
export const UPLOADS_SEGMENT = 'uploads' satisfies typeof TUS_UPLOADS;

/** A folder kind (live, an app's, or in the trash): proto's isDirKind. */
export const isFolder = (kind: unknown): boolean => (FOLDER_KINDS as readonly unknown[]).includes(kind);
