import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, rm } from 'fs/promises';
import path from 'path';
import {
  AppError,
  BACKUP_BLOBS_PAGE_LIMIT,
  BACKUP_FORMAT,
  BACKUP_PAGE_LIMIT,
  BACKUP_SERVICES,
  BACKUP_VERSIONS_PAGE_LIMIT,
  BackupDoc,
  BackupRestoreDoc,
  BackupService,
  StoredDoc,
} from '@app/proto';
import { AppConfig, restampRev, revNumber, RpcClient } from '@app/platform';
import { APP_CONFIG } from '../common/tokens';
import { ArchiveFiles, ArchiveGroup, ArchiveSource, readArchive, checkArchive, writeArchive } from './backup-archive';
import { BackupSettings, diskBlobsSettings } from './backup-settings';
import { accountsDocToRestore, archiveFile, checkDriveRoom, expiredBackups, RestoreTarget } from './backup.rules';
import { BackupsRepository } from './backups.repository';
import { DiskBlobs } from './disk-blobs.client';

// The work of a backup job and of a restore job (backup-queue.ts runs them): every service's pages of a group into one
// archive, and an archive back into a group, page by page over NATS (`<service>.backup.*`, proto backup.ts), the disk's
// file bytes blob by blob over the disk service's HTTP server (disk-blobs.client.ts).

const logger = new Logger('backups');

export const BACKUP_RPC = Symbol('BACKUP_RPC');
export const BACKUP_SETTINGS = Symbol('BACKUP_SETTINGS');

export interface RestoreJob {
  /** the db of the group that asked (where the BackupRestore record is) */
  db: string;
  restore_id: string;
  /** the archive inside BACKUP_DIR */
  file: string;
  target: RestoreTarget;
  /** an uploaded archive is deleted once restored */
  uploaded: boolean;
}

@Injectable()
export class BackupRunner {
  private diskBlobs?: DiskBlobs;

  constructor(
    private readonly records: BackupsRepository,
    @Inject(BACKUP_RPC) private readonly rpc: RpcClient,
    @Inject(BACKUP_SETTINGS) private readonly settings: BackupSettings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The disk's HTTP server, its address read when a job first needs it (the disk may start after this service). */
  private disk(): DiskBlobs {
    this.diskBlobs ??= new DiskBlobs(diskBlobsSettings());
    return this.diskBlobs;
  }

  /** A group's documents, page after page, from one service. */
  private source(service: BackupService, accountId: string): ArchiveSource {
    const rpc = this.rpc;
    const timeoutMs = this.settings.rpcTimeoutMs;
    return {
      service,
      pages: async function* () {
        let after: string | undefined;
        for (;;) {
          const page = await rpc.call(`${service}.backup.export`, { account_id: accountId, after, limit: BACKUP_PAGE_LIMIT }, { timeoutMs });
          if (page.docs.length) yield page.docs;
          if (page.next === null) return;
          after = page.next;
        }
      },
    };
  }

  /** A group's disk files: the blobs and versions listed over NATS, each blob's bytes from the disk's HTTP server. */
  private files(accountId: string): ArchiveFiles {
    const rpc = this.rpc;
    const timeoutMs = this.settings.rpcTimeoutMs;
    const disk = this.disk();
    return {
      blobs: async function* () {
        let after: string | undefined;
        for (;;) {
          const page = await rpc.call('disk.backup.blobs', { account_id: accountId, after, limit: BACKUP_BLOBS_PAGE_LIMIT }, { timeoutMs });
          if (page.blobs.length) yield page.blobs;
          if (page.next === null) return;
          after = page.next;
        }
      },
      versions: async function* () {
        let after: { file_id: string; version: number } | undefined;
        for (;;) {
          const page = await rpc.call('disk.backup.versions', { account_id: accountId, after, limit: BACKUP_VERSIONS_PAGE_LIMIT }, { timeoutMs });
          if (page.versions.length) yield page.versions;
          if (page.next === null) return;
          after = page.next;
        }
      },
      open: (blob) => disk.open(accountId, blob.key),
    };
  }

  private group(prefix: string, accountId: string, name: string): ArchiveGroup {
    return {
      prefix,
      manifest: { format: BACKUP_FORMAT, account_id: accountId, name, created_at: new Date().toISOString(), app_version: this.config.version },
      sources: BACKUP_SERVICES.map((s) => this.source(s, accountId)),
      files: this.files(accountId),
    };
  }

  /**
   * Archives a group (its Backup record in its db). Retention runs before the record says done, counting it among the
   * finished ones: whoever sees it done sees the older archives already gone.
   */
  async backup(accountId: string, backupId: string): Promise<void> {
    const record = await this.records.get<BackupDoc>(accountId, backupId, 'Backup');
    if (!record) return; // removed meanwhile
    await this.records.patch<BackupDoc>(accountId, backupId, { status: 'running' });
    const account = await this.records.account(accountId);
    const name = typeof account?.name === 'string' ? account.name : record.name;
    await this.write(accountId, backupId, [this.group('', accountId, name)], (r) => r.kind !== 'combined');
  }

  /** The owner's combined archive of every group they administer (its record in their user db). */
  async combined(userId: string, backupId: string): Promise<void> {
    await this.records.patch<BackupDoc>(userId, backupId, { status: 'running' });
    const groups = await this.records.administeredGroups(userId);
    await this.write(
      userId,
      backupId,
      groups.map((g) => this.group(`${g.id}/`, g.id, g.name)),
      (r) => r.kind === 'combined',
    );
  }

  private async write(db: string, backupId: string, groups: ArchiveGroup[], mine: (r: BackupDoc) => boolean): Promise<void> {
    const dir = this.settings.dir;
    await mkdir(path.join(dir, 'tmp'), { recursive: true });
    try {
      const done = await writeArchive(path.join(dir, archiveFile(backupId)), path.join(dir, 'tmp'), groups);
      await this.retain(db, backupId, mine);
      await this.records.patch<BackupDoc>(db, backupId, {
        status: 'done',
        size: done.size,
        counts: done.counts,
        files: done.files,
        file_bytes: done.bytes,
        finished_at: new Date().toISOString(),
      });
    } catch (e) {
      logger.error(`backup ${backupId} of ${db}: ${e instanceof Error ? e.message : String(e)}`);
      await this.records.patch<BackupDoc>(db, backupId, { status: 'failed', error: failure(e), finished_at: new Date().toISOString() });
      throw e;
    }
  }

  /**
   * Deletes the archives (file and record) past the newest BACKUP_KEEP of a db's records that `mine` picks, the one
   * just written (`current`) counted as finished.
   */
  private async retain(db: string, current: string, mine: (r: BackupDoc) => boolean): Promise<void> {
    const records = (await this.records.list<BackupDoc>(db, 'Backup')).filter(mine).map((r) => (r._id === current ? { ...r, status: 'done' as const } : r));
    for (const old of expiredBackups(records, this.settings.keep)) {
      await rm(path.join(this.settings.dir, archiveFile(old._id)), { force: true });
      await this.records.remove(db, old);
    }
  }

  /**
   * Writes an archive into the target group: the whole archive is read once first (a damaged one changes nothing) and
   * its files must fit the group's drive storage (507), the accounts service's documents the restore does not carry
   * over are cleared (and, over the group, every other service's, and the disk's versions when the archive brings
   * files), then the blobs go to the disk, then the file versions, then each page of documents to its service: no
   * record ever names bytes that are not stored.
   */
  async restore(job: RestoreJob): Promise<void> {
    const { target } = job;
    const file = path.join(this.settings.dir, job.file);
    await this.records.patch<BackupRestoreDoc>(job.db, job.restore_id, { status: 'running' });
    try {
      const checked = await checkArchive(file);
      checkDriveRoom(checked.driveBytes, await this.records.plan(target.account_id));
      const keepIds = await this.records.keptIds(target.account_id, target.caller_id);
      for (const service of BACKUP_SERVICES) {
        if (service !== 'accounts' && target.mode === 'new') continue; // a new group has only its accounts documents
        await this.clear(service, target.account_id, service === 'accounts' ? keepIds : [], service === 'accounts' ? ['Account'] : []);
      }
      // a format 1 archive has no files: the group keeps its versions, which its restored files may still name
      if (target.mode === 'replace' && checked.manifest.format >= 2) await this.clearVersions(target.account_id);
      const counts: Record<string, number> = {};
      let files = 0;
      const mode = target.mode === 'new' ? 'into' : 'replace';
      const timeoutMs = this.settings.rpcTimeoutMs;
      for await (const part of readArchive(file)) {
        if ('manifest' in part) continue;
        if ('blob' in part) {
          await this.disk().put(target.account_id, part.blob.key, part.blob.size, part.blob.body);
          files++;
          continue;
        }
        if ('versions' in part) {
          await this.rpc.call('disk.backup.versions.restore', { account_id: target.account_id, versions: part.versions }, { timeoutMs });
          continue;
        }
        const docs = part.service === 'accounts' ? this.accountsPage(part.docs, target) : part.docs;
        if (!docs.length) continue;
        await this.rpc.call(`${part.service}.backup.restore`, { account_id: target.account_id, mode, docs }, { timeoutMs: this.settings.rpcTimeoutMs });
        counts[part.service] = (counts[part.service] ?? 0) + docs.length;
      }
      await this.records.patch<BackupRestoreDoc>(job.db, job.restore_id, { status: 'done', counts, files, finished_at: new Date().toISOString() });
    } catch (e) {
      logger.error(`restore ${job.restore_id} into ${target.account_id}: ${e instanceof Error ? e.message : String(e)}`);
      await this.records.patch<BackupRestoreDoc>(job.db, job.restore_id, { status: 'failed', error: failure(e), finished_at: new Date().toISOString() });
    } finally {
      if (job.uploaded) await rm(file, { force: true });
    }
  }

  private async clear(service: BackupService, accountId: string, keepIds: string[], keepKlasses: string[]): Promise<void> {
    for (;;) {
      const page = await this.rpc.call(
        `${service}.backup.clear`,
        { account_id: accountId, limit: BACKUP_PAGE_LIMIT, keep_ids: keepIds, keep_klasses: keepKlasses },
        { timeoutMs: this.settings.rpcTimeoutMs },
      );
      if (page.done) return;
    }
  }

  private async clearVersions(accountId: string): Promise<void> {
    for (;;) {
      const page = await this.rpc.call('disk.backup.versions.clear', { account_id: accountId, limit: BACKUP_PAGE_LIMIT }, { timeoutMs: this.settings.rpcTimeoutMs });
      if (page.done) return;
    }
  }

  /** The accounts documents of a page as the target gets them (accountsDocToRestore); a changed one gets its revision again. */
  private accountsPage(docs: StoredDoc[], target: RestoreTarget): StoredDoc[] {
    const out: StoredDoc[] = [];
    for (const doc of docs) {
      const next = accountsDocToRestore(doc, target);
      if (!next) continue;
      out.push(next === doc ? doc : { ...next, _rev: restampRev(revNumber(doc._rev), { ...next, _rev: '' }) });
    }
    return out;
  }
}

/** What a failed job's record says: an AppError's reason as is, else the message. */
function failure(e: unknown): string {
  if (e instanceof AppError) return typeof e.reason === 'string' ? e.reason : JSON.stringify(e.reason);
  return e instanceof Error ? e.message.slice(0, 500) : String(e).slice(0, 500);
}
