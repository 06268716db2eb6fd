import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { PG_POOL } from './common/tokens';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { FeedRefresher } from './fetcher/feed-refresher';
import { FetchQueue } from './fetcher/fetch-queue';
import { FeedWriter } from './fetcher/feed-writer';
import { ItemRetention } from './items/item-retention';
import { readerRestoreHookProvider } from './subscriptions/restore-hook';
import { ReaderRepository } from './items/items.repository';
import { SubscriptionDirectory } from './items/subscription-directory';
import { OpmlImport } from './opml/opml-import';
import { CredentialsMove } from './subscriptions/credentials-move';
import { FeedCredentialsRepository } from './subscriptions/feed-credentials.repository';
import { FeedStateRepository } from './subscriptions/feed-state.repository';

/**
 * The reader service: feed subscriptions, labels and their items (`reader.doc.*`), and the fetcher that refreshes the
 * feeds (BullMQ jobs, see fetcher/fetch-queue.ts). Start it with `createMicroservice(ReaderModule, 'reader')`; it
 * migrates its schema on init.
 */
@Module({
  controllers: [healthController('reader', PG_POOL), DocumentsController],
  providers: [
    ...databaseProviders,
    ReaderRepository,
    SubscriptionDirectory,
    FeedStateRepository,
    FeedCredentialsRepository,
    CredentialsMove,
    FeedWriter,
    FeedRefresher,
    FetchQueue,
    ItemRetention,
    OpmlImport,
    DocumentsService,
    readerRestoreHookProvider,
  ],
})
export class ReaderModule {}
