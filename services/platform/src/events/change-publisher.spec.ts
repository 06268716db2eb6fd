import { randomBytes } from 'crypto';
import { DiscardPolicy, type JsMsg, type NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { changeStream, type ChangeEvent } from '@app/proto';
import { DocumentStore } from '../store/document-store';
import { EVENTS_TEST_SCHEMA, openTestNats, openTestPool, testDb } from '../store/testing/test-env';
import { ChangePublisher } from './change-publisher';
import { CHANGE_STREAM_DUPLICATE_WINDOW_MS, CHANGE_STREAM_MAX_AGE_MS, changeStreamConfig } from './change-stream';

// Store → outbox → ChangePublisher → JetStream, on the real Postgres and NATS.

interface Seen {
  event: ChangeEvent;
  msgId: string | undefined;
  subject: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ChangePublisher', () => {
  let pool: Pool;
  let nc: NatsConnection;
  const stream = changeStream();
  const subject = stream.subject('tickets');
  const publishers: ChangePublisher[] = [];

  function publisher(opts: { intervalMs?: number; batchSize?: number; nc?: NatsConnection; prefix?: string; ackTimeoutMs?: number } = {}): ChangePublisher {
    const p = new ChangePublisher(opts.nc ?? nc, {
      pool,
      schema: EVENTS_TEST_SCHEMA,
      service: 'tickets',
      intervalMs: opts.intervalMs ?? 0,
      batchSize: opts.batchSize,
      prefix: opts.prefix,
      ackTimeoutMs: opts.ackTimeoutMs,
      logger: { error: () => undefined },
    });
    publishers.push(p);
    return p;
  }

  /** Every message of the stream on the tickets subject for one db, read from the start. */
  async function streamed(db: string, s = stream): Promise<Seen[]> {
    const js = nc.jetstream();
    const consumer = await js.consumers.get(s.name, { filterSubjects: s.subject('tickets') });
    const out: Seen[] = [];
    const pending = (await consumer.info()).num_pending;
    if (pending === 0) return out;
    const msgs = await consumer.fetch({ max_messages: pending, expires: 2000 });
    for await (const m of msgs as AsyncIterable<JsMsg>) {
      const event = m.json<ChangeEvent>();
      if (event.account_id === db) out.push({ event, msgId: m.headers?.get('Nats-Msg-Id'), subject: m.subject });
    }
    return out;
  }

  async function waitForStreamed(db: string, count: number, timeoutMs = 5000): Promise<Seen[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const seen = await streamed(db);
      if (seen.length >= count || Date.now() > until) return seen;
      await sleep(50);
    }
  }

  async function outboxCount(db: string): Promise<number> {
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "${EVENTS_TEST_SCHEMA}".outbox WHERE event->>'account_id' = $1`, [db]);
    return rows[0].n;
  }

  async function insertOutbox(events: ChangeEvent[]): Promise<void> {
    for (const e of events) await pool.query(`INSERT INTO "${EVENTS_TEST_SCHEMA}".outbox (event) VALUES ($1::jsonb)`, [JSON.stringify(e)]);
  }

  function fakeEvent(db: string, i: number): ChangeEvent {
    return { account_id: db, id: `tkt-${i}`, klass: 'Ticket', rev: `1-${i}`, deleted: false, label: null, updated_at: new Date().toISOString(), size: 10 };
  }

  beforeAll(async () => {
    pool = await openTestPool();
    nc = await openTestNats();
  });

  afterAll(async () => {
    for (const p of publishers) await p.close();
    await nc?.close();
    await pool?.end();
  });

  it('publishes every write of the store in order, with msg ids and its actor, and empties the outbox', async () => {
    const pub = publisher();
    const store = new DocumentStore({ pool, schema: EVENTS_TEST_SCHEMA, service: 'tickets', publisher: pub });
    const db = testDb();
    const created = await store.create(db, { klass: 'Ticket', title: 'Leak' }, 'usr-a');
    const updated = await store.update(db, created._id, created._rev, { title: 'Leak 2' }, 'usr-a');
    const tomb = await store.remove(db, created._id, updated._rev, 'usr-a');
    await pub.flush();

    const seen = await waitForStreamed(db, 3);
    expect(seen.map((s) => s.event)).toEqual([
      { account_id: db, id: created._id, klass: 'Ticket', rev: created._rev, deleted: false, label: 'Leak', updated_at: created.updated_at, size: expect.any(Number), actor: 'usr-a' },
      { account_id: db, id: created._id, klass: 'Ticket', rev: updated._rev, deleted: false, label: 'Leak 2', updated_at: updated.updated_at, size: expect.any(Number), actor: 'usr-a' },
      { account_id: db, id: created._id, klass: 'Ticket', rev: tomb._rev, deleted: true, label: 'Leak 2', updated_at: tomb.updated_at, size: expect.any(Number), actor: 'usr-a' },
    ]);
    expect(seen.map((s) => s.msgId)).toEqual([created, updated, tomb].map((d) => `${db}:${d._id}:${d._rev}`));
    expect(seen.every((s) => s.subject === subject)).toBe(true);
    expect(await outboxCount(db)).toBe(0);
  });

  it('creates the stream with file storage, limits retention, 7 days max age and a 2 minute duplicate window', async () => {
    await publisher().flush();
    const info = await (await nc.jetstreamManager()).streams.info(stream.name);
    expect(info.config).toMatchObject({
      name: stream.name,
      subjects: stream.subjects,
      storage: 'file',
      retention: 'limits',
      max_age: CHANGE_STREAM_MAX_AGE_MS * 1e6,
      duplicate_window: CHANGE_STREAM_DUPLICATE_WINDOW_MS * 1e6,
    });
  });

  it('a re-sent event (same msg id) is stored once', async () => {
    const db = testDb();
    const e = fakeEvent(db, 1);
    await insertOutbox([e]);
    await publisher().flush();
    await insertOutbox([e, e]); // as after a crash between publish and delete
    await publisher().flush();
    await sleep(200);
    expect(await streamed(db)).toHaveLength(1);
    expect(await outboxCount(db)).toBe(0);
  });

  it('concurrent flushes, in one process and across publishers, publish each event once and in order', async () => {
    const db = testDb();
    const events = Array.from({ length: 120 }, (_, i) => fakeEvent(db, i));
    await insertOutbox(events);
    const a = publisher({ batchSize: 7 });
    const b = publisher({ batchSize: 11 });
    await Promise.all([a.flush(), b.flush(), a.flush(), b.flush(), a.flush()]);
    // b may have found the outbox locked by a and left the rest to a (or to its retry): wait for it to drain
    const until = Date.now() + 5000;
    while ((await outboxCount(db)) > 0 && Date.now() < until) await sleep(50);
    const seen = await waitForStreamed(db, 120);
    expect(seen.map((s) => s.event.id)).toEqual(events.map((e) => e.id));
    expect(await outboxCount(db)).toBe(0);
  });

  it('the timer publishes leftovers; close() stops it', async () => {
    // the earlier tests' publishers share the outbox: one that found it locked retries 100 ms later, and would publish
    // the row this test leaves after close()
    for (const p of publishers.splice(0)) await p.close();
    const db = testDb();
    const pub = publisher({ intervalMs: 100 });
    await insertOutbox([fakeEvent(db, 1)]);
    expect(await waitForStreamed(db, 1, 3000)).toHaveLength(1);
    await pub.close();
    await insertOutbox([fakeEvent(db, 2)]);
    await sleep(400);
    expect(await outboxCount(db)).toBe(1);
    await publisher().flush();
    expect(await outboxCount(db)).toBe(0);
  });

  it('a stream that stops taking events part-way: the acknowledged ones leave the outbox, the rest stay and the flush rejects; they go, in order, once it takes them', async () => {
    // a change stream of its own prefix that holds at most 2 messages and refuses more (instead of dropping old ones)
    const prefix = `${stream.name.replace(/_changes$/, '')}p${randomBytes(3).toString('hex')}`;
    const own = changeStream(prefix);
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ ...changeStreamConfig(prefix), max_msgs: 2, discard: DiscardPolicy.New });
    try {
      const db = testDb();
      const events = Array.from({ length: 5 }, (_, i) => fakeEvent(db, i));
      await insertOutbox(events);
      await expect(publisher({ prefix }).flush()).rejects.toMatchObject({ api_error: { err_code: 10077 } });
      expect((await streamed(db, own)).map((s) => s.event.id)).toEqual(['tkt-0', 'tkt-1']);
      expect(await outboxCount(db)).toBe(3);
      await jsm.streams.update(own.name, { ...changeStreamConfig(prefix), max_msgs: -1 });
      await publisher({ prefix }).flush();
      expect((await streamed(db, own)).map((s) => s.event.id)).toEqual(events.map((e) => e.id));
      expect(await outboxCount(db)).toBe(0);
    } finally {
      await jsm.streams.delete(own.name);
    }
  });

  it('an event whose ack does not come within ackTimeoutMs stays in the outbox and the flush rejects with a timeout', async () => {
    const prefix = `${stream.name.replace(/_changes$/, '')}q${randomBytes(3).toString('hex')}`;
    const pub = publisher({ prefix, ackTimeoutMs: 200 });
    await pub.flush(); // the publisher makes its stream
    // then the stream is gone and a plain subscriber takes the subject, never answering (so no 503 either)
    await (await nc.jetstreamManager()).streams.delete(changeStream(prefix).name);
    const silent = nc.subscribe(changeStream(prefix).subject('tickets'));
    try {
      const db = testDb();
      await insertOutbox([fakeEvent(db, 1)]);
      const before = Date.now();
      await expect(pub.flush()).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(Date.now() - before).toBeGreaterThanOrEqual(190);
      expect(await outboxCount(db)).toBe(1);
      await publisher().flush();
      expect(await outboxCount(db)).toBe(0);
    } finally {
      silent.unsubscribe();
    }
  });

  it('a stream deleted while the service runs is made again: the flush that finds no stream rejects, the next one publishes', async () => {
    const prefix = `${process.env.TEST_RUN_ID ?? 'local'}_recreate`;
    const own = changeStream(prefix);
    const jsm = await nc.jetstreamManager();
    try {
      const pub = publisher({ prefix, ackTimeoutMs: 1000 });
      const db = testDb();
      await insertOutbox([fakeEvent(db, 1)]);
      await pub.flush();
      expect(await streamed(db, own)).toHaveLength(1);

      await jsm.streams.delete(own.name); // a broker that lost its data, or an operator's mistake
      await insertOutbox([fakeEvent(db, 2)]);
      await expect(pub.flush()).rejects.toBeDefined();
      expect(await outboxCount(db)).toBe(1);
      await pub.flush();
      expect((await streamed(db, own)).map((s) => s.event.id)).toEqual(['tkt-2']);
      expect(await outboxCount(db)).toBe(0);
    } finally {
      await jsm.streams.delete(own.name).catch(() => undefined);
    }
  });

  it('when NATS is unreachable the flush rejects and the events stay in the outbox', async () => {
    const db = testDb();
    const closed = await openTestNats();
    await closed.close();
    await insertOutbox([fakeEvent(db, 1)]);
    await expect(publisher({ nc: closed }).flush()).rejects.toBeDefined();
    expect(await outboxCount(db)).toBe(1);
    await publisher().flush();
    expect(await waitForStreamed(db, 1)).toHaveLength(1);
    expect(await outboxCount(db)).toBe(0);
  });
});
