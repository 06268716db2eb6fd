import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { AppError, CallerContext, Doc, errors, HANDBOOK_CONFLICT_REASON, HandbookFields, HandbookLink, NOTES_MESSAGES, notesLanguageOf, slugify, WriteReply } from '@app/proto';
import { actorOf, DocumentStore, newDocId, requireWrite, revNumber } from '@app/platform';
import { accountDb } from '../common/caller';
import { parseFields } from '../common/fields';
import { renderHandbook } from './handbook-html.rules';
import { affectedTargets, checkFieldNames, checkHandbookSize, checkNotStale, contentChanged, firstFreeSlug, isCreateReplay, isOwnFirstVersion, sameLinks, sortLinks, valueFor } from './handbook.rules';
import { HandbooksRepository } from './handbooks.repository';

/**
 * Creating, saving and deleting handbooks. Each write is one transaction, taken in turn with the group's other handbook
 * writes (an advisory lock), that changes together: the document (content rendered to sanitized HTML, value_for, its
 * own backlinks), its addresses, its links and tags, a revision when the content changed, and the `linked_by` of every
 * handbook whose backlinks the write changed (written without a user: it is the service's bookkeeping).
 */
@Injectable()
export class HandbookWrites {
  constructor(
    private readonly store: DocumentStore,
    private readonly repo: HandbooksRepository,
  ) {}

  /**
   * POST. With an `_id` chosen by the client (`hbk-…`, the web's editor picks one when it opens a new page) the create
   * is idempotent: sent again after its answer was lost, it answers the page it stored (isCreateReplay) rather than
   * storing a copy, or saves over that first version what was typed since; another page with that id is a 409.
   */
  async create(ctx: CallerContext, body: Record<string, unknown>, id?: string): Promise<WriteReply> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    const fields = parseFields(HandbookFields, body);
    checkFieldNames(fields.fields);
    if (id !== undefined && !HANDBOOK_ID.test(id)) throw errors.badRequest('_id of a new handbook must be hbk- and 1 to 64 letters, digits, _ or -');
    const docId = id ?? newDocId('Handbook');
    const doc = await this.store.inTransaction(async (tx) => {
      await this.repo.lockGroup(tx, db);
      const row = await this.repo.readForUpdate(tx, db, docId);
      if (row && !row.deleted) {
        // the same create again: its page as stored; the same editor's create with what was typed since: saved over
        // its own first version (the answer to the first was lost); anything else is someone else's page
        if (isCreateReplay(row.body, ctx.user_id, fields)) return row.body;
        if (isOwnFirstVersion(row.body, ctx.user_id)) return this.updateWithin(tx, ctx, db, row.body, fields);
        throw errors.conflict(HANDBOOK_CONFLICT_REASON);
      }
      return this.createWithin(tx, ctx, db, docId, fields);
    });
    return written(doc);
  }

  /** PUT: saves over the stored handbook (a stale `_rev` is 409 unless only backlinks changed since), or creates it. */
  async save(ctx: CallerContext, id: string, rev: string | undefined, body: Record<string, unknown>): Promise<WriteReply> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    const fields = parseFields(HandbookFields, body);
    checkFieldNames(fields.fields);
    const doc = await this.store.inTransaction(async (tx) => {
      await this.repo.lockGroup(tx, db);
      const row = await this.repo.readForUpdate(tx, db, id);
      if (!row || row.deleted) return this.createWithin(tx, ctx, db, id, fields);
      const prev = row.body;
      checkNotStale(prev, rev, body.revision, fields.uri);
      return this.updateWithin(tx, ctx, db, prev, fields);
    });
    return written(doc);
  }

  async delete(ctx: CallerContext, id: string, rev: string | undefined): Promise<WriteReply> {
    const db = accountDb(ctx);
    requireWrite(ctx);
    const tombstone = await this.store.inTransaction(async (tx) => {
      await this.repo.lockGroup(tx, db);
      const row = await this.repo.readForUpdate(tx, db, id);
      if (!row || row.deleted) throw errors.notFound('missing');
      if (rev !== row.body._rev) throw new AppError('conflict', HANDBOOK_CONFLICT_REASON);
      const targets = stringList(row.body.links_to);
      await this.repo.forget(tx, db, id);
      const gone = await this.store.removeWithin(tx, db, id, rev, ctx.user_id);
      await this.refreshBacklinks(tx, db, id, targets);
      return gone;
    });
    return { ok: true, id: tombstone._id, rev: tombstone._rev };
  }

  private async createWithin(tx: PoolClient, ctx: CallerContext, db: string, id: string, fields: HandbookFields): Promise<Doc> {
    let uri: string;
    if (fields.uri) {
      const owner = await this.repo.slugOwner(tx, db, fields.uri);
      if (owner && owner !== id) throw errors.unprocessable({ uri: NOTES_MESSAGES.taken });
      uri = fields.uri;
    } else {
      uri = firstFreeSlug(fields.title, await this.repo.takenLike(tx, db, slugify(fields.title)));
    }
    const rendered = renderHandbook(fields.content, fields.content_type, db);
    const categories = fields.categories ?? [];
    await this.repo.setSlugs(tx, db, id, uri, []);
    await this.repo.setLinks(tx, db, id, rendered.links);
    await this.repo.setTags(tx, db, id, categories);
    // links written before this page existed count from now on
    const linkedBy = sortLinks(await this.repo.linkedBy(tx, db, id));
    const doc = await this.store.writeWithin(
      tx,
      db,
      id,
      'Handbook',
      () => ({
        ...fields,
        categories,
        uri,
        content_html: rendered.html,
        links_to: rendered.links,
        old_uris: [],
        value_for: valueFor(fields.fields),
        linked_by: linkedBy,
        revision: 1,
        language: notesLanguageOf(ctx.locale),
      }),
      ctx.user_id,
    );
    // the document as stored, before its revision and the others' backlinks: too large, and the transaction (all of it)
    // is rolled back
    checkHandbookSize(doc!);
    await this.addRevision(tx, ctx, db, doc!);
    await this.refreshBacklinks(tx, db, id, rendered.links);
    return doc!;
  }

  private async updateWithin(tx: PoolClient, ctx: CallerContext, db: string, prev: Doc, fields: HandbookFields): Promise<Doc> {
    const id = prev._id;
    const prevUri = String(prev.uri);
    const uri = fields.uri ?? prevUri;
    let oldUris = stringList(prev.old_uris);
    // the `_rev` number this save gives the page, when it moves it (a stale save sending another uri is then 409)
    let uriRev = typeof prev.uri_rev === 'number' ? prev.uri_rev : undefined;
    if (uri !== prevUri) {
      uriRev = revNumber(prev._rev) + 1;
      const owner = await this.repo.slugOwner(tx, db, uri);
      if (owner && owner !== id) throw errors.unprocessable({ uri: NOTES_MESSAGES.taken });
      // the address it had still finds it; taking back an earlier one makes it current again
      oldUris = [...oldUris.filter((s) => s !== uri && s !== prevUri), prevUri];
      await this.repo.setSlugs(tx, db, id, uri, oldUris);
    }
    const rendered = renderHandbook(fields.content, fields.content_type, db);
    const categories = fields.categories ?? [];
    await this.repo.setLinks(tx, db, id, rendered.links);
    await this.repo.setTags(tx, db, id, categories);
    const changed = contentChanged(prev, { ...fields, categories });
    const revision = Number(prev.revision ?? 0) + (changed ? 1 : 0);
    const linkedBy = uri !== prevUri ? sortLinks(await this.repo.linkedBy(tx, db, id)) : (prev.linked_by as HandbookLink[]);
    const doc = await this.store.writeWithin(
      tx,
      db,
      id,
      'Handbook',
      () => ({
        ...fields,
        categories,
        uri,
        content_html: rendered.html,
        links_to: rendered.links,
        old_uris: oldUris,
        ...(uriRev === undefined ? {} : { uri_rev: uriRev }),
        value_for: valueFor(fields.fields),
        linked_by: linkedBy ?? [],
        revision,
        language: prev.language ?? notesLanguageOf(ctx.locale),
      }),
      ctx.user_id,
    );
    checkHandbookSize(doc!);
    if (changed) await this.addRevision(tx, ctx, db, doc!);
    const renamed = uri !== prevUri || fields.title !== prev.title;
    await this.refreshBacklinks(tx, db, id, affectedTargets(stringList(prev.links_to), rendered.links, renamed));
    return doc!;
  }

  private async addRevision(tx: PoolClient, ctx: CallerContext, db: string, doc: Doc): Promise<void> {
    await this.repo.addRevision(tx, db, doc._id, {
      revision: Number(doc.revision),
      title: String(doc.title),
      content: String(doc.content),
      content_type: doc.content_type as 'markdown' | 'text',
      categories: stringList(doc.categories),
      fields: (doc.fields as HandbookFields['fields']) ?? [],
      updated_by: ctx.user_id,
      updated_by_label: actorOf(ctx).label,
      updated_at: doc.updated_at,
    });
  }

  /** Rewrites `linked_by` of the handbooks these targets name (other than `selfId`) where it changed, in id order. */
  private async refreshBacklinks(tx: PoolClient, db: string, selfId: string, targets: string[]): Promise<void> {
    const ids = (await this.repo.resolve(tx, db, targets)).filter((t) => t !== selfId).sort();
    for (const target of ids) {
      const linkedBy = sortLinks(await this.repo.linkedBy(tx, db, target));
      await this.store.writeWithin(tx, db, target, 'Handbook', (current) => (current && !sameLinks(current.linked_by, linkedBy) ? { ...current, linked_by: linkedBy } : null), null);
    }
  }
}

/** Ids a client may give a new handbook: the klass's prefix and what the platform's ids hold. */
const HANDBOOK_ID = /^hbk-[A-Za-z0-9_-]{1,64}$/;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function written(doc: Doc): WriteReply {
  return { ok: true, id: doc._id, rev: doc._rev, doc };
}
