import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BackupCombinedRequest,
  BackupCreateRequest,
  BackupFileRequest,
  BackupListRequest,
  BackupRestoreGetRequest,
  BackupRestoreGroupRemoveRequest,
  BackupRestoreStartRequest,
  subject,
} from '@app/proto';
import { parseRequest } from '@app/platform';
import { BackupsService } from './backups.service';

// /accounts/{account_id}/backups… and /backups/combined… (the gateway's backups routes): accounts.backups.*.
@Controller()
export class BackupsController {
  constructor(private readonly backups: BackupsService) {}

  @MessagePattern(subject('accounts.backups.list'))
  list(@Payload() req: unknown) {
    return this.backups.list(parseRequest(BackupListRequest, req));
  }

  @MessagePattern(subject('accounts.backups.create'))
  create(@Payload() req: unknown) {
    return this.backups.create(parseRequest(BackupCreateRequest, req));
  }

  @MessagePattern(subject('accounts.backups.file'))
  file(@Payload() req: unknown) {
    return this.backups.file(parseRequest(BackupFileRequest, req));
  }

  @MessagePattern(subject('accounts.backups.restore'))
  restore(@Payload() req: unknown) {
    return this.backups.restore(parseRequest(BackupRestoreStartRequest, req));
  }

  @MessagePattern(subject('accounts.backups.restore.get'))
  restoreGet(@Payload() req: unknown) {
    return this.backups.restoreGet(parseRequest(BackupRestoreGetRequest, req));
  }

  @MessagePattern(subject('accounts.backups.restore.group.remove'))
  removeRestoredGroup(@Payload() req: unknown) {
    return this.backups.removeRestoredGroup(parseRequest(BackupRestoreGroupRemoveRequest, req));
  }

  @MessagePattern(subject('accounts.backups.combined'))
  combined(@Payload() req: unknown) {
    return this.backups.combined(parseRequest(BackupCombinedRequest, req));
  }

  @MessagePattern(subject('accounts.backups.combined.file'))
  combinedFile(@Payload() req: unknown) {
    return this.backups.combinedFile(parseRequest(BackupCombinedRequest, req));
  }
}
