import { createHash } from 'crypto';
import type { Pool, PoolClient } from 'pg';
import {
  BACKUP_EXCLUDED_KLASSES,
  BACKUP_PAGE_BYTES,
  BackupClearReply,
  BackupExportReply,
  BackupRestoreMode,
  errors,
  isKlass,
  KLASSES,
  type Doc,
  type ServiceName,
  type StoredDoc,
} from '@app/proto';
import { bodySize, changeEvent, checkId, labelOf, revNumber } from '../store/document-body';
import type { DocumentStore } from '../store/document-store';
import { checkSchemaName } from '../store/document-tables';
import { mapPgError } from '../store/pg-errors';

// A group's documents as stored, out and back in (proto backup.ts): the rows of one service's `documents` table with
// their ids, revisions, bodies and tombstones, bypassing the klass policies (nothing of a user's request reaches here:
// only services call these, on `<service>.backup.*`). Every page is one bounded query or one transaction; the caller
// walks the pages, so no call holds more than a page whatever the group's size.

const REV = /^(\d+)-[0-9a-f]{32}$/;

/** A revision's hash as the store computes it: md5 of the body without `_rev` (document-body's hashBody). */
function revOf(n: number, body: Record<string, unknown>): string {
  const { _rev, ...rest } = body;
  void _rev;
  return `${n}-${createHash('md5').update(JSON.stringify(rest)).digest('hex')}`;
}

/**
 * What a service keeps beside its documents and must follow a restore (e.g. the tickets' number counters, a search
 * index): called in the restore page's transaction with the documents written. Provided under BACKUP_RESTORE_HOOK.
 */
export type BackupRestoreHook = (tx: PoolClient, db: string, written: Doc[]) => Promise<void>;

/** The injection token of a service's BackupRestoreHook (optional). */
export const BACKUP_RESTORE_HOOK = Symbol('BACKUP_RESTORE_HOOK');

/** A body's revision `N-md5` for the given N, computed as the store does (document-body's hashBody). */
export function restampRev(n: number, body: Record<string, unknown>): string {
  return revOf(n, body);
}

/** A timestamp PostgreSQL's timestamptz takes as the store writes them: a date first (ISO 8601), and a date to JS too. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/**
 * Why `service` would not restore an archived document (null: it would): its id, klass (one the service stores, not a
 * backup record), id prefix, revision, and its timestamps (the columns they fill are timestamptz). restorePage refuses
 * a page with such a document; the accounts service checks a whole archive with it before a restore changes anything.
 */
export function archivedDocProblem(service: ServiceName, doc: StoredDoc): string | null {
  try {
    checkId(doc._id);
  } catch {
    return `${String(doc._id).slice(0, 100)} is not a valid document id`;
  }
  const klass = doc.klass;
  if (!isKlass(klass) || KLASSES[klass].service !== service) return `klass ${String(klass).slice(0, 100)} is not stored by the ${service} service`;
  if ((BACKUP_EXCLUDED_KLASSES as readonly string[]).includes(klass)) return `a ${klass} is not restored`;
  if (!doc._id.startsWith(`${KLASSES[klass].prefix}-`)) return `_id of a ${klass} must start with ${KLASSES[klass].prefix}-`;
  if (typeof doc._rev !== 'string' || !REV.test(doc._rev)) return `${doc._id} has no valid _rev`;
  for (const field of ['created_at', 'updated_at'] as const) {
    const value = (doc as Record<string, unknown>)[field];
    if (typeof value === 'string' && !(TIMESTAMP.test(value) && Number.isFinite(Date.parse(value)))) return `${doc._id} has no valid ${field}`;
  }
  return null;
}

interface ExistingRow {
  id: string;
  rev: string;
  deleted: boolean;
}

export class BackupStore {
  private readonly table: string;
  private readonly outbox: string;

  constructor(
    private readonly pool: Pool,
    schema: string,
    private readonly service: ServiceName,
    /** its transactions publish their change events once committed */
    private readonly store: DocumentStore,
    private readonly hook?: BackupRestoreHook,
  ) {
    this.table = `"${checkSchemaName(schema)}"."documents"`;
    this.outbox = `"${schema}"."outbox"`;
  }

  /**
   * The group's stored rows after `after` in `_id` order: at most `limit`, and no more JSON than BACKUP_PAGE_BYTES
   * (a first row larger than that comes alone). The backups' own records are left out.
   */
  async exportPage(db: string, after: string | undefined, limit: number): Promise<BackupExportReply> {
    let rows: Array<{ id: string; body: Doc; size: number | null }>;
    try {
      ({ rows } = await this.pool.query<{ id: string; body: Doc; size: number | null }>(
        `SELECT id, body, size FROM ${this.table}
          WHERE account_id = $1 AND id > $2 AND NOT (klass = ANY($3::text[]))
          ORDER BY id LIMIT $4`,
        [db, after ?? '', BACKUP_EXCLUDED_KLASSES, limit],
      ));
    } catch (e) {
      throw mapPgError(e);
    }
    const docs: StoredDoc[] = [];
    let bytes = 0;
    for (const row of rows) {
      const size = row.size ?? bodySize(row.body);
      if (docs.length > 0 && bytes + size > BACKUP_PAGE_BYTES) break;
      bytes += size;
      docs.push(row.body as StoredDoc);
    }
    const full = docs.length === rows.length && rows.length === limit;
    const cut = docs.length < rows.length;
    return { docs, next: full || cut ? docs[docs.length - 1]._id : null };
  }

  /**
   * Tombstones up to `limit` of the group's live documents (a restore over the group starts so), each with its change
   * event, in one transaction; the ids and klasses to keep are left. `done` once none is left.
   */
  async clearPage(db: string, limit: number, keepIds: string[], keepKlasses: string[]): Promise<BackupClearReply> {
    const keep = [...keepKlasses, ...BACKUP_EXCLUDED_KLASSES];
    const removed = await this.store.inTransaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        // no ORDER BY: the live rows come from the (account_id, klass) WHERE NOT deleted index, so each page skips
        // the tombstones the earlier pages left instead of reading past them again
        `SELECT id FROM ${this.table}
          WHERE account_id = $1 AND NOT deleted AND NOT (id = ANY($2::text[])) AND NOT (klass = ANY($3::text[]))
          LIMIT $4`,
        [db, keepIds, keep, limit],
      );
      return this.store.removeManyWithin(
        tx,
        db,
        rows.map((r) => r.id),
        null,
      );
    });
    return { removed: removed.length, done: removed.length < limit };
  }

  /**
   * Writes a page of archived documents with their ids in one transaction, each with its change event. A document not
   * in the group is written as archived (same revision); one already there at the same revision is left; over another
   * revision, `into` is a 409 (a new group holds only what the restore wrote) and `replace` writes the archived body as
   * the next revision, so revisions never go back (the change feed and its counters follow the newest revision).
   */
  async restorePage(db: string, mode: BackupRestoreMode, docs: StoredDoc[]): Promise<number> {
    if (!docs.length) return 0;
    const checked = docs.map((d) => this.checkDoc(d));
    let written = 0;
    await this.store.inTransaction(async (tx) => {
      const existing = await this.lockRows(tx, db, checked.map((d) => d._id));
      const rows: Array<{ body: Doc; deleted: boolean }> = [];
      for (const doc of checked) {
        const deleted = doc._deleted === true;
        const now = existing.get(doc._id);
        if (!now) {
          rows.push({ body: doc as Doc, deleted });
          continue;
        }
        if (now.rev === doc._rev && now.deleted === deleted) continue; // restored already (a retried page)
        if (mode === 'into') throw errors.conflict(`${doc._id} is in the group already with another revision`);
        if (deleted && now.deleted) continue; // gone in both
        const n = Math.max(revNumber(now.rev), revNumber(doc._rev)) + 1;
        const body = { ...doc, _rev: '' } as Record<string, unknown>;
        body._rev = revOf(n, body);
        rows.push({ body: body as Doc, deleted });
      }
      if (!rows.length) return;
      await this.upsert(tx, db, rows);
      await this.hook?.(tx, db, rows.map((r) => r.body));
      written = rows.length;
    });
    return written;
  }

  private checkDoc(doc: StoredDoc): StoredDoc {
    const problem = archivedDocProblem(this.service, doc);
    if (problem) throw errors.badRequest(problem);
    return doc;
  }

  private async lockRows(tx: PoolClient, db: string, ids: string[]): Promise<Map<string, ExistingRow>> {
    const { rows } = await tx.query<ExistingRow>(`SELECT id, rev, deleted FROM ${this.table} WHERE account_id = $1 AND id = ANY($2::text[]) FOR UPDATE`, [db, ids]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  private async upsert(tx: PoolClient, db: string, rows: Array<{ body: Doc; deleted: boolean }>): Promise<void> {
    const sizes = rows.map((r) => bodySize(r.body));
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    try {
      await tx.query(
        `INSERT INTO ${this.table} (account_id, id, klass, rev, deleted, body, created_at, updated_at, size)
         SELECT $1, id, klass, rev, deleted, body, created_at, updated_at, size
           FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[], $6::jsonb[], $7::timestamptz[], $8::timestamptz[], $9::int[])
             AS t(id, klass, rev, deleted, body, created_at, updated_at, size)
         ON CONFLICT (account_id, id) DO UPDATE SET klass = EXCLUDED.klass, rev = EXCLUDED.rev, deleted = EXCLUDED.deleted,
           body = EXCLUDED.body, created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, size = EXCLUDED.size`,
        [
          db,
          rows.map((r) => r.body._id),
          rows.map((r) => r.body.klass),
          rows.map((r) => r.body._rev),
          rows.map((r) => r.deleted),
          rows.map((r) => JSON.stringify(r.body)),
          rows.map((r) => str(r.body.created_at)),
          rows.map((r) => str(r.body.updated_at)),
          sizes,
        ],
      );
      const events = rows.map((r, i) => JSON.stringify(changeEvent(db, r.body, r.deleted, sizes[i], r.deleted ? null : labelOf(r.body), null)));
      await tx.query(`INSERT INTO ${this.outbox} (event) SELECT e FROM unnest($1::jsonb[]) AS t(e)`, [events]);
    } catch (e) {
      throw mapPgError(e);
    }
  }
}
