import { Injectable, Logger } from '@nestjs/common';
import {
  Calls,
  Doc,
  errors,
  FindReply,
  klassOfId,
  READER_DESIGN,
  READER_UPDATES,
  READER_VIEWS,
  ViewReply,
  WriteReply,
} from '@app/proto';
import { ChangePublisher, DocumentProtocol, DocumentStore, parseFields, project, projectFields, requireWrite, KlassPolicy, UpdateHandler } from '@app/platform';
import { accountDb } from '../common/caller';
import { FeedRefresher } from '../fetcher/feed-refresher';
import { FetchQueue } from '../fetcher/fetch-queue';
import { ITEMS_PER_PREFIX, parseItemLookup, parseStatusChange } from '../items/item-lookup.rules';
import { statusHandlers } from '../items/item-status';
import { ReaderRepository, SubscriptionSummary } from '../items/items.repository';
import { SubscriptionDirectory } from '../items/subscription-directory';
import { ReaderItemPolicy } from '../items/reader-item.policy';
import { ReaderLabelPolicy } from '../labels/reader-label.policy';
import { OpmlImport } from '../opml/opml-import';
import { discoverFeed, type Downloaded } from '../subscriptions/feed-discovery';
import { FeedCredentialsRepository } from '../subscriptions/feed-credentials.repository';
import { credentialsFor } from '../subscriptions/feed-credentials.rules';
import { FeedState, FeedStateRepository } from '../subscriptions/feed-state.repository';
import { ReaderSubscriptionPolicy } from '../subscriptions/reader-subscription.policy';

type Req<K extends keyof Calls> = Calls[K]['req'];

/** The klasses this service serves. */
const READER_KLASSES = ['ReaderLabel', 'ReaderSubscription', 'ReaderItem'] as const;

/** Items deleted per statement when their subscription goes. */
const DELETE_BATCH = 2000;

const logger = new Logger('reader-documents');

/**
 * reader.doc.*: feed subscriptions, labels and their items; the status handlers (spec §7), refresh, mark all read and
 * the OPML import; the OPML and unread views. Only groups hold them. What the API shows of a subscription includes the
 * fetcher's state and the feed's title; of an item, its subscription's current title and label.
 */
@Injectable()
export class DocumentsService {
  private readonly protocol: DocumentProtocol;
  private readonly subscriptions: ReaderSubscriptionPolicy;

  constructor(
    private readonly store: DocumentStore,
    private readonly repo: ReaderRepository,
    private readonly states: FeedStateRepository,
    private readonly queue: FetchQueue,
    private readonly opml: OpmlImport,
    private readonly publisher: ChangePublisher,
    private readonly directory: SubscriptionDirectory,
    private readonly refresher: FeedRefresher,
    private readonly credentials: FeedCredentialsRepository,
  ) {
    this.subscriptions = new ReaderSubscriptionPolicy(store, repo, states, credentials, discoverFeed);
    const policies: Record<(typeof READER_KLASSES)[number], KlassPolicy> = {
      ReaderLabel: new ReaderLabelPolicy(repo),
      ReaderSubscription: this.subscriptions,
      ReaderItem: new ReaderItemPolicy(),
    };
    const updates: Record<string, UpdateHandler> = {
      ...statusHandlers(store, async (db, doc) => (await this.enrich(db, [{ ...doc }]))[0]),
      [`${READER_DESIGN}/${READER_UPDATES.refresh}`]: (ctx, id) => this.refresh(accountDb(ctx), id),
      [`${READER_DESIGN}/${READER_UPDATES.markAllRead}`]: (ctx, id) => this.markAllRead(accountDb(ctx), id, ctx.user_id),
      [`${READER_DESIGN}/${READER_UPDATES.setStatus}`]: (ctx, handler, body) => this.setStatus(accountDb(ctx), handler, body, ctx.user_id),
      [`${READER_DESIGN}/${READER_UPDATES.importOpml}`]: async (ctx, id, body) => {
        if (id !== 'opml') throw errors.notFound(`use ${READER_DESIGN}/_update/${READER_UPDATES.importOpml}/opml`);
        const db = accountDb(ctx);
        const report = await this.opml.import(db, body, ctx.user_id);
        this.directory.forget(db);
        return { ok: true, id, rev: '', doc: { ...report } };
      },
    };
    this.protocol = new DocumentProtocol(
      store,
      'reader',
      policies,
      {
        [`${READER_DESIGN}/${READER_VIEWS.opml}`]: async (ctx) => ({ rows: [{ key: 'opml', value: await this.opml.export(accountDb(ctx)) }] }),
        [`${READER_DESIGN}/${READER_VIEWS.unread}`]: async (ctx) => ({ rows: (await repo.unreadCounts(accountDb(ctx))).map((r) => ({ key: r.id, value: r.count })) }),
        [`${READER_DESIGN}/${READER_VIEWS.items}`]: (ctx, params) => this.itemsById(accountDb(ctx), params),
      },
      updates,
    );
  }

  async get(req: Req<'reader.doc.get'>): Promise<Doc> {
    const db = accountDb(req.ctx);
    const doc = await this.protocol.get({ ...req, fields: undefined });
    return project((await this.enrich(db, [doc], req.fields))[0], req.fields);
  }

  /**
   * The document protocol's find (the klasses served, no per-document rights to check), with what the API shows added
   * to the documents as read and the fields parsed once: the feed's list is the reader's busiest call.
   */
  async find(req: Req<'reader.doc.find'>): Promise<FindReply> {
    const db = accountDb(req.ctx);
    const { fields, ...query } = req.query;
    const wanted = query.selector.klass;
    if (typeof wanted === 'string' && !(READER_KLASSES as readonly string[]).includes(wanted)) throw errors.badRequest(`klass ${wanted} is not served here`);
    const docs = await this.store.find(db, { ...query, selector: await this.labelFilter(db, query.selector) }, { klasses: [...READER_KLASSES], project: false });
    const paths = parseFields(fields);
    return { docs: (await this.enrich(db, docs, fields)).map((d) => projectFields(d, paths)) };
  }

  async post(req: Req<'reader.doc.post'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    try {
      const reply = await this.protocol.post(req);
      return await this.written(db, reply, this.subscriptions.takeDownload(req.ctx));
    } finally {
      this.directory.forget(db);
    }
  }

  async put(req: Req<'reader.doc.put'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    try {
      const reply = await this.protocol.put(req);
      return await this.written(db, reply, this.subscriptions.takeDownload(req.ctx));
    } finally {
      this.directory.forget(db);
    }
  }

  /** A label goes with its subscriptions left unlabelled; a subscription with its items, fetch state and credentials. */
  async delete(req: Req<'reader.doc.delete'>): Promise<WriteReply> {
    const db = accountDb(req.ctx);
    const klass = klassOfId(req.id);
    if (klass !== 'ReaderLabel' && klass !== 'ReaderSubscription') return this.protocol.delete(req);
    requireWrite(req.ctx);
    const actor = req.ctx.user_id;
    this.directory.forget(db);
    const tombstone = await this.store.inTransaction(async (tx) => {
      // the fetcher's row first: a fetch storing entries holds it, so its items are in before they are deleted, and a
      // fetch after this finds the subscription gone and stores nothing
      if (klass === 'ReaderSubscription') {
        await this.states.deleteWithin(tx, db, req.id);
        await this.credentials.forgetWithin(tx, db, req.id);
        await this.repo.forgetKeysWithin(tx, db, req.id);
      }
      const gone = await this.store.removeWithin(tx, db, req.id, req.rev, actor);
      // read after the label's row is taken: a subscription given this label meanwhile waits for it, then is seen here
      const followers = klass === 'ReaderLabel' ? await this.repo.subscriptionsWithLabel(db, req.id, tx) : [];
      for (const id of followers) {
        await this.store.writeWithin(tx, db, id, 'ReaderSubscription', (cur) => (cur && cur.reader_label_id === req.id ? { ...cur, reader_label_id: null } : null), actor);
      }
      if (klass === 'ReaderSubscription') {
        for (;;) {
          const ids = await this.repo.itemIds(tx, db, req.id, DELETE_BATCH);
          if (!ids.length) break;
          await this.store.removeManyWithin(tx, db, ids, actor);
        }
      }
      return gone;
    });
    this.directory.forget(db);
    return { ok: true, id: tombstone._id, rev: tombstone._rev };
  }

  view(req: Req<'reader.doc.view'>): Promise<ViewReply> {
    accountDb(req.ctx);
    return this.protocol.view(req);
  }

  update(req: Req<'reader.doc.update'>): Promise<WriteReply> {
    accountDb(req.ctx);
    return this.protocol.update(req);
  }

  // ---- handlers ---------------------------------------------------------------------------------------------------

  /** `reader/refresh/{subscription id | all}`: queued at once (the fetch happens in the background). */
  private async refresh(db: string, id: string): Promise<WriteReply> {
    let ids: string[];
    if (id === 'all') ids = await this.states.activeOf(db);
    else {
      if (klassOfId(id) !== 'ReaderSubscription' || !(await this.states.state(db, id))) throw errors.notFound();
      ids = [id];
    }
    await this.queue.enqueue(ids.map((s) => ({ db, id: s })), true);
    return { ok: true, id, rev: '', doc: { queued: ids.length } };
  }

  /** `reader/mark_all_read/{subscription id | label id | all}`. */
  private async markAllRead(db: string, id: string, actor: string | null): Promise<WriteReply> {
    let scope: string[] | null;
    if (id === 'all') scope = null;
    else if (klassOfId(id) === 'ReaderSubscription' || klassOfId(id) === 'ReaderLabel') {
      const doc = await this.store.get(db, id);
      if (!doc) throw errors.notFound();
      scope = doc.klass === 'ReaderLabel' ? await this.repo.subscriptionsWithLabel(db, id) : [id];
    } else throw errors.notFound();
    const marked = await this.repo.markAllRead(db, scope, actor);
    if (marked) this.publisher.requestFlush();
    return { ok: true, id, rev: '', doc: { marked } };
  }

  /** `reader/_view/items`: items by id or id prefix (the Google Reader API's batches), as a find shows them. */
  private async itemsById(db: string, params: Record<string, unknown>): Promise<ViewReply> {
    const { ids, prefixes, fields } = parseItemLookup(params);
    const paths = parseFields(fields);
    const docs = (await this.repo.itemsByIds(db, ids, prefixes, ITEMS_PER_PREFIX)) as Doc[];
    return { rows: (await this.enrich(db, docs, fields)).map((d) => ({ key: d._id, value: projectFields(d, paths) })) };
  }

  /** `reader/set_status/{read|unread|star|unstar}` with `{ids}`: many items' status in one statement. */
  private async setStatus(db: string, handler: string, body: unknown, actor: string | null): Promise<WriteReply> {
    const { field, to, ids } = parseStatusChange(handler, body);
    const changed = await this.repo.setStatus(db, ids, field, to, actor);
    if (changed) this.publisher.requestFlush();
    return { ok: true, id: handler, rev: '', doc: { changed } };
  }

  // ---- what the API shows -------------------------------------------------------------------------------------------

  /**
   * A write's reply shows the document as a read would. A subscription never fetched yet (new, or given a new
   * address) is queued for its first fetch right away.
   */
  /**
   * A write's answer as the API shows it. A subscription never fetched: its entries stored from the download its
   * discovery made (in the background, a slice at a time: the answer does not wait for them), else its fetch queued.
   */
  private async written(db: string, reply: WriteReply, downloaded?: Downloaded): Promise<WriteReply> {
    if (!reply.doc) return reply;
    const [doc] = await this.enrich(db, [reply.doc as Doc]);
    if (doc.klass === 'ReaderSubscription' && doc.checked_at === null && doc.active !== false) {
      if (downloaded) {
        void this.refresher
          .storeDownloaded(db, doc._id, downloaded)
          .catch((err: unknown) => logger.error(`${db}/${doc._id}: storing the first download failed (the fetcher takes it later): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));
      } else await this.queue.enqueueOrLeaveToSchedule([{ db, id: doc._id }]);
    }
    return { ...reply, doc };
  }

  /**
   * A top-level `reader_label_id` in an item find means "items of the label's subscriptions now" (items don't store
   * their subscription's label, which can change).
   */
  private async labelFilter(db: string, selector: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (selector.klass !== 'ReaderItem' || !Object.prototype.hasOwnProperty.call(selector, 'reader_label_id')) return selector;
    const { reader_label_id: label, ...rest } = selector;
    if (label !== null && typeof label !== 'string') throw errors.badRequest('reader_label_id must be a label id or null');
    const ids = [...(await this.directory.of(db)).values()].filter((s) => s.reader_label_id === label).map((s) => s.id);
    const and = rest.$and === undefined ? [] : Array.isArray(rest.$and) ? rest.$and : [rest.$and];
    return { ...rest, $and: [...and, { reader_subscription_id: { $in: ids } }] };
  }

  /**
   * Subscriptions with the fetcher's state, the feed's title (unless customised) and site, and whom the feed signs in
   * as (`basic_auth_user`: the user name of its credentials, never the password); items with their subscription's
   * current title and label. `fields`: a find that asks for neither of those skips the look-up.
   */
  private async enrich(db: string, docs: Doc[], fields?: string[]): Promise<Doc[]> {
    const wants = (...names: string[]) => !fields || names.some((n) => fields.some((f) => f === n || f.startsWith(`${n}.`)));
    const subIds = docs.filter((d) => d.klass === 'ReaderSubscription').map((d) => d._id);
    const hasItems = wants('reader_subscription', 'reader_label_id') && docs.some((d) => d.klass === 'ReaderItem');
    const [states, users, byId] = await Promise.all([
      subIds.length ? this.states.statesOf(db, subIds) : new Map<string, FeedState>(),
      subIds.length && wants('basic_auth_user') ? this.credentials.usersOf(db, subIds) : new Map<string, { username: string; origin: string }>(),
      hasItems ? this.directory.of(db) : new Map<string, SubscriptionSummary>(),
    ]);
    // the documents are this call's own (just read or just written): completed in place, not copied
    for (const doc of docs as Array<Record<string, unknown>>) {
      if (doc.klass === 'ReaderLabel') doc.label = typeof doc.name === 'string' ? doc.name : null;
      else if (doc.klass === 'ReaderSubscription') {
        const s = states.get(String(doc._id));
        const title = doc.customize_title === true && doc.title ? doc.title : (s?.feed_title || doc.title || doc.url);
        const user = users.get(String(doc._id));
        const signsInAs = user && credentialsFor(String(doc.url), { ...user, password: '' }) ? user.username : null;
        Object.assign(doc, { title, label: title ?? null, basic_auth_user: signsInAs });
        if (s) {
          Object.assign(doc, {
            website_url: doc.website_url ?? s.site_url ?? null,
            error_count: s.error_count,
            last_error: s.last_error,
            checked_at: s.checked_at,
            next_check_at: s.next_check_at,
            etag: s.etag,
            last_modified: s.last_modified,
            feed_url: s.feed_url,
            blocked_until: s.blocked_until,
          });
        }
      } else if (doc.klass === 'ReaderItem') {
        doc.label = typeof doc.title === 'string' ? doc.title : null;
        const s = byId.get(String(doc.reader_subscription_id));
        if (s) {
          doc.reader_subscription = { _id: s.id, title: s.title, label: s.label_name };
          doc.reader_label_id = s.reader_label_id;
        }
      }
    }
    return docs;
  }
}

