import { Doc } from '@app/proto';
import { eventually } from '@app/platform/testing/eventually';
import { addMember, changeEvents, failure, newGroup, startTickets, TestGroup, TicketsHarness } from '../testing/tickets-harness';

// The tickets module's other records over NATS: customers, equipment, categories, comments, contracts, estimates and
// maintenances, and the change events their writes leave for the timeline.
describe('tickets module records', () => {
  let h: TicketsHarness;

  beforeAll(async () => {
    h = await startTickets('records');
  });

  afterAll(async () => {
    await h?.close();
  });

  const post = async (g: TestGroup, doc: Record<string, unknown>, ctx = g.ctx) => (await h.rpc.call('tickets.doc.post', { ctx, doc })).doc as Doc;
  const put = async (g: TestGroup, doc: Doc) => (await h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: doc._id, rev: doc._rev, doc })).doc as Doc;

  it('customers: name required, cpf/cnpj checked and stored as digits', async () => {
    const g = await newGroup(h);
    expect(await failure(post(g, { klass: 'Customer', cpf: '123.456.789-00' }))).toMatchObject({ status: 422, reason: { name: 'cant-be-blank', cpf: 'is-invalid' } });
    expect(await failure(post(g, { klass: 'Customer', name: 'A', cnpj: '11.111.111/1111-11' }))).toMatchObject({ status: 422, reason: { cnpj: 'is-invalid' } });
    expect(await failure(post(g, { klass: 'Customer', name: 'A', born_at: '2020-02-30' }))).toMatchObject({ status: 422, reason: { born_at: 'is-invalid' } });
    const c = await post(g, { klass: 'Customer', name: 'Ana', cpf: '529.982.247-25', cnpj: '11.222.333/0001-81', born_at: '1990-05-01' });
    expect(c).toMatchObject({ name: 'Ana', cpf: '52998224725', cnpj: '11222333000181', born_at: '1990-05-01' });
    expect(await failure(put(g, { ...c, cpf: '52998224724' }))).toMatchObject({ status: 422, reason: { cpf: 'is-invalid' } });
  });

  it('categories: active by default, a CSS hex colour, label = name', async () => {
    const g = await newGroup(h);
    expect(await post(g, { klass: 'Category', name: 'Phones', color: '#228be6' })).toMatchObject({ active: true, color: '#228be6', label: 'Phones' });
    expect(await failure(post(g, { klass: 'Category', name: 'X', color: 'blue' }))).toMatchObject({ status: 422, reason: { color: 'is-invalid' } });
  });

  it('equipment: identifier required, customer of the account', async () => {
    const g = await newGroup(h);
    const c = await post(g, { klass: 'Customer', name: 'Bia' });
    expect(await failure(post(g, { klass: 'Equipment', customer_id: 'cus-none' }))).toMatchObject({ status: 422, reason: { identifier: 'cant-be-blank' } });
    expect(await failure(post(g, { klass: 'Equipment', identifier: 'E1', customer_id: 'cus-none' }))).toMatchObject({ status: 422, reason: { customer_id: 'must-exist' } });
    expect(await post(g, { klass: 'Equipment', identifier: 'E1', customer_id: c._id })).toMatchObject({ identifier: 'E1', customer_name: 'Bia', label: 'E1' });
  });

  it('comments: on a ticket of the account, dated now, stamped with the author', async () => {
    const g = await newGroup(h);
    const member = await addMember(h, g);
    const t = await post(g, { klass: 'Ticket', content: 'Noise' });
    expect(await failure(post(g, { klass: 'Comment', ticket_id: 'tkt-none', content: 'x' }))).toMatchObject({ status: 422, reason: { ticket_id: 'must-exist' } });
    const before = new Date().toISOString();
    const c = await post(g, { klass: 'Comment', ticket_id: t._id, content: 'Ordered the part', user: { _id: 'usr-fake', label: 'Fake' } }, member.ctx);
    expect(c).toMatchObject({ ticket_id: t._id, content: 'Ordered the part', user: { _id: member.user.user_id, label: member.user.fullname } });
    expect((c.date as string) >= before).toBe(true);
    // an edit by someone else keeps the author
    expect(await put(g, { ...c, content: 'Part arrived' })).toMatchObject({ content: 'Part arrived', user: { _id: member.user.user_id } });
  });

  it('contracts: active by default, items, customer of the account', async () => {
    const g = await newGroup(h);
    const c = await post(g, { klass: 'Customer', name: 'Caio' });
    const k = await post(g, { klass: 'Contract', customer_id: c._id, description: 'Monthly care', payment_kind: 'monthly', items: [{ content: 'Printer', number: 'SN-1' }] });
    expect(k).toMatchObject({ active: true, customer_name: 'Caio', items: [{ content: 'Printer', number: 'SN-1' }], label: 'Monthly care' });
    expect(await post(g, { klass: 'ContractItem', contract_id: k._id, content: 'Scanner', number: 2 })).toMatchObject({ contract_id: k._id, number: 2 });
  });

  it('estimates: numbered per account, total = Σ quantity × value, items checked', async () => {
    const g = await newGroup(h);
    const e1 = await post(g, { klass: 'Estimate', description: 'Screen', items: [{ description: 'Panel', quantity: 1, value: 350.5 }, { description: 'Labour', quantity: 1.5, value: 80 }], number: 40, total: 1 });
    expect(e1).toMatchObject({ number: 1, total: 470.5, label: '#1 Screen' });
    const e2 = await post(g, { klass: 'Estimate', items: [] });
    expect(e2).toMatchObject({ number: 2, total: 0 });
    expect(await put(g, { ...e1, number: 9, items: [{ description: 'Panel', quantity: 2, value: 0.35 }] })).toMatchObject({ number: 1, total: 0.7 });
    expect(await failure(post(g, { klass: 'Estimate', items: [{ quantity: -1, value: 'x' }] }))).toMatchObject({
      status: 422,
      reason: { 'items.0.quantity': 'must-be-greater-than-or-equal-to-0', 'items.0.value': 'is-not-a-number' },
    });
    expect(await post(g, { klass: 'Estimate' })).toMatchObject({ number: 3 });
  });

  it('maintenances: references of the account, warranty_ends_at = date + warranty days', async () => {
    const g = await newGroup(h);
    const e = await post(g, { klass: 'Equipment', identifier: 'AC-7' });
    expect(await failure(post(g, { klass: 'Maintenance', equipment_id: 'eqp-x', category_id: 'cat-x', ticket_id: 'tkt-x', warranty: 1.5 }))).toMatchObject({
      status: 422,
      reason: { warranty: 'must-be-an-integer' },
    });
    expect(await failure(post(g, { klass: 'Maintenance', equipment_id: 'eqp-x', category_id: 'cat-x', ticket_id: 'tkt-x' }))).toMatchObject({
      status: 422,
      reason: { equipment_id: 'must-exist', category_id: 'must-exist', ticket_id: 'must-exist' },
    });
    const m = await post(g, { klass: 'Maintenance', equipment_id: e._id, date: '2024-01-15', warranty: 90, next_maintenance: '2024-07-15' });
    expect(m).toMatchObject({ warranty_ends_at: '2024-04-14', equipment_identifier: 'AC-7' });
    await post(g, { klass: 'Maintenance', date: '2024-01-01', next_maintenance: '2099-01-01' });
    const due = await h.rpc.call('tickets.doc.find', { ctx: g.ctx, query: { selector: { klass: 'Maintenance', next_maintenance: { $lte: '2030-01-01' } }, sort: [{ next_maintenance: 'asc' }] } });
    expect(due.docs.map((d) => d._id)).toEqual([m._id]);
  });

  it('a renamed customer or re-labelled equipment shows in the tickets, equipment, contracts, estimates and maintenances that copy it', async () => {
    const g = await newGroup(h);
    const other = await newGroup(h);
    const customer = await post(g, { klass: 'Customer', name: 'Maria Souza' });
    const equipment = await post(g, { klass: 'Equipment', identifier: 'NB-001', customer_id: customer._id });
    const ticket = await post(g, { klass: 'Ticket', content: 'Does not power on', customer_id: customer._id, equipment_id: equipment._id });
    const contract = await post(g, { klass: 'Contract', customer_id: customer._id });
    const estimate = await post(g, { klass: 'Estimate', customer_id: customer._id, items: [] });
    const maintenance = await post(g, { klass: 'Maintenance', equipment_id: equipment._id, date: '2026-11-01', next_maintenance: '2027-05-01' });
    const unrelated = await post(g, { klass: 'Ticket', content: 'Another one' });
    const elsewhere = await post(other, { klass: 'Customer', name: 'Maria Souza' });
    expect(ticket).toMatchObject({ customer_name: 'Maria Souza', equipment_identifier: 'NB-001' });

    const get = (id: string) => h.rpc.call('tickets.doc.get', { ctx: g.ctx, id });
    await put(g, { ...customer, name: 'Maria Souza Lima' });
    // the equipment carries the customer's name too: re-label it once that copy has landed (else a stale rev: 409)
    const withName = await eventually(() => get(equipment._id), (e) => e.customer_name === 'Maria Souza Lima');
    await put(g, { ...withName, identifier: 'NB-042' } as Doc);
    const renamed = await eventually(
      () => get(ticket._id),
      (t) => t.customer_name === 'Maria Souza Lima' && t.equipment_identifier === 'NB-042',
    );
    expect(renamed.search).toContain('maria souza lima');
    expect(renamed.search).toContain('nb-042');
    expect(renamed.label).toBe(ticket.label);
    const found = await h.rpc.call('tickets.doc.find', { ctx: g.ctx, query: { selector: { klass: 'Ticket', search: { $regex: 'lima' } } } });
    expect(found.docs.map((d) => d._id)).toEqual([ticket._id]);
    await eventually(() => get(contract._id), (c) => c.customer_name === 'Maria Souza Lima' && c.label === 'Maria Souza Lima');
    await eventually(() => get(estimate._id), (e) => e.customer_name === 'Maria Souza Lima');
    await eventually(() => get(maintenance._id), (m) => m.equipment_identifier === 'NB-042' && m.label === 'NB-042 2027-05-01');
    expect((await get(unrelated._id))._rev).toBe(unrelated._rev);
    expect((await h.rpc.call('tickets.doc.get', { ctx: other.ctx, id: elsewhere._id })).name).toBe('Maria Souza');
  });

  it('leaves change events labelled for the timeline (a ticket: "#<number> <title>")', async () => {
    const g = await newGroup(h);
    const t = await post(g, { klass: 'Ticket', content: 'Fan noise\nmore' });
    const events = await eventually(
      () => changeEvents(h, g.id),
      (es) => es.some((e) => e.id === t._id),
    );
    expect(events.find((e) => e.id === t._id)).toMatchObject({ klass: 'Ticket', rev: t._rev, deleted: false, label: '#1 Fan noise' });
    expect(t.label).toBe('#1 Fan noise');
  });
});
