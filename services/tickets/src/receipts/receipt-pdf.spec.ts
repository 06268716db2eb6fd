import { fill, pdfText, renderReceipt } from './receipt-pdf';
import { contractReceipt, estimateModel, formatDate, formatMoney, partyOf, receiptFilename, serviceReceipt, shopOf } from './receipt-model';
import { decodeQrCodes } from './testing/pdf-qr';
import { occurrences, pageCount, pdfTextOf } from './testing/pdf-text';
import { sampleConfigs, sampleContract, sampleCustomer, sampleEquipment, sampleEstimate, sampleModels, sampleShop, sampleStatusUrl, sampleTicket } from './testing/receipt-samples';

// The receipt layout as a pure function of its model: the PDFs are rendered without compression and their text read
// back (testing/pdf-text.ts).

const raw = (model: Parameters<typeof renderReceipt>[0]) => renderReceipt(model, { compress: false });

describe('the 2-copy service receipt', () => {
  it('prints every part of the ticket twice on one A4 page, with one cut line between the shop and customer copies', async () => {
    const pdf = await raw(sampleModels('en').service);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfTextOf(pdf);
    for (const twice of [
      'Assistência Técnica Conserta Já',
      '(11) 98888-7777 (WhatsApp) · (11) 3333-4444 (loja)',
      'Rua das Flores, 123, sala 4 - Centro - São Paulo/SP - 01000-000',
      'Service receipt',
      'Ticket #42',
      '2026-11-26', // 17:05 UTC in São Paulo, year-month-day as the web app's receipt page writes it
      'Notebook não liga',
      'Maria da Silva',
      'CPF 529.982.247-25 · RG 12.345.678-9',
      'NB-0042 - Notebook Inspiron 15',
      'Dell',
      'Desligou após queda de energia.',
      'Cliente relata cheiro de queimado perto da fonte.',
      'Fonte queimada; capacitor estufado na placa-mãe.',
      'Sem bateria, arranhões na tampa.',
      'Doing',
      'Equipamentos não retirados em 90 dias serão descartados.',
      'Customer signature',
      'Shop signature',
    ]) {
      expect([twice, occurrences(text, twice)]).toEqual([twice, 2]);
    }
    expect(occurrences(text, 'Shop copy')).toBe(1);
    expect(occurrences(text, 'Customer copy')).toBe(1);
    expect(occurrences(text, 'cut here')).toBe(1);
    // the dashed cut line: a dash pattern set once, across the middle of the sheet
    expect(pdf.toString('latin1')).toMatch(/\[4 3\] 0 d/);
  });

  it('speaks Portuguese for a pt-BR caller', async () => {
    const text = pdfTextOf(await raw(sampleModels('pt-BR').service));
    expect(occurrences(text, 'Recibo de serviço')).toBe(2);
    expect(occurrences(text, 'Chamado #42')).toBe(2);
    expect(occurrences(text, '26/11/2026')).toBe(2);
    expect(occurrences(text, 'Em andamento')).toBe(2);
    expect(occurrences(text, 'Assinatura do cliente')).toBe(2);
    expect(occurrences(text, 'Via da loja')).toBe(1);
    expect(occurrences(text, 'Via do cliente')).toBe(1);
    expect(occurrences(text, 'corte aqui')).toBe(1);
  });

  it('prints the status page on both copies: its address, and a QR code that a decoder reads as that address (issue 31)', async () => {
    for (const compress of [false, true]) {
      const pdf = await renderReceipt(sampleModels('en').service, { compress });
      expect(decodeQrCodes(pdf)).toEqual([sampleStatusUrl, sampleStatusUrl]);
    }
    const text = pdfTextOf(await raw(sampleModels('pt-BR').service));
    expect(occurrences(text, sampleStatusUrl)).toBe(2);
    expect(occurrences(text, 'Acompanhe o conserto')).toBe(2);
  });

  it('prints no QR code when the ticket has no live status link (revoked or expired)', async () => {
    const model = { ...sampleModels('en').service, statusLink: null };
    const pdf = await raw(model);
    expect(decodeQrCodes(pdf)).toEqual([]);
    expect(pdfTextOf(pdf)).not.toContain('/s/');
    expect(pageCount(pdf)).toBe(1);
  });

  it('cuts a reported problem too long for half a page with an ellipsis, and stays on one page', async () => {
    const content = `${'The screen flickers when the lid moves. '.repeat(80)}THE END`;
    const pdf = await raw(sampleModels('en', { content }).service);
    expect(pageCount(pdf)).toBe(1);
    const text = pdfTextOf(pdf);
    expect(text).not.toContain('THE END');
    expect(occurrences(text, '…')).toBe(2);
    expect(occurrences(text, 'Customer signature')).toBe(2);
  });

  it('prints a ticket without customer, equipment, found problem or shop configuration', async () => {
    const model = serviceReceipt({ number: 1, content: 'Broken', status: 'open', created_at: '2026-01-02T03:04:05Z' }, { customer: null, equipment: null }, shopOf('Shop', []), { locale: 'en' });
    const pdf = await raw(model);
    expect(pageCount(pdf)).toBe(1);
    const text = pdfTextOf(pdf);
    expect(occurrences(text, 'Ticket #1')).toBe(2);
    expect(occurrences(text, 'Broken')).toBe(2);
    expect(occurrences(text, 'Open')).toBe(2);
    expect(occurrences(text, 'FOUND PROBLEM')).toBe(0);
  });

  it('names the denormalised customer and equipment when their documents are gone', () => {
    const model = serviceReceipt({ ...sampleTicket, customer_name: 'Old Customer', equipment_identifier: 'EQ-9' }, { customer: null, equipment: null }, sampleShop(), { locale: 'en' });
    expect(model.customer?.name).toBe('Old Customer');
    expect(model.equipment?.identifier).toBe('EQ-9');
  });
});

describe('the contract receipt', () => {
  it('prints the contract, its items, the payment kind and the customer', async () => {
    const pdf = await raw(sampleModels('en').contract);
    expect(pageCount(pdf)).toBe(1);
    const text = pdfTextOf(pdf);
    for (const once of [
      'Contract receipt',
      'Ticket #42',
      'Maria da Silva',
      'CPF 529.982.247-25',
      'Manutenção mensal de 10 equipamentos',
      'Boleto mensal',
      'Manutenção preventiva mensal',
      'Atendimento em até 24 horas',
      'Garantia de 90 dias para o serviço executado.',
      'Customer signature',
    ]) {
      expect([once, occurrences(text, once)]).toEqual([once, 1]);
    }
  });

  it('is a blank form when the account prints contract receipts always and the ticket has none', async () => {
    const text = pdfTextOf(await raw(contractReceipt(sampleTicket, { customer: sampleCustomer, contract: null }, sampleShop(), { locale: 'en' })));
    expect(text).toContain('No items');
    expect(text).toContain('Maria da Silva');
  });

  it('goes on to more pages when the items need them, the heading repeated', async () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ number: i + 1, content: `Clause number ${i + 1}` }));
    const pdf = await raw(contractReceipt(sampleTicket, { customer: null, contract: { ...sampleContract, items } }, sampleShop(), { locale: 'en' }));
    expect(pageCount(pdf)).toBeGreaterThan(1);
    const text = pdfTextOf(pdf);
    expect(text).toContain('Clause number 1\n');
    expect(text).toContain('Clause number 120');
    expect(occurrences(text, 'Item')).toBe(pageCount(pdf));
  });
});

describe('the printable estimate', () => {
  it('prints the items with quantity × value, the amounts with US$ and 2 decimals, and the estimate observation', async () => {
    const text = pdfTextOf(await raw(sampleModels('en').estimate));
    for (const once of [
      'Estimate',
      '#7',
      'Maria da Silva',
      '#42',
      'Troca da fonte e reparo da placa',
      'Fonte ATX 500W',
      'US$ 249.90',
      'Mão de obra',
      'US$ 160.00',
      '1,000',
      'US$ 1,500.00',
      'Total',
      'US$ 1,909.90',
      'Peças originais.',
      'Orçamento válido por 15 dias.',
    ]) {
      expect([once, occurrences(text, once)]).toEqual([once, once === 'US$ 249.90' ? 2 : 1]);
    }
  });

  it('uses the Brazilian separators in pt-BR', async () => {
    const text = pdfTextOf(await raw(sampleModels('pt-BR').estimate));
    expect(text).toContain('Orçamento');
    expect(text).toContain('US$ 1.909,90');
    expect(text).toContain('US$ 1.500,00');
    expect(text).toContain('26/11/2026');
    expect(text).toContain('OBSERVAÇÕES');
  });

  it('adds item amounts in cents, so the total is the sum of the printed amounts', () => {
    const model = estimateModel({ number: 1, items: [{ description: 'a', quantity: 3, value: 0.1 }, { description: 'b', quantity: 1, value: 0.2 }, { description: 'bad', quantity: -1, value: 'x' }] }, { customer: null, ticket: null }, sampleShop(), { locale: 'en' });
    expect(model.items.map((i) => i.amount)).toEqual(['US$\u00a00.30', 'US$\u00a00.20', 'US$\u00a00.00']);
    expect(model.total).toBe('US$\u00a00.50');
  });
});

describe('the receipt models', () => {
  it('reads phones and addresses from their JSON text, the main one first, leaving out the ones marked to delete', () => {
    const shop = shopOf('Shop', [
      { key: 'phones', value: JSON.stringify([{ id: '1', number: '111' }, { id: '2', number: '222', main: true, description: 'main' }, { id: '3', number: '333', marktodelete: true }]) },
      { key: 'addresses', value: [{ id: 'a', city: 'Recife', state: 'PE' }] },
      { key: 'receipt-configuration', value: '  Thanks!  ' },
    ]);
    expect(shop).toEqual({ name: 'Shop', phones: ['222 (main)', '111'], addresses: ['Recife/PE'], receiptText: 'Thanks!', estimateText: '' });
    expect(shopOf('Shop', [{ key: 'phones', value: '{not json' }]).phones).toEqual([]);
    expect(shopOf(undefined, sampleConfigs).name).toBe('');
  });

  it('formats the customer documents', () => {
    expect(partyOf({ name: 'ACME', cnpj: '11222333000181' })).toEqual({ name: 'ACME', document: 'CNPJ 11.222.333/0001-81', email: '' });
    expect(partyOf({ company_name: 'Co', document: 'RG 1' })?.name).toBe('Co');
    expect(partyOf(null)).toBeNull();
  });

  it('prints dates as the receipt page does (year-month-day in en, day/month/year in pt-BR) in the time zone asked for, UTC for an unknown one', () => {
    expect(formatDate('2026-11-26T01:30:00Z', { locale: 'pt-BR', timeZone: 'America/Sao_Paulo' })).toBe('25/11/2026');
    expect(formatDate('2026-11-26T01:30:00Z', { locale: 'en', timeZone: 'America/Sao_Paulo' })).toBe('2026-11-25');
    expect(formatDate('2026-11-26T01:30:00Z', { locale: 'pt-BR', timeZone: 'Not/AZone' })).toBe('26/11/2026');
    expect(formatDate('2026-03-04T12:00:00Z', { locale: 'en' })).toBe('2026-03-04');
    expect(formatDate(undefined, { locale: 'en' })).toBe('');
    expect(formatDate('not a date', { locale: 'en' })).toBe('');
  });

  it('prints amounts as the web app shows them: US$, a no-break space, the locale’s separators', () => {
    expect(formatMoney(604, 'pt-BR')).toBe('US$\u00a0604,00');
    expect(formatMoney(604, 'en')).toBe('US$\u00a0604.00');
    expect(formatMoney(1234567.891, 'pt-BR')).toBe('US$\u00a01.234.567,89');
    expect(formatMoney(604, 'pt-BR', 'BRL')).toBe('R$\u00a0604,00');
    expect(formatMoney(Number.NaN, 'en')).toBe('US$\u00a00.00');
  });

  it('prints an estimate of 8 × 75.50 as US$ 604,00 in pt-BR and US$ 604.00 in en (the amounts of test/browser/money.spec.ts)', async () => {
    const estimate = { number: 3, created_at: '2026-11-26T17:05:00.000Z', items: [{ description: 'Cabo', quantity: 8, value: 75.5 }] };
    for (const [locale, unit, total] of [['pt-BR', 'US$ 75,50', 'US$ 604,00'], ['en', 'US$ 75.50', 'US$ 604.00']] as const) {
      const text = pdfTextOf(await raw(estimateModel(estimate, { customer: null, ticket: null }, sampleShop(), { locale })));
      expect([locale, occurrences(text, unit), occurrences(text, total)]).toEqual([locale, 1, 2]);
    }
  });

  it('names the files after what they hold', () => {
    const m = sampleModels('en');
    expect([receiptFilename(m.service), receiptFilename(m.contract), receiptFilename(m.estimate)]).toEqual(['ticket-42-receipt.pdf', 'ticket-42-contract.pdf', 'estimate-7.pdf']);
  });

  it('keeps equipment and contract fields from the documents', () => {
    const shop = sampleShop();
    expect(serviceReceipt(sampleTicket, { customer: null, equipment: sampleEquipment }, shop, { locale: 'en' }).equipment).toEqual(sampleEquipment);
    expect(contractReceipt(sampleTicket, { customer: null, contract: sampleContract }, shop, { locale: 'en' }).contract?.items).toEqual([
      { number: '1', content: 'Manutenção preventiva mensal' },
      { number: '2', content: 'Atendimento em até 24 horas' },
    ]);
    expect(estimateModel(sampleEstimate, { customer: null, ticket: null }, shop, { locale: 'en' }).ticketNumber).toBe('');
  });
});

describe('layout helpers', () => {
  it('keeps what the standard fonts can draw and replaces the rest', () => {
    expect(pdfText('Ação € “ok” — 1\u202f2\tx\u0007')).toBe('Ação € “ok” — 1 2 x');
    expect(pdfText('日本 🙂')).toBe('?? ?');
  });

  it('shares the space: short blocks get what they need, long ones split the rest', () => {
    expect(fill([10, 500, 20], 300)).toEqual([10, 270, 20]);
    expect(fill([500, 500], 300)).toEqual([150, 150]);
    expect(fill([10, 20], 300)).toEqual([10, 20]);
  });

  it('compresses by default', async () => {
    const model = sampleModels('en').service;
    const packed = await renderReceipt(model);
    expect(packed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(packed.length).toBeLessThan((await raw(model)).length);
    expect(occurrences(pdfTextOf(packed), 'Ticket #42')).toBe(2);
  });
});
