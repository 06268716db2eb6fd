import type * as proto from '@app/proto';

// The disk contract's constants the screens need at run time (proto/src/disk.ts). proto's disk module also holds the
// zod schemas, and importing a value from it would bundle them (and zod): the values are written out here under other
// names, and `satisfies typeof <proto's>` makes the compiler refuse any that drifts from proto.

export const LIVE_KINDS = ['file', 'file_enc', 'dir', 'dir_app'] as const satisfies typeof proto.LIVE_FILE_KINDS;
export const TRASHED_KINDS = ['file_deleted', 'dir_deleted'] as const satisfies typeof proto.TRASHED_FILE_KINDS;
export const FOLDER_KINDS = ['dir', 'dir_app', 'dir_deleted'] as const satisfies typeof proto.DIR_KINDS;
export const COLORS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'violet', 'pink', 'gray'] as const satisfies typeof proto.FILE_COLORS;

export const VERSIONS_KEPT_BY_DEFAULT = 3 satisfies typeof proto.DEFAULT_MAX_VERSIONS;
export const MOST_VERSIONS_KEPT = 100 satisfies typeof proto.MAX_MAX_VERSIONS;
export const DESCRIPTION_MAX = 4000 satisfies typeof proto.MAX_FILE_DESCRIPTION;
export const DAYS_IN_TRASH = 30 satisfies typeof proto.TRASH_DAYS;
export const FIND_LIMIT = 1000 satisfies typeof proto.MAX_FIND_LIMIT;
export const NAME_MAX_BYTES = 255 satisfies typeof proto.MAX_FILE_NAME_BYTES;
/** the field error of a name the service refuses */
export const BAD_NAME = 'is-not-a-valid-file-name' satisfies (typeof proto.DISK_MESSAGES)['badName'];

export const DESIGN = 'disk' satisfies typeof proto.DISK_DESIGN;
export const VIEWS = { path: 'path', versions: 'versions', usage: 'usage', starred: 'starred' } as const satisfies typeof proto.DISK_VIEWS;
export const UPDATES = { trash: 'trash', restore: 'restore', restoreVersion: 'restore-version' } as const satisfies typeof proto.DISK_UPDATES;
export const FILES_ROUTE = '/files' satisfies typeof proto.FILES_PREFIX;
export const DAV_ROUTE = '/dav' satisfies typeof proto.DAV_PREFIX;
export const UPLOADS_SEGMENT = 'uploads' satisfies typeof proto.TUS_UPLOADS;

/** A folder kind (live, an app's, or in the trash): proto's isDirKind. */
export const isFolder = (kind: unknown): boolean => (FOLDER_KINDS as readonly unknown[]).includes(kind);
