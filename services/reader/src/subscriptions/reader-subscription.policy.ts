import type { PoolClient } from 'pg';
import { AppError, CallerContext, Doc, klassOfId, READER_MESSAGES, ReaderSubscriptionFields } from '@app/proto';
import { DocumentStore, KlassPolicy, newDocId, WriteOp } from '@app/platform';
import { accountDb } from '../common/caller';
import type { ReaderRepository } from '../items/items.repository';
import type { Discovered } from './feed-discovery';
import type { FeedStateRepository } from './feed-state.repository';

/**
 * Reader subscriptions: the address must be a feed or a page naming one, found when it is created or changed (the
 * feed's address is stored; feed-discovery.ts); one subscription per address in a group (422 has-already-been-taken);
 * the label must be one of the group's (must-exist). The fetcher's state (reader.feed_state) is created with the
 * subscription and follows its `active` flag and address, in the same transaction.
 */
export class ReaderSubscriptionPolicy implements KlassPolicy {
  readonly schema = ReaderSubscriptionFields as unknown as KlassPolicy['schema'];
  /** what this request's discovery found, for its transaction hook (one caller context per request) */
  private readonly found = new WeakMap<CallerContext, Discovered>();

  constructor(
    private readonly store: DocumentStore,
    private readonly repo: ReaderRepository,
    private readonly states: FeedStateRepository,
    private readonly discover: (url: string) => Promise<Discovered>,
  ) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const db = accountDb(ctx);
    const out: Record<string, unknown> = { ...fields, url: new URL(String(fields.url)).href };
    const labelId = out.reader_label_id;
    if (labelId) {
      const label = klassOfId(String(labelId)) === 'ReaderLabel' ? await this.store.get(db, String(labelId)) : null;
      if (!label) throw new AppError('unprocessable_entity', { reader_label_id: READER_MESSAGES.mustExist });
    } else out.reader_label_id = null;
    if (out.website_url) out.website_url = new URL(String(out.website_url)).href;
    const selfId = prev?._id ?? null;
    if (!prev || prev.url !== out.url) {
      // the typed address is checked before it is fetched: a known one needs no request
      if (await this.repo.subscriptionWithUrl(db, String(out.url), selfId)) throw new AppError('unprocessable_entity', { url: READER_MESSAGES.taken });
      const found = await this.discover(String(out.url));
      if (found.url !== out.url && (await this.repo.subscriptionWithUrl(db, found.url, selfId))) throw new AppError('unprocessable_entity', { url: READER_MESSAGES.taken });
      this.found.set(ctx, found);
      out.url = found.url;
      out.website_url ??= found.website_url;
      if (!out.customize_title || !out.title) out.title = found.feed_title ?? out.title ?? null;
    } else if (!out.customize_title) {
      out.title = out.title ?? prev.title ?? null;
    }
    // the id is chosen here so the create's hook can name the fetcher's row (a PUT's id replaces it)
    if (!prev) out._id = newDocId('ReaderSubscription');
    out.label = out.title ?? out.url;
    return out;
  }

  async inCreate(ctx: CallerContext, tx: PoolClient, db: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.holdLabel(tx, db, fields);
    const found = this.found.get(ctx);
    await this.states.createWithin(tx, db, [String(fields._id)], fields.active !== false, [found ?? { feed_url: null, feed_title: null, site_url: null }]);
    return fields;
  }

  async inUpdate(ctx: CallerContext, tx: PoolClient, db: string, stored: Doc, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.holdLabel(tx, db, fields);
    const moved = stored.url !== fields.url;
    await this.states.updateWithin(tx, db, stored._id, fields.active !== false, moved ? (this.found.get(ctx) ?? { feed_url: null, feed_title: null, site_url: null }) : null);
    return fields;
  }

  /** The label named is held until the write commits (a label deleted meanwhile is must-exist, as before it). */
  private async holdLabel(tx: PoolClient, db: string, fields: Record<string, unknown>): Promise<void> {
    if (fields.reader_label_id && !(await this.repo.holdLabelWithin(tx, db, String(fields.reader_label_id)))) {
      throw new AppError('unprocessable_entity', { reader_label_id: READER_MESSAGES.mustExist });
    }
  }

  present(doc: Doc): Doc {
    return { ...doc, label: typeof doc.title === 'string' && doc.title ? doc.title : (doc.url ?? null) };
  }
}
