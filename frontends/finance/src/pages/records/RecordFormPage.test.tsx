import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFind, renderAt, stubApi, WALLETS, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const postOf = (calls: Call[]) => calls.find((c) => c.method === 'POST' && c.url === '/acc-1');
const underField = (input: HTMLElement) => within(input.closest('.mantine-InputWrapper-root') as HTMLElement);

/** Picks an option of a Mantine select: its textbox, then the option in the list that textbox opened. */
async function choose(name: RegExp, option: string) {
  const input = screen.getByRole('textbox', { name });
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!) as HTMLElement;
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

/** The gateway with the sample wallets; `more` answers the rest. */
function stubWallets(more: (call: Call) => { status?: number; body: unknown } | undefined = () => undefined, wallets: unknown[] = WALLETS) {
  return stubApi((call) => (isFind(call, 'Wallet') ? { body: { docs: wallets } } : more(call)));
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('a new outgo', { timeout: 20_000 }, () => {
  it('reads 75,50 typed in pt-BR in the wallet’s currency (R$) and sends 7550 cents, the categories as tags', async () => {
    const { calls } = stubWallets((call) => (call.method === 'POST' ? { status: 201, body: { ok: true, id: 'out-new', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/outgos/new', 'pt-BR');
    await screen.findByRole('textbox', { name: /^Carteira/ });
    // the inactive wallet is not offered
    fireEvent.click(screen.getByRole('textbox', { name: /^Carteira/ }));
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual(['Itaú (BRL)', 'Nubank (BRL)', 'Wise USD (USD)']);
    fireEvent.click(screen.getByRole('option', { name: 'Itaú (BRL)', hidden: true }));
    const amount = screen.getByRole('textbox', { name: /^Valor/ });
    expect(underField(amount).getByText('R$')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '75,50' } });
    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: '2026-05-09' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Pago a' }), { target: { value: 'Padaria' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Categorias/ }), { target: { value: 'Comida, pão de queijo,comida' } });
    expect(within(screen.getByTestId('tags')).getAllByText(/.+/).map((b) => b.textContent)).toEqual(['comida', 'pão-de-queijo']);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(postOf(calls)).toBeTruthy());
    expect(postOf(calls)!.body).toEqual({ klass: 'Outgo', date: '2026-05-09', wallet_id: 'wal-itau', value: 7550, paid_to: 'Padaria', categories: ['comida', 'pão-de-queijo'], description: null });
    // then the new record's page
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === '/acc-1/out-new')).toBe(true));
  });

  it('starts on the wallet of the link, in its currency (US$), and refuses a blank amount and 7,5,0 without sending', async () => {
    const { calls } = stubWallets();
    renderAt('/account/acc-1/outgos/new?wallet=wal-usd');
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    expect((screen.getByRole('textbox', { name: /^Wallet/ }) as HTMLInputElement).value).toBe('Wise USD (USD)');
    expect(underField(amount).getByText('US$')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await underField(amount).findByText("can't be blank")).toBeTruthy();
    fireEvent.change(amount, { target: { value: '7,5,0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(underField(amount).getByText('Not an amount: type it as 1,234.56')).toBeTruthy();
    expect(postOf(calls)).toBeUndefined();
  });

  it("shows the server's 422 under the field", async () => {
    stubWallets((call) => (call.method === 'POST' ? { status: 422, body: { error: 'unprocessable_entity', reason: { wallet_id: 'is-inactive' } } } : undefined));
    renderAt('/account/acc-1/incomes/new?wallet=wal-itau', 'pt-BR');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Valor/ }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await underField(screen.getByRole('textbox', { name: /^Carteira/ })).findByText('está inativa')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says there is no active wallet yet and links to a new one', async () => {
    stubWallets(undefined, [WALLETS[3]]);
    renderAt('/account/acc-1/incomes/new');
    const notice = await screen.findByTestId('no-wallets');
    expect(notice.textContent).toBe('There is no active wallet yet. Create a wallet');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/account/acc-1/wallets/new');
  });
});

describe('a new transfer or exchange (spec §5)', { timeout: 20_000 }, () => {
  it('refuses a transfer between wallets of different currencies with the spec’s words, and sends nothing', async () => {
    const { calls } = stubWallets();
    renderAt('/account/acc-1/transfers/new');
    await screen.findByRole('textbox', { name: /^From wallet/ });
    await choose(/^From wallet/, 'Itaú (BRL)');
    await choose(/^To wallet/, 'Wise USD (USD)');
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await underField(screen.getByRole('textbox', { name: /^To wallet/ })).findByText('A transfer needs wallets of the same currency, otherwise use an exchange')).toBeTruthy();
    expect(postOf(calls)).toBeUndefined();
  });

  it('sends a transfer between two BRL wallets with its fee', async () => {
    const { calls } = stubWallets((call) => (call.method === 'POST' ? { status: 201, body: { ok: true, id: 'trf-1', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/transfers/new', 'pt-BR');
    await screen.findByRole('textbox', { name: /^Da carteira/ });
    await choose(/^Da carteira/, 'Itaú (BRL)');
    await choose(/^Para a carteira/, 'Nubank (BRL)');
    fireEvent.change(screen.getByRole('textbox', { name: /^Valor/ }), { target: { value: '1.000,00' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Tarifa/ }), { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(postOf(calls)).toBeTruthy());
    expect(postOf(calls)!.body).toMatchObject({ klass: 'Transfer', source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-nubank', value: 100000, fee: 250 });
  });

  it('refuses an exchange between wallets of one currency, in pt-BR', async () => {
    const { calls } = stubWallets();
    renderAt('/account/acc-1/exchanges/new', 'pt-BR');
    await screen.findByRole('textbox', { name: /^Da carteira/ });
    await choose(/^Da carteira/, 'Itaú (BRL)');
    await choose(/^Para a carteira/, 'Nubank (BRL)');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await underField(screen.getByRole('textbox', { name: /^Para a carteira/ })).findByText('Um câmbio precisa de carteiras de moedas diferentes')).toBeTruthy();
    expect(postOf(calls)).toBeUndefined();
  });

  it('types an exchange’s amount out in the source’s currency and in in the destination’s; the fee follows the side that pays it', async () => {
    const { calls } = stubWallets((call) => (call.method === 'POST' ? { status: 201, body: { ok: true, id: 'exc-1', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/exchanges/new');
    await screen.findByRole('textbox', { name: /^From wallet/ });
    await choose(/^From wallet/, 'Itaú (BRL)');
    await choose(/^To wallet/, 'Wise USD (USD)');
    expect(underField(screen.getByRole('textbox', { name: /^Amount out/ })).getByText('R$')).toBeTruthy();
    expect(underField(screen.getByRole('textbox', { name: /^Amount in/ })).getByText('US$')).toBeTruthy();
    expect(underField(screen.getByRole('textbox', { name: /^Fee$/ })).getByText('R$')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount out/ }), { target: { value: '1,000' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount in/ }), { target: { value: '190.00' } });
    await choose(/^Fee paid/, 'from what arrives (destination’s currency)');
    const fee = screen.getByRole('textbox', { name: /^Fee$/ });
    expect(underField(fee).getByText('US$')).toBeTruthy();
    fireEvent.change(fee, { target: { value: '2.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postOf(calls)).toBeTruthy());
    expect(postOf(calls)!.body).toMatchObject({ klass: 'Exchange', source_wallet_id: 'wal-itau', destination_wallet_id: 'wal-usd', value_out: 100000, value_in: 19000, fee: 250, fee_kind: 'destination' });
  });
});

describe('editing an income', { timeout: 20_000 }, () => {
  const INCOME = { _id: 'inc-1', _rev: '3-c', klass: 'Income', date: '2026-04-30', wallet_id: 'wal-old', value: 500000, paid_by: 'ACME', categories: ['salary'], confirmed: true, currency: 'BRL' };

  it('shows the stored values (its wallet even when inactive since), asks for an active wallet, then sends a PUT with the revision, without the service’s fields', async () => {
    const { calls } = stubWallets((call) => {
      if (call.method === 'GET' && call.url === '/acc-1/inc-1') return { body: INCOME };
      if (call.method === 'PUT') return { body: { ok: true, id: 'inc-1', rev: '4-d' } };
      return undefined;
    });
    renderAt('/account/acc-1/incomes/inc-1/edit');
    const amount = (await screen.findByRole('textbox', { name: /^Amount/ })) as HTMLInputElement;
    expect(amount.value).toBe('5,000.00');
    expect((screen.getByRole('textbox', { name: /^Wallet/ }) as HTMLInputElement).value).toBe('Old cash (BRL) (inactive)');
    expect((screen.getByRole('textbox', { name: /^Categories/ }) as HTMLInputElement).value).toBe('salary');
    fireEvent.change(amount, { target: { value: '5,100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await underField(screen.getByRole('textbox', { name: /^Wallet/ })).findByText('is inactive')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await choose(/^Wallet/, 'Itaú (BRL)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/acc-1/inc-1?rev=3-c');
    expect(put.body).toMatchObject({ klass: 'Income', value: 510000, paid_by: 'ACME', wallet_id: 'wal-itau' });
    expect(put.body).not.toHaveProperty('confirmed');
    expect(put.body).not.toHaveProperty('currency');
  });

  it('says "Record updated by someone else, please refresh" on a 409', async () => {
    stubWallets((call) => {
      if (call.method === 'GET' && call.url === '/acc-1/inc-1') return { body: { ...INCOME, wallet_id: 'wal-itau' } };
      if (call.method === 'PUT') return { status: 409, body: { error: 'conflict', reason: 'Record updated by someone else, please refresh' } };
      return undefined;
    });
    renderAt('/account/acc-1/incomes/inc-1/edit', 'pt-BR');
    await screen.findByRole('textbox', { name: /^Valor/ });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Registro atualizado por outra pessoa, por favor atualize')).toBeTruthy();
  });
});
