import { Client, Pool, type PoolClient } from 'pg';
import { AppError, REASONS, type ChangeEvent, type Doc } from '@app/proto';
import { createHash } from 'crypto';
import { DocumentStore, partsOf, statementMsForBytes } from './document-store';
import { withText } from './document-body';
import { buildFindSql } from './find-sql';
import { mapPgError } from './pg-errors';
import { openTestPool, TEST_SCHEMA, testDb } from './testing/test-env';

async function appError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('expected an AppError');
}

describe('DocumentStore on Postgres', () => {
  let pool: Pool;
  let store: DocumentStore;
  let flushes = 0;

  beforeAll(async () => {
    pool = await openTestPool();
    store = new DocumentStore({ pool, schema: TEST_SCHEMA, service: 'tickets', publisher: { requestFlush: () => flushes++ } });
  });

  afterAll(async () => {
    await pool?.end();
  });

  async function outboxOf(db: string): Promise<ChangeEvent[]> {
    const { rows } = await pool.query<{ event: ChangeEvent }>(
      `SELECT event FROM "${TEST_SCHEMA}".outbox WHERE event->>'account_id' = $1 ORDER BY seq`,
      [db],
    );
    return rows.map((r) => r.event);
  }

  it('migrations are re-runnable (each migration runs once)', async () => {
    const again = await openTestPool();
    await again.end();
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "${TEST_SCHEMA}".__drizzle_migrations`);
    expect(rows[0].n).toBe(1);
  });

  describe('create and get', () => {
    const db = testDb();

    it('generates a prefixed id, rev 1 and the stamps; get returns the stored body', async () => {
      const before = flushes;
      const doc = await store.create(db, { klass: 'Ticket', title: 'Broken pump', priority: 2 }, 'usr-alice');
      expect(doc._id).toMatch(/^tkt-[0-9a-f]{20}$/);
      expect(doc._rev).toMatch(/^1-[0-9a-f]{32}$/);
      expect(doc).toMatchObject({ klass: 'Ticket', title: 'Broken pump', priority: 2, created_by: 'usr-alice' });
      expect(doc.created_at).toBe(doc.updated_at);
      expect(new Date(doc.created_at).toISOString()).toBe(doc.created_at);
      expect(await store.get(db, doc._id)).toEqual(doc);
      expect(flushes).toBe(before + 1);
      const { rows } = await pool.query(`SELECT klass, rev, deleted, size, created_at FROM "${TEST_SCHEMA}".documents WHERE account_id = $1 AND id = $2`, [db, doc._id]);
      expect(rows[0]).toMatchObject({ klass: 'Ticket', rev: doc._rev, deleted: false, size: Buffer.byteLength(JSON.stringify(doc)) });
    });

    it('writes a change event in the same transaction', async () => {
      const doc = await store.create(db, { klass: 'Customer', name: 'ACME', email: 'acme@x.test' }, 'usr-alice');
      const events = await outboxOf(db);
      expect(events[events.length - 1]).toEqual({
        account_id: db,
        id: doc._id,
        klass: 'Customer',
        rev: doc._rev,
        deleted: false,
        label: 'ACME',
        updated_at: doc.updated_at,
        size: Buffer.byteLength(JSON.stringify(doc)),
        actor: 'usr-alice',
      });
    });

    it('keeps a given _id with the klass prefix and ignores client stamps', async () => {
      const doc = await store.create(
        db,
        { _id: 'cus-given-1', _rev: '9-abc', klass: 'Customer', name: 'Given', created_at: '2000-01-01T00:00:00.000Z', created_by: 'usr-evil', updated_at: 'x' },
        'usr-bob',
      );
      expect(doc._id).toBe('cus-given-1');
      expect(doc._rev).toMatch(/^1-/);
      expect(doc.created_by).toBe('usr-bob');
      expect(doc.created_at).not.toBe('2000-01-01T00:00:00.000Z');
      expect(doc.updated_at).not.toBe('x');
    });

    it('refuses bad input with 400', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ _id: 'tkt-abc', klass: 'Customer' }, '_id of a Customer must start with cus-'],
        [{ _id: 'cus-', klass: 'Customer' }, '_id of a Customer must start with cus-'],
        [{ klass: 'Customer', _secret: 1 }, 'field _secret is not allowed'],
        [{ klass: 'Customer', _deleted: true }, 'field _deleted is not allowed'],
        [{ klass: 'Nope' }, 'unknown klass Nope'],
        [{ klass: 'User' }, 'klass User is not stored by the tickets service'],
        [{ name: 'x' }, 'klass is required'],
        [{ klass: 'Customer', name: 'bad\u0000nul' }, 'NUL'],
        [{ klass: 'Customer', n: BigInt(1) }, 'not valid JSON'],
      ];
      for (const [doc, reason] of cases) {
        const e = await appError(store.create(db, doc as never, null));
        expect([e.error, String(e.reason)]).toEqual(['bad_request', expect.stringContaining(reason)]);
      }
      expect((await appError(store.create('', { klass: 'Customer' }, null))).error).toBe('bad_request');
      expect((await appError(store.create('acc x', { klass: 'Customer' }, null))).error).toBe('bad_request');
    });

    it('an unpaired UTF-16 surrogate in a string is 400 in a create, an update and a selector', async () => {
      const surrogate = { error: 'bad_request', reason: 'text must not contain unpaired UTF-16 surrogates (\\ud800 to \\udfff)' };
      expect((await appError(store.create(db, { klass: 'Customer', name: 'bad \ud800 half' }, null))).toBody()).toEqual(surrogate);
      expect((await appError(store.create(db, { klass: 'Customer', notes: [{ ['key\udc00']: 1 }] }, null))).toBody()).toEqual(surrogate);
      const doc = await store.create(db, { klass: 'Customer', name: 'fine' }, null);
      expect((await appError(store.update(db, doc._id, doc._rev, { name: '\ud83d' }, null))).toBody()).toEqual(surrogate);
      expect((await appError(store.find(db, { selector: { klass: 'Customer', name: '\ud800' } }))).toBody()).toEqual(surrogate);
      expect(await store.get(db, doc._id)).toEqual(doc);
    });

    it('refuses a create over a live document with 409', async () => {
      await store.create(db, { _id: 'cus-dupe', klass: 'Customer' }, null);
      const e = await appError(store.create(db, { _id: 'cus-dupe', klass: 'Customer' }, null));
      expect([e.status, e.reason]).toEqual([409, REASONS.conflict]);
    });

    it('two concurrent creates of one id: one wins, one gets 409', async () => {
      const results = await Promise.allSettled([
        store.create(db, { _id: 'cus-race', klass: 'Customer', n: 1 }, null),
        store.create(db, { _id: 'cus-race', klass: 'Customer', n: 2 }, null),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect((rejected.reason as AppError).status).toBe(409);
    });

    it('a unique klass index reports the taken field (422)', async () => {
      await store.create(db, { klass: 'Customer', email: 'uniq@x.test' }, null);
      const e = await appError(store.create(db, { klass: 'Customer', email: 'uniq@x.test' }, null));
      expect([e.status, e.reason]).toEqual([422, { email: 'has-already-been-taken' }]);
      // another account may use the same value
      await expect(store.create(testDb(), { klass: 'Customer', email: 'uniq@x.test' }, null)).resolves.toBeDefined();
    });

    it('get of a missing document is null; documents of another db are not visible', async () => {
      expect(await store.get(db, 'tkt-missing')).toBeNull();
      const doc = await store.create(db, { klass: 'Ticket' }, null);
      expect(await store.get(testDb(), doc._id)).toBeNull();
    });

    it('runs the create hook inside the transaction: its writes commit with the document and roll back with a failure', async () => {
      const hookDb = testDb();
      await pool.query(`CREATE TABLE IF NOT EXISTS "${TEST_SCHEMA}".hook_counters (account_id text PRIMARY KEY, last int NOT NULL)`);
      const next = {
        inTransaction: async (tx: PoolClient, d: string, fields: Record<string, unknown>) => {
          const { rows } = await tx.query<{ last: number }>(
            `INSERT INTO "${TEST_SCHEMA}".hook_counters AS c (account_id, last) VALUES ($1, 1) ON CONFLICT (account_id) DO UPDATE SET last = c.last + 1 RETURNING last`,
            [d],
          );
          return { ...fields, number: rows[0].last };
        },
      };
      const docs = await Promise.all(Array.from({ length: 20 }, () => store.create(hookDb, { klass: 'Ticket' }, null, next)));
      expect(docs.map((d) => d.number).sort((a, b) => (a as number) - (b as number))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      // the insert fails after the hook ran (NUL in the body): the number goes back
      expect((await appError(store.create(hookDb, { klass: 'Ticket', title: 'a\u0000b' }, null, next))).status).toBe(400);
      // and a failing hook stores nothing
      const failing = {
        inTransaction: async (): Promise<Record<string, unknown>> => {
          throw new AppError('unprocessable_entity', { number: 'is-invalid' });
        },
      };
      expect((await appError(store.create(hookDb, { klass: 'Ticket' }, null, failing))).status).toBe(422);
      expect((await store.create(hookDb, { klass: 'Ticket' }, null, next)).number).toBe(21);
      expect(await store.find(hookDb, { selector: {}, limit: 100 })).toHaveLength(21);
    });
  });

  describe('update, put and remove', () => {
    const db = testDb();
    let doc: Doc;

    beforeAll(async () => {
      doc = await store.create(db, { klass: 'Ticket', title: 'T1', status: 'open' }, 'usr-alice');
    });

    it('update replaces the fields, increments the rev, keeps created_at and created_by', async () => {
      await new Promise((r) => setTimeout(r, 5));
      const updated = await store.update(db, doc._id, doc._rev, { title: 'T1b', created_by: 'usr-evil', created_at: 'x', _rev: '99-x' }, 'usr-bob');
      expect(updated._rev).toMatch(/^2-[0-9a-f]{32}$/);
      expect(updated).toMatchObject({ _id: doc._id, klass: 'Ticket', title: 'T1b', created_at: doc.created_at, created_by: 'usr-alice' });
      expect(updated.status).toBeUndefined();
      expect(updated.updated_at > doc.updated_at).toBe(true);
      expect(await store.get(db, doc._id)).toEqual(updated);
      doc = updated;
    });

    it('the rev hash is the md5 of the body', async () => {
      const same1 = await store.create(db, { _id: 'tkt-h1', klass: 'Ticket' }, null);
      expect(same1._rev).not.toBe(doc._rev);
      expect(same1._rev.split('-')[1]).toHaveLength(32);
    });

    it('a stale or missing rev is 409; a missing doc 404 missing', async () => {
      let e = await appError(store.update(db, doc._id, '1-stale', { title: 'x' }, null));
      expect([e.status, e.error, e.reason]).toEqual([409, 'conflict', REASONS.conflict]);
      e = await appError(store.update(db, doc._id, undefined, { title: 'x' }, null));
      expect([e.status, e.reason]).toEqual([409, REASONS.conflict]);
      e = await appError(store.update(db, 'tkt-nothing', '1-x', { title: 'x' }, null));
      expect([e.status, e.error, e.reason]).toEqual([404, 'not_found', 'missing']);
    });

    it('the klass cannot change and _id must match', async () => {
      let e = await appError(store.update(db, doc._id, doc._rev, { klass: 'Customer' }, null));
      expect([e.status, String(e.reason)]).toEqual([400, expect.stringContaining('klass cannot change')]);
      e = await appError(store.update(db, doc._id, doc._rev, { _id: 'tkt-other' }, null));
      expect([e.status, String(e.reason)]).toEqual([400, expect.stringContaining('_id does not match')]);
      e = await appError(store.update(db, doc._id, doc._rev, { _attachments: {} }, null));
      expect(e.status).toBe(400);
    });

    it('two concurrent updates with the same rev: exactly one wins, the stored doc is the winner', async () => {
      const results = await Promise.allSettled([
        store.update(db, doc._id, doc._rev, { title: 'A' }, 'usr-a'),
        store.update(db, doc._id, doc._rev, { title: 'B' }, 'usr-b'),
      ]);
      const ok = results.filter((r): r is PromiseFulfilledResult<Doc> => r.status === 'fulfilled');
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(1);
      expect(failed).toHaveLength(1);
      expect((failed[0].reason as AppError).status).toBe(409);
      expect(await store.get(db, doc._id)).toEqual(ok[0].value);
      expect(ok[0].value._rev).toMatch(/^3-/);
      doc = ok[0].value;
    });

    it('many concurrent updates with the same rev: one winner', async () => {
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => store.update(db, doc._id, doc._rev, { title: `C${i}` }, null)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      doc = (await store.get(db, doc._id))!;
      expect(doc._rev).toMatch(/^4-/);
    });

    it('put creates when there is no document, then updates with the rev', async () => {
      const created = await store.put(db, 'tkt-put-1', undefined, { klass: 'Ticket', title: 'P' }, 'usr-p');
      expect(created).toMatchObject({ _id: 'tkt-put-1', _rev: expect.stringMatching(/^1-/), title: 'P', created_by: 'usr-p' });
      const updated = await store.put(db, 'tkt-put-1', created._rev, { title: 'P2' }, 'usr-q');
      expect(updated).toMatchObject({ _rev: expect.stringMatching(/^2-/), title: 'P2', klass: 'Ticket', created_by: 'usr-p' });
      const e = await appError(store.put(db, 'tkt-put-1', created._rev, { title: 'P3' }, null));
      expect(e.status).toBe(409);
      expect((await appError(store.put(db, 'tkt-put-2', undefined, { klass: 'Customer' }, null))).status).toBe(400);
      expect((await appError(store.put(db, 'tkt-put-3', undefined, { title: 'no klass' }, null))).status).toBe(400);
    });

    it('remove leaves a tombstone that get, find and update treat as deleted', async () => {
      const d = await store.create(db, { klass: 'Ticket', title: 'Doomed', status: 'zzz' }, null);
      let e = await appError(store.remove(db, d._id, '1-stale', null));
      expect(e.status).toBe(409);
      e = await appError(store.remove(db, d._id, undefined, null));
      expect(e.status).toBe(409);
      const tomb = await store.remove(db, d._id, d._rev, 'usr-x');
      expect(Object.keys(tomb).sort()).toEqual(['_deleted', '_id', '_rev', 'klass', 'updated_at']);
      expect(tomb).toMatchObject({ _id: d._id, _deleted: true, klass: 'Ticket', _rev: expect.stringMatching(/^2-/) });
      expect(await store.get(db, d._id)).toBeNull();
      expect(await store.get(db, d._id, { includeDeleted: true })).toEqual(tomb);
      expect(await store.find(db, { selector: { status: 'zzz' } })).toEqual([]);
      expect(await store.find(db, { selector: { _deleted: true } })).toEqual([]);
      e = await appError(store.update(db, d._id, tomb._rev, { title: 'x' }, null));
      expect([e.status, e.reason]).toEqual([404, REASONS.deleted]);
      e = await appError(store.remove(db, d._id, tomb._rev, null));
      expect([e.status, e.reason]).toEqual([404, REASONS.deleted]);
      e = await appError(store.remove(db, 'tkt-none', '1-x', null));
      expect([e.status, e.reason]).toEqual([404, REASONS.missing]);
      const events = await outboxOf(db);
      expect(events[events.length - 1]).toMatchObject({ id: d._id, deleted: true, rev: tomb._rev, label: 'Doomed', klass: 'Ticket' });

      // a create (or put) over the tombstone reuses the id and goes on counting
      const again = await store.create(db, { _id: d._id, klass: 'Ticket', title: 'Back' }, 'usr-y');
      expect(again._rev).toMatch(/^3-/);
      expect(again.created_by).toBe('usr-y');
      const tomb2 = await store.remove(db, d._id, again._rev, null);
      const put = await store.put(db, d._id, undefined, { klass: 'Ticket', title: 'Put back' }, null);
      expect([tomb2._rev.split('-')[0], put._rev.split('-')[0]]).toEqual(['4', '5']);
    });
  });

  describe('batch writes (createManyWithin, removeManyWithin)', () => {
    const md5OfBody = (d: Doc) => {
      const { _rev, ...rest } = d;
      void _rev;
      return createHash('md5').update(JSON.stringify(rest)).digest('hex');
    };

    async function rowsOf(db: string) {
      const { rows } = await pool.query<{ id: string; klass: string; rev: string; deleted: boolean; size: number; created_at: string; updated_at: string; body: Doc }>(
        `SELECT id, klass, rev, deleted, size, created_at, updated_at, body FROM "${TEST_SCHEMA}".documents WHERE account_id = $1`,
        [db],
      );
      return new Map(rows.map((r) => [r.id, r]));
    }

    it('createManyWithin stores each document as create does (body, rev 1-md5, size, stamps) with one change event each, in order', async () => {
      const db = testDb();
      const fields = [
        { title: 'Plain', status: 'open' },
        { title: 'Quotes "x" \\ and \n', html: '<p class="a">é 日本 😀</p>', due: { date: '2026-01-01', at: [1, null] } },
        { title: 'Dropped', gone: undefined, when: new Date(Date.UTC(2026, 0, 1)) },
        { title: 'Integer names', 7: 'seven', 2: 'two' },
        { description: 'no title', klass: 'Customer', _rev: '9-x', created_by: 'usr-evil' },
      ];
      const docs = await store.inTransaction((tx) => store.createManyWithin(tx, db, 'Ticket', fields, 'usr-batch'));
      expect(docs).toHaveLength(fields.length);
      const stored = await rowsOf(db);
      for (const [i, doc] of docs.entries()) {
        expect(doc._id).toMatch(/^tkt-[0-9a-f]{20}$/);
        expect(doc._rev).toBe(`1-${md5OfBody(doc)}`);
        expect(doc).toMatchObject({ klass: 'Ticket', created_by: 'usr-batch' });
        expect(doc.created_at).toBe(doc.updated_at);
        const row = stored.get(doc._id)!;
        expect(row.body).toEqual(doc);
        expect(row).toMatchObject({ klass: 'Ticket', rev: doc._rev, deleted: false, size: Buffer.byteLength(JSON.stringify(doc)) });
        expect(new Date(row.created_at).toISOString()).toBe(doc.created_at);
        expect(await store.get(db, doc._id)).toEqual(doc);
        expect(JSON.parse(JSON.stringify(fields[i]))).toMatchObject(Object.fromEntries(Object.entries(doc).filter(([k]) => k in fields[i] && !['klass', '_rev', 'created_by'].includes(k))));
      }
      expect(docs[2]).not.toHaveProperty('gone');
      expect(docs[2].when).toBe('2026-01-01T00:00:00.000Z');
      expect(docs[4].created_by).toBe('usr-batch');
      expect(await outboxOf(db)).toEqual(
        docs.map((d) => ({ account_id: db, id: d._id, klass: 'Ticket', rev: d._rev, deleted: false, label: (d.title as string | undefined) ?? 'no title', updated_at: d.updated_at, size: Buffer.byteLength(JSON.stringify(d)), actor: 'usr-batch' })),
      );
      // the same fields through create() give the same body apart from the id and stamps
      const one = await store.create(db, { klass: 'Ticket', ...fields[1] }, 'usr-batch');
      const strip = (d: Doc) => Object.fromEntries(Object.entries(d).filter(([k]) => !['_id', '_rev', 'created_at', 'updated_at'].includes(k)));
      expect(strip(one)).toEqual(strip(docs[1]));
    });

    it('a batch with a body PostgreSQL refuses (an unpaired surrogate) is 400 and stores nothing of the batch', async () => {
      const db = testDb();
      const err = await appError(store.inTransaction((tx) => store.createManyWithin(tx, db, 'Ticket', [{ title: 'fine' }, { title: 'bad \ud800' }], null)));
      expect(err.status).toBe(400);
      expect((await rowsOf(db)).size).toBe(0);
      expect(await outboxOf(db)).toEqual([]);
    });

    it('removeManyWithin leaves tombstones with the next rev and size and one event each; ids already gone are skipped', async () => {
      const db = testDb();
      const docs = await store.inTransaction((tx) => store.createManyWithin(tx, db, 'Customer', [{ name: 'A' }, { name: 'B' }, { name: 'C' }], null));
      await store.remove(db, docs[2]._id, docs[2]._rev, null);
      const before = (await outboxOf(db)).length;
      const removed = await store.inTransaction((tx) => store.removeManyWithin(tx, db, [docs[0]._id, docs[1]._id, docs[2]._id, 'cus-missing'], 'usr-undo'));
      expect(removed.sort()).toEqual([docs[0]._id, docs[1]._id].sort());
      const stored = await rowsOf(db);
      const events = (await outboxOf(db)).slice(before);
      expect(events).toHaveLength(2);
      for (const id of removed) {
        const row = stored.get(id)!;
        expect(row.deleted).toBe(true);
        expect(row.rev).toMatch(/^2-[0-9a-f]{32}$/);
        expect(row.body).toEqual({ _id: id, _rev: row.rev, klass: 'Customer', _deleted: true, updated_at: expect.any(String) });
        expect(row.rev).toBe(`2-${md5OfBody(row.body)}`);
        expect(row.size).toBe(withText(row.body).size);
        expect(await store.get(db, id)).toBeNull();
        const name = docs.find((d) => d._id === id)!.name;
        expect(events).toContainEqual({ account_id: db, id, klass: 'Customer', rev: row.rev, deleted: true, label: name, updated_at: row.body.updated_at, size: row.size, actor: 'usr-undo' });
      }
    });

    it('partsOf splits a batch into runs of at most maxBytes, in order, a larger body alone', () => {
      const b = (size: number) => ({ body: {} as Doc, text: '', size });
      const bodies = [b(4), b(4), b(3), b(12), b(1), b(9), b(1)];
      expect(partsOf(bodies, 10).map((p) => p.map((x) => x.size))).toEqual([[4, 4], [3], [12], [1, 9], [1]]);
      expect(partsOf(bodies, 10).flat()).toEqual(bodies);
      expect(partsOf(bodies).map((p) => p.length)).toEqual([bodies.length]);
      expect(partsOf([], 10)).toEqual([]);
    });
  });

  describe('the actor of a write', () => {
    const db = testDb();

    it("the change event of a create, an update, a put and a delete carries the writer's user id (null for the system), the body does not", async () => {
      const created = await store.create(db, { klass: 'Customer', name: 'Ada' }, 'usr-maker');
      const updated = await store.update(db, created._id, created._rev, { name: 'Ada B' }, 'usr-editor');
      const put = await store.put(db, created._id, updated._rev, { name: 'Ada C' }, null);
      const tomb = await store.remove(db, created._id, put._rev, 'usr-remover');
      const events = await outboxOf(db);
      expect(events.map((e) => [e.rev, e.actor])).toEqual([
        [created._rev, 'usr-maker'],
        [updated._rev, 'usr-editor'],
        [put._rev, null],
        [tomb._rev, 'usr-remover'],
      ]);
      // the stored bodies keep only created_by (the creator): the actor is not a field of the document
      expect(updated).not.toHaveProperty('actor');
      expect(updated.created_by).toBe('usr-maker');
      expect(tomb).not.toHaveProperty('actor');
      expect(tomb).not.toHaveProperty('created_by');
    });
  });

  describe('find', () => {
    const db = testDb();

    beforeAll(async () => {
      for (let i = 0; i < 40; i++) {
        await store.create(db, { _id: `cus-${String(i).padStart(2, '0')}`, klass: 'Customer', name: `N${String(39 - i).padStart(2, '0')}`, rank: i % 3, info: { city: i % 2 ? 'Rio' : 'Lima' } }, null);
      }
      await store.create(db, { klass: 'Ticket', name: 'a ticket' }, null);
    });

    it('limits to 25 by default, at most 1000, and pages with skip', async () => {
      expect(await store.find(db, { selector: {} })).toHaveLength(25);
      expect(await store.find(db, { selector: {}, limit: 1000 })).toHaveLength(41);
      expect(await store.find(db, { selector: {}, limit: 0 })).toHaveLength(0);
      const page2 = await store.find(db, { selector: { klass: 'Customer' }, limit: 10, skip: 10 });
      expect(page2.map((d) => d._id)).toEqual(Array.from({ length: 10 }, (_, i) => `cus-${10 + i}`));
      for (const limit of [1001, -1, 1.5]) expect((await appError(store.find(db, { selector: {}, limit }))).status).toBe(400);
      expect((await appError(store.find(db, { selector: {}, skip: -1 }))).status).toBe(400);
      expect((await appError(store.find(db, {} as never))).reason).toBe('selector is required');
    });

    it('a page of more than 64 documents over the answer bound is refused (422) before its bodies are read', async () => {
      const saved = process.env.RPC_MAX_REPLY_BYTES;
      const big = testDb();
      for (let i = 0; i < 70; i++) await store.create(big, { klass: 'Customer', name: `B${i}`, notes: 'x'.repeat(2000) }, null);
      const bodies: string[] = [];
      const spy = jest.spyOn(pool, 'query');
      try {
        process.env.RPC_MAX_REPLY_BYTES = String(100_000); // 70 × ~2.2 kB = ~150 kB
        const e = await appError(store.find(big, { selector: {}, limit: 1000 }));
        expect(e.status).toBe(422);
        expect(e.reason).toMatch(/ask for fewer/);
        for (const call of spy.mock.calls) bodies.push(String(call[0]));
        expect(bodies.some((t) => t.startsWith('SELECT body FROM'))).toBe(false); // no page of bodies was read
        // 64 documents are not sized (they fit any bound), a page within the bound is answered
        expect(await store.find(big, { selector: {}, limit: 64 })).toHaveLength(64);
        process.env.RPC_MAX_REPLY_BYTES = String(1_000_000);
        expect(await store.find(big, { selector: {}, limit: 1000 })).toHaveLength(70);
      } finally {
        spy.mockRestore();
        if (saved === undefined) delete process.env.RPC_MAX_REPLY_BYTES;
        else process.env.RPC_MAX_REPLY_BYTES = saved;
      }
    });

    it("a large page is read with a statement timeout by its size (the services' own and a second per 4 MiB)", async () => {
      const saved = process.env.PG_STATEMENT_TIMEOUT_MS;
      const big = testDb();
      const texts: string[] = [];
      // every statement any client of pg sends (the page is read on a pooled client, in a transaction)
      const original = Client.prototype.query;
      Client.prototype.query = function (this: Client, ...args: unknown[]) {
        const first = args[0];
        texts.push(typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text ?? ''));
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        process.env.PG_STATEMENT_TIMEOUT_MS = '5000';
        for (let i = 0; i < 70; i++) await store.create(big, { klass: 'Customer', name: `L${i}`, notes: `${i} ${'ç'.repeat(75_000)}` }, null);
        texts.length = 0;
        expect(await store.find(big, { selector: {}, limit: 1000 })).toHaveLength(70); // ~10.5 MB
        // before: read under the services' 5 s like any page (a 50 MB page was stopped on a loaded machine)
        const set = texts.map((t) => /^SET LOCAL statement_timeout = (\d+)$/.exec(t)).find(Boolean);
        expect(Number(set?.[1])).toBe(5000 + 3000);
        texts.length = 0;
        expect(await store.find(big, { selector: {}, limit: 10 })).toHaveLength(10); // not sized: the services' own bound
        expect(texts.some((t) => t.startsWith('SET LOCAL statement_timeout'))).toBe(false);
        expect(statementMsForBytes(5000, 64 * 1024 * 1024)).toBe(5000 + 16_000);
        expect(statementMsForBytes(5000, 1024)).toBeNull(); // small pages keep the services' bound
        expect(statementMsForBytes(0, 10 * 1024 * 1024)).toBeNull(); // no bound at all stays none
      } finally {
        Client.prototype.query = original;
        if (saved === undefined) delete process.env.PG_STATEMENT_TIMEOUT_MS;
        else process.env.PG_STATEMENT_TIMEOUT_MS = saved;
      }
    });

    it('sorts ascending and descending on jsonb values, several keys', async () => {
      const asc = await store.find(db, { selector: { klass: 'Customer' }, sort: ['name'], limit: 3 });
      expect(asc.map((d) => d.name)).toEqual(['N00', 'N01', 'N02']);
      const desc = await store.find(db, { selector: { klass: 'Customer' }, sort: [{ rank: 'desc' }, { name: 'asc' }], limit: 3 });
      expect(desc.map((d) => [d.rank, d.name])).toEqual([[2, 'N01'], [2, 'N04'], [2, 'N07']]);
      expect((await appError(store.find(db, { selector: {}, sort: [{ name: 'up' as 'asc' }] }))).status).toBe(400);
    });

    it('projects fields, always keeping _id', async () => {
      const docs = await store.find(db, { selector: { _id: 'cus-01' }, fields: ['name', 'info.city'] });
      expect(docs).toEqual([{ _id: 'cus-01', name: 'N38', info: { city: 'Rio' } }]);
      const whole = await store.find(db, { selector: { _id: 'cus-01' }, fields: ['name'] }, { project: false });
      expect(whole[0]).toMatchObject({ klass: 'Customer', rank: 1 });
    });

    it('restricts to the given klasses', async () => {
      expect(await store.find(db, { selector: {}, limit: 1000 }, { klasses: ['Ticket'] })).toHaveLength(1);
      expect(await store.find(db, { selector: {}, limit: 1000 }, { klasses: ['Ticket', 'Customer'] })).toHaveLength(41);
      expect(await store.find(db, { selector: { klass: 'Customer' } }, { klasses: ['Ticket'] })).toHaveLength(0);
    });

    it('refuses a bad selector with 400 and a clear reason', async () => {
      const e = await appError(store.find(db, { selector: { name: { $foo: 1 } } }));
      expect([e.status, e.reason]).toEqual([400, 'unknown operator $foo']);
      expect((await appError(store.find(db, { selector: { name: { $regex: '[' } } }))).status).toBe(400);
    });

    it('reads odd field names through escaped literals', async () => {
      const odd = { "it's": 1, 'back\\slash': 2, 'quo"te': 3, 'com,ma': 4, '{brace}': 5, NULL: 6, 'sp ace': 7 };
      const doc = await store.create(db, { klass: 'Ticket', ...odd }, null);
      for (const [k, v] of Object.entries(odd)) {
        const found = await store.find(db, { selector: { [k]: v } });
        expect([k, found.map((d) => d._id)]).toEqual([k, [doc._id]]);
      }
    });
  });

  describe('indexes', () => {
    const db = testDb();

    beforeAll(async () => {
      const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      for (let chunk = 0; chunk < 300; chunk += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, j) => chunk + j).flatMap((i) => [
            store.create(db, { klass: 'Customer', name: `C${i}` }, null),
            store.create(db, { klass: 'Ticket', status: `s${i % 50}`, due: { date: day(i) } }, null),
          ]),
        );
      }
      // PostgreSQL keeps no statistics for the expressions of partial indexes: without these a range is guessed at a
      // third of the rows and the plan flips between indexes from run to run (the services declare the same in their
      // migrations for the fields they range over, e.g. services/tickets/drizzle/0001_search_statistics.sql)
      await pool.query(`CREATE STATISTICS IF NOT EXISTS "${TEST_SCHEMA}".documents_due_date_stats ON (body #> '{due,date}'::text[]), (jsonb_typeof(body #> '{due,date}'::text[])) FROM "${TEST_SCHEMA}".documents`);
      await pool.query(`ANALYZE "${TEST_SCHEMA}".documents`);
    });

    async function plan(query: Record<string, unknown>, klasses?: string[]): Promise<string> {
      const q = buildFindSql({ table: `"${TEST_SCHEMA}"."documents"`, db, query, klasses });
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        await c.query('SET LOCAL enable_seqscan = off');
        const { rows } = await c.query(`EXPLAIN ${q.text}`, q.values);
        await c.query('ROLLBACK');
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        c.release();
      }
    }

    it('an equality on an indexed field uses the klass index', async () => {
      expect(await plan({ selector: { klass: 'Customer', name: 'C7' } })).toContain('documents_customer_name_idx');
      expect(await plan({ selector: { name: 'C7' } }, ['Customer'])).toContain('documents_customer_name_idx');
      expect(await plan({ selector: { $and: [{ klass: 'Customer' }, { name: { $in: ['C7', 'C8'] } }] } })).toContain('documents_customer_name_idx');
      expect(await plan({ selector: { klass: 'Ticket', status: { $in: ['s3', 'x'] } } })).toContain('documents_ticket_status_idx');
    });

    it('a range and a sort on a dotted indexed field use the klass index', async () => {
      expect(await plan({ selector: { klass: 'Ticket', 'due.date': { $gte: '2026-10-20' } } })).toContain('documents_ticket_due_date_idx');
      expect(await plan({ selector: { klass: 'Ticket' }, sort: [{ 'due.date': 'desc' }], limit: 5 })).toContain('documents_ticket_due_date_idx');
    });

    it('the indexed queries return the right documents', async () => {
      expect((await store.find(db, { selector: { klass: 'Customer', name: 'C7' } })).map((d) => d.name)).toEqual(['C7']);
      const due = await store.find(db, { selector: { klass: 'Ticket', 'due.date': { $gte: '2026-10-25' } }, sort: [{ 'due.date': 'desc' }] });
      expect(due.map((d) => (d.due as { date: string }).date)).toEqual(['2026-10-27', '2026-10-26', '2026-10-25']);
    });
  });

  describe('limits on queries', () => {
    const db = testDb();
    const other = testDb();
    // star height 1 and 769 pieces, so the pattern check lets it through, yet ~0.4 s of matching per 20 kB string
    const heavy = { selector: { klass: 'Customer', about: { $regex: 'x[^#]{1,255}y[^#]{1,255}z[^#]{1,255}#' } } };
    let shortPool: Pool;

    beforeAll(async () => {
      // pseudo-random letters and blanks (a periodic text lets the regex engine cache its way through)
      let seed = 42;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const letters = (n: number) => Array.from({ length: n }, () => (next() < 0.15 ? ' ' : String.fromCharCode(97 + Math.floor(next() * 26)))).join('');
      for (let i = 0; i < 6; i++) await store.create(db, { klass: 'Customer', about: letters(20_000) }, null);
      await store.create(other, { klass: 'Customer', name: 'other group' }, null);
      shortPool = new Pool({ connectionString: process.env.DATABASE_URL, max: 4, statement_timeout: 300 });
    });

    afterAll(async () => {
      await shortPool?.end();
    });

    it('a find the statement timeout stops is 503 with a reason', async () => {
      const limited = new DocumentStore({ pool: shortPool, schema: TEST_SCHEMA, service: 'tickets' });
      // the table is held by another transaction, so the find waits for as long as that one lasts: only the statement
      // timeout can end it (however fast or loaded the machine), and the reason says it did
      const holder = await pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`LOCK TABLE "${TEST_SCHEMA}".documents IN ACCESS EXCLUSIVE MODE`);
        const e = await appError(limited.find(db, { selector: { klass: 'Customer' }, fields: ['_id'] }));
        expect(e.toBody()).toEqual({ error: 'service_unavailable', reason: 'The query took too long and was stopped' });
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
      // the same find, nothing in its way, answers
      expect(await limited.find(db, { selector: { klass: 'Customer' }, fields: ['_id'] })).toHaveLength(6);
    });

    it('finds of one database beyond its concurrency and queue are 429; another database is answered meanwhile', async () => {
      const limited = new DocumentStore({ pool: shortPool, schema: TEST_SCHEMA, service: 'tickets', findLimits: { concurrency: 1, queue: 0, waitMs: 5000 } });
      const slow = limited.find(db, heavy).catch((err: unknown) => err);
      const refused = await appError(limited.find(db, { selector: { klass: 'Customer' } }));
      expect(refused.toBody()).toEqual({ error: 'too_many_requests', reason: 'Too many searches are running here at once, please try again in a moment' });
      expect((await limited.find(other, { selector: { klass: 'Customer' } })).map((d) => d.name)).toEqual(['other group']);
      expect(((await slow) as AppError).status).toBe(503);
      expect(await limited.find(db, { selector: { klass: 'Customer' }, fields: ['_id'] })).toHaveLength(6);
    });
  });

  it('maps Postgres errors from bad input to 400', () => {
    expect((mapPgError({ code: '2201B', message: 'invalid regular expression: brackets [] not balanced' }) as AppError).toBody()).toEqual({
      error: 'bad_request',
      reason: 'invalid $regex: invalid regular expression: brackets [] not balanced',
    });
    expect((mapPgError({ code: '54001' }) as AppError).status).toBe(400);
    expect((mapPgError({ code: '23505', constraint: 'documents_pkey' }) as AppError).status).toBe(409);
    const other = { code: '08006' };
    expect(mapPgError(other)).toBe(other);
  });
});
