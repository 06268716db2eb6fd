import { createGroup, signUp, Stack, startStack } from './harness';

// The tickets module over HTTP through the gateway, with the identity, accounts and tickets services behind it:
// creating records, finding, the status and checklist handlers, the counters, and a stranger kept out.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('tickets');
});
afterAll(async () => {
  await stack?.close();
});

it('a member creates, finds and works tickets; the counters follow (priority keys TicketHigh, TicketMedium, TicketLow); a non-member is refused', async () => {
  const a = await signUp(stack, { confirm: true });
  const { id: acc } = await createGroup(a, 'Fix-it');
  const b = a.browser;

  const customer = await b.post(`/${acc}`, { klass: 'Customer', name: 'Maria', cpf: '529.982.247-25' });
  expect(customer).toMatchObject({ status: 201, body: { ok: true, doc: { klass: 'Customer', cpf: '52998224725' } } });
  expect(await b.post(`/${acc}`, { klass: 'Customer', name: 'Bad', cpf: '529.982.247-24' })).toMatchObject({
    status: 422,
    body: { error: 'unprocessable_entity', reason: { cpf: 'is-invalid' } },
  });
  const category = await b.post(`/${acc}`, { klass: 'Category', name: 'Laptops', checklist: 'Battery\nFan' });
  expect(category.status).toBe(201);

  const first = await b.post(`/${acc}`, { klass: 'Ticket', content: 'Laptop overheats\nafter an hour', customer_id: customer.body.id, category_id: category.body.id, priority: 'high', technical_id: a.id });
  expect(first).toMatchObject({
    status: 201,
    body: { ok: true, doc: { number: 1, title: 'Laptop overheats', label: '#1 Laptop overheats', customer_name: 'Maria', status: 'open', checklist: [{ text: 'Battery', checked: false }, { text: 'Fan', checked: false }] } },
  });
  const second = await b.post(`/${acc}`, { klass: 'Ticket', content: 'Phone screen' });
  expect(second.body.doc.number).toBe(2);
  expect(await b.post(`/${acc}`, { klass: 'Ticket', content: 'x', technical_id: 'usr-nobody' })).toMatchObject({ status: 422, body: { reason: { technical_id: 'must-exist' } } });

  // find: text search, my tickets, a board column
  const search = await b.post(`/${acc}/_find`, { selector: { klass: 'Ticket', search: { $regex: 'overheats' } }, fields: ['_id', 'number'] });
  expect(search).toMatchObject({ status: 200, body: { docs: [{ _id: first.body.id, number: 1 }] } });
  const mine = await b.post(`/${acc}/_find`, { selector: { klass: 'Ticket', technical_id: a.id } });
  expect(mine.body.docs.map((d: { _id: string }) => d._id)).toEqual([first.body.id]);

  // status handler and checklist handler (no rev)
  const doing = await b.put(`/${acc}/_design/ticket-status/_update/doing/${first.body.id}`);
  expect(doing).toMatchObject({ status: 200, body: { ok: true, doc: { status: 'doing' } } });
  expect(doing.body.doc.status_events).toEqual([
    expect.objectContaining({ status: 'open', from: null, user_id: a.id }),
    expect.objectContaining({ status: 'doing', from: 'open', user_id: a.id, user_label: 'E2E User' }),
  ]);
  await b.put(`/${acc}/_design/ticket-status/_update/done/${second.body.id}`);
  const tick = await b.put(`/${acc}/_design/ticket-checklist/_update/toggle/${first.body.id}`, { index: 0, checked: true });
  expect(tick).toMatchObject({ status: 200, body: { doc: { checklist: [{ text: 'Battery', checked: true }, { text: 'Fan', checked: false }] } } });
  const board = await b.post(`/${acc}/_find`, { selector: { klass: 'Ticket', status: 'doing' }, sort: [{ number: 'desc' }], limit: 50 });
  expect(board.body.docs.map((d: { number: number }) => d.number)).toEqual([1]);

  // counters
  expect(await b.get(`/${acc}/_design/count-by-open-ticket-priority/_view/all?group_level=0`)).toMatchObject({ status: 200, body: { rows: [{ key: null, value: 1 }] } });
  expect((await b.get(`/${acc}/_design/count-by-ticket-priority/_view/all?group_level=1`)).body).toEqual({
    rows: [
      { key: 'TicketHigh', value: 1 },
      { key: 'TicketMedium', value: 1 },
      { key: 'TicketLow', value: 0 },
    ],
  });
  const byStatus = await b.get(`/${acc}/_design/count-by-ticket-status/_view/all?group_level=1`);
  expect(byStatus.body.rows).toEqual(expect.arrayContaining([{ key: 'doing', value: 1 }, { key: 'done', value: 1 }, { key: 'open', value: 0 }]));

  // a stale rev is a conflict
  const ticket = (await b.get(`/${acc}/${first.body.id}`)).body;
  expect(await b.put(`/${acc}/${first.body.id}?rev=${first.body.rev}`, { ...ticket, problem: 'Dust' })).toMatchObject({ status: 409, body: { error: 'conflict' } });
  expect(await b.put(`/${acc}/${first.body.id}?rev=${ticket._rev}`, { ...ticket, problem: 'Dust' })).toMatchObject({ status: 200, body: { ok: true, doc: { problem: 'Dust', number: 1 } } });

  // someone without a membership is kept out of all of it
  const stranger = await signUp(stack, { confirm: true });
  expect((await stranger.browser.post(`/${acc}/_find`, { selector: { klass: 'Ticket' } })).status).toBe(403);
  expect((await stranger.browser.get(`/${acc}/${first.body.id}`)).status).toBe(403);
  expect((await stranger.browser.put(`/${acc}/_design/ticket-status/_update/cancel/${first.body.id}`)).status).toBe(403);
  expect((await stranger.browser.get(`/${acc}/_design/count-by-ticket-status/_view/all?group_level=1`)).status).toBe(403);
  expect((await stranger.browser.post(`/${acc}`, { klass: 'Ticket', content: 'intrusion' })).status).toBe(403);
});
