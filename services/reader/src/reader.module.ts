import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { PG_POOL } from './common/tokens';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';

/**
 * The reader service: feed subscriptions, labels and their items (`reader.doc.*`).
 * Start it with `createMicroservice(ReaderModule, 'reader')`; it migrates its schema on init.
 */
@Module({
  controllers: [healthController('reader', PG_POOL), DocumentsController],
  providers: [...databaseProviders, DocumentsService],
})
export class ReaderModule {}
