import { Injectable } from '@nestjs/common';
import { errors, FeedCredentials, OpmlImportReport, READER_OPML_MAX_BYTES, READER_REASONS, splitFeedAddress, withoutCredentials } from '@app/proto';
import { DocumentStore } from '@app/platform';
import { ReaderRepository } from '../items/items.repository';
import { FeedCredentialsRepository } from '../subscriptions/feed-credentials.repository';
import { FeedStateRepository } from '../subscriptions/feed-state.repository';
import { FetchQueue } from '../fetcher/fetch-queue';
import { OpmlEntry, OpmlError, readOpml, writeOpml } from './opml.rules';

// `PUT /{account_id}/_design/reader/_update/import_opml/opml` with `{opml}`: the document's feeds become
// subscriptions (addresses the group has, and repeats, are skipped), their folders or categories labels (a label whose
// name the group has already, whatever its case, is reused), all in one transaction; then they are queued for a first
// fetch. The addresses are not fetched first (a file of hundreds would hold the call): one that is not a feed shows
// its error on the subscription after that fetch. The `reader/opml` view exports the group's subscriptions.
// Credentials in an xmlUrl (`https://user:password@host/feed`) are kept apart as a subscription's are
// (reader.feed_credentials), the address stored without them; an htmlUrl loses its userinfo.

@Injectable()
export class OpmlImport {
  constructor(
    private readonly store: DocumentStore,
    private readonly repo: ReaderRepository,
    private readonly states: FeedStateRepository,
    private readonly credentials: FeedCredentialsRepository,
    private readonly queue: FetchQueue,
  ) {}

  async import(db: string, body: unknown, actor: string | null): Promise<OpmlImportReport> {
    const opml = body && typeof body === 'object' ? (body as { opml?: unknown }).opml : undefined;
    if (typeof opml !== 'string') throw errors.badRequest(READER_REASONS.opmlMissing);
    if (Buffer.byteLength(opml, 'utf8') > READER_OPML_MAX_BYTES) throw errors.payloadTooLarge(READER_REASONS.opmlTooLarge(READER_OPML_MAX_BYTES));
    let entries: OpmlEntry[];
    let invalid: number;
    try {
      ({ entries, invalid } = readOpml(opml));
    } catch (err) {
      if (err instanceof OpmlError) throw errors.badRequest(err.message);
      throw err;
    }
    const have = await this.repo.subscribedUrls(db);
    const labels = new Map((await this.repo.labels(db)).map((l) => [l.name.toLowerCase(), l.id]));
    const fresh: Array<OpmlEntry & { credentials: FeedCredentials | null }> = [];
    for (const e of entries) {
      const { url, credentials } = splitFeedAddress(e.url);
      if (have.has(url)) continue;
      have.add(url);
      fresh.push({ ...e, url, website_url: e.website_url ? withoutCredentials(e.website_url) : null, credentials });
    }
    const newLabels = [...new Set(fresh.map((e) => e.label).filter((l): l is string => !!l && !labels.has(l.toLowerCase())))];
    // the first spelling met names a new label; later ones in other cases join it
    const unique = newLabels.filter((l, i) => newLabels.findIndex((m) => m.toLowerCase() === l.toLowerCase()) === i);
    const reused = [...new Set(fresh.map((e) => (e.label ? labels.get(e.label.toLowerCase()) : undefined)).filter((id): id is string => !!id))];
    const created = await this.store.inTransaction(async (tx) => {
      // the labels reused are held until the import commits (deleting one waits, then unlabels what it gave)
      for (const id of reused) if (!(await this.repo.holdLabelWithin(tx, db, id))) throw errors.conflict('A label was deleted during the import, please import again');
      const made = await this.store.createManyWithin(tx, db, 'ReaderLabel', unique.map((name) => ({ name, kind: 'label', label: name })), actor);
      for (const l of made) labels.set(String(l.name).toLowerCase(), l._id);
      const subs = await this.store.createManyWithin(
        tx,
        db,
        'ReaderSubscription',
        fresh.map((e) => ({
          url: e.url,
          website_url: e.website_url,
          title: e.title,
          customize_title: false,
          reader_label_id: e.label ? labels.get(e.label.toLowerCase())! : null,
          active: true,
          label: e.title ?? e.url,
        })),
        actor,
      );
      await this.states.createWithin(tx, db, subs.map((s) => s._id), true, subs.map(() => ({ feed_url: null, feed_title: null, site_url: null })));
      // createManyWithin answers the documents in the order given
      await this.credentials.setWithin(tx, db, subs.flatMap((s, i) => (fresh[i].credentials ? [{ id: s._id, credentials: fresh[i].credentials! }] : [])));
      return { labels: made.length, subs: subs.map((s) => s._id) };
    });
    await this.queue.enqueueOrLeaveToSchedule(created.subs.map((id) => ({ db, id })));
    return { subscriptions_created: created.subs.length, subscriptions_skipped: entries.length - fresh.length + invalid, labels_created: created.labels };
  }

  /** The group's subscriptions as an OPML 2.0 document. */
  async export(db: string): Promise<string> {
    const subs = await this.repo.subscriptions(db);
    return writeOpml(subs.map((s) => ({ title: s.title, url: s.url, website_url: s.website_url, label: s.label_name })), new Date());
  }
}

