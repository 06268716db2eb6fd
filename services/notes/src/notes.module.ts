import { Module } from '@nestjs/common';
import { healthController } from '@app/platform';
import { BookmarkDuplicates } from './bookmarks/bookmark-duplicates';
import { BookmarkFetchQueue } from './bookmarks/bookmark-fetch-queue';
import { BookmarkFetcher } from './bookmarks/bookmark-fetcher';
import { BookmarkFiles } from './bookmarks/bookmark-files';
import { BookmarksRepository } from './bookmarks/bookmarks.repository';
import { NotesRedis } from './common/notes-redis';
import { PG_POOL } from './common/tokens';
import { databaseProviders } from './database';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsService } from './documents/documents.service';
import { HandbookViews } from './handbooks/handbook-views';
import { HandbookWrites } from './handbooks/handbook-writes';
import { HandbooksRepository } from './handbooks/handbooks.repository';
import { NotesSearch } from './search/notes-search';
import { SearchRepository } from './search/search.repository';
import { notesRestoreHookProvider } from './handbooks/restore-hook';

/**
 * The notes service: handbooks (a markdown wiki) and bookmarks (`notes.doc.*`), their views and handlers, text search,
 * and the BullMQ worker that fetches bookmarked pages. Start it with `createMicroservice(NotesModule, 'notes')`; it
 * migrates its schema on init.
 */
@Module({
  controllers: [healthController('notes', PG_POOL), DocumentsController],
  providers: [
    ...databaseProviders,
    NotesRedis,
    HandbooksRepository,
    HandbookWrites,
    HandbookViews,
    BookmarksRepository,
    BookmarkFetcher,
    BookmarkFetchQueue,
    BookmarkDuplicates,
    BookmarkFiles,
    SearchRepository,
    NotesSearch,
    DocumentsService,
    notesRestoreHookProvider,
  ],
})
export class NotesModule {}
