import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { PG_POOL } from './common/tokens';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';

/**
 * The notes service: handbooks (a markdown wiki) and bookmarks (`notes.doc.*`).
 * Start it with `createMicroservice(NotesModule, 'notes')`; it migrates its schema on init.
 */
@Module({
  controllers: [healthController('notes', PG_POOL), DocumentsController],
  providers: [...databaseProviders, DocumentsService],
})
export class NotesModule {}
