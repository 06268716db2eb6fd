import { Body, Controller, Delete, Get, HttpCode, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'fs';
import { SignedIn } from '../auth/access';
import { Caller, ResolvedCaller } from '../auth/caller';
import { ApiErrors } from '../http/openapi';
import { BackupsService } from './backups.service';

const logger = new Logger('backups-download');

const ACCOUNT_ID = { name: 'account_id', description: 'the group id (acc-…); administrators only' };
const BACKUP_ID = { name: 'backup_id', description: 'a listed backup (bak-…)' };

const record = (klass: string, extra: Record<string, object>) => ({
  type: 'object',
  properties: {
    _id: { type: 'string' },
    _rev: { type: 'string' },
    klass: { type: 'string', enum: [klass] },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    counts: { type: 'object', additionalProperties: { type: 'integer' }, description: 'documents per service' },
    error: { type: 'string', nullable: true },
    created_at: { type: 'string' },
    finished_at: { type: 'string', nullable: true },
    ...extra,
  },
});
const BACKUP = record('Backup', {
  kind: { type: 'string', enum: ['scheduled', 'manual', 'combined'] },
  name: { type: 'string', description: "the group's name when archived" },
  size: { type: 'integer', nullable: true, description: 'bytes of the archive once done' },
});
const RESTORE = record('BackupRestore', {
  mode: { type: 'string', enum: ['new', 'replace'] },
  backup_id: { type: 'string', nullable: true },
  target_account_id: { type: 'string', nullable: true, description: 'the group written to (the new group for mode new, once the job has made it)' },
  files: { type: 'integer', description: "the disk's files (blobs) written, once done" },
  rolled_back: { type: 'boolean', description: 'over the group: the restore failed once the group was cleared, and the group was put back as it was' },
  group_removed: { type: 'boolean', description: 'into a new group: the restore failed and the group it made was removed' },
});
const LIST = { type: 'object', properties: { docs: { type: 'array', items: BACKUP }, restores: { type: 'array', items: RESTORE } } };
const RESTORE_BODY = {
  type: 'object',
  required: ['mode'],
  properties: {
    mode: { type: 'string', enum: ['new', 'replace'], description: 'new: into a new group "<name> (restored)"; replace: over this group' },
    confirm: { type: 'string', description: "mode replace: the group's name, exactly" },
  },
};

@ApiTags('backups')
@SignedIn()
@Controller()
export class BackupsController {
  constructor(private readonly backups: BackupsService) {}

  @Get('backups/settings')
  @ApiOperation({ summary: "The deployment's backups: whether the admin menu shows its adminnoop entry, the largest upload" })
  @ApiResponse({
    status: 200,
    description: 'OK',
    schema: { type: 'object', properties: { entry: { type: 'boolean' }, upload_max_bytes: { type: 'integer' }, keep: { type: 'integer' } } },
  })
  @ApiErrors(401)
  settings() {
    return this.backups.settings();
  }

  @Get('accounts/:account_id/backups')
  @ApiOperation({ summary: "The group's backups (newest first) and its recent restores; administrators only" })
  @ApiParam(ACCOUNT_ID)
  @ApiResponse({ status: 200, description: 'OK', schema: LIST })
  @ApiErrors(401, 403, 404, 503)
  list(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string) {
    return this.backups.list(caller, accountId);
  }

  @Post('accounts/:account_id/backups')
  @HttpCode(202)
  @ApiOperation({ summary: 'Back up the group now (a job: the record is queued, then running, then done or failed)' })
  @ApiParam(ACCOUNT_ID)
  @ApiResponse({ status: 202, description: 'queued', schema: BACKUP })
  @ApiErrors(401, 403, 404, 503)
  create(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string) {
    return this.backups.create(caller, accountId);
  }

  @Get('accounts/:account_id/backups/:backup_id/download')
  @ApiOperation({ summary: 'The archive (tar.gz: manifest.json and documents/<service>.ndjson), streamed' })
  @ApiParam(ACCOUNT_ID)
  @ApiParam(BACKUP_ID)
  @ApiResponse({ status: 200, description: 'application/gzip', content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(401, 403, 404, 409, 503)
  async download(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Param('backup_id') backupId: string, @Res() reply: FastifyReply) {
    return send(reply, await this.backups.file(caller, accountId, backupId));
  }

  @Post('accounts/:account_id/backups/:backup_id/restore')
  @HttpCode(202)
  @ApiOperation({ summary: 'Restore a listed backup into a new group, or over this group (confirm: its name); a job' })
  @ApiParam(ACCOUNT_ID)
  @ApiParam(BACKUP_ID)
  @ApiBody({ schema: RESTORE_BODY })
  @ApiResponse({ status: 202, description: 'queued', schema: RESTORE })
  @ApiErrors(400, 401, 403, 404, 409, 422, 503)
  restore(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Param('backup_id') backupId: string, @Body() body: unknown) {
    return this.backups.restore(caller, accountId, backupId, body);
  }

  @Post('accounts/:account_id/backups/upload')
  @HttpCode(202)
  @ApiOperation({ summary: 'Restore an uploaded archive (body: the tar.gz, at most BACKUP_UPLOAD_MAX_BYTES); a job' })
  @ApiParam(ACCOUNT_ID)
  @ApiQuery({ name: 'mode', enum: ['new', 'replace'] })
  @ApiQuery({ name: 'confirm', required: false, description: "mode replace: the group's name, exactly" })
  @ApiConsumes('application/gzip')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiResponse({ status: 202, description: 'queued', schema: RESTORE })
  @ApiErrors(401, 403, 404, 413, 415, 422, 503)
  upload(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Query() query: Record<string, unknown>, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.backups.upload(caller, accountId, query, body, Number(request.headers['content-length']));
  }

  @Get('accounts/:account_id/backups/restores/:restore_id')
  @ApiOperation({ summary: "A restore's record: its status, the group written to, the documents per service" })
  @ApiParam(ACCOUNT_ID)
  @ApiParam({ name: 'restore_id', description: 'brs-…' })
  @ApiResponse({ status: 200, description: 'OK', schema: RESTORE })
  @ApiErrors(401, 403, 404, 503)
  restoreGet(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Param('restore_id') restoreId: string) {
    return this.backups.restoreGet(caller, accountId, restoreId);
  }

  @Delete('accounts/:account_id/backups/restores/:restore_id/group')
  @ApiOperation({ summary: 'Remove the group a failed restore into a new group left behind (its administrators only; 409 for any other restore)' })
  @ApiParam(ACCOUNT_ID)
  @ApiParam({ name: 'restore_id', description: 'brs-…' })
  @ApiResponse({ status: 200, description: 'the record, group_removed', schema: RESTORE })
  @ApiErrors(401, 403, 404, 409, 503)
  removeRestoredGroup(@Caller() caller: ResolvedCaller, @Param('account_id') accountId: string, @Param('restore_id') restoreId: string) {
    return this.backups.removeRestoredGroup(caller, accountId, restoreId);
  }

  @Post('backups/combined')
  @HttpCode(202)
  @ApiOperation({ summary: 'Your combined archive of every group you administer: the one of the last day, or a new one' })
  @ApiResponse({ status: 202, description: 'the record (queued, running or done)', schema: BACKUP })
  @ApiErrors(401, 403, 503)
  combined(@Caller() caller: ResolvedCaller) {
    return this.backups.combined(caller);
  }

  @Get('backups/combined/download')
  @ApiOperation({ summary: 'Your newest combined archive (tar.gz with one <account id>/ tree per group), streamed' })
  @ApiResponse({ status: 200, description: 'application/gzip', content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(401, 404, 409, 503)
  async combinedDownload(@Caller() caller: ResolvedCaller, @Res() reply: FastifyReply) {
    return send(reply, await this.backups.combinedFile(caller));
  }
}

function send(reply: FastifyReply, file: { path: string; filename: string; size: number }) {
  return reply
    .status(200)
    .header('content-type', 'application/gzip')
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(archiveStream(file.path));
}

/** The archive's bytes; a read that fails (the file removed by the rotation meanwhile) cuts the download, logged. */
function archiveStream(path: string) {
  const stream = createReadStream(path);
  stream.on('error', (err) => logger.warn(`backup download ${path}: ${err.message}`));
  return stream;
}
