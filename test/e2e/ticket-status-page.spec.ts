import { GatewayMetrics } from '../../gateway/src/metrics/gateway-metrics';
import { STATUS_PAGE_CSP } from '../../gateway/src/status-page/status-page.config';
import { decodeQrCodes } from '../../services/tickets/src/receipts/testing/pdf-qr';
import { createGroup, eventually, nextMail, signUp, startStack, type Stack, type User } from './harness';

// A ticket's status page for its customer (issue 31), through the gateway as the shop and a customer meet it: the
// shop's member reads the link (also on the receipt PDF, its QR code decoded), the customer opens /s/<token> with no
// login and reads it as text (what it shows and what it must not), approves the estimate from the page's form, and
// the approval lands on the estimate, in the ticket's history, on the shop's live stream and in the administrators'
// mail; a second answer is refused, a revoked or expired link is the same 404 as an unknown one, guessing is limited.

let stack: Stack;
let owner: User;
let group: string;
/** the customer's browser: no cookie, no session */
let customer: ReturnType<Stack['browser']>;

const CUSTOMER_EMAIL = `maria-${Date.now()}@example.com`;

beforeAll(async () => {
  // X-Forwarded-For names the client, so each test's requests come "from" an address of its own
  stack = await startStack('status_page', { TRUST_PROXY: 'true', STATUS_PAGE_MISS_MAX: '10' });
  owner = await signUp(stack, { confirm: true, locale: 'pt-BR' });
  group = (await createGroup(owner, 'Oficina do Zé')).id;
  customer = stack.browser();
  for (const [key, value] of [
    ['phones', JSON.stringify([{ id: 'p1', main: true, number: '+55 81 3222-1111', description: 'balcão' }])],
    ['addresses', JSON.stringify([{ id: 'a1', main: true, street: 'Rua da Aurora', number: '10', city: 'Recife', state: 'PE' }])],
    ['receipt-configuration', 'SECRET-RECEIPT-TEXT'],
  ]) {
    const res = await owner.browser.post(`/${group}`, { klass: 'AccountConfiguration', key, value });
    if (res.status !== 201) throw new Error(`config ${key}: ${res.status} ${res.text}`);
  }
});
afterAll(async () => {
  await stack?.close();
});

async function create(doc: Record<string, unknown>) {
  const res = await owner.browser.post(`/${group}`, doc);
  expect(res.status).toBe(201);
  return res.body.doc;
}

/** A repair: customer, equipment, ticket (the owner its technician), a comment, a pending estimate; and another ticket. */
async function repair(email: string | null = CUSTOMER_EMAIL) {
  const cus = await create({ klass: 'Customer', name: 'SECRET-CUSTOMER Maria', cpf: '529.982.247-25', ...(email ? { email } : {}) });
  const eqp = await create({ klass: 'Equipment', identifier: 'NB-0042', maker: 'Dell', description: 'Inspiron', location: 'SECRET-SHELF', customer_id: cus._id });
  const ticket = await create({
    klass: 'Ticket',
    title: 'Notebook não liga',
    content: 'SECRET-REPORTED problem',
    problem: 'SECRET-FOUND problem',
    customer_id: cus._id,
    equipment_id: eqp._id,
    technical_id: owner.id,
  });
  await create({ klass: 'Comment', ticket_id: ticket._id, content: 'SECRET-COMMENT only for the shop' });
  const estimate = await create({
    klass: 'Estimate',
    ticket_id: ticket._id,
    description: 'Troca da fonte',
    observation: 'SECRET-OBSERVATION',
    items: [
      { description: 'Fonte 65W', quantity: 1, value: 249.9 },
      { description: 'Mão de obra', quantity: 2, value: 80 },
    ],
  });
  const another = await create({ klass: 'Ticket', title: 'SECRET-OTHER-TICKET', content: 'x', customer_id: cus._id });
  return { cus, eqp, ticket, estimate, another };
}

async function linkOf(ticketId: string) {
  const res = await owner.browser.get(`/${group}/tickets/${ticketId}/status-link?tz=America/Recife`);
  expect(res.status).toBe(200);
  return res.body as { url: string; state: string; qr: { size: number; path: string }; expires_at: string | null };
}

const pathOf = (url: string) => new URL(url).pathname;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
/** What a person reads: the page's text without its markup. */
function textOf(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
const formTokenOf = (html: string) => /name="form" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** The group's live stream as the shop's open screens follow it. */
async function openStream(user: User) {
  const abort = new AbortController();
  const res = await fetch(`${stack.url}/${group}/_events`, { headers: { accept: 'text/event-stream', cookie: user.browser.cookieHeader() }, signal: abort.signal });
  expect(res.status).toBe(200);
  let text = '';
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += Buffer.from(chunk).toString('utf8');
    } catch {
      // closed
    }
  })();
  return { read: () => text, close: () => abort.abort() };
}

describe('the status link, the page and an approval, end to end', () => {
  it('shows the repair to the customer with no login, takes the approval once, and the shop hears of it at once', async () => {
    const { ticket, estimate, another } = await repair();
    const link = await linkOf(ticket._id);
    expect(link.state).toBe('active');
    expect(link.url).toMatch(/^http:\/\/app\.test\/s\/[A-Za-z0-9_-]{24}$/);
    const path = pathOf(link.url);
    const token = path.slice(3);

    // the page: HTML, small, no script, its own headers
    const res = await customer.get(path, { headers: from('198.51.100.10') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(STATUS_PAGE_CSP);
    expect(STATUS_PAGE_CSP).toMatch(/default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.setCookies).toEqual([]);
    expect(Buffer.byteLength(res.text)).toBeLessThan(30 * 1024);
    expect(res.text).not.toMatch(/<script|<iframe|<img|<link|javascript:|\son\w+=/i);
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');

    // what it shows (the group's language: its creator's, pt-BR)
    const text = textOf(res.text);
    for (const shown of [
      'Oficina do Zé',
      '+55 81 3222-1111 (balcão)',
      'Rua da Aurora, 10 - Recife/PE',
      `Chamado #${ticket.number}`,
      'Notebook não liga',
      'Equipamento: NB-0042 · Dell · Inspiron',
      'Recebido',
      'Orçamento #' + String(estimate.number),
      'Troca da fonte',
      'Fonte 65W',
      'Mão de obra',
      '2 × US$ 80,00',
      'US$ 160,00',
      'Total US$ 409,90',
      'Aprovar',
      'Recusar',
      'Esta página funciona até 30 dias depois que o conserto fica pronto.',
    ]) {
      expect([shown, text.includes(shown)]).toEqual([shown, true]);
    }
    // the date of the status change, in the link's time zone
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} Recebido/);
    // and what it must not show, anywhere in the HTML (its attributes and hidden fields too; the stylesheet aside)
    const withoutStyle = res.text.replace(/<style>[\s\S]*?<\/style>/, '');
    for (const hidden of [
      'SECRET',
      'E2E User',
      owner.email,
      owner.id,
      CUSTOMER_EMAIL,
      '529.982.247-25',
      '52998224725',
      ticket._id,
      estimate._id,
      another._id,
      group,
      'tkt-',
      'est-',
      'cus-',
      'usr-',
      '_rev',
    ]) {
      expect([hidden, withoutStyle.includes(hidden)]).toEqual([hidden, false]);
    }
    // in English on request
    const en = textOf((await customer.get(`${path}?lang=en`, { headers: from('198.51.100.10') })).text);
    expect(en).toContain(`Ticket #${ticket.number}`);
    expect(en).toContain('Received');
    expect(en).toContain('Total US$ 409.90');
    expect(en).toContain('This page works until 30 days after the repair is finished.');

    // the shop's screen is open on the live stream
    const stream = await openStream(owner);
    const seen = stack.sink.to(owner.email).length;
    try {
      // the customer approves from the page's form (no script: a plain form post)
      const approved = await customer.request('POST', path, {
        form: { estimate: String(estimate.number), form: formTokenOf(res.text), note: 'Pode fazer, obrigado!', decision: 'approved' },
        headers: { ...from('198.51.100.10'), 'sec-fetch-site': 'same-origin', origin: 'null' },
      });
      expect(approved.status).toBe(200);
      expect(approved.headers.get('content-security-policy')).toBe(STATUS_PAGE_CSP);
      const after = textOf(approved.text);
      expect(after).toContain(`Obrigado: o orçamento #${String(estimate.number)} foi aprovado. A loja já foi avisada.`);
      expect(after).toMatch(/Aprovado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(after).toContain('Sua observação: Pode fazer, obrigado!');
      expect(approved.text).not.toContain('name="decision"');

      // recorded on the estimate: how, when, from where
      const est = (await owner.browser.get(`/${group}/${estimate._id}`)).body;
      expect(est.customer_answer).toMatchObject({ decision: 'approved', note: 'Pode fazer, obrigado!', via: 'status-link', ip: '198.51.100.10' });
      expect(JSON.stringify(est)).not.toContain(token);
      // in the ticket's history
      const t = (await owner.browser.get(`/${group}/${ticket._id}`)).body;
      expect(t.customer_events).toEqual([expect.objectContaining({ kind: 'estimate-approved', estimate_id: estimate._id, estimate_number: estimate.number, note: 'Pode fazer, obrigado!' })]);
      // on the shop's live stream
      await eventually(async () => stream.read(), (s) => s.includes(`"id":"${estimate._id}"`) && s.includes(`"id":"${ticket._id}"`));
      // in the administrators' mail
      const mail = await nextMail(stack, owner.email, seen, (m) => m.subject.includes('aprovou'));
      expect(mail.subject).toBe(`Oficina do Zé: o cliente aprovou o orçamento #${String(estimate.number)} do chamado #${ticket.number} Notebook não liga`);
      expect(mail.text).toContain('Pode fazer, obrigado!');
      expect(mail.text).not.toContain(token);
    } finally {
      stream.close();
    }

    // a second answer, or a change of mind, from the link: refused with the page saying so
    for (const decision of ['approved', 'declined']) {
      const again = await customer.request('POST', path, {
        form: { estimate: String(estimate.number), form: formTokenOf(res.text), note: '', decision },
        headers: { ...from('198.51.100.10'), 'sec-fetch-site': 'same-origin' },
      });
      expect(again.status).toBe(409);
      expect(textOf(again.text)).toContain('Este orçamento já foi respondido; a resposta não pode ser mudada aqui.');
    }
    expect((await owner.browser.get(`/${group}/${estimate._id}`)).body.customer_answer.decision).toBe('approved');

    // the shop edits the estimate: the customer is asked again
    const est = (await owner.browser.get(`/${group}/${estimate._id}`)).body;
    const edited = await owner.browser.put(`/${group}/${estimate._id}?rev=${est._rev}`, { ...est, items: [...est.items, { description: 'Bateria', quantity: 1, value: 300 }] });
    expect(edited.status).toBe(200);
    const asked = await customer.get(path, { headers: from('198.51.100.10') });
    expect(textOf(asked.text)).toContain('Total US$ 709,90');
    expect(asked.text).toContain('name="decision" value="declined"');
  });

  it('prints the same link on the receipt PDF, whose QR codes (both copies) decode to it', async () => {
    const { ticket } = await repair();
    const res = await fetch(`${stack.url}/${group}/receipts/service/${ticket._id}.pdf?tz=America/Recife`, { headers: { cookie: owner.browser.cookieHeader() } });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    const { url } = await linkOf(ticket._id);
    expect(decodeQrCodes(pdf)).toEqual([url, url]);
  });

  it('mails the link to the customer, from the ticket page’s button', async () => {
    const email = `cliente-${Date.now()}@example.com`;
    const { ticket } = await repair(email);
    const res = await owner.browser.post(`/${group}/tickets/${ticket._id}/status-link/_mail`);
    expect(res.status).toBe(200);
    expect(res.body.mailed_to).toBe(email);
    const mail = await stack.sink.waitFor(email);
    expect(mail.text).toContain(res.body.url);
    const none = await repair(null);
    const refused = await owner.browser.post(`/${group}/tickets/${none.ticket._id}/status-link/_mail`);
    expect([refused.status, refused.body]).toEqual([422, { error: 'unprocessable_entity', reason: 'The customer has no e-mail address' }]);
  });
});

describe('hostile clients', () => {
  it('a post from another site, or without the page’s form, is refused; bad input is a 4xx page, never a 500', async () => {
    const { ticket, estimate } = await repair();
    const path = pathOf((await linkOf(ticket._id)).url);
    const page = await customer.get(path, { headers: from('198.51.100.20') });
    const form = formTokenOf(page.text);
    const post = (fields: Record<string, string>, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) =>
      customer.request('POST', path, { form: fields, headers: { ...from('198.51.100.20'), ...headers } });
    const good = { estimate: String(estimate.number), form, note: '', decision: 'approved' };

    const foreign: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }];
    for (const headers of foreign) {
      const r = await post(good, headers);
      expect([headers, r.status]).toEqual([headers, 403]);
      expect(textOf(r.text)).toContain('Esta resposta não pôde ser aceita');
    }
    expect((await post({ ...good, form: 'forged' })).status).toBe(403);
    expect((await post({ ...good, decision: 'maybe' })).status).toBe(400);
    expect((await post({ ...good, estimate: 'abc' })).status).toBe(400);
    expect((await post({ ...good, estimate: '99999' })).status).toBe(422);
    const long = await post({ ...good, note: 'x'.repeat(1001) });
    expect(long.status).toBe(422);
    expect(textOf(long.text)).toContain('A observação é longa demais: no máximo 1000 caracteres.');
    expect((await post({ ...good, note: 'x'.repeat(5000) })).status).toBe(422);
    const json = await customer.request('POST', path, { body: { estimate: 1 }, headers: from('198.51.100.20') });
    expect(json.status).toBe(400);
    expect(json.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const multipart = await customer.request('POST', path, { raw: '--x--', contentType: 'multipart/form-data; boundary=x', headers: from('198.51.100.20') });
    expect(multipart.status).toBe(415);
    // after all that, the estimate is still waiting for its answer
    expect((await owner.browser.get(`/${group}/${estimate._id}`)).body.customer_answer).toBeNull();
    expect((await post(good)).status).toBe(200);
  });

  it('an unknown, malformed, revoked or expired link is the same plain 404 page', async () => {
    const headers = from('198.51.100.30');
    const unknown = await customer.get('/s/AAAAAAAAAAAAAAAAAAAAAAAA', { headers });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-security-policy')).toBe(STATUS_PAGE_CSP);
    expect(textOf(unknown.text)).toContain('This page does not exist or is no longer available. Ask the shop for a new link.');

    const revoked = await repair();
    const revokedPath = pathOf((await linkOf(revoked.ticket._id)).url);
    const del = await owner.browser.delete(`/${group}/tickets/${revoked.ticket._id}/status-link`);
    expect([del.status, del.body.state, del.body.url]).toEqual([200, 'revoked', null]);

    const expired = await repair();
    const expiredPath = pathOf((await linkOf(expired.ticket._id)).url);
    expect((await owner.browser.put(`/${group}/_design/ticket-status/_update/done/${expired.ticket._id}`)).status).toBe(200);
    expect((await customer.get(expiredPath, { headers })).status).toBe(200);
    // 31 days later
    const { rows } = await stack.pool.query(`SELECT body FROM tickets.documents WHERE account_id = $1 AND id = $2`, [group, expired.ticket._id]);
    const body = rows[0].body;
    body.status_events[body.status_events.length - 1].at = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await stack.pool.query(`UPDATE tickets.documents SET body = $3 WHERE account_id = $1 AND id = $2`, [group, expired.ticket._id, JSON.stringify(body)]);
    expect((await linkOf(expired.ticket._id)).state).toBe('expired');

    for (const path of [revokedPath, expiredPath, '/s/short', `/s/${'x'.repeat(90)}`, '/s/%E2%80%AE..%2F..', `${revokedPath}?lang=xx`]) {
      const r = await customer.get(path, { headers });
      expect([path, r.status, r.text, r.headers.get('content-security-policy')]).toEqual([path, 404, unknown.text, STATUS_PAGE_CSP]);
    }
    // posting to them too
    const post = await customer.request('POST', revokedPath, { form: { estimate: '1', decision: 'approved', form: 'x', note: '' }, headers: { ...headers, 'sec-fetch-site': 'same-origin' } });
    expect([post.status, post.text]).toEqual([404, unknown.text]);
  });

  it('only administrators revoke and renew; a renewed link works and the old one stops', async () => {
    const { ticket } = await repair();
    const before = await linkOf(ticket._id);
    const renewed = await owner.browser.post(`/${group}/tickets/${ticket._id}/status-link/_renew`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(before.url);
    expect((await customer.get(pathOf(renewed.body.url), { headers: from('198.51.100.40') })).status).toBe(200);
    expect((await customer.get(pathOf(before.url), { headers: from('198.51.100.40') })).status).toBe(404);
  });

  it('a member of another group cannot reach a ticket through it', async () => {
    const { ticket } = await repair();
    const stranger = await signUp(stack);
    const own = (await createGroup(stranger, 'Stranger shop')).id;
    const theirs = await stranger.browser.get(`/${group}/tickets/${ticket._id}/status-link`);
    expect([theirs.status, theirs.body]).toEqual([403, { error: 'forbidden', reason: 'You need a subscription to access this Group' }]);
    const mine = await stranger.browser.get(`/${own}/tickets/${ticket._id}/status-link`);
    expect(mine.status).toBe(404);
    expect((await stranger.browser.delete(`/${group}/tickets/${ticket._id}/status-link`)).status).toBe(403);
    expect((await customer.get(`/${group}/tickets/${ticket._id}/status-link`)).status).toBe(401);
  });

  it('guessing is limited per address: after a few unknown tokens every lookup from that address is 429', async () => {
    const { ticket } = await repair();
    const good = pathOf((await linkOf(ticket._id)).url);
    const headers = from('203.0.113.66');
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => customer.get(`/s/${String(i).padStart(24, 'G')}`, { headers })));
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const busy = await customer.get(good, { headers });
    expect(busy.status).toBe(429);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(textOf(busy.text)).toContain('Too many requests');
    // another address is not held back
    expect((await customer.get(good, { headers: from('203.0.113.67') })).status).toBe(200);
  });

  it('is in the API docs: the page, its form, and the members’ routes', async () => {
    const doc = (await stack.browser().get('/api/docs-json')).body;
    expect(Object.keys(doc.paths['/s/{token}']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/s/{token}'].get.responses['200'].content)).toEqual(['text/html']);
    expect(Object.keys(doc.paths['/{account_id}/tickets/{ticket_id}/status-link']).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(doc.paths['/{account_id}/tickets/{ticket_id}/status-link/_renew'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/{account_id}/tickets/{ticket_id}/status-link/_mail'])).toEqual(['post']);
  });

  it('the token is in no metrics label', async () => {
    const { ticket } = await repair();
    const token = pathOf((await linkOf(ticket._id)).url).slice(3);
    await customer.get(`/s/${token}`, { headers: from('198.51.100.50') });
    const figures = await stack.gateway.get(GatewayMetrics).registry.metrics();
    expect(figures).toContain('route="/s/:token"');
    expect(figures).not.toContain(token);
  });
});
