import { screen, within } from '@testing-library/react';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const summary = (s: Record<string, unknown> & { _id: string }) => ({ precision: 2, start_balance: 0, active: true, card: false, limit: null, pending_transactions: 0, available_credit: null, ...s });
const SUMMARIES = [
  summary({ _id: 'wal-old', name: 'Old cash', currency: 'BRL', balance: 0, balance_after_pending: 0, active: false }),
  summary({ _id: 'wal-nubank', name: 'Nubank', currency: 'BRL', balance: -120050, balance_after_pending: -150050, pending_transactions: 2, card: true, limit: 500000, available_credit: 379950 }),
  summary({ _id: 'wal-itau', name: 'Itaú', currency: 'BRL', balance: 1234567, balance_after_pending: 1234567 }),
  summary({ _id: 'wal-usd', name: 'Wise USD', currency: 'USD', balance: 19000, balance_after_pending: 19000 }),
];
const VIEW = '/acc-1/_design/finance/_view/wallets';
const stubView = () => stubApi((call) => (call.url === VIEW ? { body: { rows: SUMMARIES.map((value) => ({ key: value._id, value })) } } : undefined));

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('the wallets list', { timeout: 20_000 }, () => {
  it('shows each wallet’s balance, balance after pending and, for cards, the available credit, active ones first', async () => {
    const { calls } = stubView();
    renderAt('/account/acc-1/wallets', 'pt-BR');
    const rows = await screen.findAllByTestId('wallet-row');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${VIEW}`]);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Itaú', 'Nubank', 'Wise USD', 'Old cash']);
    const [itau, nubank, usd, old] = rows.map((r) => within(r));
    expect(itau.getByTestId('wallet-balance').textContent).toBe('R$\u00a012.345,67');
    expect(itau.getByTestId('wallet-credit').textContent).toBe('—');
    expect(nubank.getByTestId('wallet-balance').textContent).toBe('-R$\u00a01.200,50');
    expect(nubank.getByTestId('wallet-after-pending').textContent).toBe('-R$\u00a01.500,502 registros pendentes');
    expect(nubank.getByTestId('wallet-credit').textContent).toBe('R$\u00a03.799,50');
    expect(nubank.getByText('Cartão')).toBeTruthy();
    expect(usd.getByTestId('wallet-balance').textContent).toBe('US$\u00a0190,00');
    expect(old.getByText('Inativa')).toBeTruthy();
    expect(itau.getByRole('link').getAttribute('href')).toBe('/account/acc-1/wallets/wal-itau');
  });

  it('shows cards on a phone, with the card’s available credit', async () => {
    phoneWindow();
    stubView();
    renderAt('/account/acc-1/wallets');
    const cards = await screen.findAllByTestId('wallet-card');
    expect(screen.queryByTestId('wallets-table')).toBeNull();
    const nubank = within(cards[1]);
    expect(nubank.getByRole('link').textContent).toBe('Nubank');
    expect(nubank.getByTestId('wallet-balance').textContent).toBe('-R$\u00a01,200.50');
    expect(nubank.getByTestId('wallet-credit').textContent).toBe('R$\u00a03,799.50');
    expect(nubank.getByText('2 pending records')).toBeTruthy();
    expect(within(cards[0]).queryByTestId('wallet-credit')).toBeNull();
  });

  it('says there is none yet, with a New button', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/wallets');
    expect((await screen.findByTestId('empty-list')).textContent).toBe('Nothing here yet.');
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/account/acc-1/wallets/new');
  });
});
