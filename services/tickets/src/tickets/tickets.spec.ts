import { Doc } from '@app/proto';
import { buildFindSql } from '@app/platform';
import { addMember, ctxOf, failure, newGroup, newUser, startTickets, TestGroup, TicketsHarness } from '../testing/tickets-harness';

// Tickets over NATS (tickets.doc.*), with the accounts service answering who is a member: numbers, derived fields,
// references, status and checklist handlers, the counters and text search.
describe('tickets', () => {
  let h: TicketsHarness;

  beforeAll(async () => {
    h = await startTickets('tickets');
  });

  afterAll(async () => {
    await h?.close();
  });

  const post = (g: TestGroup, doc: Record<string, unknown>, ctx = g.ctx) => h.rpc.call('tickets.doc.post', { ctx, doc });
  const ticket = async (g: TestGroup, doc: Record<string, unknown> = {}) => (await post(g, { klass: 'Ticket', content: 'Screen broken', ...doc })).doc as Doc;
  const get = (g: TestGroup, id: string) => h.rpc.call('tickets.doc.get', { ctx: g.ctx, id });
  const find = async (g: TestGroup, query: Record<string, unknown>) => (await h.rpc.call('tickets.doc.find', { ctx: g.ctx, query: query as never })).docs;
  const status = (g: TestGroup, id: string, to: string, ctx = g.ctx) => h.rpc.call('tickets.doc.update', { ctx, design: 'ticket-status', handler: to, id });
  const view = (g: TestGroup, design: string, group_level: number) => h.rpc.call('tickets.doc.view', { ctx: g.ctx, design, view: 'all', params: { group_level } });

  it('answers tickets.health', async () => {
    expect(await h.rpc.call('tickets.health', {})).toMatchObject({ ok: true, service: 'tickets', checks: { database: 'ok' } });
  });

  it('creates a ticket: number, defaults, title from the content, label, search, a creation status event', async () => {
    const g = await newGroup(h);
    const t = await ticket(g, { content: '\n  Printer does not print anything at all, even after a restart of the machine\nsecond line', number: 99, search: 'x' });
    expect(t).toMatchObject({
      klass: 'Ticket',
      number: 1,
      title: 'Printer does not print anything at all, even after a restart',
      priority: 'medium',
      priority_rank: 2,
      ticket_kind: 'chore',
      status: 'open',
      checklist: [],
      created_by: g.owner.user_id,
    });
    expect((t.title as string).length).toBe(60);
    expect(t.label).toBe(`#1 ${t.title}`);
    expect(t.search).toContain('printer does not print');
    expect(t.status_events).toEqual([{ status: 'open', from: null, user_id: g.owner.user_id, user_label: g.owner.fullname, at: expect.any(String) }]);
    const second = await ticket(g, { title: 'Own title', priority: 'high' });
    expect(second).toMatchObject({ number: 2, title: 'Own title', label: '#2 Own title', priority: 'high' });
    // another group counts from 1
    expect((await ticket(await newGroup(h))).number).toBe(1);
  });

  it('refuses a blank content and unknown values (422 with a reason per field)', async () => {
    const g = await newGroup(h);
    expect(await failure(post(g, { klass: 'Ticket', content: '  ', priority: 'urgent', status: 'later' }))).toMatchObject({
      status: 422,
      reason: { content: 'cant-be-blank', priority: 'not-in-the-list-of-allowed-values', status: 'not-in-the-list-of-allowed-values' },
    });
  });

  it('gives 200 concurrent creations the numbers 1..200 exactly once; a failed creation leaves no gap', async () => {
    const g = await newGroup(h);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => ticket(g, { content: `ticket ${i}` })));
    const numbers = results.map((t) => t.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // refused before its transaction (a reference that does not exist) and inside it (Postgres refuses a NUL)
    expect((await failure(ticket(g, { customer_id: 'cus-missing' }))).status).toBe(422);
    expect((await failure(ticket(g, { content: 'nul \u0000 inside' }))).status).toBe(400);
    expect((await ticket(g)).number).toBe(201);
  });

  it('keeps the number immutable, checks the rev (409 when stale) and records status changes made by PUT', async () => {
    const g = await newGroup(h);
    const t = await ticket(g);
    const updated = await h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: t._id, rev: t._rev, doc: { ...t, number: 7, content: 'New text', title: '', status: 'doing' } });
    expect(updated.doc).toMatchObject({ number: 1, title: 'New text', label: '#1 New text', status: 'doing' });
    expect((updated.doc!.status_events as unknown[]).map((e) => (e as { status: string; from: string }))).toMatchObject([
      { status: 'open', from: null },
      { status: 'doing', from: 'open' },
    ]);
    expect(await failure(h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: t._id, rev: t._rev, doc: { content: 'late' } }))).toMatchObject({ status: 409, error: 'conflict' });
  });

  it('links customer, equipment, category and contract of the account (422 must-exist otherwise) and copies what lists show', async () => {
    const g = await newGroup(h);
    const other = await newGroup(h);
    const customer = (await post(g, { klass: 'Customer', name: 'Maria Silva' })).doc as Doc;
    const equipment = (await post(g, { klass: 'Equipment', identifier: 'NB-42' })).doc as Doc;
    const category = (await post(g, { klass: 'Category', name: 'Laptops', checklist: 'Check battery\n\n  Clean fan  \n' })).doc as Doc;
    const contract = (await post(g, { klass: 'Contract', customer_id: customer._id, description: 'Yearly' })).doc as Doc;
    const foreign = (await post(other, { klass: 'Customer', name: 'Elsewhere' })).doc as Doc;

    expect(await failure(ticket(g, { customer_id: foreign._id, equipment_id: 'eqp-nope', category_id: customer._id, contract_id: 'ctr-x' }))).toMatchObject({
      status: 422,
      reason: { customer_id: 'must-exist', equipment_id: 'must-exist', category_id: 'must-exist', contract_id: 'must-exist' },
    });

    const t = await ticket(g, { customer_id: customer._id, equipment_id: equipment._id, category_id: category._id, contract_id: contract._id, relate_equipment_to_customer: true });
    expect(t).toMatchObject({
      customer_name: 'Maria Silva',
      equipment_identifier: 'NB-42',
      checklist: [
        { text: 'Check battery', checked: false },
        { text: 'Clean fan', checked: false },
      ],
    });
    expect(t.search).toContain('maria silva');
    expect(t.search).toContain('nb-42');
    // relate_equipment_to_customer: the equipment now belongs to the customer
    expect(await get(g, equipment._id)).toMatchObject({ customer_id: customer._id, customer_name: 'Maria Silva' });

    // deleting the customer is allowed; the ticket keeps the name and can still be edited
    await h.rpc.call('tickets.doc.delete', { ctx: g.ctx, id: customer._id, rev: customer._rev });
    const again = await h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: t._id, rev: t._rev, doc: { ...t, problem: 'Fan clogged' } });
    expect(again.doc).toMatchObject({ customer_id: customer._id, customer_name: 'Maria Silva', problem: 'Fan clogged' });
  });

  it('accepts only accepted members of the account as technician and reviewer', async () => {
    const g = await newGroup(h);
    const member = await addMember(h, g);
    const stranger = newUser();
    const invited = newUser();
    h.accounts.member(g, invited, { status: 'pending' }); // invited, not accepted yet
    expect(await failure(ticket(g, { technical_id: stranger.user_id, reviewer_id: invited.user_id }))).toMatchObject({
      status: 422,
      reason: { technical_id: 'must-exist', reviewer_id: 'must-exist' },
    });
    const t = await ticket(g, { technical_id: member.user.user_id, reviewer_id: g.owner.user_id });
    expect(t).toMatchObject({ technical_id: member.user.user_id, reviewer_id: g.owner.user_id });
    // "my tickets"
    expect((await find(g, { selector: { klass: 'Ticket', technical_id: member.user.user_id } })).map((d) => d._id)).toEqual([t._id]);
  });

  it('changes status through the handler, any status to any other, recording who and when', async () => {
    const g = await newGroup(h);
    const member = await addMember(h, g);
    const t = await ticket(g);
    const done = await status(g, t._id, 'done', member.ctx);
    expect(done.doc).toMatchObject({ status: 'done', number: 1 });
    const reopened = await status(g, t._id, 'open');
    expect(reopened.doc!.status_events).toEqual([
      expect.objectContaining({ status: 'open', from: null }),
      { status: 'done', from: 'open', user_id: member.user.user_id, user_label: member.user.fullname, at: expect.any(String) },
      { status: 'open', from: 'done', user_id: g.owner.user_id, user_label: g.owner.fullname, at: expect.any(String) },
    ]);
    // the same status again changes nothing
    expect((await status(g, t._id, 'open')).rev).toBe(reopened.rev);
    expect(await failure(status(g, t._id, 'later'))).toMatchObject({ status: 404 });
    expect(await failure(status(g, 'tkt-missing', 'done'))).toMatchObject({ status: 404 });
    // concurrent moves all land (no rev needed)
    const moves = ['block', 'doing', 'review', 'cancel', 'done'];
    await Promise.all(moves.map((s) => status(g, t._id, s)));
    expect(((await get(g, t._id)).status_events as unknown[]).length).toBe(3 + moves.length);
  });

  it('ticks checklist items through the toggle handler', async () => {
    const g = await newGroup(h);
    const category = (await post(g, { klass: 'Category', name: 'Phones', checklist: 'Screen\nBattery' })).doc as Doc;
    const t = await ticket(g, { category_id: category._id });
    const toggle = (body: unknown) => h.rpc.call('tickets.doc.update', { ctx: g.ctx, design: 'ticket-checklist', handler: 'toggle', id: t._id, body });
    expect((await toggle({ index: 1, checked: true })).doc!.checklist).toEqual([
      { text: 'Screen', checked: false },
      { text: 'Battery', checked: true },
    ]);
    expect(await failure(toggle({ index: 2, checked: true }))).toMatchObject({ status: 422, reason: { index: 'is-invalid' } });
    expect(await failure(toggle({ index: 'a' }))).toMatchObject({ status: 422, reason: { index: 'is-invalid', checked: 'is-invalid' } });
    // a PUT does not change the checklist
    const cur = await get(g, t._id);
    const put = await h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: t._id, rev: cur._rev, doc: { ...cur, checklist: [] } });
    expect(put.doc!.checklist).toHaveLength(2);
  });

  it('copies the category checklist when a category is set later on a ticket without one; a ticket with items keeps them when its category changes', async () => {
    const g = await newGroup(h);
    const phones = (await post(g, { klass: 'Category', name: 'Phones', checklist: 'Screen\nBattery' })).doc as Doc;
    const laptops = (await post(g, { klass: 'Category', name: 'Laptops', checklist: 'Fan' })).doc as Doc;
    const put = (t: Doc, doc: Record<string, unknown>) => h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: t._id, rev: t._rev, doc: { ...t, ...doc } });
    const t = await ticket(g);
    expect(t.checklist).toEqual([]);

    // an edit that leaves the category unset copies nothing
    const edited = (await put(t, { problem: 'Cracked' })).doc as Doc;
    expect(edited.checklist).toEqual([]);

    // the category set after creation brings its checklist
    const categorised = (await put(edited, { category_id: phones._id })).doc as Doc;
    expect(categorised.checklist).toEqual([
      { text: 'Screen', checked: false },
      { text: 'Battery', checked: false },
    ]);
    await h.rpc.call('tickets.doc.update', { ctx: g.ctx, design: 'ticket-checklist', handler: 'toggle', id: t._id, body: { index: 0, checked: true } });

    // another category later: the ticked checklist stays as it is
    const recategorised = (await put(await get(g, t._id), { category_id: laptops._id })).doc as Doc;
    expect(recategorised).toMatchObject({ category_id: laptops._id, checklist: [
      { text: 'Screen', checked: true },
      { text: 'Battery', checked: false },
    ] });
  });

  it('counts tickets by open priority, priority (keys TicketHigh, TicketMedium, TicketLow) and status (group_level 0 and 1, zeros included)', async () => {
    const g = await newGroup(h);
    const made = [];
    for (const [priority, st] of [['high', 'open'], ['high', 'done'], ['medium', 'doing'], ['medium', 'cancel'], ['medium', 'review'], ['low', 'block']]) {
      const t = await ticket(g, { priority });
      made.push(t);
      if (st !== 'open') await status(g, t._id, st);
    }
    const gone = await ticket(g, { priority: 'low' });
    await h.rpc.call('tickets.doc.delete', { ctx: g.ctx, id: gone._id, rev: gone._rev });

    expect(await view(g, 'count-by-open-ticket-priority', 0)).toEqual({ rows: [{ key: null, value: 4 }] });
    expect(await view(g, 'count-by-open-ticket-priority', 1)).toEqual({
      rows: [
        { key: 'TicketHigh', value: 1 },
        { key: 'TicketMedium', value: 2 },
        { key: 'TicketLow', value: 1 },
      ],
    });
    expect(await view(g, 'count-by-ticket-priority', 0)).toEqual({ rows: [{ key: null, value: 6 }] });
    expect(await view(g, 'count-by-ticket-priority', 1)).toEqual({
      rows: [
        { key: 'TicketHigh', value: 2 },
        { key: 'TicketMedium', value: 3 },
        { key: 'TicketLow', value: 1 },
      ],
    });
    expect(await view(g, 'count-by-ticket-status', 1)).toEqual({
      rows: [
        { key: 'open', value: 1 },
        { key: 'block', value: 1 },
        { key: 'doing', value: 1 },
        { key: 'review', value: 1 },
        { key: 'done', value: 1 },
        { key: 'cancel', value: 1 },
      ],
    });
    const empty = await newGroup(h);
    expect(await view(empty, 'count-by-open-ticket-priority', 1)).toEqual({ rows: ['TicketHigh', 'TicketMedium', 'TicketLow'].map((key) => ({ key, value: 0 })) });
    expect(await view(empty, 'count-by-ticket-status', 0)).toEqual({ rows: [{ key: null, value: 0 }] });
  });

  it('serves the board in one request: per status the newest cards, card fields only, and whether there are more', async () => {
    const g = await newGroup(h);
    const made: Doc[] = [];
    for (let i = 0; i < 5; i++) made.push(await ticket(g, { content: `Board ${i + 1}\nsecond line`, priority: i % 2 ? 'high' : 'low' }));
    await status(g, made[0]._id, 'done');
    const gone = made[4];
    await h.rpc.call('tickets.doc.delete', { ctx: g.ctx, id: gone._id, rev: gone._rev });
    const board = (params: Record<string, unknown>) => h.rpc.call('tickets.doc.view', { ctx: g.ctx, design: 'ticket-board', view: 'all', params });

    const { rows } = await board({ limit: 2 });
    expect(rows.map((r) => r.key)).toEqual(['open', 'block', 'doing', 'review', 'done', 'cancel']);
    const open = rows[0].value as { cards: Doc[]; more: boolean };
    expect(open.cards.map((c) => c.number)).toEqual([4, 3]);
    expect(open.more).toBe(true);
    expect(Object.keys(open.cards[0]).sort()).toEqual(['_id', 'number', 'priority', 'title'].sort()); // nulls left out
    expect(open.cards[0]).toEqual({ _id: made[3]._id, number: 4, title: 'Board 4', priority: 'high' });
    expect(rows[4].value).toEqual({ cards: [expect.objectContaining({ number: 1, _id: made[0]._id })], more: false });
    expect(rows[1].value).toEqual({ cards: [], more: false });
    expect(((await board({})).rows[0].value as { cards: Doc[] }).cards).toHaveLength(3);
    expect(await failure(board({ limit: 0 }))).toMatchObject({ error: 'bad_request' });
    expect(await failure(board({ limit: 101 }))).toMatchObject({ error: 'bad_request' });
  });

  it('finds tickets by text through search $regex, with filters, sorts and paging', async () => {
    const g = await newGroup(h);
    const customer = (await post(g, { klass: 'Customer', name: 'João Pereira' })).doc as Doc;
    const a = await ticket(g, { content: 'Keyboard (USB) stuck', customer_id: customer._id });
    const b = await ticket(g, { content: 'Mouse broken', problem: 'Keyboard cable', priority: 'high' });
    await ticket(g, { content: 'Monitor flickers' });
    const ids = async (selector: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (await find(g, { selector: { klass: 'Ticket', ...selector }, sort: [{ number: 'asc' }], ...extra })).map((d) => d._id);
    expect(await ids({ search: { $regex: 'keyboard' } })).toEqual([a._id, b._id]);
    expect(await ids({ search: { $regex: 'keyboard \\(usb\\)' } })).toEqual([a._id]);
    expect(await ids({ search: { $regex: 'joão' } })).toEqual([a._id]);
    expect(await ids({ search: { $regex: 'keyboard' }, priority: { $in: ['high'] } })).toEqual([b._id]);
    expect(await ids({ search: { $regex: 'keyboard' } }, { sort: [{ number: 'desc' }], limit: 1, skip: 0 })).toEqual([b._id]);
  });

  it("serves the platform's `search: {$regex}` SQL with the trigram index", async () => {
    // A copy of the documents table with the migration's very index definition and enough rows for the planner to
    // prefer it (a temporary table: this session's own, nothing else sees it).
    const client = await h.pool.connect();
    try {
      await client.query('CREATE TEMP TABLE docs (LIKE tickets.documents INCLUDING DEFAULTS)');
      const def = (await client.query(`SELECT pg_get_indexdef('tickets.documents_ticket_search_trgm_idx'::regclass) AS def`)).rows[0].def as string;
      await client.query(
        `INSERT INTO docs (account_id, id, klass, rev, deleted, body)
         SELECT 'acc-' || (i % 20), 'tkt-' || i, 'Ticket', '1-x', false, jsonb_build_object('search', md5(i::text) || ' ticket ' || i)
         FROM generate_series(1, 20000) AS i`,
      );
      // built after the rows (as a migration on a filled table would): a fresh GIN's pending list makes it look costly
      await client.query(def.replace(/ ON tickets\.documents /, ' ON pg_temp.docs ').replace('documents_ticket_search_trgm_idx', 'docs_search_trgm_idx'));
      await client.query('ANALYZE docs');
      const q = buildFindSql({ table: 'pg_temp.docs', db: 'acc-3', query: { selector: { klass: 'Ticket', search: { $regex: 'keyboard' } }, sort: [{ number: 'desc' }] } });
      const plan = (await client.query(`EXPLAIN ${q.text}`, q.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('docs_search_trgm_idx');
    } finally {
      await client.query('DROP TABLE IF EXISTS pg_temp.docs');
      client.release();
    }
  });

  it('is reachable only in a group (403 in a user database); a caller of another group sees nothing of it', async () => {
    const g = await newGroup(h);
    const t = await ticket(g);
    expect(await failure(h.rpc.call('tickets.doc.find', { ctx: ctxOf(g.owner), query: { selector: { klass: 'Ticket' } } }))).toMatchObject({ status: 403 });
    const other = await newGroup(h);
    expect(await failure(get(other, t._id))).toMatchObject({ status: 404 });
    expect(await find(other, { selector: { klass: 'Ticket' } })).toEqual([]);
  });
});
