import { Injectable, Logger } from '@nestjs/common';
import { DocumentStore } from '@app/platform';
import { ReaderRepository } from './items.repository';

// Old items go, as in Miniflux (its "archive read entries after 60 days"): once a day the items that are read, not
// starred and older than READER_KEEP_READ_DAYS (by point_at) are removed. Unread and starred items stay whatever their
// age. Their entry keys (reader.entry_keys) stay too, so a feed that still lists an old entry does not bring it back.

const logger = new Logger('reader-retention');
/** documents read per window of the sweep (one bounded statement each) */
const WINDOW = 5000;
/** items removed at most per run (the next day's run takes the rest) */
const MAX_PER_RUN = 200_000;

@Injectable()
export class ItemRetention {
  constructor(
    private readonly repo: ReaderRepository,
    private readonly store: DocumentStore,
  ) {}

  /** Removes the expired items of every group; returns how many. */
  async sweep(keepReadDays: number, now = new Date()): Promise<number> {
    if (keepReadDays <= 0) return 0;
    const before = new Date(now.getTime() - keepReadDays * 86_400_000).toISOString();
    let removed = 0;
    let after: { db: string; id: string } | null = null;
    do {
      const window = await this.repo.expiredItems(after, before, WINDOW);
      const byGroup = new Map<string, string[]>();
      for (const { db, id } of window.items) byGroup.set(db, [...(byGroup.get(db) ?? []), id]);
      for (const [db, ids] of byGroup) removed += (await this.store.inTransaction((tx) => this.store.removeManyWithin(tx, db, ids, null))).length;
      after = window.next;
    } while (after && removed < MAX_PER_RUN);
    if (removed) logger.log(`removed ${removed} read items older than ${keepReadDays} days`);
    return removed;
  }
}
