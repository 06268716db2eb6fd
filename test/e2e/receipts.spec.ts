import { occurrences, pdfTextOf } from '../../services/tickets/src/receipts/testing/pdf-text';
import { createGroup, createToken, signUp, Stack, startStack, User } from './harness';

// Receipt PDFs over HTTP: GET /{account_id}/receipts/<kind>/<id>.pdf through the gateway (membership checked like the
// document API) to the tickets service, which reads the group's name and configuration from accounts.

let stack: Stack;
let owner: User;
let group: string;

beforeAll(async () => {
  stack = await startStack('receipts');
  owner = await signUp(stack, { confirm: true });
  group = (await createGroup(owner, 'Oficina do Zé')).id;
});
afterAll(async () => {
  await stack?.close();
});

/** A GET read as bytes (the test client reads bodies as text). */
async function download(path: string, headers: Record<string, string>) {
  const res = await fetch(stack.url + path, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body.toString()) };
}

const as = (user: User) => ({ cookie: user.browser.cookieHeader() });

async function create(doc: Record<string, unknown>) {
  const res = await owner.browser.post(`/${group}`, doc);
  expect(res.status).toBe(201);
  return res.body.doc;
}

describe('GET /{account_id}/receipts/<kind>/<id>.pdf', () => {
  it('downloads the 2-copy service receipt as an A4 PDF attachment', async () => {
    const customer = await create({ klass: 'Customer', name: 'Zélia Souza' });
    const ticket = await create({ klass: 'Ticket', title: 'Geladeira', content: 'Não gela', customer_id: customer._id });
    const res = await download(`/${group}/receipts/service/${ticket._id}.pdf?tz=America/Sao_Paulo`, as(owner));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ticket-${ticket.number}-receipt.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTextOf(res.body);
    for (const twice of ['Oficina do Zé', `Ticket #${ticket.number}`, 'Zélia Souza', 'Não gela']) expect([twice, occurrences(text, twice)]).toEqual([twice, 2]);
  });

  it('downloads the contract receipt and the printable estimate', async () => {
    const contract = await create({ klass: 'Contract', description: 'Plano anual', payment_kind: 'Cartão', items: [{ content: 'Revisão', number: 1 }] });
    const ticket = await create({ klass: 'Ticket', content: 'Revisão anual', contract_id: contract._id });
    const c = await download(`/${group}/receipts/contract/${ticket._id}.pdf`, as(owner));
    expect(c.status).toBe(200);
    expect(c.headers.get('content-disposition')).toBe(`attachment; filename="ticket-${ticket.number}-contract.pdf"`);
    expect(pdfTextOf(c.body)).toContain('Plano anual');

    const estimate = await create({ klass: 'Estimate', description: 'Troca', items: [{ description: 'Compressor', quantity: 1, value: 899.9 }] });
    const e = await download(`/${group}/receipts/estimate/${estimate._id}.pdf`, as(owner));
    expect(e.status).toBe(200);
    expect(e.headers.get('content-disposition')).toBe(`attachment; filename="estimate-${estimate.number}.pdf"`);
    expect(pdfTextOf(e.body)).toContain('899.90');
  });

  it('works with a bearer token of a member', async () => {
    const ticket = await create({ klass: 'Ticket', content: 'Via token' });
    const token = await createToken(owner, ['read']);
    const res = await download(`/${group}/receipts/service/${ticket._id}.pdf`, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
  });

  it('answers {error, reason}: 401 signed out, 403 for a non-member, 404 for what is not a receipt', async () => {
    const ticket = await create({ klass: 'Ticket', content: 'Privado' });
    const path = `/${group}/receipts/service/${ticket._id}.pdf`;

    const anonymous = await download(path, {});
    expect([anonymous.status, anonymous.json()]).toEqual([401, { error: 'unauthorized', reason: 'Please login again' }]);

    const stranger = await signUp(stack);
    const forbidden = await download(path, as(stranger));
    expect([forbidden.status, forbidden.json()]).toEqual([403, { error: 'forbidden', reason: 'You need a subscription to access this Group' }]);

    const notFound = { error: 'not_found', reason: 'missing' };
    for (const p of [
      `/${group}/receipts/invoice/${ticket._id}.pdf`,
      `/${group}/receipts/service/${ticket._id}`,
      `/${group}/receipts/service/tkt-nothere.pdf`,
      `/${group}/receipts/estimate/${ticket._id}.pdf`,
    ]) {
      const res = await download(p, as(owner));
      expect([p, res.status, res.json()]).toEqual([p, 404, notFound]);
    }
  });

  it('is in the OpenAPI document as a PDF download', async () => {
    const doc = (await owner.browser.get('/api/docs-json')).body;
    const op = doc.paths['/{account_id}/receipts/{kind}/{file}'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/pdf']);
    expect(op.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('has no contract receipt for a ticket without a contract while the group prints them on demand', async () => {
    const ticket = await create({ klass: 'Ticket', content: 'Sem contrato' });
    const res = await download(`/${group}/receipts/contract/${ticket._id}.pdf`, as(owner));
    expect([res.status, res.json()]).toEqual([404, { error: 'not_found', reason: 'This ticket has no contract' }]);
  });
});
