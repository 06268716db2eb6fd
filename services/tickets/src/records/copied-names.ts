import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import type { ChangeEvent, Doc } from '@app/proto';
import { ChangeSubscription, DocumentStore, retryOnConflict, type WorkInProgress } from '@app/platform';
import { NATS_CONNECTION } from '../common/tokens';
import { COPIES, type Copy, mayRename, rewritten, sourceValue } from './copied-names.rules';

// Lists and search show a customer's name and an equipment's identifier copied into the records that point at them
// (copied-names.rules.ts). When the customer is renamed or the equipment re-labelled, the copies follow: each pointing
// record is rewritten (a new revision, so the change feed and the search text follow too).
//
// The rename's change event drives it (ChangeSubscription: the event is stored with the rename in the outbox, and
// acknowledged only when every copy is rewritten), so a crash in the middle is finished by the next start. A rewrite
// reads the source's current name and writes only records that do not carry it yet: running it again changes
// nothing, and an earlier rename's event handled after a later rename writes the later name.

const logger = new Logger('copied-names');

/** Records read per find while walking the copies. */
const BATCH = 200;
/** The server delivers an event again this long after its handler's last sign of life. */
export const COPIED_NAMES_ACK_WAIT_MS = 5000;

/** Subscribes CopiedNames to the tickets service's change events while the service runs. */
@Injectable()
export class CopiedNamesSubscription implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly subscription: ChangeSubscription;

  constructor(store: DocumentStore, @Inject(NATS_CONNECTION) nc: NatsConnection) {
    const copies = new CopiedNames(store);
    this.subscription = new ChangeSubscription(nc, (event, work) => copies.handle(event, work), {
      name: 'tickets_copied_names',
      service: 'tickets',
      ackWaitMs: COPIED_NAMES_ACK_WAIT_MS,
      logger,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.subscription.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription.stop();
  }
}

export class CopiedNames {
  /** the rewrite at work per source (`db:id`): events of one source take turns */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly store: DocumentStore) {}

  /** A change event of the tickets service: a rename rewrites the copies (after any rewrite of the same source). */
  async handle(event: ChangeEvent, work: WorkInProgress): Promise<void> {
    if (!mayRename(event)) return;
    const key = `${event.account_id}:${event.id}`;
    const before = this.running.get(key) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(() => this.refresh(event.account_id, event.id, work));
    this.running.set(key, mine);
    try {
      await mine;
    } finally {
      if (this.running.get(key) === mine) this.running.delete(key);
    }
  }

  /**
   * Rewrites every copy of the source's current name in group `db`; returns how many records changed. Ends when a walk
   * finished with the source unchanged since it was read, so a rename during the walk is followed too.
   */
  async refresh(db: string, sourceId: string, work: WorkInProgress = { touch: () => undefined }): Promise<number> {
    let changed = 0;
    for (;;) {
      const source = await this.store.get(db, sourceId);
      if (!source || !COPIES[source.klass]) return changed; // deleted since: the copies keep the name they have
      const walk = await this.walk(db, source, work);
      changed += walk.changed;
      if (walk.complete && (await this.store.get(db, sourceId))?._rev === source._rev) return changed;
    }
  }

  /** One pass over the records pointing at the source, by id; stops early (complete: false) when it is renamed again. */
  private async walk(db: string, source: Doc, work: WorkInProgress): Promise<{ changed: number; complete: boolean }> {
    const value = sourceValue(source);
    let changed = 0;
    for (const copy of COPIES[source.klass].into) {
      let after = '';
      for (;;) {
        const batch = await this.store.find(db, { selector: { klass: copy.klass, [copy.ref]: source._id, _id: { $gt: after } }, limit: BATCH });
        for (const record of batch) {
          work.touch();
          if (!rewritten(copy, record, source._id, value)) continue;
          // read the source again before each write: a walk that another copy of the service (or a later event)
          // overtook must not write its older name over the newer one just written
          if ((await this.store.get(db, source._id))?._rev !== source._rev) return { changed, complete: false };
          if (await this.rewrite(db, copy, record, source._id, value)) changed++;
        }
        if (batch.length < BATCH) break;
        after = batch[batch.length - 1]._id;
      }
    }
    return { changed, complete: true };
  }

  /** Writes the value into one record (read again on a conflict); false when it needed nothing. */
  private rewrite(db: string, copy: Copy, record: Doc, sourceId: string, value: unknown): Promise<boolean> {
    let current: Doc | null = record;
    return retryOnConflict(async () => {
      current ??= await this.store.get(db, record._id);
      const fields = current && rewritten(copy, current, sourceId, value);
      if (!current || !fields) return false;
      const rev = current._rev;
      current = null; // a conflict reads it again
      await this.store.update(db, record._id, rev, fields, null);
      return true;
    }, 5);
  }
}
