import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, selectorOf, settings, stubApi } from '../../test/render';
import { brazilFieldsShown } from './RecordFormPage';
import { customers } from './entities';

afterEach(() => vi.unstubAllGlobals());

const VALID_CPF = '529.982.247-25';

describe('the customer form', () => {
  it('refuses a CPF with wrong check digits under the field, without calling the server', async () => {
    const { calls } = stubApi(() => undefined);
    renderAt('/account/acc-1/customers/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Maria Silva' } });
    // English interface: the Brazil-only fields are behind the switch
    expect(screen.queryByRole('textbox', { name: /^CPF/ })).toBeNull();
    fireEvent.click(screen.getByTestId('brazil-switch'));
    fireEvent.change(screen.getByRole('textbox', { name: /^CPF/ }), { target: { value: '529.982.247-26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const cpf = screen.getByRole('textbox', { name: /^CPF/ });
    await waitFor(() => expect(cpf.getAttribute('aria-invalid')).toBe('true'));
    expect(within(cpf.closest('.mantine-InputWrapper-root') as HTMLElement).getByText('is invalid')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(false);
  });

  it("sends a valid CPF and shows the server's 422 reason map under its field", async () => {
    const { calls } = stubApi((call) =>
      call.method === 'POST' && call.url === '/acc-1' ? { status: 422, body: { error: 'unprocessable_entity', reason: { cnpj: 'is invalid', name: 'has already been taken' } } } : undefined,
    );
    renderAt('/account/acc-1/customers/new', 'pt-BR');
    // Portuguese interface: the Brazil-only fields show at once
    fireEvent.change(await screen.findByRole('textbox', { name: /^CPF/ }), { target: { value: VALID_CPF } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nome$/ }), { target: { value: 'Maria Silva' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')!.body).toMatchObject({ klass: 'Customer', name: 'Maria Silva', cpf: VALID_CPF });
    expect(await screen.findByText('já está em uso')).toBeTruthy();
    const cnpj = screen.getByRole('textbox', { name: /^CNPJ/ });
    expect(within(cnpj.closest('.mantine-InputWrapper-root') as HTMLElement).getByText('não é válido')).toBeTruthy();
    // a field-error 422 is said under the fields, not in a banner
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the Brazil-only fields in pt-BR or when the record has one', () => {
    expect(brazilFieldsShown('pt-BR', {}, customers.fields)).toBe(true);
    expect(brazilFieldsShown('en', {}, customers.fields)).toBe(false);
    expect(brazilFieldsShown('en', { cnpj: '11.222.333/0001-81' }, customers.fields)).toBe(true);
    expect(brazilFieldsShown('en', { name: 'x', cpf: '  ' }, customers.fields)).toBe(false);
  });
});

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('the estimate form', { timeout: 20_000 }, () => {
  it('shows quantity × value per line and the total with US$ and two decimals, and sends numbers', async () => {
    const { calls } = stubApi((call) => (call.method === 'POST' && call.url === '/acc-1' ? { status: 201, body: { ok: true, id: 'est-1', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/estimates/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Add item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const rows = screen.getAllByTestId('item-row');
    const fill = (row: HTMLElement, label: string, value: string) => fireEvent.change(within(row).getByLabelText(label), { target: { value } });
    fill(rows[0], 'Description', 'Power supply');
    fill(rows[0], 'Quantity', '2');
    fill(rows[0], 'Value', '49.9');
    fill(rows[1], 'Description', 'Labour');
    fill(rows[1], 'Quantity', '1.5');
    fill(rows[1], 'Value', '80');
    expect(screen.getAllByTestId('item-total').map((e) => e.textContent)).toEqual(['US$\u00a099.80', 'US$\u00a0120.00']);
    expect(screen.getByTestId('items-total').textContent).toBe('Total: US$\u00a0219.80');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')!.body).toMatchObject({
      klass: 'Estimate',
      items: [
        { description: 'Power supply', quantity: 2, value: 49.9 },
        { description: 'Labour', quantity: 1.5, value: 80 },
      ],
    });
  });

  const postOf = (calls: { method: string; url: string; body: unknown }[]) => calls.find((c) => c.method === 'POST' && c.url === '/acc-1');

  it('reads 75,50 typed in pt-BR as 75.50 (not 7550): 8 × 75,50 is US$ 604,00 and the value sent is 75.5', async () => {
    const { calls } = stubApi((call) => (call.method === 'POST' && call.url === '/acc-1' ? { status: 201, body: { ok: true, id: 'est-1', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/estimates/new', 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar item' }));
    const row = screen.getAllByTestId('item-row')[0];
    fireEvent.change(within(row).getByLabelText('Descrição'), { target: { value: 'Cabo' } });
    fireEvent.change(within(row).getByLabelText('Quantidade'), { target: { value: '8' } });
    const value = within(row).getByLabelText('Valor');
    fireEvent.change(value, { target: { value: '75,50' } });
    fireEvent.blur(value);
    expect(screen.getByTestId('items-total').textContent).toBe('Total: US$\u00a0604,00');
    expect(within(row).getByText('US$')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(postOf(calls)).toBeTruthy());
    expect(postOf(calls)!.body).toMatchObject({ klass: 'Estimate', items: [{ description: 'Cabo', quantity: 8, value: 75.5 }] });
  });

  it('says under the field that 7,5,0 is not an amount, and saves nothing', async () => {
    const { calls } = stubApi(() => undefined);
    renderAt('/account/acc-1/estimates/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Add item' }));
    const row = screen.getAllByTestId('item-row')[0];
    fireEvent.change(within(row).getByLabelText('Description'), { target: { value: 'Cable' } });
    const value = within(row).getByLabelText('Value');
    fireEvent.change(value, { target: { value: '7,5,0' } });
    fireEvent.blur(value);
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(within(row).getByText('Not an amount: type it as 1,234.56')).toBeTruthy();
    expect(screen.getByTestId('items-total').textContent).toBe('Total: —');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some amounts could not be read: correct the fields marked in red.')).toBeTruthy();
    expect(postOf(calls)).toBeUndefined();
    // corrected: both errors go
    fireEvent.change(value, { target: { value: '7.50' } });
    expect(value.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText('Some amounts could not be read: correct the fields marked in red.')).toBeNull();
    expect(screen.getByTestId('items-total').textContent).toBe('Total: US$\u00a07.50');
  });
});

describe('the maintenance form', { timeout: 20_000 }, () => {
  const maintenanceOn = (post: { status: number; body: unknown }) =>
    stubApi((call) => {
      if (selectorOf(call).klass === 'AccountConfiguration') return { body: { docs: settings({ maintenance: true }) } };
      if (call.method === 'POST' && call.url === '/acc-1') return post;
      return undefined;
    });

  it('refuses 1,5 warranty days under the field (a whole number) without calling the server, and sends 30 as 30', async () => {
    const { calls } = maintenanceOn({ status: 201, body: { ok: true, id: 'mnt-1', rev: '1-a' } });
    renderAt('/account/acc-1/maintenances/new');
    const warranty = await screen.findByRole('textbox', { name: /^Warranty/ });
    fireEvent.change(warranty, { target: { value: '1,5' } });
    expect(warranty.getAttribute('aria-invalid')).toBe('true');
    expect(within(warranty.closest('.mantine-InputWrapper-root') as HTMLElement).getByText('must be an integer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(false);

    fireEvent.change(warranty, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')!.body).toMatchObject({ klass: 'Maintenance', warranty: 30 });
  });
});
