import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFind, renderAt, stubApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

// the month's confirmed records; the outgo of 120,50 has two categories, so the view counts it under both
const RECORDS = {
  Income: [
    { currency: 'BRL', value: 500000 },
    { currency: 'BRL', value: 1000 },
    { currency: 'USD', value: 30000 },
  ],
  Outgo: [
    { currency: 'BRL', value: 150000 },
    { currency: 'BRL', value: 12050 },
    { currency: 'BRL', value: 999 },
  ],
};
const ROWS = [
  { key: ['Income', 'BRL', 'salary'], value: 500000 },
  { key: ['Outgo', 'BRL', 'rent'], value: 150000 },
  { key: ['Outgo', 'BRL', 'food'], value: 12050 },
  { key: ['Outgo', 'BRL', 'eating-out'], value: 12050 },
  { key: ['Income', 'BRL', 'food'], value: 1000 },
  { key: ['Outgo', 'BRL', ''], value: 999 },
  { key: ['Income', 'USD', 'freelance'], value: 30000 },
];
const VIEW = '/acc-1/_design/finance/_view/month';

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('the month view', { timeout: 20_000 }, () => {
  it('asks for the month of the address and shows per currency the totals (a record counted once) and a bar per category, in pt-BR', async () => {
    const { calls } = stubApi((call) => {
      if (call.url.startsWith(VIEW)) return { body: { rows: ROWS } };
      if (isFind(call, 'Income')) return { body: { docs: RECORDS.Income } };
      if (isFind(call, 'Outgo')) return { body: { docs: RECORDS.Outgo } };
      return undefined;
    });
    renderAt('/account/acc-1/finance/month?month=2026-05', 'pt-BR');
    const brl = await screen.findByTestId('month-BRL');
    expect(calls.some((c) => c.url === `${VIEW}?month=2026-05`)).toBe(true);
    expect(calls.find((c) => isFind(c, 'Outgo'))!.body).toEqual({
      selector: { klass: 'Outgo', confirmed: true, date: { $gte: '2026-05-01', $lt: '2026-06-01' } },
      fields: ['currency', 'value'],
      limit: 1000,
      skip: 0,
    });
    expect(screen.getByTestId('month-label').textContent).toBe('Maio de 2026');
    const b = within(brl);
    expect(b.getByTestId('total-income').textContent).toBe('R$\u00a05.010,00');
    expect(b.getByTestId('total-outgo').textContent).toBe('R$\u00a01.630,49');
    expect(b.getByTestId('total-net').textContent).toBe('R$\u00a03.379,51');
    const bars = b.getAllByTestId('bar-row');
    expect(bars.map((r) => r.querySelector('p')?.textContent)).toEqual(['salary', 'rent', 'food', 'eating-out', 'Sem categoria']);
    expect(within(bars[2]).getByRole('img').getAttribute('aria-label')).toBe('food: receitas R$\u00a010,00, despesas R$\u00a0120,50');
    // one scale for the chart: the biggest amount fills the width
    expect(bars[0].querySelector('[data-testid="bar-income"]')!.getAttribute('width')).toBe('100');
    expect(bars[1].querySelector('[data-testid="bar-outgo"]')!.getAttribute('width')).toBe('30');
    const usd = within(screen.getByTestId('month-USD'));
    expect(usd.getByTestId('total-income').textContent).toBe('US$\u00a0300,00');
    expect(usd.getByTestId('total-net').textContent).toBe('US$\u00a0300,00');
  });

  it('goes to the month before and after, across a year', async () => {
    const { calls } = stubApi(() => undefined);
    renderAt('/account/acc-1/finance/month?month=2026-01');
    expect((await screen.findByTestId('month-label')).textContent).toBe('January 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(screen.getByTestId('month-label').textContent).toBe('December 2025'));
    await waitFor(() => expect(calls.some((c) => c.url === `${VIEW}?month=2025-12`)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${VIEW}?month=2026-02`)).toBe(true));
  });

  it('says so when the month has no confirmed records', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/finance/month?month=2026-03');
    expect((await screen.findByTestId('empty-list')).textContent).toBe('No confirmed revenues or expenses in this month.');
  });

  it('shows the totals at the decimals the currency’s wallets keep', async () => {
    stubApi((call) => {
      if (call.url.startsWith(VIEW)) return { body: { rows: [{ key: ['Outgo', 'BRL', 'fuel'], value: 123456 }] } };
      if (isFind(call, 'Outgo')) return { body: { docs: [{ currency: 'BRL', value: 123456 }] } };
      if (isFind(call, 'Wallet')) return { body: { docs: [{ _id: 'wal-1', klass: 'Wallet', name: 'Fuel card', currency: 'BRL', precision: 3, active: true }] } };
      return undefined;
    });
    renderAt('/account/acc-1/finance/month?month=2026-05');
    await waitFor(() => expect(screen.getByTestId('total-outgo').textContent).toBe('R$\u00a0123.456'));
  });

  // issue 27 #6: 1,001 records of 90,000,000,000.00 CHF and one of 0.01 gave a total a cent short
  it('totals past 2^53 minor units to the cent, from the records (BigInt) and the view’s exact strings', async () => {
    const docs = [...Array.from({ length: 1001 }, () => ({ currency: 'CHF', value: 9_000_000_000_000 })), { currency: 'CHF', value: 1 }];
    const { calls } = stubApi((call) => {
      if (call.url.startsWith(VIEW)) return { body: { rows: [{ key: ['Income', 'CHF', ''], value: '9009000000000001' }] } };
      if (isFind(call, 'Income')) {
        const { skip } = call.body as { skip: number };
        return { body: { docs: docs.slice(skip, skip + 1000) } };
      }
      return undefined;
    });
    renderAt('/account/acc-1/finance/month?month=2032-01');
    const chf = within(await screen.findByTestId('month-CHF'));
    expect(chf.getByTestId('total-income').textContent).toBe('CHF\u00a090,090,000,000,000.01');
    expect(chf.getByTestId('total-net').textContent).toBe('CHF\u00a090,090,000,000,000.01');
    expect(chf.getByTestId('bar-income-amount').textContent).toBe('CHF\u00a090,090,000,000,000.01');
    expect(calls.filter((c) => isFind(c, 'Income')).map((c) => (c.body as { skip: number }).skip)).toEqual([0, 1000]);
  });
});
