import { Pool } from 'pg';
import { AppError, BACKUP_PAGE_BYTES, type ChangeEvent, type StoredDoc } from '@app/proto';
import { DocumentStore } from '../store/document-store';
import { revNumber } from '../store/document-body';
import { openTestPool, TEST_SCHEMA, testDb } from '../store/testing/test-env';
import { archivedDocProblem, BackupStore } from './backup-store';

// The backup calls' store work on the real test schema (a tickets-owned documents table): export pages, clear, restore
// into a fresh group and over a changed one, and what a restore refuses.

describe('BackupStore on Postgres', () => {
  let pool: Pool;
  let store: DocumentStore;
  let backups: BackupStore;
  const hooked: Array<{ db: string; ids: string[] }> = [];

  beforeAll(async () => {
    pool = await openTestPool();
    store = new DocumentStore({ pool, schema: TEST_SCHEMA, service: 'tickets' });
    backups = new BackupStore(pool, TEST_SCHEMA, 'tickets', store, async (_tx, db, written) => {
      hooked.push({ db, ids: written.map((d) => d._id) });
    });
  });

  afterAll(async () => {
    await pool?.end();
  });

  async function exportAll(db: string, limit = 500): Promise<{ docs: StoredDoc[]; pages: number }> {
    const docs: StoredDoc[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await backups.exportPage(db, after, limit);
      pages++;
      docs.push(...page.docs);
      if (page.next === null) return { docs, pages };
      after = page.next;
    }
  }

  async function rowsOf(db: string) {
    const { rows } = await pool.query<{ id: string; rev: string; deleted: boolean; body: StoredDoc }>(
      `SELECT id, rev, deleted, body FROM "${TEST_SCHEMA}".documents WHERE account_id = $1 ORDER BY id`,
      [db],
    );
    return rows;
  }

  async function eventsOf(db: string): Promise<ChangeEvent[]> {
    const { rows } = await pool.query<{ event: ChangeEvent }>(`SELECT event FROM "${TEST_SCHEMA}".outbox WHERE event->>'account_id' = $1 ORDER BY seq`, [db]);
    return rows.map((r) => r.event);
  }

  async function seed(db: string) {
    const a = await store.create(db, { klass: 'Customer', name: 'Ana' }, 'usr-1');
    const b = await store.create(db, { klass: 'Ticket', content: 'broken screen' }, 'usr-1');
    const gone = await store.create(db, { klass: 'Customer', name: 'Gone' }, 'usr-1');
    await store.remove(db, gone._id, gone._rev, 'usr-1');
    return { a, b, gone };
  }

  it('exports every stored row of the group in id order, tombstones included, page by page', async () => {
    const db = testDb();
    const { a, b, gone } = await seed(db);
    await store.create(testDb(), { klass: 'Customer', name: 'other group' }, null);
    const { docs, pages } = await exportAll(db, 2);
    expect(pages).toBe(2);
    expect(docs.map((d) => d._id)).toEqual([a._id, b._id, gone._id].sort());
    expect(docs.find((d) => d._id === gone._id)).toMatchObject({ _deleted: true });
    expect(docs.find((d) => d._id === a._id)).toEqual(a);
  });

  it('cuts a page by bytes too, and gives a document larger than the page alone', async () => {
    const db = testDb();
    const big = 'x'.repeat(Math.floor(BACKUP_PAGE_BYTES / 3));
    for (let i = 0; i < 4; i++) await store.create(db, { klass: 'Customer', name: `c${i}`, notes: big }, null);
    await store.create(db, { klass: 'Customer', name: 'huge', notes: 'y'.repeat(BACKUP_PAGE_BYTES + 10) }, null);
    const first = await backups.exportPage(db, undefined, 500);
    expect(first.docs.length).toBeLessThan(5);
    expect(first.next).toBe(first.docs[first.docs.length - 1]._id);
    const sizes: number[][] = [];
    let after: string | undefined;
    for (;;) {
      const page = await backups.exportPage(db, after, 500);
      sizes.push(page.docs.map((d) => JSON.stringify(d).length));
      if (page.next === null) break;
      after = page.next;
    }
    expect(sizes.flat()).toHaveLength(5);
    for (const page of sizes) if (page.length > 1) expect(page.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BACKUP_PAGE_BYTES);
    expect(sizes.find((page) => page.some((n) => n > BACKUP_PAGE_BYTES))).toHaveLength(1);
  });

  it('restores an export into a fresh group with the same ids, revisions and bodies, a change event each, and the hook told', async () => {
    const source = testDb();
    await seed(source);
    const { docs } = await exportAll(source);
    const target = testDb();
    expect(await backups.restorePage(target, 'into', docs)).toBe(3);
    expect((await rowsOf(target)).map((r) => ({ id: r.id, rev: r.rev, deleted: r.deleted, body: r.body }))).toEqual(
      (await rowsOf(source)).map((r) => ({ id: r.id, rev: r.rev, deleted: r.deleted, body: r.body })),
    );
    expect((await eventsOf(target)).map((e) => [e.id, e.rev, e.deleted])).toEqual(docs.map((d) => [d._id, d._rev, d._deleted === true]));
    expect(hooked.find((h) => h.db === target)?.ids).toEqual(docs.map((d) => d._id));
    // the same page again (a retried job) writes nothing
    expect(await backups.restorePage(target, 'into', docs)).toBe(0);
  });

  it('into a group holding the id at another revision is a 409; over the group the archived body comes back as the next revision', async () => {
    const db = testDb();
    const { a } = await seed(db);
    const { docs } = await exportAll(db);
    const edited = await store.update(db, a._id, a._rev, { klass: 'Customer', name: 'Ana Lima' }, 'usr-1');
    const err = await backups.restorePage(db, 'into', docs).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);

    const cleared = await backups.clearPage(db, 500, [], []);
    expect(cleared).toEqual({ removed: 2, done: true });
    expect(await backups.restorePage(db, 'replace', docs)).toBe(2); // the tombstone stays a tombstone
    const restored = (await store.get(db, a._id))!;
    expect({ ...restored, _rev: undefined }).toEqual({ ...a, _rev: undefined });
    expect(revNumber(restored._rev)).toBe(revNumber(edited._rev) + 2); // edited, cleared, restored
  });

  it('clears page by page and leaves the ids and klasses it is told to keep', async () => {
    const db = testDb();
    const { a, b } = await seed(db);
    const extra = await store.create(db, { klass: 'Customer', name: 'Keep me' }, null);
    expect(await backups.clearPage(db, 1, [extra._id], ['Ticket'])).toEqual({ removed: 1, done: false });
    expect(await backups.clearPage(db, 1, [extra._id], ['Ticket'])).toEqual({ removed: 0, done: true });
    expect(await store.get(db, a._id)).toBeNull();
    expect(await store.get(db, b._id)).not.toBeNull();
    expect(await store.get(db, extra._id)).not.toBeNull();
  });

  it("refuses a document of another service's klass, a wrong prefix or a revision that is not N-md5, and writes nothing of the page", async () => {
    const db = testDb();
    const good = { _id: 'cus-aaaa', _rev: '1-0123456789abcdef0123456789abcdef', klass: 'Customer', name: 'ok' };
    for (const bad of [
      { _id: 'wal-1', _rev: good._rev, klass: 'Wallet' },
      { _id: 'tkt-1', _rev: good._rev, klass: 'Customer' },
      { _id: 'cus-2', _rev: 'nope', klass: 'Customer' },
      // a timestamp its column can't hold: refused with a reason, not a PostgreSQL error
      { _id: 'cus-3', _rev: good._rev, klass: 'Customer', created_at: 'yesterday' },
    ]) {
      const err = await backups.restorePage(db, 'into', [good, bad]).catch((e: unknown) => e);
      expect([(err as AppError).status, (err as AppError).reason]).toEqual([400, archivedDocProblem('tickets', bad)]);
    }
    expect(await rowsOf(db)).toEqual([]);
  });
});

describe('archivedDocProblem', () => {
  const rev = '1-0123456789abcdef0123456789abcdef';
  it('takes a document its service stores, with its prefix, an N-md5 revision and ISO timestamps', () => {
    expect(archivedDocProblem('tickets', { _id: 'cus-1', _rev: rev, klass: 'Customer', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01' })).toBeNull();
    expect(archivedDocProblem('tickets', { _id: 'cus-1', _rev: rev, klass: 'Customer', created_at: null })).toBeNull();
  });

  it('says why it would refuse anything else', () => {
    expect(archivedDocProblem('finance', { _id: 'cus-1', _rev: rev, klass: 'Customer' })).toBe('klass Customer is not stored by the finance service');
    expect(archivedDocProblem('tickets', { _id: 'cus-1', _rev: rev, klass: 'Nope' })).toBe('klass Nope is not stored by the tickets service');
    expect(archivedDocProblem('accounts', { _id: 'bak-1', _rev: rev, klass: 'Backup' })).toBe('a Backup is not restored');
    expect(archivedDocProblem('tickets', { _id: 'tkt-1', _rev: rev, klass: 'Customer' })).toBe('_id of a Customer must start with cus-');
    expect(archivedDocProblem('tickets', { _id: 'cus 1/..', _rev: rev, klass: 'Customer' })).toBe('cus 1/.. is not a valid document id');
    expect(archivedDocProblem('tickets', { _id: 'cus-1', _rev: '1-x', klass: 'Customer' })).toBe('cus-1 has no valid _rev');
    for (const at of ['yesterday', '2026-13-45T00:00:00Z', '20260101']) {
      expect(archivedDocProblem('tickets', { _id: 'cus-1', _rev: rev, klass: 'Customer', updated_at: at })).toBe('cus-1 has no valid updated_at');
    }
  });
});
