import { Injectable } from '@nestjs/common';
import { RpcClient } from '@app/platform';
import {
  CallerContext,
  MAX_FIND_LIMIT,
  READER_DESIGN,
  READER_UPDATES,
  READER_VIEWS,
  ReaderItemDoc,
  ReaderLabelDoc,
  ReaderStatusUpdate,
  ReaderSubscriptionDoc,
  WriteReply,
} from '@app/proto';

// The reader service as the Google Reader API uses it: only the document protocol over NATS (reader.doc.find, get,
// post, put, delete, view, update), with proto's names; the reader checks and does the rest.

/** A group's subscriptions and labels are listed whole; a group with more is refused by the reader before this. */
const DIRECTORY_LIMIT = MAX_FIND_LIMIT;

@Injectable()
export class ReaderClient {
  constructor(private readonly rpc: RpcClient) {}

  async subscriptions(ctx: CallerContext): Promise<ReaderSubscriptionDoc[]> {
    const { docs } = await this.rpc.call('reader.doc.find', { ctx, query: { selector: { klass: 'ReaderSubscription' }, sort: ['title'], limit: DIRECTORY_LIMIT } });
    return docs as ReaderSubscriptionDoc[];
  }

  async labels(ctx: CallerContext): Promise<ReaderLabelDoc[]> {
    const { docs } = await this.rpc.call('reader.doc.find', { ctx, query: { selector: { klass: 'ReaderLabel' }, sort: ['name'], limit: DIRECTORY_LIMIT } });
    return docs as ReaderLabelDoc[];
  }

  async items(ctx: CallerContext, selector: Record<string, unknown>, sort: Array<Record<string, 'asc' | 'desc'>>, limit: number, fields?: string[]): Promise<ReaderItemDoc[]> {
    const { docs } = await this.rpc.call('reader.doc.find', { ctx, query: { selector, sort, limit, ...(fields ? { fields } : {}) } });
    return docs as ReaderItemDoc[];
  }

  /** Items by id or id prefix (READER_VIEWS.items: at most READER_ITEMS_BY_ID_MAX ids, twice as many prefixes). */
  async itemsById(ctx: CallerContext, lookup: { ids: string[]; prefixes: string[] }, fields?: string[]): Promise<ReaderItemDoc[]> {
    const params = { ids: lookup.ids, prefixes: lookup.prefixes, ...(fields ? { fields } : {}) };
    const { rows } = await this.rpc.call('reader.doc.view', { ctx, design: READER_DESIGN, view: READER_VIEWS.items, params });
    return rows.map((r) => r.value as ReaderItemDoc);
  }

  /** The status handler for many items at once (READER_UPDATES.setStatus); answers how many changed. */
  async setStatusOf(ctx: CallerContext, ids: string[], handler: ReaderStatusUpdate): Promise<number> {
    if (!ids.length) return 0;
    const reply = await this.rpc.call('reader.doc.update', { ctx, design: READER_DESIGN, handler: READER_UPDATES.setStatus, id: handler, body: { ids } });
    return Number((reply.doc as { changed?: unknown } | undefined)?.changed) || 0;
  }

  /** Unread items per subscription id (READER_VIEWS.unread). */
  async unreadCounts(ctx: CallerContext): Promise<Map<string, number>> {
    const { rows } = await this.rpc.call('reader.doc.view', { ctx, design: READER_DESIGN, view: READER_VIEWS.unread, params: {} });
    const counts = new Map<string, number>();
    for (const row of rows) if (typeof row.key === 'string' && typeof row.value === 'number') counts.set(row.key, row.value);
    return counts;
  }

  /** The subscriptions as an OPML document (READER_VIEWS.opml). */
  async opml(ctx: CallerContext): Promise<string> {
    const { rows } = await this.rpc.call('reader.doc.view', { ctx, design: READER_DESIGN, view: READER_VIEWS.opml, params: {} });
    return String(rows.find((r) => r.key === 'opml')?.value ?? '');
  }

  /** Every unread item of a subscription, a label or the whole group ('all') read. */
  markAllRead(ctx: CallerContext, target: string): Promise<WriteReply> {
    return this.rpc.call('reader.doc.update', { ctx, design: READER_DESIGN, handler: READER_UPDATES.markAllRead, id: target });
  }

  create(ctx: CallerContext, doc: Record<string, unknown>): Promise<WriteReply> {
    return this.rpc.call('reader.doc.post', { ctx, doc });
  }

  /** The document written back whole with some fields changed, at the revision it was read at. */
  update(ctx: CallerContext, doc: { _id: string; _rev: string } & Record<string, unknown>, changes: Record<string, unknown>): Promise<WriteReply> {
    return this.rpc.call('reader.doc.put', { ctx, id: doc._id, rev: doc._rev, doc: { ...doc, ...changes } });
  }

  remove(ctx: CallerContext, doc: { _id: string; _rev: string }): Promise<WriteReply> {
    return this.rpc.call('reader.doc.delete', { ctx, id: doc._id, rev: doc._rev });
  }
}
