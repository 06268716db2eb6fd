import { connect, JSONCodec, type NatsConnection } from 'nats';
import { subject, type CallerContext, type Doc, type StatusLinkReply, type StatusPageView } from '@app/proto';
import { addMember, changeEvents, ctxOf, failure, newGroup, newUser, startTickets, TestGroup, TicketsHarness } from '../testing/tickets-harness';
import { decodeQrCodes } from '../receipts/testing/pdf-qr';
import { occurrences, pdfTextOf } from '../receipts/testing/pdf-text';

// tickets.status-link (the shop's side) and tickets.status-page (the customer's page) over NATS, on the real
// Postgres/NATS/Redis with the accounts stub; the accounts and identity calls the stub does not answer (the group's
// administrators, a user's address and language) are answered here.

let h: TicketsHarness;
let g: TestGroup;
let other: TestGroup;
let responders: NatsConnection;
const codec = JSONCodec<unknown>();
const ADMIN_EMAIL = `admin-${Date.now()}@example.com`;

beforeAll(async () => {
  h = await startTickets('status_links');
  // a Brazilian shop: its creator speaks pt-BR
  g = h.accounts.group('Oficina do Zé', newUser({ locale: 'pt-BR' }));
  other = await newGroup(h, 'Other shop');
  h.accounts.setConfig(g, 'phones', JSON.stringify([{ id: 'p1', main: true, number: '(81) 3222-1111', description: 'balcão' }]));
  h.accounts.setConfig(g, 'addresses', JSON.stringify([{ id: 'a1', street: 'Rua da Aurora', number: '10', city: 'Recife', state: 'PE' }]));
  h.accounts.setConfig(g, 'receipt-configuration', 'SECRET receipt text');
  h.accounts.setConfig(g, 'created-by', g.owner.user_id);
  // the two calls the accounts stub leaves out: administrators of a group, and a user's own profile
  responders = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
  const serve = (name: string, answer: (req: Record<string, unknown>) => unknown) =>
    responders.subscribe(subject(name), {
      callback: (_err, msg) => {
        const packet = codec.decode(msg.data) as { id: string; data: Record<string, unknown> };
        msg.respond(codec.encode({ id: packet.id, isDisposed: true, response: answer(packet.data) }));
      },
    });
  serve('accounts.security.get', () => ({ admins: { roles: [g.owner.user_id] }, members: { roles: [] } }));
  serve('identity.user.get', (req) => (req.name === g.owner.user_id ? { email: ADMIN_EMAIL, fullname: 'Zé Admin', locale: 'pt-BR' } : { locale: 'en' }));
  await responders.flush();
});

afterAll(async () => {
  await responders?.drain();
  await h?.close();
});

async function post(ctx: CallerContext, doc: Record<string, unknown>): Promise<Doc> {
  return (await h.rpc.call('tickets.doc.post', { ctx, doc })).doc as Doc;
}
const get = (ctx: CallerContext, id: string) => h.rpc.call('tickets.doc.get', { ctx, id });
const link = (ctx: CallerContext, ticket_id: string, action: 'read' | 'renew' | 'revoke' | 'mail' = 'read', time_zone?: string): Promise<StatusLinkReply> =>
  h.rpc.call('tickets.status-link', { ctx, ticket_id, action, ...(time_zone ? { time_zone } : {}) });
const page = (token: string) => h.rpc.call('tickets.status-page', { action: 'read', token });
const answer = (token: string, estimate: number, decision: 'approved' | 'declined', form: string, note = '', ip: string | null = '203.0.113.7') =>
  h.rpc.call('tickets.status-page', { action: 'answer', token, estimate, decision, note, form, ip });
const tokenOf = (reply: StatusLinkReply) => reply.url!.split('/s/')[1];
const formOf = (view: StatusPageView, number: number) => view.estimates.find((e) => e.number === number)!.form!;

/** A ticket of the group with a customer, an equipment, a technician, a comment and an estimate. */
async function repair(opts: { email?: string | null } = {}) {
  const tech = await addMember(h, g, newUser({ fullname: 'SECRET Tech Name', email: `secret-tech-${Date.now()}@example.com` }));
  const customer = await post(g.ctx, { klass: 'Customer', name: 'SECRET Customer Name', cpf: '529.982.247-25', ...(opts.email === null ? {} : { email: opts.email ?? 'cliente@example.com' }) });
  const equipment = await post(g.ctx, { klass: 'Equipment', identifier: 'NB-77', maker: 'Lenovo', description: 'ThinkPad', location: 'SECRET shelf', customer_id: customer._id });
  const ticket = await post(g.ctx, {
    klass: 'Ticket',
    title: 'Notebook não liga',
    content: 'SECRET reported problem',
    problem: 'SECRET found problem',
    equipment_observation: 'SECRET equipment observation',
    customer_id: customer._id,
    equipment_id: equipment._id,
    technical_id: tech.user.user_id,
  });
  await post(g.ctx, { klass: 'Comment', ticket_id: ticket._id, content: 'SECRET internal comment' });
  const estimate = await post(g.ctx, {
    klass: 'Estimate',
    ticket_id: ticket._id,
    customer_id: customer._id,
    description: 'Troca da fonte',
    observation: 'SECRET estimate observation',
    items: [
      { description: 'Fonte', quantity: 1, value: 249.9 },
      { description: 'Mão de obra', quantity: 2, value: 80 },
    ],
  });
  return { tech, customer, equipment, ticket, estimate };
}

describe('the shop side: tickets.status-link', () => {
  it('makes a ticket’s link the first time it is asked for, and answers the same one after', async () => {
    const { ticket } = await repair();
    const first = await link(g.ctx, ticket._id, 'read', 'America/Recife');
    expect(first).toMatchObject({ ticket_id: ticket._id, state: 'active', revoked_at: null, expires_at: null, days_after_done: 30, can_mail: true });
    expect(first.url).toMatch(/^http:\/\/app\.test\/s\/[A-Za-z0-9_-]{24}$/);
    expect(first.qr!.size).toBeGreaterThanOrEqual(21);
    const member = await addMember(h, g);
    expect((await link(member.ctx, ticket._id)).url).toBe(first.url);
    const another = await repair();
    expect((await link(g.ctx, another.ticket._id)).url).not.toBe(first.url);
  });

  it('is the group’s: a member of another group, an unknown ticket or another klass’s id is 404', async () => {
    const { ticket, estimate } = await repair();
    expect((await failure(link(other.ctx, ticket._id))).status).toBe(404);
    expect((await failure(link(g.ctx, 'tkt-nope'))).status).toBe(404);
    expect((await failure(link(g.ctx, estimate._id))).status).toBe(404);
    expect((await failure(link(ctxOf(g.owner, g.owner.user_id), ticket._id))).status).toBe(403);
  });

  it('revoke and renew are for administrators: a revoked link is 404 and no link is made again until a renew', async () => {
    const { ticket } = await repair();
    const before = await link(g.ctx, ticket._id);
    const member = await addMember(h, g);
    expect((await failure(link(member.ctx, ticket._id, 'revoke'))).status).toBe(403);
    expect((await failure(link(member.ctx, ticket._id, 'renew'))).status).toBe(403);
    const readOnly = { ...g.ctx, token: { id: 'utk-1', permissions: ['read'] } };
    expect((await failure(link(readOnly, ticket._id, 'renew'))).status).toBe(403);

    const revoked = await link(g.ctx, ticket._id, 'revoke');
    expect(revoked).toMatchObject({ state: 'revoked', url: null, qr: null });
    expect(revoked.revoked_at).not.toBeNull();
    expect(await failure(page(tokenOf(before)))).toMatchObject({ status: 404, reason: 'This page does not exist or is no longer available' });
    expect(await link(member.ctx, ticket._id)).toMatchObject({ state: 'revoked', url: null });

    const renewed = await link(g.ctx, ticket._id, 'renew');
    expect(renewed.state).toBe('active');
    expect(renewed.url).not.toBe(before.url);
    expect((await page(tokenOf(renewed))).view.ticket.number).toBe(ticket.number);
    expect((await failure(page(tokenOf(before)))).status).toBe(404);
    // a renew of an active link: the old address stops at once
    const again = await link(g.ctx, ticket._id, 'renew');
    expect((await failure(page(tokenOf(renewed)))).status).toBe(404);
    expect((await page(tokenOf(again))).view.ticket.number).toBe(ticket.number);
  });

  it('mails the link to the ticket’s customer in the group’s language; a customer without an address is 422', async () => {
    const email = `cliente-${Date.now()}@example.com`;
    const { ticket } = await repair({ email });
    const mailed = await link(g.ctx, ticket._id, 'mail');
    expect(mailed.mailed_to).toBe(email);
    const mail = await h.tickets.sink.waitFor(email);
    expect(mail.subject).toBe(`Oficina do Zé: acompanhe seu conserto #${ticket.number} Notebook não liga`);
    expect(mail.text).toContain(mailed.url!);
    expect(mail.text).toContain('30 dias');

    const none = await repair({ email: null });
    expect((await link(g.ctx, none.ticket._id)).can_mail).toBe(false);
    expect(await failure(link(g.ctx, none.ticket._id, 'mail'))).toMatchObject({ status: 422, reason: 'The customer has no e-mail address' });
    await link(g.ctx, ticket._id, 'revoke');
    expect((await failure(link(g.ctx, ticket._id, 'mail'))).status).toBe(409);
  });

  it('prints the link on both copies of the service receipt, its QR code read back as the address; not once revoked', async () => {
    const { ticket } = await repair();
    const reply = await h.rpc.call('tickets.receipt.pdf', { ctx: g.ctx, kind: 'service', id: ticket._id, time_zone: 'America/Recife' });
    const pdf = Buffer.from(reply.data, 'base64');
    const url = (await link(g.ctx, ticket._id)).url!;
    expect(decodeQrCodes(pdf)).toEqual([url, url]);
    expect(occurrences(pdfTextOf(pdf), url)).toBe(2);
    await link(g.ctx, ticket._id, 'revoke');
    const after = Buffer.from((await h.rpc.call('tickets.receipt.pdf', { ctx: g.ctx, kind: 'service', id: ticket._id })).data, 'base64');
    expect(decodeQrCodes(after)).toEqual([]);
    expect(pdfTextOf(after)).not.toContain('/s/');
  });
});

describe('the customer’s page: tickets.status-page', () => {
  it('shows the shop, the ticket, its status history and the pending estimate, in the group’s language, and nothing else', async () => {
    const { ticket, customer, tech } = await repair();
    await h.rpc.call('tickets.doc.update', { ctx: g.ctx, design: 'ticket-status', handler: 'doing', id: ticket._id });
    const member = await addMember(h, g, newUser({ locale: 'en' }));
    const reply = await link(member.ctx, ticket._id, 'read', 'America/Recife');
    const { view } = await page(tokenOf(reply));
    // the group's creator speaks pt-BR: so does the page, whoever made the link
    expect(view.locale).toBe('pt-BR');
    expect(view.time_zone).toBe('America/Recife');
    expect(view.shop).toEqual({ name: 'Oficina do Zé', phones: ['(81) 3222-1111 (balcão)'], addresses: ['Rua da Aurora, 10 - Recife/PE'] });
    expect(view.ticket).toMatchObject({ number: ticket.number, title: 'Notebook não liga', equipment: 'NB-77 · Lenovo · ThinkPad', status: 'doing' });
    expect(view.ticket.events.map((e) => e.status)).toEqual(['open', 'doing']);
    expect(view.estimates).toHaveLength(1);
    expect(view.estimates[0]).toMatchObject({ description: 'Troca da fonte', total: 'US$\u00a0409,90', answer: null });
    expect(view.estimates[0].items.map((i) => i.description)).toEqual(['Fonte', 'Mão de obra']);
    const text = JSON.stringify(view);
    for (const hidden of ['SECRET', customer._id, tech.user.user_id, tech.user.email, ticket._id, g.id, 'cliente@example.com', '529']) expect([hidden, text.includes(hidden)]).toEqual([hidden, false]);
  });

  it('an unknown, malformed or other group’s token is the same 404', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'short', '../../etc/passwd', `${'x'.repeat(24)}'; DROP TABLE x; --`]) {
      expect([token, await failure(page(token))]).toEqual([token, { error: 'not_found', reason: 'This page does not exist or is no longer available', status: 404 }]);
    }
  });

  it('records an approval on the estimate and in the ticket’s history, publishes both, mails the administrators, and refuses a second answer', async () => {
    const { ticket, estimate } = await repair();
    const token = tokenOf(await link(g.ctx, ticket._id));
    const { view } = await page(token);
    const done = await answer(token, Number(estimate.number), 'approved', formOf(view, Number(estimate.number)), '  Pode fazer, obrigado!  ');
    expect(done.answered).toBe('approved');
    expect(done.view.estimates[0].answer).toMatchObject({ decision: 'approved', note: 'Pode fazer, obrigado!' });
    expect(done.view.estimates[0].form).toBeNull();

    const stored = await get(g.ctx, estimate._id);
    expect(stored.customer_answer).toMatchObject({ decision: 'approved', note: 'Pode fazer, obrigado!', via: 'status-link', ip: '203.0.113.7' });
    expect(String((stored.customer_answer as { link: string }).link)).toHaveLength(12);
    expect(JSON.stringify(stored)).not.toContain(token);
    const t = await get(g.ctx, ticket._id);
    expect(t.customer_events).toEqual([{ kind: 'estimate-approved', estimate_id: estimate._id, estimate_number: estimate.number, note: 'Pode fazer, obrigado!', at: (stored.customer_answer as { at: string }).at }]);

    // the shop's screens follow the change feed: both writes are published
    const events = await changeEvents(h, g.id);
    expect(events.some((e) => e.id === estimate._id && e.rev === stored._rev)).toBe(true);
    expect(events.some((e) => e.id === ticket._id && e.rev === t._rev)).toBe(true);

    const mail = await h.tickets.sink.waitFor(ADMIN_EMAIL, (m) => m.subject.includes(`#${String(estimate.number)}`));
    expect(mail.subject).toBe(`Oficina do Zé: o cliente aprovou o orçamento #${String(estimate.number)} do chamado #${ticket.number} Notebook não liga`);
    expect(mail.text).toContain('Pode fazer, obrigado!');
    expect(mail.text).toContain(`http://app.test/account/${g.id}/tickets/${ticket._id}`);
    expect(mail.text).not.toContain(token);

    // the same form again, or a decline: refused, nothing changes
    expect(await failure(answer(token, Number(estimate.number), 'approved', formOf(view, Number(estimate.number))))).toMatchObject({ status: 409, reason: 'This estimate was answered already' });
    expect((await failure(answer(token, Number(estimate.number), 'declined', formOf(view, Number(estimate.number))))).status).toBe(409);
    expect((await get(g.ctx, estimate._id))._rev).toBe(stored._rev);
    // a ticket edit by the shop keeps the history
    const edited = await h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: ticket._id, rev: t._rev, doc: { ...t, title: 'Notebook' } });
    expect((edited.doc as Doc).customer_events).toEqual(t.customer_events);
  });

  it('records a decline with no note; two answers at once record one', async () => {
    const { ticket, estimate } = await repair();
    const token = tokenOf(await link(g.ctx, ticket._id));
    const form = formOf((await page(token)).view, Number(estimate.number));
    const results = await Promise.allSettled([answer(token, Number(estimate.number), 'declined', form), answer(token, Number(estimate.number), 'approved', form)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const stored = await get(g.ctx, estimate._id);
    expect((stored.customer_answer as { note: unknown }).note).toBeNull();
    expect((await get(g.ctx, ticket._id)).customer_events).toHaveLength(1);
  });

  it('an edit of the estimate asks again: pending, the old answer kept aside, a form of the old version refused', async () => {
    const { ticket, estimate } = await repair();
    const token = tokenOf(await link(g.ctx, ticket._id));
    const n = Number(estimate.number);
    const oldForm = formOf((await page(token)).view, n);
    await answer(token, n, 'approved', oldForm);
    const approved = await get(g.ctx, estimate._id);
    const edited = await h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: estimate._id, rev: approved._rev, doc: { ...approved, items: [{ description: 'Fonte', quantity: 1, value: 299.9 }] } });
    const doc = edited.doc as Doc;
    expect(doc.customer_answer).toBeNull();
    expect(doc.past_answers).toEqual([approved.customer_answer]);
    const { view } = await page(token);
    expect(view.estimates[0]).toMatchObject({ answer: null, total: 'US$\u00a0299,90' });
    expect(await failure(answer(token, n, 'approved', oldForm))).toMatchObject({ status: 409, reason: 'This estimate changed since the page was opened' });
    await answer(token, n, 'declined', formOf(view, n), 'Caro demais');
    expect((await get(g.ctx, estimate._id)).customer_answer).toMatchObject({ decision: 'declined', note: 'Caro demais' });
    // an edit that does not touch what was answered keeps the answer
    const declined = await get(g.ctx, estimate._id);
    const kept = await h.rpc.call('tickets.doc.put', { ctx: g.ctx, id: estimate._id, rev: declined._rev, doc: { ...declined } });
    expect((kept.doc as Doc).customer_answer).toEqual(declined.customer_answer);
  });

  it('refuses a form of another link (403), an estimate not of this ticket (422), a note too long (422)', async () => {
    const a = await repair();
    const b = await repair();
    const tokenA = tokenOf(await link(g.ctx, a.ticket._id));
    const tokenB = tokenOf(await link(g.ctx, b.ticket._id));
    const formB = formOf((await page(tokenB)).view, Number(b.estimate.number));
    const formA = formOf((await page(tokenA)).view, Number(a.estimate.number));
    expect(await failure(answer(tokenA, Number(a.estimate.number), 'approved', formB))).toMatchObject({ status: 403, reason: 'This form is not valid' });
    expect(await failure(answer(tokenA, Number(b.estimate.number), 'approved', formB))).toMatchObject({ status: 422, reason: 'This estimate is not on this page' });
    expect(await failure(answer(tokenA, Number(a.estimate.number), 'approved', formA, 'x'.repeat(1001)))).toMatchObject({ status: 422, reason: 'The note is too long' });
    expect(await failure(answer('AAAAAAAAAAAAAAAAAAAAAAAA', Number(a.estimate.number), 'approved', formA))).toMatchObject({ status: 404 });
    expect((await get(g.ctx, a.estimate._id)).customer_answer).toBeNull();
  });

  it('stops a set time after the ticket is done (said on the page), and works again when it is reopened', async () => {
    const { ticket } = await repair();
    const reply = await link(g.ctx, ticket._id);
    const token = tokenOf(reply);
    await h.rpc.call('tickets.doc.update', { ctx: g.ctx, design: 'ticket-status', handler: 'done', id: ticket._id });
    const { view } = await page(token);
    const doneAt = view.ticket.events.at(-1)!.at;
    expect(view.expires_at).toBe(new Date(Date.parse(doneAt) + 30 * 86_400_000).toISOString());
    expect((await link(g.ctx, ticket._id)).expires_at).toBe(view.expires_at);

    // 31 days later
    await backdateLastEvent(ticket._id, 31);
    expect((await failure(page(token))).status).toBe(404);
    expect((await link(g.ctx, ticket._id)).state).toBe('expired');
    await h.rpc.call('tickets.doc.update', { ctx: g.ctx, design: 'ticket-status', handler: 'doing', id: ticket._id });
    expect((await page(token)).view.ticket.status).toBe('doing');
    expect((await link(g.ctx, ticket._id)).state).toBe('active');
  });

  it('a deleted ticket’s link is 404', async () => {
    const { ticket } = await repair();
    const token = tokenOf(await link(g.ctx, ticket._id));
    const t = await get(g.ctx, ticket._id);
    await h.rpc.call('tickets.doc.delete', { ctx: g.ctx, id: ticket._id, rev: t._rev });
    expect((await failure(page(token))).status).toBe(404);
  });
});

/** Moves the ticket's last status change `days` back, as if it had happened then. */
async function backdateLastEvent(ticketId: string, days: number): Promise<void> {
  const { rows } = await h.pool.query<{ body: Doc }>(`SELECT body FROM tickets.documents WHERE account_id = $1 AND id = $2`, [g.id, ticketId]);
  const body = rows[0].body;
  const events = body.status_events as Array<{ at: string }>;
  events[events.length - 1].at = new Date(Date.now() - days * 86_400_000).toISOString();
  await h.pool.query(`UPDATE tickets.documents SET body = $3 WHERE account_id = $1 AND id = $2`, [g.id, ticketId, JSON.stringify(body)]);
}
