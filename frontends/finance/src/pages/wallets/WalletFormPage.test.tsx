import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const postOf = (calls: Call[]) => calls.find((c) => c.method === 'POST' && c.url === '/acc-1');
const underField = (input: HTMLElement) => within(input.closest('.mantine-InputWrapper-root') as HTMLElement);

async function choose(name: RegExp, option: string) {
  const input = screen.getByRole('textbox', { name });
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!) as HTMLElement;
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('a new wallet', { timeout: 20_000 }, () => {
  it('offers BRL, USD and EUR first, named in the language, and starts in reais', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/wallets/new', 'pt-BR');
    const currency = (await screen.findByRole('textbox', { name: /^Moeda/ })) as HTMLInputElement;
    expect(currency.value).toBe('BRL — Real brasileiro');
    fireEvent.click(currency);
    await waitFor(() => expect(currency.getAttribute('aria-controls')).toBeTruthy());
    const options = within(document.getElementById(currency.getAttribute('aria-controls')!)!).getAllByRole('option', { hidden: true });
    expect(options.slice(0, 3).map((o) => o.textContent)).toEqual(['BRL — Real brasileiro', 'USD — Dólar americano', 'EUR — Euro']);
    expect(options.length).toBeGreaterThan(100);
    expect(underField(screen.getByRole('textbox', { name: /^Saldo inicial/ })).getByText('R$')).toBeTruthy();
  });

  it('sends a card in dollars with a negative start balance and its limit, in minor units', async () => {
    const { calls } = stubApi((call) => (call.method === 'POST' ? { status: 201, body: { ok: true, id: 'wal-new', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/wallets/new', 'pt-BR');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Nome/ }), { target: { value: 'Visa' } });
    await choose(/^Moeda/, 'USD — Dólar americano');
    const start = screen.getByRole('textbox', { name: /^Saldo inicial/ });
    expect(underField(start).getByText('US$')).toBeTruthy();
    fireEvent.change(start, { target: { value: '-1.234,56' } });
    expect(screen.queryByRole('textbox', { name: /^Limite/ })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Cartão de crédito' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Limite/ }), { target: { value: '5.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(postOf(calls)).toBeTruthy());
    expect(postOf(calls)!.body).toEqual({ klass: 'Wallet', name: 'Visa', currency: 'USD', precision: null, start_balance: -123456, card: true, limit: 500000, active: true });
  });

  it('keeps a start balance already typed when the decimals change to 3, and sends it at 3 decimals', async () => {
    const { calls } = stubApi((call) => (call.method === 'POST' ? { status: 201, body: { ok: true, id: 'wal-new', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/wallets/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Precise' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Start balance/ }), { target: { value: '10.55' } });
    await choose(/^Decimals/, '3');
    expect((screen.getByRole('textbox', { name: /^Start balance/ }) as HTMLInputElement).value).toBe('10.550');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postOf(calls)).toBeTruthy());
    expect(postOf(calls)!.body).toMatchObject({ currency: 'USD', precision: 3, start_balance: 10550 });
  });

  it('needs a name, and shows the server’s field errors under their fields', async () => {
    const { calls } = stubApi((call) => (call.method === 'POST' ? { status: 422, body: { error: 'unprocessable_entity', reason: { currency: 'is-not-a-currency' } } } : undefined));
    renderAt('/account/acc-1/wallets/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await underField(screen.getByRole('textbox', { name: /^Name/ })).findByText("can't be blank")).toBeTruthy();
    expect(postOf(calls)).toBeUndefined();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Cash' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await underField(screen.getByRole('textbox', { name: /^Currency/ })).findByText('is not a currency (ISO 4217 code)')).toBeTruthy();
  });
});

// issue 27 #11: a new wallet started in reais for everybody, and its currency could never be put right
describe('a new wallet’s currency', { timeout: 20_000 }, () => {
  const currencyValue = async () => ((await screen.findByRole('textbox', { name: /^(Currency|Moeda)/ })) as HTMLInputElement).value;

  it('is the person’s (US dollars in English, reais in Portuguese) in a group without wallets, and says it can’t change once the wallet has records', async () => {
    stubApi(() => undefined);
    const { unmount } = renderAt('/account/acc-1/wallets/new');
    expect(await currencyValue()).toBe('USD — US Dollar');
    const currency = screen.getByRole('textbox', { name: /^Currency/ });
    expect(underField(currency).getByText('The currency and decimals can’t change once the wallet has records')).toBeTruthy();
    unmount();
    renderAt('/account/acc-1/wallets/new', 'pt-BR');
    expect(await currencyValue()).toBe('BRL — Real brasileiro');
    expect(underField(screen.getByRole('textbox', { name: /^Moeda/ })).getByText('A moeda e as casas decimais não podem mudar depois que a carteira tiver registros')).toBeTruthy();
  });

  it('is the group’s: the currency most of its active wallets are in', async () => {
    const wallet = (id: string, currency: string, active = true) => ({ _id: id, _rev: '1-a', klass: 'Wallet', name: id, currency, precision: null, active });
    stubApi((call) => (call.url.endsWith('/_find') ? { body: { docs: [wallet('a', 'EUR'), wallet('b', 'EUR'), wallet('c', 'USD'), wallet('d', 'JPY', false), wallet('e', 'JPY', false), wallet('f', 'JPY', false)] } } : undefined));
    renderAt('/account/acc-1/wallets/new', 'pt-BR');
    expect(await currencyValue()).toBe('EUR — Euro');
  });
});

describe('editing a wallet', { timeout: 20_000 }, () => {
  it('keeps its currency and decimals fixed once it has records and sends the change with the revision, without the balance', async () => {
    const wallet = { _id: 'wal-1', _rev: '2-b', klass: 'Wallet', name: 'Yen', currency: 'JPY', precision: null, start_balance: 1500, card: false, limit: null, active: true, balance: 99999, pending_transactions: 0, balance_after_pending: 99999, available_credit: null };
    const { calls } = stubApi((call) => {
      if (call.method === 'GET' && call.url === '/acc-1/wal-1') return { body: wallet };
      if (call.url.endsWith('/_find')) return { body: { docs: (call.body as { selector: { klass: string } }).selector.klass === 'Outgo' ? [{ _id: 'out-1' }] : [] } };
      if (call.method === 'PUT') return { body: { ok: true, id: 'wal-1', rev: '3-c' } };
      return undefined;
    });
    renderAt('/account/acc-1/wallets/wal-1/edit');
    const currency = (await screen.findByRole('textbox', { name: /^Currency/ })) as HTMLInputElement;
    await waitFor(() => expect(underField(currency).getByText('The currency and decimals can’t change: the wallet has records')).toBeTruthy());
    expect(currency.disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: /^Decimals/ }) as HTMLInputElement).disabled).toBe(true);
    const start = screen.getByRole('textbox', { name: /^Start balance/ }) as HTMLInputElement;
    expect(start.value).toBe('1,500');
    expect(underField(start).getByText('¥')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/acc-1/wal-1?rev=2-b');
    expect(put.body).toMatchObject({ name: 'Yen', currency: 'JPY', start_balance: 1500, active: false });
    for (const field of ['balance', 'pending_transactions', 'balance_after_pending', 'available_credit']) expect(put.body).not.toHaveProperty(field);
  });

  it('lets a wallet without records take another currency, with that currency’s decimals', async () => {
    const wallet = { _id: 'wal-2', _rev: '1-a', klass: 'Wallet', name: 'Wrong', currency: 'BRL', precision: 2, start_balance: 1000, card: false, limit: null, active: true, balance: 1000 };
    const { calls } = stubApi((call) => {
      if (call.method === 'GET' && call.url === '/acc-1/wal-2') return { body: wallet };
      if (call.method === 'PUT') return { body: { ok: true, id: 'wal-2', rev: '2-b' } };
      return undefined;
    });
    renderAt('/account/acc-1/wallets/wal-2/edit');
    const currency = (await screen.findByRole('textbox', { name: /^Currency/ })) as HTMLInputElement;
    await waitFor(() => expect(currency.disabled).toBe(false));
    const selectors = calls.filter((c) => c.url.endsWith('/_find')).map((c) => (c.body as { selector: { klass: string } }).selector);
    expect(selectors.filter((sel) => sel.klass !== 'Wallet')).toEqual([
      { klass: 'Income', wallet_id: 'wal-2' },
      { klass: 'Outgo', wallet_id: 'wal-2' },
      { klass: 'Transfer', $or: [{ source_wallet_id: 'wal-2' }, { destination_wallet_id: 'wal-2' }] },
      { klass: 'Exchange', $or: [{ source_wallet_id: 'wal-2' }, { destination_wallet_id: 'wal-2' }] },
    ]);
    await choose(/^Currency/, 'JPY — Japanese Yen');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ currency: 'JPY', precision: null, start_balance: 10 });
  });
});

// issue 27 #9: a too large amount said only "is invalid"
describe('the largest amount', { timeout: 20_000 }, () => {
  it('is said in the wallet’s currency, before sending and as the service answers it', async () => {
    stubApi((call) => (call.method === 'POST' ? { status: 422, body: { error: 'unprocessable_entity', reason: { start_balance: 'must-be-greater-than-or-equal-to--9000000000000' } } } : undefined));
    renderAt('/account/acc-1/wallets/new', 'pt-BR');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Nome/ }), { target: { value: 'Grande' } });
    const start = screen.getByRole('textbox', { name: /^Saldo inicial/ });
    fireEvent.change(start, { target: { value: '90.000.000.000,01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await underField(start).findByText('deve ser no máximo R$ 90.000.000.000,00')).toBeTruthy();
    fireEvent.change(start, { target: { value: '-1,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await underField(screen.getByRole('textbox', { name: /^Saldo inicial/ })).findByText('deve ser no mínimo -R$ 90.000.000.000,00')).toBeTruthy();
  });
});
