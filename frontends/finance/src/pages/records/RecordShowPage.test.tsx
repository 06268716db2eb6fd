import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFind, renderAt, stubApi, WALLETS, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const OUTGO = { _id: 'out-1', _rev: '1-a', klass: 'Outgo', date: '2026-05-09', wallet_id: 'wal-itau', value: 7550, paid_to: 'Padaria', description: 'Bread and milk', categories: ['food'], confirmed: false, currency: 'BRL' };

function stubRecord(doc: Record<string, unknown>, more: (call: Call) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubApi((call) => {
    if (isFind(call, 'Wallet')) return { body: { docs: WALLETS } };
    if (call.method === 'GET' && call.url === `/acc-1/${doc._id}`) return { body: doc };
    return more(call);
  });
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe("an outgo's page", { timeout: 20_000 }, () => {
  it('shows its fields with the amount in its wallet’s currency, the wallet linked, and says it is pending', async () => {
    stubRecord(OUTGO);
    renderAt('/account/acc-1/outgos/out-1', 'pt-BR');
    expect((await screen.findByTestId('field-value')).textContent).toBe('R$\u00a075,50');
    expect(screen.getByRole('heading', { name: 'Bread and milk' })).toBeTruthy();
    expect(screen.getByTestId('field-date').textContent).toBe('09/05/2026');
    expect(within(screen.getByTestId('field-wallet_id')).getByRole('link', { name: 'Itaú' }).getAttribute('href')).toBe('/account/acc-1/wallets/wal-itau');
    expect(screen.getByTestId('field-paid_to').textContent).toBe('Padaria');
    expect(screen.getByTestId('field-categories').textContent).toBe('food');
    expect(screen.getByTestId('status-badge').textContent).toBe('Pendente');
    expect(screen.getByTestId('status-hint').textContent).toBe('Pendente: confirme para mover o saldo da carteira.');
  });

  it('confirms it with the money handler and then shows it confirmed', async () => {
    const doc = { ...OUTGO };
    const { calls } = stubRecord(doc, (call) => {
      if (call.method === 'PUT' && call.url === '/acc-1/_design/money/_update/confirm/out-1') {
        Object.assign(doc, { confirmed: true, _rev: '2-b' });
        return { body: { ok: true, id: 'out-1', rev: '2-b', doc } };
      }
      return undefined;
    });
    renderAt('/account/acc-1/outgos/out-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('status-badge').textContent).toBe('Confirmed'));
    expect(screen.getByRole('button', { name: 'Unconfirm' })).toBeTruthy();
    expect(screen.queryByTestId('status-hint')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it("says in the dialog, in pt-BR, that a confirmed expense can't be deleted, and stays on the page", async () => {
    const { calls } = stubRecord({ ...OUTGO, confirmed: true }, (call) =>
      call.method === 'DELETE' ? { status: 409, body: { error: 'conflict', reason: 'You cannot delete a confirmed Expense' } } : undefined,
    );
    renderAt('/account/acc-1/outgos/out-1', 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    const error = await screen.findByTestId('confirm-dialog-error');
    expect(within(error).getByText('Conflito')).toBeTruthy();
    expect(within(error).getByText('Você não pode excluir uma despesa confirmada')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/acc-1/out-1?rev=1-a');
    expect(screen.getByTestId('field-value')).toBeTruthy();
  });

  it('deletes a pending one and goes back to the list', async () => {
    const { calls } = stubRecord(OUTGO, (call) => (call.method === 'DELETE' ? { body: { ok: true, id: 'out-1', rev: '2-b' } } : undefined));
    renderAt('/account/acc-1/outgos/out-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('confirm-dialog-message')).textContent).toContain('Bread and milk');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((c) => isFind(c, 'Outgo'))).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Expenses' })).toBeTruthy();
  });

  it('offers "Remove imported flag" on an imported record and says what the flag means', async () => {
    const { calls } = stubRecord({ ...OUTGO, imported: true }, (call) => (call.method === 'PUT' ? { body: { ok: true, id: 'out-1', rev: '2-b' } } : undefined));
    renderAt('/account/acc-1/outgos/out-1');
    expect((await screen.findByTestId('status-hint')).textContent).toBe('Imported: this record has not changed any wallet balance. Remove the flag to count it, or delete it if it is not wanted.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove imported flag' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.url).toBe('/acc-1/_design/money/_update/unimport/out-1');
  });

  it('shows "Not found" for a record that is gone', async () => {
    stubApi((call) => (isFind(call, 'Wallet') ? { body: { docs: WALLETS } } : undefined));
    renderAt('/account/acc-1/outgos/out-gone');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Not foundNot foundTry again');
    // the menu's link and the breadcrumb back to the list
    expect(screen.getAllByRole('link', { name: 'Expenses' })).toHaveLength(2);
  });
});

describe("an exchange's page", { timeout: 20_000 }, () => {
  it('shows the amount out in the source’s currency, in in the destination’s, and the fee with its side', async () => {
    stubRecord({ _id: 'exc-1', _rev: '1-a', klass: 'Exchange', date: '2026-05-02', source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-usd', value_out: 100000, value_in: 19000, fee: 250, fee_kind: 'destination', confirmed: true });
    renderAt('/account/acc-1/exchanges/exc-1');
    expect((await screen.findByTestId('field-value_out')).textContent).toBe('R$\u00a01,000.00');
    expect(screen.getByTestId('field-value_in').textContent).toBe('US$\u00a0190.00');
    expect(screen.getByTestId('field-fee').textContent).toBe('US$\u00a02.50 (from what arrives (destination’s currency))');
    expect(screen.getByTestId('field-source_wallet_id').textContent).toBe('Itaú');
    expect(screen.getByTestId('field-destination_wallet_id').textContent).toBe('Wise USD');
  });
});
