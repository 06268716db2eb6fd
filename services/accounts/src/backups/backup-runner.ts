import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, rm } from 'fs/promises';
import path from 'path';
import {
  ACCOUNT_CONFIG_DEFAULTS,
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
import type { SignedIn } from '../common/caller';
import { APP_CONFIG } from '../common/tokens';
import { GroupsService } from '../groups/groups.service';
import { archiveMaxBytes, ArchiveFiles, ArchiveGroup, ArchiveSource, CheckBounds, checkArchive, readArchive, writeArchive } from './backup-archive';
import { BackupSettings, diskBlobsSettings } from './backup-settings';
import { accountsDocToRestore, archiveFile, driveStorageOf, expiredBackups, RestoreTarget, RestoreTrust } from './backup.rules';
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
  /** mode new: account_id is null until the job has checked the archive and made the group */
  target: Omit<RestoreTarget, 'account_id'> & { account_id: string | null };
  /** the administrator who asked: they make the new group, and invite the archive's users who are not members */
  caller?: SignedIn;
  /** an uploaded archive is deleted once restored; its memberships are trusted only for the group's members */
  uploaded: boolean;
}

/** Tries of putting a group back after a failed restore, and the pause before each after the first, ms. */
const PUT_BACK_PAUSES_MS = [0, 5_000, 30_000, 120_000];

@Injectable()
export class BackupRunner {
  private diskBlobs?: DiskBlobs;

  constructor(
    private readonly records: BackupsRepository,
    @Inject(BACKUP_RPC) private readonly rpc: RpcClient,
    @Inject(BACKUP_SETTINGS) private readonly settings: BackupSettings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly groups: GroupsService,
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
   * What a restore over the group puts back if it fails: the group's live documents of every service and its files'
   * versions, without the blobs' bytes (the versions' blobs stay stored, orphans for at least an hour once cleared).
   */
  private snapshotOf(accountId: string, name: string): ArchiveGroup {
    const group = this.group('', accountId, name);
    const files = group.files!;
    return {
      ...group,
      sources: group.sources.map((source) => ({
        service: source.service,
        pages: async function* () {
          for await (const page of source.pages()) {
            const live = page.filter((d) => d._deleted !== true);
            if (live.length) yield live;
          }
        },
      })),
      files: { blobs: async function* () {}, versions: files.versions, open: () => Promise.resolve(null) },
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
   * Writes an archive into the target group, all or nothing:
   * 1. the whole archive is read once (checkArchive): every blob hashed, named by a version and counted with the
   *    versions against the target's drive storage (507), the decompressed bytes bounded, every document one its
   *    service would restore; nothing is written before, so an archive that fails its check changes nothing, and a
   *    restore into a new group makes its group only now;
   * 2. the blobs go to the disk (orphans until a version names them: the group does not change yet);
   * 3. over the group: the group's live documents and versions are written to a temporary archive (the snapshot),
   *    then the group is cleared (documents tombstoned, versions dropped; the Account, the caller's membership and the
   *    server's settings stay); a new group loses its default settings;
   * 4. the versions, then each page of documents go to their services.
   * A failure after 2 puts the group back from the snapshot (cleared again, then written back: the same bodies under
   * newer revisions), or removes the new group; the record says which (`rolled_back`, `group_removed`).
   */
  async restore(job: RestoreJob): Promise<void> {
    const file = path.join(this.settings.dir, job.file);
    await this.records.patch<BackupRestoreDoc>(job.db, job.restore_id, { status: 'running' });
    let made: string | null = null;
    let snapshot: { file: string; target: RestoreTarget; keepIds: string[] } | null = null;
    let keepSnapshot = false;
    // how long each step took, ms (logged: what the all-or-nothing steps cost is measured where it runs)
    const took: Record<string, number> = {};
    let since = performance.now();
    const step = (name: string) => {
      took[name] = Math.round(performance.now() - since);
      since = performance.now();
    };
    try {
      const asked = job.target;
      const plan = asked.mode === 'new' ? ACCOUNT_CONFIG_DEFAULTS['confirmed-plan'] : await this.records.plan(job.db);
      const bounds: CheckBounds = { driveStorage: driveStorageOf(plan) };
      const checked = await checkArchive(file, bounds);
      step('check');
      // read before anything is written: who the group's members are, and its Account as it is
      const trust: RestoreTrust = {
        members: job.uploaded ? await this.records.acceptedMembers(job.db) : null,
        inviter: job.caller ?? { user_id: asked.caller_id, user: { email: '', fullname: null, label: '', gravatar_hash: '', confirmed: false } },
        account: asked.mode === 'replace' ? await this.records.account(job.db) : null,
      };
      let accountId = asked.account_id;
      if (accountId === null) {
        accountId = made = await this.makeGroup(job);
        await this.records.patch<BackupRestoreDoc>(job.db, job.restore_id, { target_account_id: made });
      }
      const target: RestoreTarget = { ...asked, account_id: accountId };
      const files = await this.putBlobs(file, target, bounds);
      step('blobs');
      const keepIds = await this.records.keptIds(target.account_id, target.caller_id);
      if (target.mode === 'replace') {
        const before = path.join(this.settings.dir, 'tmp', `${job.restore_id}.before.tar.gz`);
        await mkdir(path.dirname(before), { recursive: true });
        await writeArchive(before, path.join(this.settings.dir, 'tmp'), [this.snapshotOf(target.account_id, target.name)]);
        snapshot = { file: before, target, keepIds }; // only once written whole: a group is cleared only with its snapshot
        step('snapshot');
      }
      // a format 1 archive has no files: the group keeps its versions, which its restored files may still name
      await this.clearGroup(target, keepIds, target.mode === 'replace' && checked.manifest.format >= 2);
      step('clear');
      const counts = await this.writeParts(file, target, trust, bounds);
      step('write');
      await this.records.patch<BackupRestoreDoc>(job.db, job.restore_id, { status: 'done', counts, files, finished_at: new Date().toISOString() });
      logger.log(`restore ${job.restore_id} into ${target.account_id} (${target.mode}): ${Object.entries(took).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
    } catch (e) {
      logger.error(`restore ${job.restore_id} into ${job.target.account_id ?? made ?? 'a new group'}: ${e instanceof Error ? e.message : String(e)}`);
      const outcome: Partial<BackupRestoreDoc> = { status: 'failed', error: failure(e), finished_at: new Date().toISOString() };
      if (snapshot) {
        since = performance.now();
        const back = await this.putBack(snapshot.file, snapshot.target, snapshot.keepIds);
        step('put back');
        logger.log(`restore ${job.restore_id}: ${Object.entries(took).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
        if (back === null) outcome.rolled_back = true;
        else {
          keepSnapshot = true; // what the group was, for whoever puts it back by hand
          outcome.error = `${outcome.error}; the group could not be put back as it was (${back}): its documents are in ${path.relative(this.settings.dir, snapshot.file)}`;
          logger.error(`restore ${job.restore_id}: the group ${snapshot.target.account_id} could not be put back: ${back}; kept ${snapshot.file}`);
        }
      }
      if (made) {
        const removed = await this.removeGroup(made).then(
          () => null,
          (err: unknown) => failure(err),
        );
        if (removed === null) outcome.group_removed = true;
        else {
          outcome.error = `${outcome.error}; the group it made could not be removed (${removed}): an administrator can remove it`;
          logger.error(`restore ${job.restore_id}: the group ${made} could not be removed: ${removed}`);
        }
      }
      await this.records.patch<BackupRestoreDoc>(job.db, job.restore_id, outcome);
    } finally {
      if (job.uploaded) await rm(file, { force: true });
      if (snapshot && !keepSnapshot) await rm(snapshot.file, { force: true });
    }
  }

  /** The new group of a restore, made as the caller makes one (their administrator membership, a free-group place). */
  private async makeGroup(job: RestoreJob): Promise<string> {
    const caller = job.caller;
    if (!caller) throw new Error('a restore into a new group needs its caller');
    const ctx = { user_id: caller.user_id, db: null, roles: [], admin: false, token: null, request_id: job.restore_id, user: caller.user };
    return (await this.groups.create({ ctx, name: job.target.name })).id;
  }

  /** Step 2: the archive's blobs to the disk (the archive read up to its versions); how many. */
  private async putBlobs(file: string, target: RestoreTarget, bounds: CheckBounds): Promise<number> {
    let files = 0;
    for await (const part of readArchive(file, { maxBytes: archiveMaxBytes(bounds) })) {
      if ('manifest' in part) continue;
      if (!('blob' in part)) break; // the blobs come first
      await this.disk().put(target.account_id, part.blob.key, part.blob.size, part.blob.body);
      files++;
    }
    return files;
  }

  /** Step 3: the group's documents a restore replaces tombstoned (a new group: only its default settings), and its versions. */
  private async clearGroup(target: RestoreTarget, keepIds: string[], versions: boolean): Promise<void> {
    for (const service of BACKUP_SERVICES) {
      if (service !== 'accounts' && target.mode === 'new') continue; // a new group has only its accounts documents
      await this.clear(service, target.account_id, service === 'accounts' ? keepIds : [], service === 'accounts' ? ['Account'] : []);
    }
    if (versions) await this.clearVersions(target.account_id);
  }

  /** Step 4: the archive's versions and documents into the group (the blobs' bytes are passed over); documents per service. */
  private async writeParts(file: string, target: RestoreTarget, trust: RestoreTrust, bounds: CheckBounds): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const mode = target.mode === 'new' ? 'into' : 'replace';
    const timeoutMs = this.settings.rpcTimeoutMs;
    for await (const part of readArchive(file, { maxBytes: archiveMaxBytes(bounds) })) {
      if ('manifest' in part || 'blob' in part) continue;
      if ('versions' in part) {
        await this.rpc.call('disk.backup.versions.restore', { account_id: target.account_id, versions: part.versions }, { timeoutMs });
        continue;
      }
      const docs = part.service === 'accounts' ? this.accountsPage(part.docs, target, trust) : part.docs;
      if (!docs.length) continue;
      await this.rpc.call(`${part.service}.backup.restore`, { account_id: target.account_id, mode, docs }, { timeoutMs });
      counts[part.service] = (counts[part.service] ?? 0) + docs.length;
    }
    return counts;
  }

  /**
   * A group put back from its snapshot after a failed restore: cleared again as the restore cleared it, then its
   * versions and live documents written back as they were (over the tombstones: the same bodies, newer revisions).
   * A try after a failed one writes the whole snapshot again (the clear once done is not repeated); null once done,
   * else why the last try failed.
   */
  private async putBack(snapshot: string, target: RestoreTarget, keepIds: string[]): Promise<string | null> {
    let last = '';
    let cleared = false;
    for (const pause of PUT_BACK_PAUSES_MS) {
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        if (!cleared) await this.clearGroup(target, keepIds, true);
        cleared = true; // a later try writes the snapshot again over what an earlier one wrote
        const timeoutMs = this.settings.rpcTimeoutMs;
        for await (const part of readArchive(snapshot)) {
          if ('manifest' in part || 'blob' in part) continue;
          if ('versions' in part) await this.rpc.call('disk.backup.versions.restore', { account_id: target.account_id, versions: part.versions }, { timeoutMs });
          else await this.rpc.call(`${part.service}.backup.restore`, { account_id: target.account_id, mode: 'replace', docs: part.docs }, { timeoutMs });
        }
        return null;
      } catch (e) {
        last = failure(e);
        logger.error(`putting ${target.account_id} back: ${last}`);
      }
    }
    return last;
  }

  /**
   * A group removed whole: every document of every service tombstoned (its Account and memberships too: no one is a
   * member, its free-group places are given back) and its files' versions dropped (their blobs orphans).
   */
  async removeGroup(accountId: string): Promise<void> {
    for (const service of BACKUP_SERVICES) await this.clear(service, accountId, [], []);
    await this.clearVersions(accountId);
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
  private accountsPage(docs: StoredDoc[], target: RestoreTarget, trust: RestoreTrust): StoredDoc[] {
    const out: StoredDoc[] = [];
    for (const doc of docs) {
      const next = accountsDocToRestore(doc, target, trust);
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
