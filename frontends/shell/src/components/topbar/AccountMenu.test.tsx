import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeModule } from '../../modules/module-store';
import { jsonResponse, renderPage } from '../../test/render';
import { AccountMenu } from './AccountMenu';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const doc = (key: string, value: unknown) => ({ _id: `acn-${key}`, _rev: '1-a', klass: 'AccountConfiguration', key, value });

/** The answers the menu reads: open tickets, the group's settings, the deployed remotes, the session and _security. */
function stub(openTickets: Response | number, config: unknown[] = [], opts: { admin?: boolean; modules?: string[] } = {}) {
  const { admin = true, modules = ['tickets', 'notes', 'disk'] } = opts;
  const fetch = vi.fn(async (url: string) => {
    if (url.includes('count-by-open-ticket-priority')) return typeof openTickets === 'number' ? jsonResponse(200, { rows: [{ key: null, value: openTickets }] }) : openTickets;
    if (url.endsWith('/modules')) return jsonResponse(200, { modules });
    if (url.endsWith('/_session')) return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: ['usr-1', 'user', 'acc-1'] }, locale: 'en', confirmed: true });
    if (url.endsWith('/acc-1/_security')) return jsonResponse(200, { admins: { roles: admin ? ['usr-1'] : [] }, members: { roles: admin ? [] : ['usr-1'] } });
    if (url.endsWith('/_find')) return jsonResponse(200, { docs: config });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const render = () => renderPage(<AccountMenu accountId="acc-1" />, '/account/acc-1/customers', '/account/:account_id/*');

describe('AccountMenu', () => {
  it("shows the ticket module's items with the open-ticket badge, Others holding the secondary and admin items", async () => {
    const fetch = stub(12, [doc('maintenance', true)]);
    render();
    const wide = screen.getByTestId('account-menu-wide');
    // handbooks once the deployed remotes are known (notes is deployed here)
    await vi.waitFor(() =>
      expect([...wide.querySelectorAll('[data-nav]')].map((e) => e.getAttribute('data-nav'))).toEqual(['dashboard', 'tickets', 'customers', 'equipment', 'handbooks']),
    );
    expect(within(wide).getByRole('link', { name: /Customers/ }).getAttribute('aria-current')).toBe('page');
    const badge = await within(wide).findByTestId('open-ticket-badge');
    expect(badge.textContent).toBe('9+');
    expect(badge.getAttribute('data-colour')).toBe('red');
    expect(badge.getAttribute('aria-label')).toBe('12 open tickets');
    const url = (fetch.mock.calls.map(([u]) => u) as string[]).find((u) => u.includes('count-by-open-ticket-priority'));
    expect(url).toBe('/acc-1/_design/count-by-open-ticket-priority/_view/all?group_level=0');

    fireEvent.click(within(wide).getByRole('button', { name: 'Others' }));
    const others = await screen.findByTestId('others-menu');
    await vi.waitFor(() => expect(within(others).queryByText('Maintenances')).not.toBeNull());
    await vi.waitFor(() => expect(others.querySelector('[data-nav="usage"]')).not.toBeNull());
    expect([...others.querySelectorAll('[data-nav]')].map((e) => e.getAttribute('data-nav'))).toEqual([
      'ticket-board',
      'my-tickets',
      'estimates',
      'contracts',
      'maintenances',
      'categories',
      'disk',
      'admin',
      'members',
      'billing',
      'usage',
    ]);
    expect(others.querySelector('[data-nav="ticket-board"]')?.getAttribute('href')).toBe('/account/acc-1/ticket-board');
  });

  it('gives a plain member no Admin section, and no items of modules that are not deployed', async () => {
    stub(0, [], { admin: false, modules: ['tickets'] });
    render();
    const wide = screen.getByTestId('account-menu-wide');
    await vi.waitFor(() => expect(wide.querySelector('[data-nav="handbooks"]')).toBeNull());
    fireEvent.click(within(wide).getByRole('button', { name: 'Others' }));
    const others = await screen.findByTestId('others-menu');
    await new Promise((r) => setTimeout(r, 50));
    const names = [...others.querySelectorAll('[data-nav]')].map((e) => e.getAttribute('data-nav'));
    expect(names).not.toContain('admin');
    expect(names).not.toContain('usage');
    expect(names).not.toContain('disk');
    expect(within(others).queryByText('Admin')).toBeNull();
  });

  it('shows no badge when the tickets service is not deployed (503)', async () => {
    const fetch = stub(jsonResponse(503, { error: 'service_unavailable', reason: 'tickets' }));
    render();
    await vi.waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('count-by-open-ticket-priority'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('open-ticket-badge')).toBeNull();
  });

  it("follows the active module: finance's four lists, and no ticket counter", async () => {
    storeModule('finance');
    const fetch = stub(3);
    render();
    const wide = screen.getByTestId('account-menu-wide');
    expect([...wide.querySelectorAll('[data-nav]')].map((e) => e.getAttribute('data-nav'))).toEqual(['dashboard', 'outgos', 'incomes', 'transfers', 'exchanges']);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('count-by-open-ticket-priority'))).toBe(false);
  });

  it('flattens everything into the burger menu with an Admin section', async () => {
    stub(0);
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Main menu' }));
    const small = await screen.findByTestId('account-menu-small');
    await vi.waitFor(() => expect(small.querySelector('[data-nav="usage"]')).not.toBeNull());
    const names = [...small.querySelectorAll('[data-nav]')].map((e) => e.getAttribute('data-nav'));
    expect(names.slice(0, 5)).toEqual(['dashboard', 'tickets', 'customers', 'equipment', 'handbooks']);
    expect(names.slice(-4)).toEqual(['admin', 'members', 'billing', 'usage']);
    expect(within(small).getByText('Admin')).toBeTruthy();
    const badge = await within(small).findByTestId('open-ticket-badge');
    expect(badge.getAttribute('data-colour')).toBe('grey');
  });
});
