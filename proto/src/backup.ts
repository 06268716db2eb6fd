import { z } from 'zod';
import { CallerContext } from './context';
import { CloudFileId, DRIVE_STORAGE_BYTES } from './disk';
import type { ServiceName } from './klasses';

// Backups and restore (spec §6/§9, issue 17): a group's documents in one archive, and back.
//
// Every service that stores a group's documents answers three internal calls on its own store, on subjects that the
// gateway never routes a user's request to (it only builds `<service>.doc.<op>`): `<service>.backup.export` (a page of
// the stored rows, tombstones included, exactly as stored), `<service>.backup.clear` (tombstones a page of the group's
// live documents, for a restore over the group) and `<service>.backup.restore` (writes a page of archived documents with
// their ids, revisions and bodies in one transaction). The accounts service calls them and writes the archive.
//
// A group's disk bytes never travel over NATS: the disk service lists the blobs and the file versions a group has
// (`disk.backup.blobs`, `disk.backup.versions`), and the accounts service fetches and stores each blob's bytes on the
// disk's own HTTP server, on internal routes the gateway never passes a user's request to (BACKUP_BLOBS_PREFIX).

/** The archive layout's version, written in manifest.json: 2 carries the disk's files (`files/…`), 1 did not. */
export const BACKUP_FORMAT = 2;
/** The layouts a restore reads; any other is 422 unknown-backup-format. */
export const BACKUP_READABLE_FORMATS: readonly number[] = [1, 2];

/** The services that hold a group's documents, in the order an archive lists them. */
export const BACKUP_SERVICES = ['accounts', 'tickets', 'finance', 'disk', 'notes', 'reader'] as const satisfies readonly ServiceName[];
export type BackupService = (typeof BACKUP_SERVICES)[number];

/** Documents per export or restore page at most. */
export const BACKUP_PAGE_LIMIT = 500;
/** JSON bytes per page at most (one document alone may pass it): NATS carries at most 1 MB per message. */
export const BACKUP_PAGE_BYTES = 700_000;

/** Klasses an archive never holds: the backups' own records. */
export const BACKUP_EXCLUDED_KLASSES = ['Backup', 'BackupRestore'] as const;

/** A stored document as archived: `_id`, `_rev`, `klass`, and `_deleted: true` for a tombstone. */
export const StoredDoc = z.looseObject({ _id: z.string(), _rev: z.string(), klass: z.string(), _deleted: z.boolean().optional() });
export type StoredDoc = z.infer<typeof StoredDoc>;

const GroupId = z.string().regex(/^acc-[A-Za-z0-9_-]{1,64}$/, 'a group id starts with acc-');

export const BackupExportRequest = z.object({
  account_id: GroupId,
  /** the last `_id` of the previous page; absent for the first */
  after: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(BACKUP_PAGE_LIMIT).default(BACKUP_PAGE_LIMIT),
});
export type BackupExportRequest = z.input<typeof BackupExportRequest>;
export interface BackupExportReply {
  docs: StoredDoc[];
  /** the `after` of the next page; null when this was the last */
  next: string | null;
}

export const BackupClearRequest = z.object({
  account_id: GroupId,
  limit: z.number().int().min(1).max(BACKUP_PAGE_LIMIT).default(BACKUP_PAGE_LIMIT),
  /** documents left as they are (the caller's own membership, the plan's settings) */
  keep_ids: z.array(z.string().max(200)).max(1000).default([]),
  keep_klasses: z.array(z.string().max(50)).max(50).default([]),
});
export type BackupClearRequest = z.input<typeof BackupClearRequest>;
export interface BackupClearReply {
  removed: number;
  /** no live document is left to remove */
  done: boolean;
}

export const BACKUP_RESTORE_MODES = ['into', 'replace'] as const;
export type BackupRestoreMode = (typeof BACKUP_RESTORE_MODES)[number];

export const BackupRestoreRequest = z.object({
  account_id: GroupId,
  /** into: a new group (a document already there with another revision is a conflict); replace: over the group */
  mode: z.enum(BACKUP_RESTORE_MODES),
  docs: z.array(StoredDoc).max(BACKUP_PAGE_LIMIT),
});
export type BackupRestoreRequest = z.input<typeof BackupRestoreRequest>;
export interface BackupRestoreReply {
  written: number;
}

/** manifest.json, the archive's first entry. */
export const BackupManifest = z.object({
  format: z.number().int(),
  account_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  app_version: z.string(),
  counts: z.record(z.string(), z.number().int().min(0)),
  /** the `files/<sha256>` entries (distinct blobs) and their bytes; 0 in a format 1 archive */
  files: z.number().int().min(0).default(0),
  bytes: z.number().int().min(0).default(0),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

// ---- the disk's files (format 2) -----------------------------------------------------------------------------------

/** A blob's key: the SHA-256 of its bytes, in hex. */
export const BlobKey = z.string().regex(/^[0-9a-f]{64}$/, 'a blob key is a SHA-256 in hex');

/** Blobs per `disk.backup.blobs` page at most. */
export const BACKUP_BLOBS_PAGE_LIMIT = 1000;
/** File versions per `disk.backup.versions` and `disk.backup.versions.restore` page at most. */
export const BACKUP_VERSIONS_PAGE_LIMIT = 200;

/** `disk.backup.blobs`: the distinct blobs the group's file versions name (current, older and trashed alike), by key. */
export const BackupBlobsRequest = z.object({
  account_id: GroupId,
  /** the last key of the previous page; absent for the first */
  after: BlobKey.optional(),
  limit: z.number().int().min(1).max(BACKUP_BLOBS_PAGE_LIMIT).default(BACKUP_BLOBS_PAGE_LIMIT),
});
export type BackupBlobsRequest = z.input<typeof BackupBlobsRequest>;
export interface BackupBlob {
  key: string;
  size: number;
}
export interface BackupBlobsReply {
  blobs: BackupBlob[];
  next: string | null;
}

/** One kept version of a file: which blob holds its bytes (the disk's `file_versions` row, without the group). */
export const BackupFileVersion = z.object({
  file_id: CloudFileId,
  version: z.number().int().min(1),
  blob_key: BlobKey,
  size: z.number().int().min(0),
  content_type: z.string().max(255).nullable(),
  created_at: z.string().max(40),
  created_by: z.object({ _id: z.string().max(200).nullable(), label: z.string().max(500).nullable() }),
});
export type BackupFileVersion = z.infer<typeof BackupFileVersion>;

const VersionCursor = z.object({ file_id: z.string().max(200), version: z.number().int().min(0) });

/** `disk.backup.versions`: a page of the group's file versions, in (file_id, version) order. */
export const BackupVersionsRequest = z.object({
  account_id: GroupId,
  after: VersionCursor.optional(),
  limit: z.number().int().min(1).max(BACKUP_VERSIONS_PAGE_LIMIT).default(BACKUP_VERSIONS_PAGE_LIMIT),
});
export type BackupVersionsRequest = z.input<typeof BackupVersionsRequest>;
export interface BackupVersionsReply {
  versions: BackupFileVersion[];
  next: z.infer<typeof VersionCursor> | null;
}

/** `disk.backup.versions.clear`: drops a page of the group's file versions (a restore over the group starts so). */
export const BackupVersionsClearRequest = z.object({
  account_id: GroupId,
  limit: z.number().int().min(1).max(BACKUP_PAGE_LIMIT).default(BACKUP_PAGE_LIMIT),
});
export type BackupVersionsClearRequest = z.input<typeof BackupVersionsClearRequest>;

/** `disk.backup.versions.restore`: writes a page of archived file versions; every blob they name must be stored. */
export const BackupVersionsRestoreRequest = z.object({
  account_id: GroupId,
  versions: z.array(BackupFileVersion).max(BACKUP_VERSIONS_PAGE_LIMIT),
});
export type BackupVersionsRestoreRequest = z.input<typeof BackupVersionsRestoreRequest>;

/**
 * The disk HTTP server's internal routes of a group's blobs, for the accounts service's backups only (signed with
 * INTERNAL_SECRET like the gateway's requests, with no user in the caller; the gateway passes on `/files` and `/dav`
 * only): `GET <prefix>/{account_id}/blobs/{sha256}` (404 unless a version of the group names it) and `PUT` of the same
 * path with exactly the blob's bytes (Content-Length required; 422 when they do not hash to the key, and nothing kept).
 */
export const BACKUP_BLOBS_PREFIX = '/internal/backup';

export function backupBlobPath(accountId: string, key: string): string {
  return `${BACKUP_BLOBS_PREFIX}/${accountId}/blobs/${key}`;
}

// ---- the records and the API ---------------------------------------------------------------------------------------

export const BACKUP_KINDS = ['scheduled', 'manual', 'combined'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
export const BACKUP_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** A Backup record (klass Backup, in the group's db; a combined one in the owner's user db). */
export interface BackupDoc {
  _id: string;
  _rev: string;
  klass: 'Backup';
  kind: BackupKind;
  status: BackupStatus;
  /** the group's name when it was archived */
  name: string;
  /** bytes of the archive; null until done */
  size: number | null;
  /** documents per service */
  counts: Record<string, number>;
  /** the disk's files archived (distinct blobs) and their bytes, once done (absent on records before format 2) */
  files?: number;
  file_bytes?: number;
  error: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  finished_at: string | null;
}

/** A restore's record (klass BackupRestore, in the db of the group that asked). */
export interface BackupRestoreDoc {
  _id: string;
  _rev: string;
  klass: 'BackupRestore';
  mode: 'new' | 'replace';
  status: BackupStatus;
  /** the Backup restored, or null for an uploaded archive */
  backup_id: string | null;
  /** the group written to (the new one for mode new, once made) */
  target_account_id: string | null;
  counts: Record<string, number>;
  /** the disk's files (blobs) written, once done */
  files?: number;
  /** over the group: the restore failed once the group was cleared, and the group was put back as it was */
  rolled_back?: boolean;
  /** into a new group: the restore failed and the group it made was removed (by the job, or by an administrator) */
  group_removed?: boolean;
  error: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  finished_at: string | null;
}

export const BackupListRequest = z.object({ ctx: CallerContext });
export type BackupListRequest = z.infer<typeof BackupListRequest>;
export interface BackupListReply {
  docs: BackupDoc[];
  restores: BackupRestoreDoc[];
}

export const BackupCreateRequest = z.object({ ctx: CallerContext });
export type BackupCreateRequest = z.infer<typeof BackupCreateRequest>;

/** A backup's archive file, for the gateway to stream (both read BACKUP_DIR). */
export const BackupFileRequest = z.object({ ctx: CallerContext, backup_id: z.string().max(200) });
export type BackupFileRequest = z.infer<typeof BackupFileRequest>;
export interface BackupFileReply {
  /** the file's name inside BACKUP_DIR */
  file: string;
  /** the name offered for download */
  filename: string;
  size: number;
}

export const RESTORE_TARGETS = ['new', 'replace'] as const;

export const BackupRestoreStartRequest = z.object({
  ctx: CallerContext,
  /** a listed backup of the group, or */
  backup_id: z.string().max(200).optional(),
  /** an archive the gateway took as an upload (its name inside BACKUP_DIR/uploads) */
  upload: z.string().regex(/^[0-9a-f-]{36}\.tar\.gz$/).optional(),
  mode: z.enum(RESTORE_TARGETS),
  /** for mode replace: the group's name, typed by the caller */
  confirm: z.string().max(300).optional(),
});
export type BackupRestoreStartRequest = z.infer<typeof BackupRestoreStartRequest>;

export const BackupRestoreGetRequest = z.object({ ctx: CallerContext, restore_id: z.string().max(200) });
export type BackupRestoreGetRequest = z.infer<typeof BackupRestoreGetRequest>;

/**
 * Removes the group a failed restore into a new group made and left (its job could not remove it): every document of
 * it in every service and its files' versions. Only for a failed restore of mode new (409 otherwise).
 */
export const BackupRestoreGroupRemoveRequest = z.object({ ctx: CallerContext, restore_id: z.string().max(200) });
export type BackupRestoreGroupRemoveRequest = z.infer<typeof BackupRestoreGroupRemoveRequest>;

/** The owner's combined archive of all the groups they administer (at most one new one a day). */
export const BackupCombinedRequest = z.object({ ctx: CallerContext });
export type BackupCombinedRequest = z.infer<typeof BackupCombinedRequest>;

/** Reasons a client can act on. */
export const BACKUP_REASONS = {
  unknownFormat: 'unknown-backup-format',
  notAnArchive: 'not-a-backup-archive',
  confirm: 'confirm-must-be-the-group-name',
  running: 'a-backup-is-running',
  missing: 'backup-not-found',
  /** 507: the archive's files need more than the target group's plan's drive storage */
  driveStorage: 'backup-files-exceed-drive-storage',
  /** 422 on a blob PUT: the bytes do not hash to the key */
  blobMismatch: 'bytes-do-not-match-the-key',
  /** 422 on a versions restore: a version names a blob that is not stored */
  blobMissing: 'blob-not-stored',
  /** 422: an archive's blob that no file version of the archive names (a restore writes no bytes it can't count) */
  blobUnnamed: 'blob-named-by-no-version',
  /** 422: a tar entry that is not a regular file (symlink, hard link, device, fifo, directory) */
  notAFile: 'archive-entry-not-a-regular-file',
  /** 422: the archive's tar stream, once decompressed, passes the target's drive storage plus room for the documents */
  tooLargeDecompressed: 'archive-too-large-once-decompressed',
  /** 422: a document of the archive that its service would not restore (the message says why) */
  notRestorable: 'document-not-restorable',
  /** 409: the restore's group can be removed only when it was a restore into a new group that failed */
  notAFailedNewGroup: 'not-a-failed-restore-into-a-new-group',
} as const;

/** Room an upload's bound leaves for an archive's documents, versions list and tar headers beside its files' bytes. */
export const BACKUP_DOCUMENTS_ROOM_BYTES = 500_000_000;
/**
 * The upload's bound when BACKUP_UPLOAD_MAX_BYTES is not set: the largest plan's drive storage (an archive's files, a
 * restore refuses more) plus room for the documents, so any group's own archive can be uploaded back (1.5 GB).
 */
export const BACKUP_UPLOAD_MAX_BYTES = Math.max(...Object.values(DRIVE_STORAGE_BYTES)) + BACKUP_DOCUMENTS_ROOM_BYTES;

// ---- the HTTP routes (the gateway's backups controller), for the typed API client -----------------------------------

/** The body of a restore of a listed backup. */
export interface BackupRestoreBody {
  mode: (typeof RESTORE_TARGETS)[number];
  /** mode replace: the group's name, exactly */
  confirm?: string;
}

declare module './http-api' {
  interface HttpApi {
    'GET /accounts/{account_id}/backups': { reply: BackupListReply };
    'POST /accounts/{account_id}/backups': { reply: BackupDoc };
    'POST /accounts/{account_id}/backups/{backup_id}/restore': { body: BackupRestoreBody; reply: BackupRestoreDoc };
    'GET /accounts/{account_id}/backups/restores/{restore_id}': { reply: BackupRestoreDoc };
    'DELETE /accounts/{account_id}/backups/restores/{restore_id}/group': { reply: BackupRestoreDoc };
    'POST /backups/combined': { reply: BackupDoc };
    'GET /backups/settings': { reply: BackupSettingsReply };
  }
}

/** What the shell needs to know of the deployment's backups (GET /backups/settings). */
export interface BackupSettingsReply {
  /** the admin menu's adminnoop entry (Backups) is shown: not in production unless ADMINNOOP_ENTRY=on */
  entry: boolean;
  /** the largest archive an upload may send, bytes */
  upload_max_bytes: number;
  /** archives kept per group (BACKUP_KEEP) */
  keep: number;
}
