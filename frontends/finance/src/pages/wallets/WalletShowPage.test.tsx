import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const WALLET = { _id: 'wal-nubank', _rev: '1-a', klass: 'Wallet', name: 'Nubank', currency: 'BRL', precision: null, start_balance: 10000, card: true, limit: 500000, active: true };
const SUMMARY = { ...WALLET, precision: 2, balance: -120050, balance_after_pending: -150050, pending_transactions: 2, available_credit: 379950 };

function stubWallet(deleteAnswer?: { status: number; body: unknown }) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === '/acc-1/wal-nubank') return { body: WALLET };
    if (call.url === '/acc-1/_design/finance/_view/wallets') return { body: { rows: [{ key: 'wal-nubank', value: SUMMARY }] } };
    if (call.method === 'DELETE' && deleteAnswer) return deleteAnswer;
    return undefined;
  });
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe("a wallet's page", { timeout: 20_000 }, () => {
  it('shows its balance figures from the wallets view and its settings, in pt-BR', async () => {
    stubWallet();
    renderAt('/account/acc-1/wallets/wal-nubank', 'pt-BR');
    expect((await screen.findByTestId('field-balance')).textContent).toBe('-R$\u00a01.200,50');
    expect(screen.getByTestId('field-balance_after_pending').textContent).toBe('-R$\u00a01.500,50');
    expect(screen.getByTestId('field-pending_transactions').textContent).toBe('2');
    expect(screen.getByTestId('field-available_credit').textContent).toBe('R$\u00a03.799,50');
    expect(screen.getByTestId('field-currency').textContent).toBe('BRL — Real brasileiro');
    expect(screen.getByTestId('field-start_balance').textContent).toBe('R$\u00a0100,00');
    expect(screen.getByTestId('field-limit').textContent).toBe('R$\u00a05.000,00');
    expect(screen.getByTestId('field-precision').textContent).toBe('2');
  });

  it("links to the wallet's outgos, incomes, transfers and exchanges, and to a statement import into it", async () => {
    stubWallet();
    renderAt('/account/acc-1/wallets/wal-nubank');
    await screen.findByTestId('field-balance');
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('?wallet='));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/account/acc-1/outgos?wallet=wal-nubank',
      '/account/acc-1/incomes?wallet=wal-nubank',
      '/account/acc-1/transfers?wallet=wal-nubank',
      '/account/acc-1/exchanges?wallet=wal-nubank',
      '/account/acc-1/wallets-upload?wallet=wal-nubank',
    ]);
  });

  it('says in the dialog, in pt-BR, that a wallet with records cannot be deleted', async () => {
    stubWallet({ status: 409, body: { error: 'conflict', reason: 'This wallet has records: move or delete them first' } });
    renderAt('/account/acc-1/wallets/wal-nubank', 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    const error = await screen.findByTestId('confirm-dialog-error');
    expect(within(error).getByText('Esta carteira tem registros: mova-os ou exclua-os primeiro')).toBeTruthy();
  });
});
