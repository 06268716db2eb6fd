import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const CUSTOMER = { _id: 'cus-1', _rev: '2-b', klass: 'Customer', name: 'Maria Silva' };

function api(deleteAnswer: { status: number; body: unknown }) {
  return stubApi((call: Call) => {
    if (call.method === 'GET' && call.url === '/acc-1/cus-1') return { body: CUSTOMER };
    if (call.method === 'DELETE') return deleteAnswer;
    return undefined;
  });
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe("a record's delete", { timeout: 20_000 }, () => {
  it("asks in the app's dialog with the record's name (never the browser's confirm) and deletes only on its red button", async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const { calls } = api({ status: 200, body: { ok: true, id: 'cus-1', rev: '3-c' } });
    renderAt('/account/acc-1/customers/cus-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this customer?' });
    expect(within(dialog).getByTestId('confirm-dialog-message').textContent).toBe('This deletes “Maria Silva” for everyone in the group. It cannot be undone.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/acc-1/cus-1?rev=2-b');
    // deleted: the customers list replaces the record
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('Cancel closes the dialog and deletes nothing', async () => {
    const { calls } = api({ status: 200, body: { ok: true } });
    renderAt('/account/acc-1/customers/cus-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this customer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Maria Silva' })).toBeTruthy();
  });

  it('shows a failed delete in the dialog, which stays open on the record (pt-BR)', async () => {
    api({ status: 409, body: { error: 'conflict', reason: 'Record updated by someone else, please refresh' } });
    renderAt('/account/acc-1/customers/cus-1', 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir este cliente?' });
    expect(within(dialog).getByTestId('confirm-dialog-message').textContent).toContain('“Maria Silva”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Registro atualizado por outra pessoa, por favor atualize');
    expect(screen.getByRole('dialog', { name: 'Excluir este cliente?' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Maria Silva' })).toBeTruthy();
  });
});

describe('the title of a record without a name of its own (issue 28 #7)', { timeout: 20_000 }, () => {
  it('titles a contract without a description by its customer and day, never by its id, in both languages', async () => {
    const contract = { _id: 'ctr-0123456789', _rev: '1-a', klass: 'Contract', customer_id: 'cus-1', customer_name: 'Maria Silva', created_at: '2026-11-20T12:00:00Z', active: true };
    stubApi((call: Call) => (call.method === 'GET' && call.url === '/acc-1/ctr-0123456789' ? { body: contract } : undefined));
    const { unmount } = renderAt('/account/acc-1/contracts/ctr-0123456789');
    expect(await screen.findByRole('heading', { name: 'Maria Silva · 2026-11-20' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('ctr-0123456789');
    unmount();
    renderAt('/account/acc-1/contracts/ctr-0123456789', 'pt-BR');
    expect(await screen.findByRole('heading', { name: 'Maria Silva · 20/11/2026' })).toBeTruthy();
  });

  it('titles a maintenance by its equipment and day, or "Maintenance" and the day', async () => {
    const maintenance = { _id: 'mnt-0123456789', _rev: '1-a', klass: 'Maintenance', date: '2026-11-02', created_at: '2026-11-02T12:00:00Z' };
    stubApi((call: Call) => (call.method === 'GET' && call.url === '/acc-1/mnt-0123456789' ? { body: maintenance } : undefined));
    renderAt('/account/acc-1/maintenances/mnt-0123456789');
    expect(await screen.findByRole('heading', { name: 'Maintenance · 2026-11-02' })).toBeTruthy();
  });
});
