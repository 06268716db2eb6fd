import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BackupBlobsReply,
  BackupBlobsRequest,
  BackupClearReply,
  BackupRestoreReply,
  BackupVersionsClearRequest,
  BackupVersionsReply,
  BackupVersionsRequest,
  BackupVersionsRestoreRequest,
  subject,
} from '@app/proto';
import { parseRequest } from '@app/platform';
import type { BlobStore } from '../blobs/blob-store';
import { BLOB_STORE } from '../common/tokens';
import { BackupFilesRepository } from './backup-files.repository';

// disk.backup.*: a group's files for the accounts service's backups (proto backup.ts), beside the documents' calls every
// service answers. Only services call them (the gateway builds `<service>.doc.<op>` subjects only); the bytes go over
// the disk's HTTP server (http/backup-blobs.routes.ts), never here.
@Controller()
export class DiskBackupController {
  constructor(
    private readonly repo: BackupFilesRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  @MessagePattern(subject('disk.backup.blobs'))
  async listBlobs(@Payload() data: unknown): Promise<BackupBlobsReply> {
    const req = parseRequest(BackupBlobsRequest, data);
    const blobs = await this.repo.blobsPage(req.account_id, req.after, req.limit);
    return { blobs, next: blobs.length === req.limit ? blobs[blobs.length - 1].key : null };
  }

  @MessagePattern(subject('disk.backup.versions'))
  async listVersions(@Payload() data: unknown): Promise<BackupVersionsReply> {
    const req = parseRequest(BackupVersionsRequest, data);
    const versions = await this.repo.versionsPage(req.account_id, req.after, req.limit);
    const last = versions[versions.length - 1];
    return { versions, next: versions.length === req.limit ? { file_id: last.file_id, version: last.version } : null };
  }

  @MessagePattern(subject('disk.backup.versions.clear'))
  async clearVersions(@Payload() data: unknown): Promise<BackupClearReply> {
    const req = parseRequest(BackupVersionsClearRequest, data);
    const removed = await this.repo.clearPage(req.account_id, req.limit);
    return { removed, done: removed < req.limit };
  }

  @MessagePattern(subject('disk.backup.versions.restore'))
  async restoreVersions(@Payload() data: unknown): Promise<BackupRestoreReply> {
    const req = parseRequest(BackupVersionsRestoreRequest, data);
    return { written: await this.repo.restorePage(req.account_id, req.versions, (key) => this.blobs.has(key)) };
  }
}
