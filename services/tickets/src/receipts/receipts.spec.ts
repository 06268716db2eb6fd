import type { CallerContext, Doc, ReceiptPdfReply } from '@app/proto';
import { addMember, ctxOf, failure, newGroup, newUser, startTickets, TestGroup, TicketsHarness } from '../testing/tickets-harness';
import { NO_CONTRACT } from './receipts.service';
import { occurrences, pageCount, pdfTextOf } from './testing/pdf-text';

// tickets.receipt.pdf over NATS: the records come from the tickets store, the shop's name and configuration from the
// accounts service; the PDF comes back as base64.

let h: TicketsHarness;
let g: TestGroup;

beforeAll(async () => {
  h = await startTickets('receipts');
  g = await newGroup(h, 'Conserta Já');
  h.accounts.setConfig(g, 'phones', JSON.stringify([{ id: 'p1', main: true, number: '(81) 3222-1111', description: 'balcão' }]));
  h.accounts.setConfig(g, 'addresses', JSON.stringify([{ id: 'a1', street: 'Rua da Aurora', number: '10', city: 'Recife', state: 'PE' }]));
  h.accounts.setConfig(g, 'receipt-configuration', 'Garantia de 90 dias.');
  h.accounts.setConfig(g, 'estimate-observation', 'Válido por 10 dias.');
});

afterAll(() => h?.close());

async function post(ctx: CallerContext, doc: Record<string, unknown>): Promise<Doc> {
  return (await h.rpc.call('tickets.doc.post', { ctx, doc })).doc as Doc;
}

const pdf = (ctx: CallerContext, kind: 'service' | 'contract' | 'estimate', id: string, time_zone?: string) =>
  h.rpc.call('tickets.receipt.pdf', { ctx, kind, id, ...(time_zone ? { time_zone } : {}) });

function text(reply: ReceiptPdfReply): string {
  const bytes = Buffer.from(reply.data, 'base64');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfTextOf(bytes);
}

describe('tickets.receipt.pdf', () => {
  it('builds the 2-copy service receipt from the ticket, its customer and equipment, and the shop configuration', async () => {
    const customer = await post(g.ctx, { klass: 'Customer', name: 'João Pereira', cpf: '529.982.247-25' });
    const equipment = await post(g.ctx, { klass: 'Equipment', identifier: 'SN-778', maker: 'Lenovo', description: 'ThinkPad' });
    const ticket = await post(g.ctx, { klass: 'Ticket', title: 'Notebook', content: 'Tela piscando', problem: 'Cabo flat solto', customer_id: customer._id, equipment_id: equipment._id });
    const reply = await pdf(g.ctx, 'service', ticket._id, 'America/Recife');
    expect(reply.content_type).toBe('application/pdf');
    expect(reply.filename).toBe(`ticket-${ticket.number}-receipt.pdf`);
    const bytes = Buffer.from(reply.data, 'base64');
    expect(pageCount(bytes)).toBe(1);
    const t = text(reply);
    for (const twice of ['Conserta Já', '(81) 3222-1111 (balcão)', 'Rua da Aurora, 10 - Recife/PE', `Ticket #${ticket.number}`, 'João Pereira', 'CPF 529.982.247-25', 'SN-778 - ThinkPad', 'Lenovo', 'Tela piscando', 'Cabo flat solto', 'Open', 'Garantia de 90 dias.']) {
      expect([twice, occurrences(t, twice)]).toEqual([twice, 2]);
    }
  });

  it('prints in Portuguese for a pt-BR caller, for any member of the group', async () => {
    const member = await addMember(h, g, newUser({ locale: 'pt-BR' }));
    const ticket = await post(g.ctx, { klass: 'Ticket', content: 'Não liga' });
    const t = text(await pdf(member.ctx, 'service', ticket._id));
    expect(occurrences(t, 'Recibo de serviço')).toBe(2);
    expect(occurrences(t, 'Via do cliente')).toBe(1);
  });

  it('prints the contract receipt of a ticket with a contract', async () => {
    const customer = await post(g.ctx, { klass: 'Customer', name: 'Padaria Central', cnpj: '11.222.333/0001-81' });
    const contract = await post(g.ctx, { klass: 'Contract', customer_id: customer._id, description: 'Suporte mensal', payment_kind: 'Pix', items: [{ content: 'Visita semanal', number: 1 }] });
    const ticket = await post(g.ctx, { klass: 'Ticket', content: 'Impressora', contract_id: contract._id });
    const reply = await pdf(g.ctx, 'contract', ticket._id);
    expect(reply.filename).toBe(`ticket-${ticket.number}-contract.pdf`);
    const t = text(reply);
    for (const once of ['Contract receipt', 'Padaria Central', 'CNPJ 11.222.333/0001-81', 'Suporte mensal', 'Pix', 'Visita semanal', 'Garantia de 90 dias.']) {
      expect([once, occurrences(t, once)]).toEqual([once, 1]);
    }
  });

  it('has no contract receipt for a ticket without a contract when the group prints them on demand; a blank one when always', async () => {
    const other = await newGroup(h, 'Other shop');
    const ticket = await post(other.ctx, { klass: 'Ticket', content: 'Sem contrato' });
    expect(await failure(pdf(other.ctx, 'contract', ticket._id))).toEqual({ error: 'not_found', reason: NO_CONTRACT, status: 404 });
    h.accounts.setConfig(other, 'contract-receipt', 'always');
    const t = text(await pdf(other.ctx, 'contract', ticket._id));
    expect(t).toContain('Contract receipt');
    expect(t).toContain('No items');
  });

  it('prints the estimate with its items, the amounts with US$ and 2 decimals, and the estimate observation', async () => {
    const customer = await post(g.ctx, { klass: 'Customer', name: 'Ana Lima' });
    const estimate = await post(g.ctx, {
      klass: 'Estimate',
      customer_id: customer._id,
      description: 'Reparo',
      items: [
        { description: 'Tela', quantity: 1, value: 350.5 },
        { description: 'Mão de obra', quantity: 2, value: 60 },
      ],
    });
    const reply = await pdf(g.ctx, 'estimate', estimate._id);
    expect(reply.filename).toBe(`estimate-${estimate.number}.pdf`);
    const t = text(reply);
    for (const once of ['Ana Lima', 'Reparo', 'Tela', 'US$ 350.50', 'Mão de obra', 'US$ 120.00', 'US$ 470.50', 'Válido por 10 dias.']) {
      expect([once, occurrences(t, once)]).toEqual([once, once === 'US$ 350.50' ? 2 : 1]);
    }
  });

  it('prints a pt-BR caller’s estimate with the Brazilian separators and the date as the receipt page writes it, in the time zone asked for', async () => {
    const member = await addMember(h, g, newUser({ locale: 'pt-BR' }));
    const estimate = await post(g.ctx, { klass: 'Estimate', description: 'Cabos', items: [{ description: 'Cabo', quantity: 8, value: 75.5 }] });
    const t = text(await pdf(member.ctx, 'estimate', estimate._id, 'America/Recife'));
    expect(occurrences(t, 'US$ 75,50')).toBe(1);
    expect(occurrences(t, 'US$ 604,00')).toBe(2); // the line and the total
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Recife' }).format(new Date(String(estimate.created_at))).split('-');
    expect(t).toContain(`${day[2]}/${day[1]}/${day[0]}`);
    const en = text(await pdf(g.ctx, 'estimate', estimate._id, 'America/Recife'));
    expect(occurrences(en, 'US$ 604.00')).toBe(2);
    expect(en).toContain(day.join('-'));
  });

  it('answers 404 for a missing or deleted record, or an id of another kind', async () => {
    const ticket = await post(g.ctx, { klass: 'Ticket', content: 'Gone soon' });
    const missing = { error: 'not_found', reason: 'missing', status: 404 };
    expect(await failure(pdf(g.ctx, 'service', 'tkt-doesnotexist'))).toEqual(missing);
    expect(await failure(pdf(g.ctx, 'estimate', ticket._id))).toEqual(missing);
    expect(await failure(pdf(g.ctx, 'service', 'cus-whatever'))).toEqual(missing);
    await h.rpc.call('tickets.doc.delete', { ctx: g.ctx, id: ticket._id, rev: ticket._rev });
    expect(await failure(pdf(g.ctx, 'service', ticket._id))).toEqual(missing);
  });

  it('does not print another group’s ticket, nor for a user database', async () => {
    const other = await newGroup(h, 'Third shop');
    const ticket = await post(other.ctx, { klass: 'Ticket', content: 'Private' });
    expect((await failure(pdf(g.ctx, 'service', ticket._id))).status).toBe(404);
    const user = newUser();
    expect((await failure(pdf(ctxOf(user), 'service', ticket._id))).status).toBe(403);
  });
});
