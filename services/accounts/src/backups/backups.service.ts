import { Inject, Injectable } from '@nestjs/common';
import { rm, stat } from 'fs/promises';
import path from 'path';
import {
  ACCOUNT_CONFIG_DEFAULTS,
  AppError,
  BACKUP_REASONS,
  BackupCombinedRequest,
  BackupCreateRequest,
  BackupDoc,
  BackupFileReply,
  BackupFileRequest,
  BackupListReply,
  BackupListRequest,
  BackupManifest,
  BackupRestoreDoc,
  BackupRestoreGetRequest,
  BackupRestoreGroupRemoveRequest,
  BackupRestoreStartRequest,
  errors,
} from '@app/proto';
import { requireWrite } from '@app/platform';
import { accountDb, requireAdmin, signedIn } from '../common/caller';
import { freeGroupLimit } from '../groups/account.rules';
import { FreeGroups } from '../memberships/free-groups';
import { readArchive } from './backup-archive';
import { BackupQueue, newRecord } from './backup-queue';
import { BACKUP_SETTINGS, BackupRunner } from './backup-runner';
import { BackupSettings } from './backup-settings';
import { archiveFile, checkConfirm, checkDriveRoom, downloadName, restoredName } from './backup.rules';
import { BackupsRepository } from './backups.repository';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Backups of a group for its administrators (spec §6/§9): the list, "back up now", the archive's file for a download,
 * a restore (into a new group, or over the group after typing its name) of a listed or an uploaded archive, and the
 * owner's combined archive of all the groups they administer.
 */
@Injectable()
export class BackupsService {
  constructor(
    private readonly records: BackupsRepository,
    private readonly queue: BackupQueue,
    private readonly runner: BackupRunner,
    private readonly freeGroups: FreeGroups,
    @Inject(BACKUP_SETTINGS) private readonly settings: BackupSettings,
  ) {}

  async list(req: BackupListRequest): Promise<BackupListReply> {
    const db = adminDb(req.ctx);
    const docs = (await this.records.list<BackupDoc>(db, 'Backup')).filter((d) => d.kind !== 'combined');
    return { docs, restores: await this.records.list<BackupRestoreDoc>(db, 'BackupRestore', 20) };
  }

  async create(req: BackupCreateRequest): Promise<BackupDoc> {
    const db = adminDb(req.ctx);
    requireWrite(req.ctx);
    const account = await this.records.account(db);
    if (!account) throw errors.notFound();
    const record = await this.records.create<BackupDoc>(db, 'Backup', newRecord('manual', String(account.name ?? '')), req.ctx.user_id);
    await this.queue.add({ kind: 'backup', account_id: db, backup_id: record._id });
    return record;
  }

  async file(req: BackupFileRequest): Promise<BackupFileReply> {
    const db = adminDb(req.ctx);
    return this.fileOf(db, req.backup_id);
  }

  private async fileOf(db: string, backupId: string): Promise<BackupFileReply> {
    const record = /^bak-[0-9a-f]{20}$/.test(backupId) ? await this.records.get<BackupDoc>(db, backupId, 'Backup') : null;
    if (!record) throw errors.notFound(BACKUP_REASONS.missing);
    if (record.status !== 'done') throw errors.conflict(BACKUP_REASONS.running);
    const file = archiveFile(record._id);
    const size = await stat(path.join(this.settings.dir, file)).then((s) => s.size, () => null);
    if (size === null) throw errors.notFound(BACKUP_REASONS.missing);
    return { file, filename: downloadName(record.name || 'group', record.created_at), size };
  }

  /**
   * Starts a restore job: checks the archive's manifest now (422 for another format or an entry that is no regular
   * file; 507 when the files it says it holds exceed the drive storage of the target: a new group's free plan, or the
   * group's own), the caller's room for one more free group for mode `new` (403, as when creating one), or the typed
   * name for mode `replace`. The job checks the whole archive before writing anything, and only then makes the new group
   * (the caller its administrator): a restore whose archive fails its check makes no group.
   */
  async restore(req: BackupRestoreStartRequest): Promise<BackupRestoreDoc> {
    const db = adminDb(req.ctx);
    requireWrite(req.ctx);
    const caller = signedIn(req.ctx);
    if ((req.backup_id === undefined) === (req.upload === undefined)) throw errors.badRequest('name either backup_id or upload');
    const file = req.upload !== undefined ? path.join('uploads', req.upload) : (await this.fileOf(db, req.backup_id!)).file;
    try {
      const account = await this.records.account(db);
      if (!account) throw errors.notFound();
      const groupName = String(account.name ?? '');
      if (req.mode === 'replace') checkConfirm(groupName, req.confirm);
      const manifest = await this.manifestOf(path.join(this.settings.dir, file));
      checkDriveRoom(manifest.bytes, req.mode === 'new' ? ACCOUNT_CONFIG_DEFAULTS['confirmed-plan'] : await this.records.plan(db));
      if (req.mode === 'new') {
        const limit = freeGroupLimit(caller.user.confirmed);
        if ((await this.freeGroups.count(caller.user_id)) >= limit.max) throw errors.forbidden(limit.reason);
      }
      const targetId = req.mode === 'new' ? null : db;
      const targetName = req.mode === 'new' ? restoredName(manifest.name) : manifest.account_id === db ? manifest.name : groupName;
      const restore = await this.records.create<BackupRestoreDoc>(
        db,
        'BackupRestore',
        { mode: req.mode, status: 'queued', backup_id: req.backup_id ?? null, target_account_id: targetId, counts: {}, error: null, finished_at: null },
        caller.user_id,
      );
      await this.queue.add({
        kind: 'restore',
        db,
        restore_id: restore._id,
        file,
        uploaded: req.upload !== undefined,
        target: { account_id: targetId, name: targetName, mode: req.mode, caller_id: caller.user_id },
        caller,
      });
      return restore;
    } catch (e) {
      if (req.upload !== undefined) await rm(path.join(this.settings.dir, file), { force: true });
      throw e;
    }
  }

  /**
   * Removes the group a failed restore into a new group left behind (its job could not remove it): for the
   * administrators of the group that asked who administer that group too (its maker does). 409 for any other restore.
   */
  async removeRestoredGroup(req: BackupRestoreGroupRemoveRequest): Promise<BackupRestoreDoc> {
    const db = adminDb(req.ctx);
    requireWrite(req.ctx);
    const caller = signedIn(req.ctx);
    const record = await this.records.get<BackupRestoreDoc>(db, req.restore_id, 'BackupRestore');
    if (!record) throw errors.notFound();
    const target = record.target_account_id;
    if (record.mode !== 'new' || record.status !== 'failed' || !target || target === db || record.group_removed === true) throw errors.conflict(BACKUP_REASONS.notAFailedNewGroup);
    if ((await this.records.account(target)) && !(await this.records.administers(target, caller.user_id))) throw errors.forbidden();
    await this.runner.removeGroup(target);
    return (await this.records.patch<BackupRestoreDoc>(db, record._id, { group_removed: true }))!;
  }

  async restoreGet(req: BackupRestoreGetRequest): Promise<BackupRestoreDoc> {
    const db = adminDb(req.ctx);
    const doc = await this.records.get<BackupRestoreDoc>(db, req.restore_id, 'BackupRestore');
    if (!doc) throw errors.notFound();
    return doc;
  }

  /**
   * The owner's combined archive (spec §9: daily): the newest one when it is less than a day old or still being made,
   * else a new one is queued.
   */
  async combined(req: BackupCombinedRequest): Promise<BackupDoc> {
    const caller = signedIn(req.ctx);
    requireWrite(req.ctx);
    const latest = await this.latestCombined(caller.user_id);
    if (latest && (latest.status === 'queued' || latest.status === 'running' || (latest.status === 'done' && Date.now() - Date.parse(latest.created_at) < DAY_MS))) return latest;
    const record = await this.records.create<BackupDoc>(caller.user_id, 'Backup', newRecord('combined', caller.user.email), caller.user_id);
    await this.queue.add({ kind: 'combined', user_id: caller.user_id, backup_id: record._id });
    return record;
  }

  async combinedFile(req: BackupCombinedRequest): Promise<BackupFileReply> {
    const caller = signedIn(req.ctx);
    const latest = (await this.records.list<BackupDoc>(caller.user_id, 'Backup')).find((d) => d.kind === 'combined' && d.status === 'done');
    if (!latest) throw errors.notFound(BACKUP_REASONS.missing);
    const reply = await this.fileOf(caller.user_id, latest._id);
    return { ...reply, filename: `servicedesk-groups-${latest.created_at.slice(0, 10)}.tar.gz` };
  }

  private async latestCombined(userId: string): Promise<BackupDoc | undefined> {
    return (await this.records.list<BackupDoc>(userId, 'Backup')).find((d) => d.kind === 'combined');
  }

  /** The archive's manifest (its first entry), without reading further. */
  private async manifestOf(file: string): Promise<BackupManifest> {
    const parts = readArchive(file);
    try {
      const first = await parts.next();
      if (first.done || !('manifest' in first.value)) throw new AppError('unprocessable_entity', { archive: BACKUP_REASONS.notAnArchive });
      return first.value.manifest;
    } finally {
      await parts.return(undefined);
    }
  }
}

/** The addressed group, for its administrators only. */
function adminDb(ctx: BackupListRequest['ctx']): string {
  const db = accountDb(ctx);
  requireAdmin(ctx);
  return db;
}
