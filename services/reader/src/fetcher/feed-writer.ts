import { Injectable, Logger } from '@nestjs/common';
import { DocumentStore } from '@app/platform';
import { entryKey, ReaderRepository } from '../items/items.repository';
import { FetchOutcome, FeedStateRepository, stateKey } from '../subscriptions/feed-state.repository';
import type { ParsedEntry } from './feed-parse.rules';

// What fetches leave, written together: a fetch hands its result over and its job goes on (up to MAX_BACKLOG results
// wait), and the results that arrive while a write is running go into the next one, which stores all of them in one
// transaction: the states locked in key order, the entries' keys claimed in one INSERT that answers which are new, one
// INSERT of the new items per group, one UPDATE of the states. A refresh of 1,000 feeds is then tens of transactions
// rather than thousands of round trips, and fetching goes on while PostgreSQL writes. A batch that fails is written
// again feed by feed, so one bad feed fails alone.

const logger = new Logger('reader-feed-writer');
/** feeds per transaction at most */
const MAX_BATCH = 100;
/** transactions at once: PostgreSQL inserts on several cores while the next batch gathers (no two hold one feed) */
const MAX_WRITES = 3;
/** fetches handed over and not yet written, at most: a fetch that would pass it waits (memory stays bounded) */
const MAX_BACKLOG = 150;
/**
 * characters of content stored per INSERT at most: a group's new items go in statements of about this much, each one's
 * documents made (JSON, revision hash) while the last one travels, so the event loop is never held for all of a large
 * feed's (500 items of 17 kB: 60 ms of hashing in one go before)
 */
const INSERT_CHARS = 1024 * 1024;

export interface FetchWrite {
  db: string;
  subscriptionId: string;
  /** what the items show of their subscription */
  subscriptionTitle: string;
  /** the feed's entries (null: nothing to store, e.g. a 304 or a failure) */
  entries: ParsedEntry[] | null;
  outcome: FetchOutcome;
}

interface Pending extends FetchWrite {
  resolve(stored: number): void;
  reject(err: unknown): void;
}

@Injectable()
export class FeedWriter {
  private pending: Pending[] = [];
  private writing = 0;
  private inFlight = 0;
  private scheduled = false;
  private readonly waitingForRoom: Array<() => void> = [];

  constructor(
    private readonly store: DocumentStore,
    private readonly repo: ReaderRepository,
    private readonly states: FeedStateRepository,
  ) {}

  /**
   * Hands a fetch's result over and returns once it is queued (at once, unless MAX_BACKLOG results wait: then when
   * there is room), so the fetch's job slot goes on fetching while PostgreSQL writes. A write that fails is logged;
   * the feed's state is then unchanged, so it is due again and fetched at the scheduler's next look.
   */
  async submit(w: FetchWrite): Promise<void> {
    while (this.pending.length + this.inFlight >= MAX_BACKLOG) await new Promise<void>((room) => this.waitingForRoom.push(room));
    this.pending.push({
      ...w,
      resolve: () => undefined,
      reject: (err) => logger.error(`${w.db}/${w.subscriptionId}: storing the fetch failed: ${err instanceof Error ? err.message : String(err)}`),
    });
    this.schedule();
  }

  /** Resolves once every result handed over is written (shutdown: before the pool closes). */
  async idle(): Promise<void> {
    while (this.pending.length || this.inFlight) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** A batch starts when a write slot is free; the fetches ending in this turn of the loop join it. */
  private schedule(): void {
    if (this.scheduled || this.writing >= MAX_WRITES || !this.pending.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.writing >= MAX_WRITES || !this.pending.length) return;
      const batch = this.pending.splice(0, MAX_BATCH);
      this.writing++;
      this.inFlight += batch.length;
      // writeOrSplit reports each feed's failure itself; the catch is for a bug in this bookkeeping
      void this.writeOrSplit(batch)
        .finally(() => {
          this.writing--;
          this.inFlight -= batch.length;
          while (this.waitingForRoom.length && this.pending.length + this.inFlight < MAX_BACKLOG) this.waitingForRoom.shift()!();
          this.schedule();
        })
        .catch((err: unknown) => logger.error(`writing fetched feeds: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));
      this.schedule();
    });
  }

  private async writeOrSplit(batch: Pending[]): Promise<void> {
    try {
      const stored = await this.writeBatch(batch);
      batch.forEach((p, i) => p.resolve(stored[i]));
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      logger.warn(`a batch of ${batch.length} feeds failed (${err instanceof Error ? err.message : String(err)}); writing them one by one`);
      for (const p of batch) {
        try {
          p.resolve((await this.writeBatch([p]))[0]);
        } catch (one) {
          p.reject(one);
        }
      }
    }
  }

  private writeBatch(batch: FetchWrite[]): Promise<number[]> {
    return this.store.inTransaction(async (tx) => {
      const live = await this.states.lockManyWithin(tx, batch.map((w) => ({ db: w.db, id: w.subscriptionId })));
      const alive = batch.filter((w) => live.has(stateKey(w.db, w.subscriptionId)));
      const wanted = alive.flatMap((w) => (w.entries ?? []).map((e) => ({ db: w.db, subscriptionId: w.subscriptionId, key: e.dedupe_key })));
      const fresh = await this.repo.claimKeys(tx, wanted);
      const stored = new Map<FetchWrite, number>();
      const byGroup = new Map<string, Array<Record<string, unknown>>>();
      for (const w of alive) {
        const entries = (w.entries ?? []).filter((e) => fresh.has(entryKey(w.db, w.subscriptionId, e.dedupe_key)));
        stored.set(w, entries.length);
        if (!entries.length) continue;
        const docs = byGroup.get(w.db) ?? [];
        byGroup.set(w.db, docs);
        for (const e of entries) {
          docs.push({
            title: e.title,
            url: e.url,
            content: e.content,
            content_type: e.content_type,
            summary: e.summary,
            point_at: e.point_at,
            read: false,
            starred: false,
            reader_subscription_id: w.subscriptionId,
            reader_subscription: { _id: w.subscriptionId, title: w.subscriptionTitle, label: null },
            dedupe_key: e.dedupe_key,
          });
        }
      }
      for (const [db, docs] of byGroup) for (const part of bySize(docs)) await this.store.createManyWithin(tx, db, 'ReaderItem', part, null);
      await this.states.writeManyWithin(tx, alive.map((w) => ({ db: w.db, id: w.subscriptionId, outcome: w.outcome })));
      return batch.map((w) => stored.get(w) ?? 0);
    });
  }
}

/** Items in groups of about INSERT_CHARS of content, in their order. */
function bySize(docs: Array<Record<string, unknown>>): Array<Array<Record<string, unknown>>> {
  const parts: Array<Array<Record<string, unknown>>> = [];
  let part: Array<Record<string, unknown>> = [];
  let chars = 0;
  for (const doc of docs) {
    const size = String(doc.content ?? '').length;
    if (part.length && chars + size > INSERT_CHARS) {
      parts.push(part);
      part = [];
      chars = 0;
    }
    part.push(doc);
    chars += size;
  }
  if (part.length) parts.push(part);
  return parts;
}
