import { Pool } from 'pg';
import { ChangeEvent, ChangesLogged, changesLoggedSubject, changeStream } from '@app/proto';
import { AccountsHarness, ctxOf, eventually, type TestUser, failure, newUser, publishEvent, sleep, startAccounts, testAccountId, ticketEvent, waitForSeq } from '../testing/accounts-harness';
import { ChangeConsumer } from './change-consumer';
import { ChangesRepository } from './changes.repository';

// The change feed: every service's change events, consumed durably from JetStream into the per-account log, the
// documents' state and the counters; read through db.info, changes.get and the count-by-klass view.
describe('change feed', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccounts('changes');
  });

  afterAll(async () => {
    await h?.close();
  });

  const viewer = (db: string) => ctxOf(newUser(), db);
  const changes = (db: string, params: Record<string, unknown> = {}) => h.rpc.call('accounts.changes.get', { ctx: viewer(db), ...params });
  const counts = (db: string, params: Record<string, unknown> = { group_level: 1 }) =>
    h.rpc.call('accounts.doc.view', { ctx: viewer(db), design: 'count-by-klass', view: 'all', params });

  async function logRows(db: string): Promise<number> {
    const { rows } = await h.pool.query(`SELECT count(*)::int AS n FROM accounts.change_log WHERE account_id = $1`, [db]);
    return rows[0].n;
  }

  it('after 25 writes the last 20 come back newest first; a delete shows as destroy with the id only', async () => {
    const db = testAccountId();
    const events: ChangeEvent[] = [];
    for (let i = 0; i < 24; i++) events.push(ticketEvent(db, `tkt-${i}`, 1, { label: `Ticket ${i}` }));
    events.push(ticketEvent(db, 'tkt-3', 2, { deleted: true }));
    for (const e of events) await publishEvent(h, e);

    const info = await waitForSeq(h, viewer(db), 25);
    expect(info).toEqual({ db_name: db, update_seq: 25, doc_count: 23 });

    // the dashboard: the last 20 sequence numbers
    const res = await changes(db, { since: info.update_seq - 20, include_docs: true });
    expect(res.results.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect(res.last_seq).toBe(25);
    expect(res.results[0]).toEqual({ seq: 25, id: 'tkt-3', changes: [{ rev: events[24].rev }], deleted: true, action: 'destroy', klass: 'Ticket', actor_label: null });
    expect(res.results[1]).toEqual({
      seq: 24,
      id: 'tkt-23',
      changes: [{ rev: events[23].rev }],
      doc: { _id: 'tkt-23', _rev: events[23].rev, label: 'Ticket 23', updated_at: events[23].updated_at },
      action: 'create',
      klass: 'Ticket',
      actor_label: null,
    });
    // what the web dashboard asks instead (one call, no update_seq read first): the same 20 (docs/decisions.md, issue 28)
    expect((await changes(db, { descending: true, limit: 20, include_docs: true })).results).toEqual(res.results);
    // without include_docs no doc; oldest first on request; limit; since=now
    expect((await changes(db, { since: '20' })).results.every((r) => !('doc' in r))).toBe(true);
    expect((await changes(db, { descending: 'false', limit: '3' })).results.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(await changes(db, { since: 'now' })).toEqual({ results: [], last_seq: 25 });
    expect((await failure(changes(db, { limit: -1 }))).status).toBe(400);
    expect((await failure(changes(db, { include_docs: 'maybe' }))).status).toBe(400);
  });

  it('reads the stream through the durable consumer <prefix>_accounts_changes on <prefix>.changes.>', async () => {
    const jsm = await h.nc.jetstreamManager();
    const info = await jsm.consumers.info(changeStream(h.prefix).name, `${h.prefix}_accounts_changes`);
    expect(info.config).toMatchObject({ durable_name: `${h.prefix}_accounts_changes`, filter_subject: `${h.prefix}.changes.>`, ack_policy: 'explicit' });
  });

  it('with 20 or fewer changes the dashboard reads from zero; an update is an update', async () => {
    const db = testAccountId();
    await publishEvent(h, ticketEvent(db, 'tkt-a', 1));
    const second = ticketEvent(db, 'tkt-a', 2, { label: 'renamed' });
    await publishEvent(h, second);
    await waitForSeq(h, viewer(db), 2);
    const res = await changes(db, { since: 0, include_docs: 'true' });
    expect(res.results.map((r) => [r.seq, r.action])).toEqual([
      [2, 'update'],
      [1, 'create'],
    ]);
    expect(res.results[0].doc).toMatchObject({ label: 'renamed', _rev: second.rev });
    // an account without changes
    expect(await h.rpc.call('accounts.db.info', { ctx: viewer(testAccountId()) })).toMatchObject({ update_seq: 0, doc_count: 0 });
  });

  it("logs the accounts service's own writes and counts the counted klasses only", async () => {
    const owner = newUser();
    const group = await h.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name: 'Counted' });
    const ctx = ctxOf(owner, group.id, { admin: true });
    const info = await eventually(() => h.rpc.call('accounts.db.info', { ctx }), (i) => i.doc_count === 15); // Account, Subscription, 13 settings
    expect(info.update_seq).toBe(15);
    const feed = await changes(group.id, { descending: false, include_docs: true });
    expect(feed.results.slice(0, 2).map((r) => [r.klass, r.action, r.id])).toEqual([
      ['Account', 'create', group.id],
      ['Subscription', 'create', group.subscription_id],
    ]);
    expect(feed.results[0].doc).toMatchObject({ label: 'Counted' });
    expect(new Set(feed.results.slice(2).map((r) => r.klass))).toEqual(new Set(['AccountConfiguration']));

    const rows = (await counts(group.id)).rows;
    expect(rows).toEqual([
      { key: 'Account', value: { kind: 'Account', amount: 1, size: expect.any(Number), count: 1 } },
      { key: 'Subscription', value: { kind: 'Subscription', amount: 1, size: expect.any(Number), count: 1 } },
    ]);
    const total = (await counts(group.id, {})).rows;
    expect(total).toEqual([{ key: null, value: { kind: null, amount: 2, size: (rows[0].value as { size: number }).size + (rows[1].value as { size: number }).size, count: 2 } }]);
    expect((await counts(group.id, { group_level: 1, key: 'Subscription' })).rows.map((r) => r.key)).toEqual(['Subscription']);

    // a phone list is a subrecord: it changes no counter
    await h.rpc.call('accounts.doc.post', { ctx, doc: { klass: 'AccountConfiguration', key: 'phones', value: '[{"id":"p","number":"1"}]' } });
    await waitForSeq(h, ctx, 16);
    expect((await counts(group.id, {})).rows[0].value).toEqual(total[0].value);
  });

  it("counts the reader's items, subscriptions and labels for the admin tiles when named, outside the limit's records", async () => {
    const db = testAccountId();
    const events = [
      ticketEvent(db, 'tkt-1', 1, { size: 100 }),
      ...Array.from({ length: 4 }, (_, i) => ticketEvent(db, `rit-${i}`, 1, { klass: 'ReaderItem', size: 10 })),
      ticketEvent(db, 'rsb-1', 1, { klass: 'ReaderSubscription', size: 5 }),
      ticketEvent(db, 'rsb-2', 1, { klass: 'ReaderSubscription', size: 5 }),
      ticketEvent(db, 'rlb-1', 1, { klass: 'ReaderLabel', size: 3 }),
      ticketEvent(db, 'rit-0', 2, { klass: 'ReaderItem', deleted: true }),
    ];
    for (const e of events) await publishEvent(h, e);
    await waitForSeq(h, viewer(db), events.length);
    const tiles = await counts(db, { group_level: 1, keys: ['ReaderItem', 'ReaderSubscription', 'ReaderLabel'] });
    expect(tiles.rows).toEqual([
      { key: 'ReaderItem', value: { kind: 'ReaderItem', amount: 3, size: 30, count: 3 } },
      { key: 'ReaderLabel', value: { kind: 'ReaderLabel', amount: 1, size: 3, count: 1 } },
      { key: 'ReaderSubscription', value: { kind: 'ReaderSubscription', amount: 2, size: 10, count: 2 } },
    ]);
    // the records of usage and the Free-plan limit stay the counted kinds
    expect((await counts(db)).rows).toEqual([{ key: 'Ticket', value: { kind: 'Ticket', amount: 1, size: 100, count: 1 } }]);
    expect((await counts(db, {})).rows[0].value).toMatchObject({ amount: 1 });
  });

  it('a redelivered event changes nothing; an older revision after a newer one does not move the counters back', async () => {
    const db = testAccountId();
    const first = ticketEvent(db, 'tkt-x', 1, { size: 100 });
    await publishEvent(h, first);
    await publishEvent(h, first); // the same event again (another msg id: the stream keeps both)
    const newer = ticketEvent(db, 'tkt-y', 2, { size: 250 });
    const older = ticketEvent(db, 'tkt-y', 1, { size: 120 });
    await publishEvent(h, newer);
    await publishEvent(h, older);
    await waitForSeq(h, viewer(db), 3);
    await sleep(300); // give a wrong fourth entry the time to show up
    expect(await logRows(db)).toBe(3);
    expect((await counts(db)).rows).toEqual([{ key: 'Ticket', value: { kind: 'Ticket', amount: 2, size: 350, count: 2 } }]);

    // the same through the repository directly: applying a batch twice counts it once
    const repo = new ChangesRepository(h.pool);
    const batch = [ticketEvent(db, 'tkt-z', 1, { size: 10 }), ticketEvent(db, 'tkt-z', 2, { size: 20, deleted: true })];
    expect(await repo.apply(batch)).toBe(2);
    expect(await repo.apply(batch)).toBe(0);
    expect(await repo.apply([...batch].reverse())).toBe(0);
    // and the same event applied by racing consumers is logged once
    const dup = [ticketEvent(db, 'tkt-w', 1, { size: 0 })];
    expect((await Promise.all([1, 2, 3, 4].map(() => repo.apply(dup)))).reduce((a, b) => a + b)).toBe(1);
    expect((await counts(db)).rows).toEqual([{ key: 'Ticket', value: { kind: 'Ticket', amount: 3, size: 350, count: 3 } }]);
  });

  it('keeps exact counters with concurrent consumers and events in any order', async () => {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 6 });
    const extra = [1, 2].map((i) => new ChangeConsumer(h.nc, new ChangesRepository(pool), { prefix: h.prefix, batchSize: 7 * i, logger: { error: () => undefined, warn: () => undefined } }));
    try {
      for (const c of extra) await c.start();
      const dbs = [testAccountId(), testAccountId()];
      const events: ChangeEvent[] = [];
      const live = new Map<string, number>(); // db → expected live size
      for (const db of dbs) {
        let size = 0;
        for (let i = 0; i < 60; i++) {
          const id = `tkt-${i}`;
          events.push(ticketEvent(db, id, 1, { size: 10 }), ticketEvent(db, id, 2, { size: 20 + i }));
          if (i % 3 === 0) events.push(ticketEvent(db, id, 3, { deleted: true, size: 5 }));
          else size += 20 + i;
        }
        live.set(db, size);
      }
      events.sort(() => Math.random() - 0.5);
      await Promise.all(events.map((e) => publishEvent(h, e)));
      for (const db of dbs) {
        await waitForSeq(h, viewer(db), 140, 20000);
        expect(await logRows(db)).toBe(140);
        expect((await counts(db)).rows).toEqual([{ key: 'Ticket', value: { kind: 'Ticket', amount: 40, size: live.get(db), count: 40 } }]);
        const seqs = (await changes(db, { limit: 1000 })).results.map((r) => r.seq);
        expect(seqs).toEqual(Array.from({ length: 140 }, (_, i) => 140 - i)); // gap-free per account
      }
    } finally {
      for (const c of extra) await c.stop();
      await pool.end();
    }
  });

  describe('who made a change', () => {
    /** what groupOf writes: the Account, the owner's membership, 13 settings, 2 invitations and 2 acceptances */
    const SETUP_CHANGES = 19;

    async function groupOf() {
      const owner = newUser({ fullname: 'Olga Owner' });
      const group = await h.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name: 'Actors' });
      const admin = ctxOf(owner, group.id, { admin: true });
      const join = async (user: TestUser) => {
        const inv = await h.rpc.call('accounts.doc.post', { ctx: admin, doc: { klass: 'Subscription', email: user.email } });
        await h.rpc.call('accounts.doc.update', { ctx: ctxOf(user, group.id), design: 'status', handler: 'accept', id: inv.id });
      };
      const bob = newUser({ fullname: 'Bob Member' });
      const carol = newUser({ fullname: '' });
      await join(bob);
      await join(carol);
      return { id: group.id, owner, admin, bob, carol };
    }

    it("stores each event's actor in the log and answers it as actor_label: the member's full name, else the address (masked for a plain member but the member themself), null for the system or a stranger", async () => {
      const g = await groupOf();
      const stranger = newUser({ fullname: 'Stranger' });
      const start = (await waitForSeq(h, g.admin, SETUP_CHANGES)).update_seq;
      await publishEvent(h, { ...ticketEvent(g.id, 'tkt-by-owner', 1), actor: g.owner.user_id });
      await publishEvent(h, { ...ticketEvent(g.id, 'tkt-by-carol', 1), actor: g.carol.user_id });
      await publishEvent(h, { ...ticketEvent(g.id, 'tkt-by-system', 2), actor: null });
      await publishEvent(h, { ...ticketEvent(g.id, 'tkt-by-stranger', 1), actor: stranger.user_id });
      await publishEvent(h, ticketEvent(g.id, 'tkt-before-actors', 1)); // an event published before events had an actor
      await waitForSeq(h, g.admin, start + 5);

      const { rows } = await h.pool.query<{ id: string; actor: string | null }>(`SELECT id, actor FROM accounts.change_log WHERE account_id = $1 AND id LIKE 'tkt-%' ORDER BY seq`, [g.id]);
      expect(rows).toEqual([
        { id: 'tkt-by-owner', actor: g.owner.user_id },
        { id: 'tkt-by-carol', actor: g.carol.user_id },
        { id: 'tkt-by-system', actor: null },
        { id: 'tkt-by-stranger', actor: stranger.user_id },
        { id: 'tkt-before-actors', actor: null },
      ]);

      const labels = async (ctx: ReturnType<typeof ctxOf>) => {
        const feed = await h.rpc.call('accounts.changes.get', { ctx, since: start, descending: false });
        return Object.fromEntries(feed.results.map((r) => [r.id, r.actor_label]));
      };
      const expected = (carolSeen: string) => ({
        'tkt-by-owner': 'Olga Owner',
        'tkt-by-carol': carolSeen,
        'tkt-by-system': null,
        'tkt-by-stranger': null,
        'tkt-before-actors': null,
      });
      expect(await labels(ctxOf(g.bob, g.id))).toEqual(expected(`${g.carol.email[0]}…@example.com`));
      expect(await labels(g.admin)).toEqual(expected(g.carol.email));
      expect(await labels(ctxOf(g.carol, g.id))).toEqual(expected(g.carol.email));
    });

    it("the accounts service's own writes carry their caller: the group's creation and the invitations are the administrator's, an acceptance the member's", async () => {
      const g = await groupOf();
      await waitForSeq(h, g.admin, SETUP_CHANGES);
      const feed = await h.rpc.call('accounts.changes.get', { ctx: ctxOf(g.bob, g.id), descending: false });
      expect(feed.results[0]).toMatchObject({ klass: 'Account', action: 'create', actor_label: 'Olga Owner' });
      const subs = feed.results.filter((r) => r.klass === 'Subscription').map((r) => [r.action, r.actor_label]);
      expect(subs).toEqual([
        ['create', 'Olga Owner'], // the owner's own membership
        ['create', 'Olga Owner'], // bob invited
        ['update', 'Bob Member'], // bob accepts
        ['create', 'Olga Owner'], // carol invited
        ['update', `${g.carol.email[0]}…@example.com`], // carol accepts
      ]);
    });
  });

  it('announces the rows of each committed batch on <prefix>.changes-logged.<account>, with their seqs, once each', async () => {
    const db = testAccountId();
    const heard: ChangesLogged[] = [];
    const sub = h.nc.subscribe(changesLoggedSubject(h.prefix, db), { callback: (_err, m) => heard.push(ChangesLogged.parse(m.json())) });
    try {
      await h.nc.flush();
      const created = ticketEvent(db, 'tkt-live', 1, { label: 'not announced' });
      await publishEvent(h, created);
      await publishEvent(h, ticketEvent(db, 'tkt-live', 2, { deleted: true }));
      await publishEvent(h, created); // a redelivery adds no row: nothing announced for it
      await waitForSeq(h, viewer(db), 2);
      await sleep(300);
      const rows = heard.flatMap((a) => a.changes);
      expect(heard.every((a) => a.account_id === db)).toBe(true);
      expect(rows).toEqual([
        { seq: 1, id: 'tkt-live', changes: [{ rev: created.rev }], action: 'create', klass: 'Ticket' },
        { seq: 2, id: 'tkt-live', changes: [{ rev: expect.stringMatching(/^2-/) }], deleted: true, action: 'destroy', klass: 'Ticket' },
      ]);
    } finally {
      sub.unsubscribe();
    }
  });

  it('skips DocumentChange events and drops malformed ones without holding others back', async () => {
    const db = testAccountId();
    await publishEvent(h, ticketEvent(db, 'dch-1', 1, { klass: 'DocumentChange' }));
    await h.nc.jetstream().publish(changeStream(h.prefix).subject('tickets'), new TextEncoder().encode('{"not": "an event"}'));
    await h.nc.jetstream().publish(changeStream(h.prefix).subject('tickets'), new TextEncoder().encode('not json'));
    await publishEvent(h, ticketEvent(db, 'tkt-ok', 1));
    await waitForSeq(h, viewer(db), 1);
    expect((await changes(db)).results.map((r) => r.id)).toEqual(['tkt-ok']);
  });

  it('a stopped consumer finishes its batch and hands the rest back: nothing is lost or doubled', async () => {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    const slow = { record: async (events: ChangeEvent[]) => (await sleep(200), new ChangesRepository(pool).record(events)) };
    const consumer = new ChangeConsumer(h.nc, slow, { prefix: h.prefix, logger: { error: () => undefined, warn: () => undefined } });
    try {
      await consumer.start();
      const db = testAccountId();
      await Promise.all(Array.from({ length: 100 }, (_, i) => publishEvent(h, ticketEvent(db, `tkt-${i}`, 1))));
      await consumer.stop(); // what it held is handed back (nak) and applied by the service's own consumer
      await waitForSeq(h, viewer(db), 100, 20000);
      expect(await logRows(db)).toBe(100);
      expect((await counts(db)).rows).toEqual([{ key: 'Ticket', value: { kind: 'Ticket', amount: 100, size: 10000, count: 100 } }]);
    } finally {
      await consumer.stop();
      await pool.end();
    }
  });
});
