import type { Pool, PoolClient } from 'pg';
import { errors, REASONS, type ChangeEvent, type Doc, type FindQuery, type ServiceName } from '@app/proto';
import { projectFields } from '../mango/sort-fields';
import { checkSchemaName } from './document-tables';
import {
  changeEvent,
  checkDb,
  checkFields,
  checkId,
  checkIdPrefix,
  checkKlass,
  labelOf,
  newDocId,
  revNumber,
  stampBodyText,
  tombstoneBody,
  withText,
  type StampedBody,
} from './document-body';
import { loadDbLimits } from '../config/config';
import { buildFindSql } from './find-sql';
import { refusalError, replyLimits } from '../rpc/reply-parts';
import { KeyedLimiter, type KeyedLimits } from './keyed-limiter';
import { mapPgError } from './pg-errors';

// The document store of one service: documents in `<schema>.documents` (see document-tables.ts), one "db" per
// account (acc-…), user (usr-…) or `_users`. Every write runs in a transaction that also puts its ChangeEvent in
// `<schema>.outbox`; after the commit the publisher is asked to send it to JetStream.
//
// Writes and revisions: `_rev` is `N-md5(body)`, N going up by one on every write (a create over a tombstone goes on
// from the tombstone's N). An update or delete must name the current rev: a stale or missing one is 409 conflict,
// checked in the UPDATE itself (`… WHERE rev = $expected`), so of two writers holding the same rev exactly one wins.
//
// Finds are the one operation a client shapes (its selector can make Postgres work until the statement timeout), so
// the finds of one group's or user's database take at most `findLimits.concurrency` of the pool's connections at once
// in this process; a few more wait their turn, the rest are 429. Other databases keep the rest of the pool.

/** What the store needs of a ChangePublisher: a nudge after a commit (it never throws; it logs and retries). */
export interface FlushRequester {
  requestFlush(): void;
}

export interface DocumentStoreOptions {
  pool: Pool;
  /** the service's Postgres schema (its documents and outbox tables) */
  schema: string;
  /** the service whose klasses this store accepts */
  service: ServiceName;
  publisher?: FlushRequester;
  /** finds of one database at once (default from the environment: loadDbLimits) */
  findLimits?: KeyedLimits;
}

/** The databases the API addresses: a group's (acc-…) or a user's (usr-…). */
const CLIENT_DB = /^(acc|usr)-/;
/**
 * Pages of more documents than this are sized before they are read. A document body is at most 1 MiB (the gateway's
 * body limit), so 64 of them fit the 64 MiB answer bound whatever they hold; a larger page may not.
 */
export const SIZED_FIND_LIMIT = 64;

/**
 * The statement timeout of a page known to hold `bytes`: the services' own (`base`), and a second more for every
 * STATEMENT_BYTES_PER_SECOND of it. PostgreSQL counts the time it takes to hand the rows over, and the service parses
 * each as it comes: a 50 MB page took over 5 s on a loaded machine and was stopped (503) though nothing was wrong with
 * it. Null: the base holds (pages up to STATEMENT_BYTES_PER_SECOND, or no timeout at all).
 */
export function statementMsForBytes(base: number, bytes: number): number | null {
  if (base <= 0 || bytes <= STATEMENT_BYTES_PER_SECOND) return null;
  return base + Math.ceil(bytes / STATEMENT_BYTES_PER_SECOND) * 1000;
}

/** How many bytes of a page are given a second more than the services' statement timeout (64 MiB: 16 s more). */
export const STATEMENT_BYTES_PER_SECOND = 4 * 1024 * 1024;

function findLimitsFromEnv(): KeyedLimits {
  const { findConcurrency, findQueue, findWaitMs } = loadDbLimits();
  return { concurrency: findConcurrency, queue: findQueue, waitMs: findWaitMs };
}

const tooManyFinds = () => errors.tooManyRequests('Too many searches are running here at once, please try again in a moment');

/**
 * Work a create does inside its own transaction, just before the insert (after the id is found free), with the
 * transaction's client: e.g. taking the next per-account number from a counter row, so a create that fails later
 * rolls the number back with it and no gap is left. It returns the fields to store.
 */
export type CreateHook = (tx: PoolClient, db: string, fields: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface CreateOptions {
  inTransaction?: CreateHook;
}

/**
 * Work an update does inside its own transaction, with the stored document locked and the fields about to replace it
 * (e.g. recording a file's new version with it); it returns the fields to store.
 */
export type UpdateHook = (tx: PoolClient, db: string, current: Doc, fields: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface UpdateOptions {
  inTransaction?: UpdateHook;
}

export interface FindOptions {
  /** only documents of these klasses (e.g. the klasses the calling handler serves) */
  klasses?: string[];
  /** apply the query's `fields` (default true); false returns whole documents, e.g. to check access first */
  project?: boolean;
}

/** A JSON array of JSON texts. */
function jsonArray(texts: string[]): string {
  return `[${texts.join(',')}]`;
}

/**
 * Bodies of a batch write in runs of at most 128 MB of JSON, one statement each: a jsonb value holds at most 256 MB,
 * and a batch as large as the jsonb[] parameter of separate bodies took (up to PostgreSQL's 1 GB) still goes through.
 */
export function partsOf(bodies: StampedBody[], maxBytes = 128 * 1024 * 1024): StampedBody[][] {
  const parts: StampedBody[][] = [];
  let part: StampedBody[] = [];
  let bytes = 0;
  for (const b of bodies) {
    if (part.length && bytes + b.size > maxBytes) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(b);
    bytes += b.size;
  }
  if (part.length) parts.push(part);
  return parts;
}

interface Row {
  klass: string;
  rev: string;
  deleted: boolean;
  body: Doc;
}

export class DocumentStore {
  private readonly pool: Pool;
  private readonly service: ServiceName;
  private readonly publisher?: FlushRequester;
  private readonly table: string;
  private readonly outbox: string;
  private readonly findLimiter: KeyedLimiter;

  constructor(opts: DocumentStoreOptions) {
    this.pool = opts.pool;
    this.service = opts.service;
    this.publisher = opts.publisher;
    this.findLimiter = new KeyedLimiter(opts.findLimits ?? findLimitsFromEnv(), tooManyFinds);
    const schema = checkSchemaName(opts.schema);
    this.table = `"${schema}"."documents"`;
    this.outbox = `"${schema}"."outbox"`;
  }

  /** A document, or null when there is none (or only its tombstone, unless includeDeleted). */
  async get(db: string, id: string, opts: { includeDeleted?: boolean } = {}): Promise<Doc | null> {
    checkDb(db);
    if (typeof id !== 'string' || id === '') throw errors.badRequest('invalid document id');
    const row = await this.read(this.pool, db, id, false);
    if (!row || (row.deleted && !opts.includeDeleted)) return null;
    return row.body;
  }

  /** Live documents matching a Mango query (default limit 25, at most 1000), sorted, paged and projected. */
  async find(db: string, query: FindQuery, opts: FindOptions = {}): Promise<Doc[]> {
    checkDb(db);
    const q = buildFindSql({ table: this.table, db, query, klasses: opts.klasses });
    const run = async () => {
      if (q.limit > SIZED_FIND_LIMIT) {
        // a page that may exceed one answer's bound is sized first (no bodies travel) and refused before it is read
        const { rows: sized } = await this.pool.query<{ bytes: string }>(q.sizeText, q.values);
        const bytes = Number(sized[0]?.bytes ?? 0);
        const max = replyLimits().maxReplyBytes;
        if (bytes > max) throw refusalError('too_large', bytes, max);
        const ms = statementMsForBytes(loadDbLimits().statementTimeoutMs, bytes);
        if (ms) {
          return this.transaction(async (c) => {
            await c.query(`SET LOCAL statement_timeout = ${ms}`);
            return c.query<{ body: Doc }>(q.text, q.values);
          });
        }
      }
      return this.pool.query<{ body: Doc }>(q.text, q.values);
    };
    let rows: { body: Doc }[];
    try {
      // the services' own databases (`_users`, `prices`) are read only with selectors the server builds, and every
      // login reads `_users`: they are not limited
      ({ rows } = await (CLIENT_DB.test(db) ? this.findLimiter.run(db, run) : run()));
    } catch (e) {
      throw mapPgError(e);
    }
    const docs = rows.map((r) => r.body);
    return opts.project === false ? docs : docs.map((d) => projectFields(d, q.fields));
  }

  /**
   * Creates a document; `_id` is generated unless given (with the klass's prefix). 409 when a live one exists.
   * `opts.inTransaction` runs in the create's transaction right before the insert (see CreateHook).
   */
  async create(db: string, doc: Record<string, unknown> & { klass: string }, actor: string | null, opts: CreateOptions = {}): Promise<Doc> {
    checkDb(db);
    const fields = checkFields(doc);
    const klass = checkKlass(fields.klass, this.service);
    let id: string;
    if (fields._id === undefined) id = newDocId(klass);
    else {
      id = checkId(fields._id);
      checkIdPrefix(id, klass);
    }
    return this.transaction(async (c) => {
      const row = await this.read(c, db, id, true);
      if (row && !row.deleted) throw errors.conflict(REASONS.conflict);
      const stored = opts.inTransaction ? checkFields(await opts.inTransaction(c, db, { ...fields })) : fields;
      return this.insert(c, db, id, klass, stored, actor, row);
    });
  }

  /** Replaces a document's fields; `rev` must be its current revision. */
  async update(db: string, id: string, rev: string | undefined, doc: Record<string, unknown>, actor: string | null, opts: UpdateOptions = {}): Promise<Doc> {
    checkDb(db);
    checkId(id);
    const fields = checkFields(doc);
    return this.transaction(async (c) => {
      const row = await this.read(c, db, id, !!opts.inTransaction);
      if (!row) throw errors.notFound(REASONS.missing);
      if (row.deleted) throw errors.notFound(REASONS.deleted);
      if (!opts.inTransaction) return this.replace(c, db, id, rev, row, fields, actor);
      if (rev === undefined || rev !== row.rev) throw errors.conflict(REASONS.conflict); // before the hook's work
      return this.replace(c, db, id, rev, row, checkFields(await opts.inTransaction(c, db, row.body, { ...fields })), actor);
    });
  }

  /** Creates the document when there is no live one with this id, else updates it (then `rev` must be current). */
  async put(db: string, id: string, rev: string | undefined, doc: Record<string, unknown>, actor: string | null): Promise<Doc> {
    checkDb(db);
    checkId(id);
    const fields = checkFields(doc);
    return this.transaction(async (c) => {
      const row = await this.read(c, db, id, true);
      if (row && !row.deleted) return this.replace(c, db, id, rev, row, fields, actor);
      const klass = checkKlass(fields.klass, this.service);
      checkIdPrefix(id, klass);
      return this.insert(c, db, id, klass, fields, actor, row);
    });
  }

  /** Deletes a document (leaves a tombstone, which it returns); `rev` must be its current revision. */
  async remove(db: string, id: string, rev: string | undefined, actor: string | null): Promise<Doc> {
    checkDb(db);
    checkId(id);
    return this.transaction(async (c) => {
      const row = await this.read(c, db, id, false);
      if (!row) throw errors.notFound(REASONS.missing);
      if (row.deleted) throw errors.notFound(REASONS.deleted);
      if (rev === undefined || rev !== row.rev) throw errors.conflict(REASONS.conflict);
      const tomb = withText(tombstoneBody(id, row.klass, revNumber(row.rev) + 1, new Date().toISOString()));
      await this.write(c, 'update', db, tomb, true, row.rev, row.body.created_at ?? null);
      // a tombstone holds only _id, _rev, klass, _deleted and updated_at: the actor goes only into the event
      await this.enqueue(c, db, tomb, true, labelOf(row.body), actor);
      return tomb.body;
    });
  }

  /**
   * Writes one document inside a transaction the caller holds (another document's create or update hook): the row is
   * locked, `mutate` gets the live document (or null when there is none) and returns the fields to store, or null to
   * leave it. Revisions and change events as for any write; the caller's transaction commits or rolls back them all.
   */
  async writeWithin(
    tx: PoolClient,
    db: string,
    id: string,
    klass: string,
    mutate: (current: Doc | null) => Record<string, unknown> | null,
    actor: string | null,
  ): Promise<Doc | null> {
    checkDb(db);
    checkId(id);
    const row = await this.read(tx, db, id, true);
    const live = row && !row.deleted ? row : null;
    const next = mutate(live ? live.body : null);
    if (!next) return null;
    const fields = checkFields({ ...next, klass });
    if (live) return this.replace(tx, db, id, live.rev, live, fields, actor);
    checkIdPrefix(id, checkKlass(klass, this.service));
    return this.insert(tx, db, id, klass as never, fields, actor, row);
  }

  /** Deletes a document inside a transaction the caller holds (`rev` must be current), as remove() does. */
  async removeWithin(tx: PoolClient, db: string, id: string, rev: string | undefined, actor: string | null): Promise<Doc> {
    checkDb(db);
    checkId(id);
    const row = await this.read(tx, db, id, true);
    if (!row) throw errors.notFound(REASONS.missing);
    if (row.deleted) throw errors.notFound(REASONS.deleted);
    if (rev === undefined || rev !== row.rev) throw errors.conflict(REASONS.conflict);
    const tomb = withText(tombstoneBody(id, row.klass, revNumber(row.rev) + 1, new Date().toISOString()));
    await this.write(tx, 'update', db, tomb, true, row.rev, row.body.created_at ?? null);
    await this.enqueue(tx, db, tomb, true, labelOf(row.body), actor);
    return tomb.body;
  }

  /**
   * Creates many new documents of one klass in one transaction the caller holds (an import's batch): one INSERT and one
   * outbox INSERT for all of them, ids generated. A live document with one of the ids (none: they are new) is a 409.
   */
  async createManyWithin(tx: PoolClient, db: string, klass: string, docs: Array<Record<string, unknown>>, actor: string | null): Promise<Doc[]> {
    checkDb(db);
    const k = checkKlass(klass, this.service);
    if (!docs.length) return [];
    const now = new Date().toISOString();
    const stamped = docs.map((d) => stampBodyText({ id: newDocId(k), klass: k, n: 1, fields: checkFields({ ...d, klass: k }), created_at: now, created_by: actor, updated_at: now }));
    try {
      // each body's JSON text goes once, in one jsonb array parameter (a jsonb[] parameter had pg escape every quote of
      // every body in JavaScript); the rows are the array's elements, zipped with their sizes
      for (const part of partsOf(stamped)) {
        await tx.query(
          `INSERT INTO ${this.table} (account_id, id, klass, rev, deleted, body, created_at, updated_at, size)
           SELECT $1, t.body->>'_id', $2, t.body->>'_rev', false, t.body, $3, $3, t.size
             FROM ROWS FROM (jsonb_array_elements($4::jsonb), unnest($5::int[])) AS t(body, size)`,
          [db, k, now, jsonArray(part.map((b) => b.text)), part.map((b) => b.size)],
        );
        await this.enqueueMany(tx, part.map((b) => changeEvent(db, b.body, false, b.size, labelOf(b.body), actor)));
      }
    } catch (e) {
      throw mapPgError(e);
    }
    return stamped.map((b) => b.body);
  }

  /**
   * Deletes many documents inside a transaction the caller holds (an import undone), whatever their revisions: each
   * gets its tombstone and its change event. Ids that are gone already are skipped; the deleted ones are returned.
   */
  async removeManyWithin(tx: PoolClient, db: string, ids: string[], actor: string | null): Promise<string[]> {
    checkDb(db);
    if (!ids.length) return [];
    try {
      const { rows } = await tx.query<Row & { id: string }>(
        `SELECT id, klass, rev, deleted, body FROM ${this.table} WHERE account_id = $1 AND id = ANY($2::text[]) AND NOT deleted FOR UPDATE`,
        [db, ids],
      );
      if (!rows.length) return [];
      const now = new Date().toISOString();
      const tombs = rows.map((r) => withText(tombstoneBody(r.id, r.klass, revNumber(r.rev) + 1, now)));
      await tx.query(
        `UPDATE ${this.table} d SET rev = t.body->>'_rev', deleted = true, body = t.body, updated_at = $2, size = t.size
           FROM ROWS FROM (jsonb_array_elements($3::jsonb), unnest($4::int[])) AS t(body, size)
          WHERE d.account_id = $1 AND d.id = t.body->>'_id'`,
        [db, now, jsonArray(tombs.map((b) => b.text)), tombs.map((b) => b.size)],
      );
      await this.enqueueMany(tx, tombs.map((b, i) => changeEvent(db, b.body, true, b.size, labelOf(rows[i].body), actor)));
      return tombs.map((b) => b.body._id);
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /** Runs `fn` in one transaction of this store's pool (for writes that go with each other: writeWithin, removeWithin). */
  async inTransaction<T>(fn: (tx: PoolClient) => Promise<T>): Promise<T> {
    return this.transaction(fn);
  }

  // ---- internals ----------------------------------------------------------------------------------------------

  private async read(c: Pool | PoolClient, db: string, id: string, lock: boolean): Promise<Row | null> {
    try {
      const { rows } = await c.query<Row>(
        `SELECT klass, rev, deleted, body FROM ${this.table} WHERE account_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
        [db, id],
      );
      return rows[0] ?? null;
    } catch (e) {
      throw mapPgError(e);
    }
  }

  /** A new document, or a new life for a tombstone (its N goes on). */
  private async insert(c: PoolClient, db: string, id: string, klass: string, fields: Record<string, unknown>, actor: string | null, tombstone: Row | null): Promise<Doc> {
    const now = new Date().toISOString();
    const stamped = stampBodyText({ id, klass, n: revNumber(tombstone?.rev) + 1, fields, created_at: now, created_by: actor, updated_at: now });
    await this.write(c, tombstone ? 'update' : 'insert', db, stamped, false, tombstone?.rev, now);
    await this.enqueue(c, db, stamped, false, labelOf(stamped.body), actor);
    return stamped.body;
  }

  private async replace(c: PoolClient, db: string, id: string, rev: string | undefined, row: Row, fields: Record<string, unknown>, actor: string | null): Promise<Doc> {
    // created_by stays the creator's and there is no updated_by field: the actor goes only into the event
    if (fields._id !== undefined && fields._id !== id) throw errors.badRequest('_id does not match the document id');
    if (fields.klass !== undefined && fields.klass !== row.klass) throw errors.badRequest(`klass cannot change (it is ${row.klass})`);
    if (rev === undefined || rev !== row.rev) throw errors.conflict(REASONS.conflict);
    const createdAt = typeof row.body.created_at === 'string' ? row.body.created_at : new Date().toISOString();
    const stamped = stampBodyText({
      id,
      klass: row.klass,
      n: revNumber(row.rev) + 1,
      fields,
      created_at: createdAt,
      created_by: (row.body.created_by as string | null | undefined) ?? null,
      updated_at: new Date().toISOString(),
    });
    await this.write(c, 'update', db, stamped, false, rev, createdAt);
    await this.enqueue(c, db, stamped, false, labelOf(stamped.body), actor);
    return stamped.body;
  }

  /** INSERT, or UPDATE guarded by the expected rev: 0 rows means someone else wrote first (409). */
  private async write(c: PoolClient, mode: 'insert' | 'update', db: string, stamped: StampedBody, deleted: boolean, expectedRev: string | undefined, createdAt: string | null): Promise<void> {
    const body = stamped.body;
    const values = [db, body._id, body.klass, body._rev, deleted, stamped.text, createdAt, body.updated_at, stamped.size];
    if (mode === 'insert') {
      await c.query(
        `INSERT INTO ${this.table} (account_id, id, klass, rev, deleted, body, created_at, updated_at, size) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`,
        values,
      );
      return;
    }
    const res = await c.query(
      `UPDATE ${this.table} SET klass = $3, rev = $4, deleted = $5, body = $6::jsonb, created_at = $7, updated_at = $8, size = $9
       WHERE account_id = $1 AND id = $2 AND rev = $10`,
      [...values, expectedRev],
    );
    if (res.rowCount !== 1) throw errors.conflict(REASONS.conflict);
  }

  private async enqueue(c: PoolClient, db: string, stamped: StampedBody, deleted: boolean, label: string | null, actor: string | null): Promise<void> {
    const event = changeEvent(db, stamped.body, deleted, stamped.size, label, actor);
    await c.query(`INSERT INTO ${this.outbox} (event) VALUES ($1::jsonb)`, [JSON.stringify(event)]);
  }

  /** The events of a batch write, in one statement; their outbox seqs follow the array's order. */
  private async enqueueMany(c: PoolClient, events: ChangeEvent[]): Promise<void> {
    await c.query(`INSERT INTO ${this.outbox} (event) SELECT e FROM jsonb_array_elements($1::jsonb) AS t(e)`, [jsonArray(events.map((e) => JSON.stringify(e)))]);
  }

  private async transaction<T>(fn: (c: PoolClient) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    // a connection PostgreSQL ends meanwhile (a restart) makes pg emit 'error' on the checked-out client: without a
    // listener that is an uncaught exception that ends the process; the failing query rejects anyway
    const lost = (err: Error) => (gone = err);
    let gone: Error | undefined;
    c.on('error', lost);
    let result: T;
    try {
      await c.query('BEGIN');
      result = await fn(c);
      await c.query('COMMIT');
    } catch (e) {
      let broken: Error | undefined = gone;
      if (!broken) await c.query('ROLLBACK').catch((err: Error) => (broken = err));
      c.off('error', lost);
      c.release(broken);
      throw mapPgError(e);
    }
    c.off('error', lost);
    c.release(gone);
    this.publisher?.requestFlush();
    return result;
  }
}
