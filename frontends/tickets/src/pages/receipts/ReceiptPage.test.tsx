import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractReceiptVisible } from '../../lib/tickets';
import { renderAt, selectorOf, settings, stubApi, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const ticket = (extra: Record<string, unknown> = {}) => ({
  _id: 'tkt-7',
  _rev: '2-a',
  klass: 'Ticket',
  number: 7,
  title: 'Laptop does not boot',
  content: 'Laptop does not boot\nbeeps three times',
  customer_id: 'cus-1',
  equipment_id: 'eqp-1',
  created_at: '2026-03-04T10:00:00.000Z',
  ...extra,
});

function api(config: Record<string, unknown>, docs: Record<string, unknown>) {
  return stubApi((call: Call) => {
    if (selectorOf(call).klass === 'AccountConfiguration') return { body: { docs: settings(config) } };
    const id = call.url.split('/')[2];
    if (call.method === 'GET' && docs[id]) return { body: docs[id] };
    return undefined;
  });
}

const shop = {
  phones: JSON.stringify([{ id: 'p1', main: true, description: 'Front desk', number: '+55 11 5555-0101' }]),
  addresses: JSON.stringify([{ id: 'a1', main: true, street: 'Rua Augusta', number: '100', city: 'São Paulo', state: 'SP', zip_code: '01304-000' }]),
  'receipt-configuration': 'Equipment not collected in 90 days will be discarded.',
};
const records = {
  'tkt-7': ticket(),
  'cus-1': { _id: 'cus-1', klass: 'Customer', name: 'Maria Silva', cpf: '52998224725' },
  'eqp-1': { _id: 'eqp-1', klass: 'Equipment', identifier: 'NB-001', maker: 'Acme' },
};

describe('the service receipt', () => {
  it('prints the same receipt twice on one page with a cut line: shop, phones, addresses, text, number, customer, equipment, problem, signatures', async () => {
    api(shop, records);
    renderAt('/account/acc-1/receipts/service/tkt-7');
    const copies = await screen.findAllByTestId('receipt-copy');
    expect(copies).toHaveLength(2);
    expect(screen.getAllByTestId('receipt-cut')).toHaveLength(1);
    for (const copy of copies) {
      const c = within(copy);
      expect(c.getByTestId('receipt-shop').textContent).toBe('Ann Repairs');
      expect(c.getByTestId('receipt-phones').textContent).toContain('Front desk: +55 11 5555-0101');
      expect(c.getByText('Rua Augusta, 100 - São Paulo/SP - 01304-000')).toBeTruthy();
      expect(c.getByTestId('receipt-number').textContent).toBe('#7');
      expect(c.getByText(/Date: 2026-03-04/)).toBeTruthy();
      expect(c.getByTestId('receipt-customer').textContent).toBe('Maria Silva');
      expect(c.getByTestId('receipt-equipment').textContent).toBe('NB-001');
      expect(c.getByTestId('receipt-problem').textContent).toBe('Laptop does not boot\nbeeps three times');
      expect(c.getByTestId('receipt-configuration').textContent).toBe(shop['receipt-configuration']);
      expect(c.getByText('Customer signature')).toBeTruthy();
    }
    expect(within(copies[0]).getByText('Shop copy')).toBeTruthy();
    expect(within(copies[1]).getByText('Customer copy')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByTestId('pdf-link').getAttribute('href')).toBe(`/acc-1/receipts/service/tkt-7.pdf?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
    // the A4 print stylesheet hides the shell's chrome and this page's buttons
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toContain('@page { size: A4;');
    expect(css).toMatch(/@media print \{\s*header, footer, nav, \.no-print/);
  });

  it('writes dates day/month/year in Portuguese', async () => {
    api(shop, records);
    renderAt('/account/acc-1/receipts/service/tkt-7', 'pt-BR');
    const copies = await screen.findAllByTestId('receipt-copy');
    expect(within(copies[0]).getByText(/Data: 04\/03\/2026/)).toBeTruthy();
    expect(within(copies[0]).getByText('Via da loja')).toBeTruthy();
  });
});

describe('the contract receipt', () => {
  it('follows the contract-receipt setting: on-demand only for tickets with a contract, always for every ticket', () => {
    expect(contractReceiptVisible('on-demand', { contract_id: 'ctr-1' })).toBe(true);
    expect(contractReceiptVisible('on-demand', {})).toBe(false);
    expect(contractReceiptVisible(undefined, {})).toBe(false);
    expect(contractReceiptVisible('always', {})).toBe(true);
  });

  it('is not shown for a ticket without a contract when on demand', async () => {
    api({}, records);
    renderAt('/account/acc-1/receipts/contract/tkt-7');
    expect(await screen.findByTestId('contract-receipt-hidden')).toBeTruthy();
    expect(screen.queryByTestId('receipt-sheet')).toBeNull();
  });

  it('is shown with the contract and its items for a ticket with a contract', async () => {
    api({}, {
      ...records,
      'tkt-7': ticket({ contract_id: 'ctr-1' }),
      'ctr-1': { _id: 'ctr-1', klass: 'Contract', description: 'Monthly support', payment_kind: 'monthly', items: [{ number: '1', content: 'Two visits a month' }] },
    });
    renderAt('/account/acc-1/receipts/contract/tkt-7');
    expect((await screen.findByTestId('receipt-contract')).textContent).toContain('Monthly support');
    expect(screen.getByText('Two visits a month')).toBeTruthy();
  });

  it('is shown for a ticket without a contract when always', async () => {
    api({ 'contract-receipt': 'always' }, records);
    renderAt('/account/acc-1/receipts/contract/tkt-7');
    expect(await screen.findByTestId('receipt-sheet')).toBeTruthy();
    expect(screen.queryByTestId('contract-receipt-hidden')).toBeNull();
  });
});

describe('the printable estimate', () => {
  it('lists the items with quantity × value, the amounts with US$ and 2 decimals, the observation and the account text', async () => {
    api({ 'estimate-observation': 'Valid for 15 days.' }, {
      'est-3': {
        _id: 'est-3',
        klass: 'Estimate',
        number: 3,
        description: 'Board repair',
        customer_id: 'cus-1',
        observation: 'Parts ordered on approval.',
        items: [
          { description: 'Capacitor', quantity: 4, value: 2.5 },
          { description: 'Labour', quantity: 1, value: 120 },
        ],
        total: 130,
        created_at: '2026-03-05T09:00:00.000Z',
      },
      'cus-1': records['cus-1'],
    });
    renderAt('/account/acc-1/receipts/estimate/est-3');
    expect((await screen.findByTestId('receipt-total')).textContent).toBe('US$\u00a0130.00');
    const rows = within(screen.getByTestId('receipt-items')).getAllByRole('row');
    expect(rows[1].textContent).toBe('Capacitor4US$\u00a02.50US$\u00a010.00');
    expect(screen.getByTestId('receipt-observation').textContent).toBe('Parts ordered on approval.');
    expect(screen.getByTestId('receipt-estimate-observation').textContent).toBe('Valid for 15 days.');
    expect(screen.getByTestId('receipt-number').textContent).toBe('#3');
    expect(screen.getByTestId('pdf-link').getAttribute('href')).toBe(`/acc-1/receipts/estimate/est-3.pdf?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
  });
});
