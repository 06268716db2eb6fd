import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { splitFeedAddress } from '@app/proto';
import { DocumentStore } from '@app/platform';
import { ReaderRepository } from '../items/items.repository';
import { FeedCredentialsRepository } from './feed-credentials.repository';
import { credentialsFor, userinfoOf, userinfoSpellings } from './feed-credentials.rules';

// Subscriptions written before credentials were kept apart (security issue 25, item 13) still have them in their
// address (`https://user:password@host/feed`), and what their fetches stored may quote it: items' links and content
// made absolute against that address, a subscription named by it, entry keys, the fetch state. Each start of the
// service moves them (the look-up reads a partial index that is empty once done, so it costs nothing after), and a
// restore does the same to what an archive made before brings back (restore-hook.ts). One subscription per
// transaction: its document gets the address without credentials (a new revision and change event, as any write),
// the credentials go to reader.feed_credentials, and its items lose the userinfo wherever they quote it.

const logger = new Logger('reader-credentials');
/** subscriptions looked up per round of the move */
const BATCH = 100;

@Injectable()
export class CredentialsMove implements OnApplicationBootstrap {
  constructor(
    private readonly store: DocumentStore,
    private readonly repo: ReaderRepository,
    private readonly credentials: FeedCredentialsRepository,
  ) {}

  /** After the schema is migrated (module init): what a previous version left is moved before anyone reads it. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const moved = await this.run();
      if (moved) logger.log(`moved the credentials of ${moved} subscription(s) out of their addresses`);
    } catch (err) {
      // the next start tries again; the service answers meanwhile
      logger.error(`moving credentials out of subscription addresses failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Moves every subscription's credentials out of its address; returns how many subscriptions were moved. */
  async run(): Promise<number> {
    let moved = 0;
    const failed = new Set<string>();
    for (;;) {
      const pending = (await this.repo.subscriptionsWithUserinfo(BATCH + failed.size)).filter((p) => !failed.has(`${p.db}/${p.id}`));
      if (!pending.length) return moved;
      for (const { db, id } of pending) {
        try {
          if (await this.store.inTransaction((tx) => this.moveWithin(tx, db, id))) moved++;
        } catch (err) {
          failed.add(`${db}/${id}`);
          logger.error(`${db}/${id}: its credentials could not be moved: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  }

  /**
   * One subscription, in the caller's transaction: false when its address carries no credentials (moved already).
   * The address without them is the subscription's unless another subscription of the group has it (two addresses
   * that differed only by their credentials): then it is told apart by a fragment naming it (`#rsb-…`), which no
   * server sees.
   */
  async moveWithin(tx: PoolClient, db: string, id: string): Promise<boolean> {
    const doc = await this.repo.lockSubscriptionWithin(tx, db, id);
    const address = typeof doc?.url === 'string' ? doc.url : null;
    const userinfo = address ? userinfoOf(address) : null;
    if (!doc || !address || !userinfo) return false;
    const { url, credentials } = splitFeedAddress(address);
    const bare = new URL(url);
    let stored = url;
    if (await this.repo.subscriptionWithUrl(db, url, id, tx)) {
      bare.hash = id;
      stored = bare.href;
    }
    const spellings = userinfoSpellings(userinfo);
    const scrub = (value: unknown) => JSON.parse(spellings.reduce((text, s) => text.split(s).join('://'), JSON.stringify(value))) as Record<string, unknown>;
    await this.store.writeWithin(tx, db, id, 'ReaderSubscription', (cur) => (cur ? { ...scrub(cur), url: stored } : null), null);
    const usable = credentialsFor(stored, credentials);
    if (usable) await this.credentials.setWithin(tx, db, [{ id, credentials: usable }]);
    await this.repo.withoutUserinfoWithin(tx, db, id, spellings, null);
    return true;
  }
}
