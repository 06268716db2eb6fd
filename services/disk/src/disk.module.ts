import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { PG_POOL } from './common/tokens';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { DiskFiles } from './files/disk-files';
import { FilesRepository } from './files/files.repository';
import { DavRepository } from './dav/dav.repository';
import { DavServer } from './dav/dav-server';
import { DiskHttpServer } from './http/disk-http';
import { DiskSweeper } from './files/disk-sweeper';
import { BackupFilesRepository } from './backups/backup-files.repository';
import { DiskBackupController } from './backups/disk-backup.controller';

/**
 * The disk service: the disk module's files and folders (CloudFile, `disk.doc.*` over NATS) and their bytes over its own
 * HTTP server (`/files`, `/dav`, reached through the gateway), and a group's files for backups (`disk.backup.*`). Start it with `createMicroservice(DiskModule, 'disk')`.
 */
@Module({
  controllers: [healthController('disk', PG_POOL), DocumentsController, DiskBackupController],
  providers: [...databaseProviders, FilesRepository, DavRepository, DiskFiles, DocumentsService, DavServer, DiskHttpServer, DiskSweeper, BackupFilesRepository],
})
export class DiskModule {}
