import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { DocumentStore } from '@app/platform';
import { BookmarksRepository } from './bookmarks.repository';

/**
 * Keeps `duplicate_of` pointing at a live bookmark: when the oldest bookmark of a page is deleted or moved to another
 * URL, the next oldest becomes the one the rest point at (written without a user: the service's bookkeeping).
 */
@Injectable()
export class BookmarkDuplicates {
  constructor(
    private readonly store: DocumentStore,
    private readonly repo: BookmarksRepository,
  ) {}

  async repoint(tx: PoolClient, db: string, normalized: string): Promise<void> {
    const docs = await this.repo.withUrl(tx, db, normalized);
    const first = docs[0];
    for (const d of docs) {
      const want = d._id === first._id ? null : first._id;
      if ((d.duplicate_of ?? null) === want) continue;
      await this.store.writeWithin(tx, db, d._id, 'Bookmark', (current) => (current ? { ...current, duplicate_of: want } : null), null);
    }
  }
}
