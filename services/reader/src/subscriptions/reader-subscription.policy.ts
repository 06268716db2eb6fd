import type { PoolClient } from 'pg';
import { AppError, CallerContext, Doc, FeedCredentials, klassOfId, READER_MESSAGES, ReaderSubscriptionFields, splitFeedAddress, withoutCredentials } from '@app/proto';
import { DocumentStore, KlassPolicy, newDocId, WriteOp } from '@app/platform';
import { accountDb } from '../common/caller';
import { FIRST_STORE_GRACE_S } from '../common/reader-settings';
import type { ReaderRepository } from '../items/items.repository';
import type { Discovered, Downloaded } from './feed-discovery';
import type { FeedCredentialsRepository } from './feed-credentials.repository';
import { changesSignIn, credentialsFor, signInAfterWrite, type SignIn } from './feed-credentials.rules';
import type { FeedStart, FeedStateRepository } from './feed-state.repository';

/**
 * Reader subscriptions: the address must be a feed or a page naming one, found when it is created or changed (the
 * feed's address is stored; feed-discovery.ts); one subscription per address in a group (422 has-already-been-taken);
 * the label must be one of the group's (must-exist). The fetcher's state (reader.feed_state) is created with the
 * subscription and follows its `active` flag and address, in the same transaction. What discovery downloaded is kept
 * for the request (takeDownload): its entries are stored from it once the write has committed, so the new feed is not
 * fetched a second time; until then the fetcher leaves it alone (FIRST_STORE_GRACE_S).
 *
 * Credentials in the address (`https://user:password@host/feed`, security issue 25, item 13) never reach the document:
 * the address is stored without them, they go to reader.feed_credentials in the write's transaction (replacing what
 * was there), and the discovery signs in with them. A write without them keeps the stored ones (while the address
 * stays on their origin); `basic_auth_user: null` forgets them (feed-credentials.rules.ts).
 */
export class ReaderSubscriptionPolicy implements KlassPolicy {
  readonly schema = ReaderSubscriptionFields as unknown as KlassPolicy['schema'];
  /** what this request's discovery found, for its transaction hook (one caller context per request) */
  private readonly found = new WeakMap<CallerContext, Discovered>();
  /** what this request's write does to the subscription's credentials, for its transaction hook */
  private readonly signIns = new WeakMap<CallerContext, SignIn>();

  constructor(
    private readonly store: DocumentStore,
    private readonly repo: ReaderRepository,
    private readonly states: FeedStateRepository,
    private readonly credentials: FeedCredentialsRepository,
    private readonly discover: (url: string, credentials: FeedCredentials | null) => Promise<Discovered>,
  ) {}

  async beforeWrite(ctx: CallerContext, op: WriteOp, fields: Record<string, unknown>, prev: Doc | null): Promise<Record<string, unknown>> {
    if (op === 'delete') return fields;
    const db = accountDb(ctx);
    const typed = splitFeedAddress(new URL(String(fields.url)).href);
    const { basic_auth_user: user, ...rest } = fields;
    const out: Record<string, unknown> = { ...rest, url: typed.url };
    const labelId = out.reader_label_id;
    if (labelId) {
      const label = klassOfId(String(labelId)) === 'ReaderLabel' ? await this.store.get(db, String(labelId)) : null;
      if (!label) throw new AppError('unprocessable_entity', { reader_label_id: READER_MESSAGES.mustExist });
    } else out.reader_label_id = null;
    if (out.website_url) out.website_url = withoutCredentials(new URL(String(out.website_url)).href);
    const selfId = prev?._id ?? null;
    const stored = prev ? await this.credentials.of(db, prev._id) : null;
    const forget = user === null;
    if (!prev || prev.url !== out.url || typed.credentials) {
      // the typed address is checked before it is fetched: a known one needs no request
      if (await this.repo.subscriptionWithUrl(db, String(out.url), selfId)) throw new AppError('unprocessable_entity', { url: READER_MESSAGES.taken });
      // new credentials are checked too: the feed must answer to them
      const signingIn = typed.credentials ?? (forget ? null : credentialsFor(String(out.url), stored));
      const found = await this.discover(String(out.url), signingIn);
      if (found.url !== out.url && (await this.repo.subscriptionWithUrl(db, found.url, selfId))) throw new AppError('unprocessable_entity', { url: READER_MESSAGES.taken });
      this.found.set(ctx, found);
      out.url = found.url;
      out.website_url ??= found.website_url ? withoutCredentials(found.website_url) : null;
      if (!out.customize_title || !out.title) out.title = found.feed_title ?? out.title ?? null;
    } else if (!out.customize_title) {
      out.title = out.title ?? prev.title ?? null;
    }
    this.signIns.set(ctx, signInAfterWrite({ typed: typed.credentials, forget, stored, url: String(out.url) }).signIn);
    // the id is chosen here so the create's hook can name the fetcher's row (a PUT's id replaces it)
    if (!prev) out._id = newDocId('ReaderSubscription');
    out.label = out.title ?? out.url;
    return out;
  }

  async inCreate(ctx: CallerContext, tx: PoolClient, db: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.holdLabel(tx, db, fields);
    await this.states.createWithin(tx, db, [String(fields._id)], fields.active !== false, [this.start(ctx)]);
    await this.writeSignIn(ctx, tx, db, String(fields._id));
    return fields;
  }

  async inUpdate(ctx: CallerContext, tx: PoolClient, db: string, stored: Doc, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.holdLabel(tx, db, fields);
    // a new address, or new credentials (or none any more): the fetch starts over, due now
    const restart = stored.url !== fields.url || changesSignIn(this.signIns.get(ctx) ?? { action: 'keep' });
    await this.states.updateWithin(tx, db, stored._id, fields.active !== false, restart ? this.start(ctx) : null);
    await this.writeSignIn(ctx, tx, db, stored._id);
    return fields;
  }

  /** The credentials as this request's write leaves them, in its transaction. */
  private async writeSignIn(ctx: CallerContext, tx: PoolClient, db: string, id: string): Promise<void> {
    const signIn = this.signIns.get(ctx);
    this.signIns.delete(ctx);
    if (signIn?.action === 'set') await this.credentials.setWithin(tx, db, [{ id, credentials: signIn.credentials }]);
    else if (signIn?.action === 'forget') await this.credentials.forgetWithin(tx, db, id);
  }

  /** The fetcher's start for this request's discovery: not due before the download is stored (or the grace ends). */
  private start(ctx: CallerContext): FeedStart {
    const found = this.found.get(ctx);
    if (!found) return { feed_url: null, feed_title: null, site_url: null };
    return { feed_url: found.feed_url, feed_title: found.feed_title, site_url: found.site_url, due_at: new Date(Date.now() + FIRST_STORE_GRACE_S * 1000).toISOString() };
  }

  /** What this request's discovery downloaded (once: it is forgotten here), for its entries to be stored. */
  takeDownload(ctx: CallerContext): Downloaded | undefined {
    const first = this.found.get(ctx)?.first;
    this.found.delete(ctx);
    return first;
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
