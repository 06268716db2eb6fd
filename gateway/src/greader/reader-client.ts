import { Injectable } from '@nestjs/common';
import { RpcClient } from '@app/platform';
import {
  CallerContext,
  MAX_FIND_LIMIT,
  READER_DESIGN,
  READER_STATUS_DESIGN,
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

  /** Unread items per subscription id (READER_VIEWS.unread). */
  async unreadCounts(ctx: CallerContext): Promise<Map<string, number>> {
    const { rows } = await this.rpc.call('reader.doc.view', { ctx, design: READER_DESIGN, view: READER_VIEWS.unread, params: {} });
    const counts = new Map<string, number>();
    for (const row of rows) if (typeof row.key === 'string' && typeof row.value === 'number') counts.set(row.key, row.value);
    return counts;
  }

  /** PUT …/_design/status/_update/{read|unread|star|unstar}/{item id} */
  setStatus(ctx: CallerContext, itemId: string, handler: ReaderStatusUpdate): Promise<WriteReply> {
    return this.rpc.call('reader.doc.update', { ctx, design: READER_STATUS_DESIGN, handler, id: itemId });
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
