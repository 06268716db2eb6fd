import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFind, renderAt, selectorOf, stubApi, WALLETS, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const OUTGOS = [
  { _id: 'out-2', _rev: '1-a', klass: 'Outgo', date: '2026-05-09', wallet_id: 'wal-itau', value: 7550, paid_to: 'Padaria', description: 'Bread and milk', categories: ['food', 'eating-out'], confirmed: false, currency: 'BRL' },
  { _id: 'out-1', _rev: '2-b', klass: 'Outgo', date: '2026-05-01', wallet_id: 'wal-nubank', value: 150000, paid_to: 'Landlord', categories: [], confirmed: true, imported: true, currency: 'BRL' },
];

/** The gateway with the sample wallets and outgos; `put` answers the money handlers. */
function stubOutgos(put?: (call: Call) => { status?: number; body: unknown } | undefined, docs: unknown[] = OUTGOS) {
  return stubApi((call) => {
    if (isFind(call, 'Wallet')) return { body: { docs: WALLETS } };
    if (isFind(call, 'Outgo')) return { body: { docs } };
    if (call.method === 'PUT' && put) return put(call);
    return undefined;
  });
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('the outgos list', { timeout: 20_000 }, () => {
  it('asks for the newest first, 25 a page, and shows date, title, wallet, categories as badges, amount in reais and status', async () => {
    const { calls } = stubOutgos();
    renderAt('/account/acc-1/outgos', 'pt-BR');
    const rows = await screen.findAllByTestId('record-row');
    expect(calls.find((c) => isFind(c, 'Outgo'))!.body).toEqual({ selector: { klass: 'Outgo' }, sort: [{ date: 'desc' }, { created_at: 'desc' }], limit: 25, skip: 0 });
    const first = within(rows[0]);
    expect(first.getByText('09/05/2026')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Bread and milk' }).getAttribute('href')).toBe('/account/acc-1/outgos/out-2');
    expect(first.getByText('Itaú')).toBeTruthy();
    expect(within(first.getByTestId('tags')).getAllByText(/.+/).map((b) => b.textContent)).toEqual(['food', 'eating-out']);
    expect(first.getByTestId('record-amount').textContent).toBe('R$\u00a075,50');
    expect(first.getByTestId('status-badge').textContent).toBe('Pendente');
    expect(first.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
    const second = within(rows[1]);
    expect(second.getByRole('link', { name: 'Landlord' })).toBeTruthy();
    expect(second.getByTestId('record-amount').textContent).toBe('R$\u00a01.500,00');
    expect(second.getByTestId('status-badge').textContent).toBe('Confirmado');
    expect(second.getByTestId('imported-badge').textContent).toBe('Importado');
    expect(second.getByRole('button', { name: 'Desconfirmar' })).toBeTruthy();
    expect(second.getByRole('button', { name: 'Remover marca de importado' })).toBeTruthy();
  });

  it('confirms a row with the money handler (no body), then reads the list again and offers Unconfirm', async () => {
    const docs = OUTGOS.map((d) => ({ ...d }));
    const { calls } = stubOutgos((call) => {
      if (call.url === '/acc-1/_design/money/_update/confirm/out-2') {
        docs[0].confirmed = true;
        return { body: { ok: true, id: 'out-2', rev: '2-c', doc: docs[0] } };
      }
      return undefined;
    }, docs);
    renderAt('/account/acc-1/outgos');
    fireEvent.click(await screen.findByTestId('toggle-out-2'));
    await waitFor(() => expect(screen.getByTestId('toggle-out-2').textContent).toBe('Unconfirm'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect([put.url, put.body]).toEqual(['/acc-1/_design/money/_update/confirm/out-2', undefined]);
    expect(calls.filter((c) => isFind(c, 'Outgo')).length).toBeGreaterThan(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the service's refusal of a repeated confirm in the user's language (spec §8)", async () => {
    stubOutgos(() => ({ status: 409, body: { error: 'conflict', reason: 'Expense is already confirmed' } }));
    renderAt('/account/acc-1/outgos', 'pt-BR');
    fireEvent.click(await screen.findByTestId('toggle-out-2'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Conflito')).toBeTruthy();
    expect(within(alert).getByText('A despesa já está confirmada')).toBeTruthy();
  });

  it('removes the imported flag with the unimport handler, and says the refusal when the record is not imported', async () => {
    const { calls } = stubOutgos(() => ({ status: 409, body: { error: 'conflict', reason: 'Record is not imported' } }));
    renderAt('/account/acc-1/outgos');
    fireEvent.click(await screen.findByTestId('unimport-out-1'));
    expect(await screen.findByText('Record is not imported')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.url).toBe('/acc-1/_design/money/_update/unimport/out-1');
  });

  it('pages by 25: Next asks for the next 25', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...OUTGOS[0], _id: `out-${100 + i}` }));
    const { calls } = stubOutgos(undefined, many);
    renderAt('/account/acc-1/outgos');
    await screen.findAllByTestId('record-row');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => isFind(c, 'Outgo') && (c.body as { skip: number }).skip === 25)).toBe(true));
    expect(screen.getByTestId('page-number').textContent).toBe('Page 2');
  });

  it('shows only its error card with "Try again" when the list fails, never "Nothing here yet."', async () => {
    stubApi((call) => (isFind(call, 'Outgo') ? { status: 503, body: { error: 'service_unavailable', reason: 'finance' } } : undefined));
    renderAt('/account/acc-1/outgos');
    expect(await screen.findByTestId('retry')).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
    expect(screen.queryByTestId('empty-list')).toBeNull();
  });
});

describe("one wallet's records", { timeout: 20_000 }, () => {
  it("lists the transfers leaving or reaching the wallet of the address (?wallet=), and offers a new one from it", async () => {
    const { calls } = stubApi((call) => (isFind(call, 'Wallet') ? { body: { docs: WALLETS } } : undefined));
    renderAt('/account/acc-1/transfers?wallet=wal-itau');
    expect(await screen.findByTestId('empty-list')).toBeTruthy();
    expect(selectorOf(calls.find((c) => isFind(c, 'Transfer'))!)).toEqual({ klass: 'Transfer', $or: [{ source_wallet_id: 'wal-itau' }, { destination_wallet_id: 'wal-itau' }] });
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/account/acc-1/transfers/new?wallet=wal-itau');
  });

  it('filters by the wallet chosen above the list, and back to all wallets', async () => {
    const { calls } = stubOutgos();
    renderAt('/account/acc-1/outgos');
    await screen.findAllByTestId('record-row');
    fireEvent.click(screen.getByRole('textbox', { name: 'Filter by wallet' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nubank (BRL)', hidden: true }));
    await waitFor(() => expect(calls.some((c) => isFind(c, 'Outgo') && selectorOf(c).wallet_id === 'wal-nubank')).toBe(true));
  });
});

describe('transfers and exchanges in the list', { timeout: 20_000 }, () => {
  it('shows an exchange as its amount out → in, each in its wallet’s currency, with the fee and both wallets', async () => {
    stubApi((call) => {
      if (isFind(call, 'Wallet')) return { body: { docs: WALLETS } };
      if (isFind(call, 'Exchange'))
        return { body: { docs: [{ _id: 'exc-1', _rev: '1-a', klass: 'Exchange', date: '2026-05-02', source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-usd', value_out: 100000, value_in: 19000, fee: 250, fee_kind: 'destination', confirmed: false }] } };
      return undefined;
    });
    renderAt('/account/acc-1/exchanges');
    const [row] = await screen.findAllByTestId('record-row');
    expect(within(row).getByRole('link', { name: 'Exchange' })).toBeTruthy();
    expect(within(row).getByText('Itaú → Wise USD')).toBeTruthy();
    expect(within(row).getByTestId('record-amount').textContent).toBe('R$\u00a01,000.00 → US$\u00a0190.00Fee: US$\u00a02.50');
  });
});

describe('the outgos list on a phone', { timeout: 20_000 }, () => {
  it('shows one card per record with its title, amount, date and wallet, status and toggle, and no table', async () => {
    phoneWindow();
    stubOutgos();
    renderAt('/account/acc-1/outgos');
    const cards = await screen.findAllByTestId('record-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByTestId('list-outgos')).toBeNull();
    const first = within(cards[0]);
    expect(first.getByRole('link', { name: 'Bread and milk' })).toBeTruthy();
    expect(first.getByTestId('record-amount').textContent).toBe('R$\u00a075.50');
    expect(first.getByText('2026-05-09 · Itaú')).toBeTruthy();
    expect(first.getByTestId('status-badge').textContent).toBe('Pending');
    expect(first.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });
});
