import { z } from 'zod';
import { FIELD_MESSAGES as M } from './errors';

// The disk module's documents (spec §3 Cloud file, §4 file kinds, §5 names are case sensitive, §9 versions): the fields
// a client may send for a CloudFile, the kinds, the views and update handlers, and the HTTP byte routes. The bytes of a
// file never travel over NATS: they go through the gateway's `/files` and `/dav` routes to the disk service's own HTTP
// server, which streams them to and from its blob store. Pure (zod only): the web uses it too.

// ---- kinds (spec §4) --------------------------------------------------------------------------------------------

export const FILE_KINDS = ['file', 'file_deleted', 'file_enc', 'dir', 'dir_deleted', 'dir_app'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
/** kinds shown in folders (the others are in the trash) */
export const LIVE_FILE_KINDS = ['file', 'file_enc', 'dir', 'dir_app'] as const satisfies readonly FileKind[];
export const TRASHED_FILE_KINDS = ['file_deleted', 'dir_deleted'] as const satisfies readonly FileKind[];
export const DIR_KINDS = ['dir', 'dir_app', 'dir_deleted'] as const satisfies readonly FileKind[];
export const isDirKind = (kind: unknown): boolean => (DIR_KINDS as readonly unknown[]).includes(kind);
export const isTrashedKind = (kind: unknown): boolean => (TRASHED_FILE_KINDS as readonly unknown[]).includes(kind);
/** the kind a live kind takes in the trash, and back */
export const TRASHED_KIND: Record<string, FileKind> = { file: 'file_deleted', file_enc: 'file_deleted', dir: 'dir_deleted', dir_app: 'dir_deleted' };
export const RESTORED_KIND: Record<string, FileKind> = { file_deleted: 'file', dir_deleted: 'dir' };

// ---- constants (spec §9) ----------------------------------------------------------------------------------------

/** versions kept of a file when its max_versions is not set (the current one included) */
export const DEFAULT_MAX_VERSIONS = 3;
export const MAX_MAX_VERSIONS = 100;
/** days a trashed file or folder can be restored before it is purged */
export const TRASH_DAYS = 30;
/** bytes of a name (UTF-8), as most file systems allow */
export const MAX_FILE_NAME_BYTES = 255;
export const MAX_FILE_DESCRIPTION = 4000;
/** the reason of the 404 for a file whose bytes are missing from the blob store (the web shows it) */
export const FILE_CONTENTS_MISSING = 'file-contents-missing';
/** the colours a file or folder can be marked with (Mantine's palette names) */
export const FILE_COLORS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'violet', 'pink', 'gray'] as const;
export type FileColor = (typeof FILE_COLORS)[number];

/**
 * Drive storage per plan in bytes, decimal units (spec §9: 1 GB for pro and corp). Free groups get 100 MB so the disk
 * can be tried before paying.
 */
export const DRIVE_STORAGE_BYTES: Record<string, number> = { free: 100_000_000, pro: 1_000_000_000, corp: 1_000_000_000 };

/** Message keys of the disk's field errors (web i18n: `validation.<key>`). */
export const DISK_MESSAGES = {
  badName: 'is-not-a-valid-file-name',
  nameTaken: M.taken,
  notADirectory: 'must-be-a-folder',
  intoItself: 'cannot-be-moved-into-itself',
} as const;

/**
 * A file or folder name: 1–255 bytes, no `/`, no NUL or other control characters, not `.` or `..`; kept exactly as typed
 * (names are case sensitive, spec §5), without leading or trailing spaces trimmed away silently.
 */
export const FileName = z
  .string({ error: M.blank })
  .min(1, { error: M.blank })
  .refine((s) => new TextEncoder().encode(s).length <= MAX_FILE_NAME_BYTES, { error: M.tooLong })
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[/\u0000-\u001f\u007f]/.test(s) && s !== '.' && s !== '..' && s.trim() === s, { error: DISK_MESSAGES.badName });

export const CloudFileId = z.string().regex(/^cfl-[A-Za-z0-9_-]{1,64}$/, { error: M.invalid });

/**
 * What a client may send for a CloudFile. A POST creates a folder (kind dir); files are created by uploading bytes
 * (`PUT /files/{account_id}/…` or tus, below). A PUT renames, moves (dir_id), stars, colours, describes or sets
 * max_versions; the service keeps kind, size, external_key, webdav_key, version and content_type as stored.
 */
export const CloudFileFields = z.object({
  name: FileName,
  description: z.string().max(MAX_FILE_DESCRIPTION, { error: M.tooLong }).nullable().optional(),
  color: z.enum(FILE_COLORS, { error: M.invalid }).nullable().optional(),
  /** the folder it is in; null or absent: the disk's root */
  dir_id: CloudFileId.nullable().optional(),
  starred: z.boolean().optional(),
  max_versions: z.number().int({ error: M.invalid }).min(1, { error: M.invalid }).max(MAX_MAX_VERSIONS, { error: M.invalid }).nullable().optional(),
  kind: z.enum(FILE_KINDS, { error: M.invalid }).optional(),
});
export type CloudFileFields = z.infer<typeof CloudFileFields>;

/** Fields only the disk service writes (a client's values are ignored). */
export const CLOUD_FILE_SERVER_FIELDS = ['size', 'external_key', 'webdav_key', 'version', 'content_type', 'modified_at', 'trashed_at', 'trashed_from', 'trashed_kind'] as const;

// ---- views and update handlers ----------------------------------------------------------------------------------

export const DISK_DESIGN = 'disk';
export const DISK_VIEWS = {
  /** `?key="cfl-…"`: the folder's ancestors from the root down, itself last: rows `{key: id, value: {name}}` */
  path: 'path',
  /** `?key="cfl-…"`: the file's stored versions, newest first: rows `{key: version, value: FileVersion}` */
  versions: 'versions',
  /** the group's disk use: one row `{key: null, value: DiskUsage}` */
  usage: 'usage',
  /** starred files and folders not inside a trashed folder, by name: rows `{key: id, value: CloudFileDoc}` (at most 1,000) */
  starred: 'starred',
} as const;
export const DISK_UPDATES = {
  /** `_update/trash/<id>`: into the trash (kind file_deleted / dir_deleted), with what it holds */
  trash: 'trash',
  /** `_update/restore/<id>`: out of the trash into the folder it came from (the root if that is gone) */
  restore: 'restore',
  /** `_update/restore-version/<id>` body `{version}`: an older version becomes the newest (a new version, a copy) */
  restoreVersion: 'restore-version',
} as const;

export interface FileVersion {
  version: number;
  size: number;
  content_type: string | null;
  created_at: string;
  created_by: { _id: string | null; label: string | null };
  /** the version the file shows now */
  current: boolean;
}

export interface DiskUsage {
  /** bytes stored: every kept version of every file, trash included */
  bytes: number;
  /** the plan's drive storage in bytes */
  quota: number;
  files: number;
  folders: number;
}

export const RestoreVersionBody = z.object({ version: z.number().int().min(1) });

// ---- bytes over HTTP (gateway → disk service) -------------------------------------------------------------------

/** `GET /files/{account_id}/{file_id}[?version=N][&download=1]`: the bytes (Range, ETag, If-None-Match). */
export const FILES_PREFIX = '/files';
/** WebDAV (class 1 and 2) of a group's disk: `/dav/{account_id}/…`, HTTP Basic with the e-mail and a user token. */
export const DAV_PREFIX = '/dav';
/** resumable uploads (tus 1.0.0): `POST /files/{account_id}/uploads` with Upload-Metadata `name`, `dir_id`, `file_id` */
export const TUS_UPLOADS = 'uploads';

/** The header of a finished tus upload's last answer (its PATCH, or the POST of an empty file): the file's id. */
export const UPLOAD_FILE_ID_HEADER = 'x-file-id';

/** The reply of a finished upload (`PUT /files/{account_id}/content?dir_id=&name=` and a tus upload's last PATCH). */
export interface UploadReply {
  ok: true;
  id: string;
  rev: string;
  version: number;
  size: number;
}

/**
 * The file types a browser may show inline from the app's origin (images, PDF, plain text): none of them runs script.
 * Any other type is served as an attachment, over /files and over WebDAV alike.
 */
export function inlineSafe(type: string): boolean {
  const bare = type.split(';')[0].trim().toLowerCase();
  return /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(bare) || bare === 'application/pdf' || bare === 'text/plain';
}
