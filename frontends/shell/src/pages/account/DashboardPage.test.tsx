import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse, renderPage } from '../../test/render';
import { storeModule } from '../../modules/module-store';
import DashboardPage from './DashboardPage';

afterEach(() => {
  onlineManager.setOnline(true);
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const changes = {
  results: [
    { seq: 3, id: 'tk-9', deleted: true, action: 'destroy', klass: 'Ticket' },
    { seq: 2, id: 'cu-1', action: 'update', klass: 'Customer', doc: { _id: 'cu-1', label: 'Maria', updated_at: '2026-06-01T10:00:00Z' } },
  ],
};

/** A new group's feed: the Account, the creator's membership and the default settings. */
const newGroup = {
  results: [
    ...Array.from({ length: 13 }, (_, i) => ({ seq: 15 - i, id: `acn-${i}`, action: 'create', klass: 'AccountConfiguration', doc: { _id: `acn-${i}`, label: 'admin', updated_at: '2026-06-01T10:00:00Z' } })),
    { seq: 2, id: 'sub-1', action: 'create', klass: 'Subscription', doc: { _id: 'sub-1', label: 'Ana', updated_at: '2026-06-01T10:00:00Z' } },
    { seq: 1, id: 'acc-1', action: 'create', klass: 'Account', doc: { _id: 'acc-1', label: 'Ana Repairs', updated_at: '2026-06-01T10:00:00Z' } },
  ],
};

/** The finance module's per-currency totals (WalletBalance documents). */
const walletBalance = (currency: string, balance: number) => ({
  _id: `wbl-${currency.toLowerCase()}`,
  _rev: '1-a',
  klass: 'WalletBalance',
  created_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T10:00:00Z',
  created_by: 'usr-1',
  currency,
  balance,
  precision: 2,
});

/** What the group has beyond the feed: deployed remotes (GET /modules) and WalletBalance documents. */
interface Extra {
  deployed?: string[];
  balances?: unknown[];
}

function stub(confirmed: boolean, sentAt: string, openTickets?: Response, feed: unknown = changes, memberships: unknown[] = [], extra: Extra = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/modules') return jsonResponse(200, { modules: extra.deployed ?? ['tickets'] });
    if (url === '/acc-1/_find' && String(init?.body).includes('"WalletBalance"')) return jsonResponse(200, { docs: extra.balances ?? [] });
    if (url === '/acc-1/_find') return jsonResponse(200, { docs: memberships });
    if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, user: { email: 'a@b.c', confirmed } });
    if (url === '/_users/usr-1') return jsonResponse(200, { _id: 'usr-1', confirmation_sent_at: sentAt });
    if (url === '/accounts/acc-1') return jsonResponse(200, { name: 'Ana Repairs' });
    if (url.startsWith('/acc-1/_changes')) return jsonResponse(200, feed);
    if (url === '/acc-1/_design/count-by-open-ticket-priority/_view/all?group_level=1')
      return openTickets ?? jsonResponse(200, { rows: [{ key: 'TicketHigh', value: 1 }, { key: 'TicketMedium', value: 1 }, { key: 'TicketLow', value: 1 }] });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('DashboardPage', () => {
  it('shows the confirmation card with the days left for an unconfirmed user, and the timeline', async () => {
    stub(false, new Date(Date.now() - 5 * 86_400_000 - 60_000).toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect((await screen.findByTestId('confirmation-days')).textContent).toContain('in 24 days');
    expect(await screen.findByText('Maria')).toBeTruthy();
    // a deleted record shows only its id
    expect(screen.getByText('tk-9')).toBeTruthy();
  });

  it('does not ask a confirmed user for anything', async () => {
    const fetch = stub(true, new Date().toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(screen.queryByTestId('confirmation-card')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === '/_users/usr-1')).toBe(false);
  });

  it('shows the open-ticket priority bar in the ticket module', async () => {
    stub(true, new Date().toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByText('Open tickets by priority')).toBeTruthy();
    expect(screen.getByTestId('priority-low').getAttribute('data-percent')).toBe('34');
  });

  it('shows no bar while the tickets service is not deployed, nor in another module', async () => {
    stub(true, new Date().toISOString(), jsonResponse(503, { error: 'service_unavailable', reason: 'tickets' }));
    const { unmount } = renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(screen.queryByTestId('priority-bar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    sessionStorage.setItem('module', 'finance');
    const fetch = stub(true, new Date().toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('count-by-open-ticket-priority'))).toBe(false);
  });

  it('drops the open-ticket bar and shows the balances card when the user switches from the ticket module to finance', async () => {
    stub(true, new Date().toISOString(), undefined, changes, [], { deployed: ['finance', 'tickets'], balances: [walletBalance('BRL', 12345)] });
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByTestId('priority-bar')).toBeTruthy();
    act(() => storeModule('finance'));
    expect(await screen.findByTestId('balances-card')).toBeTruthy();
    expect(screen.queryByTestId('priority-bar')).toBeNull();
    act(() => storeModule('ticket'));
    expect(await screen.findByTestId('priority-bar')).toBeTruthy();
    expect(screen.queryByTestId('balances-card')).toBeNull();
  });

  it('suggests the first steps in a new group instead of listing its default settings', async () => {
    stub(true, new Date().toISOString(), undefined, newGroup);
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    const steps = await screen.findByTestId('first-steps');
    expect(screen.getByRole('link', { name: 'Add a customer' }).getAttribute('href')).toBe('/account/acc-1/customers/new');
    expect(screen.getByRole('link', { name: 'Open a ticket' }).getAttribute('href')).toBe('/account/acc-1/tickets/new');
    expect(steps).toBeTruthy();
    expect(screen.queryByTestId('timeline')).toBeNull();
    expect(screen.queryByText('admin')).toBeNull();
  });

  it('lists the records of a group in use with links to them', async () => {
    stub(true, new Date().toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect((await screen.findByRole('link', { name: 'Maria' })).getAttribute('href')).toBe('/account/acc-1/customers/cu-1');
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });

  it("shows the connection error above the last rows when Refresh fails offline (the app's query client)", async () => {
    stub(true, new Date().toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id', { queryClient: createQueryClient() });
    expect(await screen.findByRole('link', { name: 'Maria' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // the network goes away: the browser says so and fetch rejects
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Connection error')).toBeTruthy();
    expect(within(alert).getByText('Network error')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' }).hasAttribute('data-loading')).toBe(false));
    expect(screen.getByRole('link', { name: 'Maria' })).toBeTruthy();
  });

  it("names a member's row by their full name from the group's memberships, not by the address the feed gives", async () => {
    const feed = {
      results: [
        { seq: 20, id: 'sub-7', action: 'update', klass: 'Subscription', actor_label: 'Mia Member', doc: { _id: 'sub-7', label: 'mia@shop.test', updated_at: '2026-06-01T10:00:00Z' } },
        ...changes.results,
      ],
    };
    const mia = { _id: 'sub-7', _rev: '2-a', klass: 'Subscription', status: 'accepted', user_id: 'usr-7', user: { _id: 'usr-7', email: 'mia@shop.test', fullname: 'Mia Member', label: 'Mia Member' } };
    const fetch = stub(true, new Date().toISOString(), undefined, feed, [mia]);
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect((await screen.findByRole('link', { name: 'Mia Member' })).getAttribute('href')).toBe('/account/acc-1/users/sub-7');
    expect(screen.queryByText('mia@shop.test')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === '/acc-1/_find')).toBe(true);
  });

  it('asks for no memberships while no membership row is shown', async () => {
    const fetch = stub(true, new Date().toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByRole('link', { name: 'Maria' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === '/acc-1/_find')).toBe(false);
  });

  /** Lets the answers already given reach the page (a card that should not show would have shown by then). */
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  /** The WalletBalance finds the page made. */
  const balanceFinds = (fetch: ReturnType<typeof stub>) => fetch.mock.calls.filter(([url, init]) => url === '/acc-1/_find' && String(init?.body).includes('WalletBalance'));

  it('shows the balances card in the finance module: placeholders and no amounts until Show, then only the positive totals', async () => {
    sessionStorage.setItem('module', 'finance');
    const fetch = stub(true, new Date().toISOString(), undefined, changes, [], { deployed: ['finance', 'tickets'], balances: [walletBalance('BRL', 12345), walletBalance('EUR', 0), walletBalance('USD', -5000)] });
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    const card = await screen.findByTestId('balances-card', undefined, { timeout: 4000 });
    expect(within(card).getAllByTestId('balance-placeholder')).toHaveLength(3);
    expect(card.textContent).not.toMatch(/\d/);
    expect(card.textContent).not.toContain('R$');
    // spec §7: the totals sorted by currency
    expect(balanceFinds(fetch).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ selector: { klass: 'WalletBalance' }, sort: [{ currency: 'asc' }], limit: 1000 }]);
    fireEvent.click(within(card).getByRole('button', { name: 'Show' }));
    expect(within(card).getByTestId('balance-BRL').textContent).toContain('R$\u00a0123.45');
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    expect(within(card).queryByTestId('balance-USD')).toBeNull();
    expect(within(card).queryByTestId('balance-EUR')).toBeNull();
    // the ticket bar is the ticket module's
    expect(screen.queryByTestId('priority-bar')).toBeNull();
  });

  it('shows no balances card in the finance module when the group has no balances', async () => {
    sessionStorage.setItem('module', 'finance');
    const fetch = stub(true, new Date().toISOString(), undefined, changes, [], { deployed: ['finance', 'tickets'], balances: [] });
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByText('Maria')).toBeTruthy();
    await waitFor(() => expect(balanceFinds(fetch)).toHaveLength(1));
    await settle();
    expect(screen.queryByTestId('balances-card')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });

  it('asks for no balances and shows no card in the ticket module, nor in the finance module while its remote is not deployed', async () => {
    const ticket = stub(true, new Date().toISOString(), undefined, changes, [], { deployed: ['finance', 'tickets'], balances: [walletBalance('BRL', 12345)] });
    const first = renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByTestId('priority-bar')).toBeTruthy();
    expect(screen.queryByTestId('balances-card')).toBeNull();
    expect(balanceFinds(ticket)).toHaveLength(0);
    first.unmount();
    sessionStorage.setItem('module', 'finance');
    const undeployed = stub(true, new Date().toISOString(), undefined, changes, [], { deployed: ['tickets'], balances: [walletBalance('BRL', 12345)] });
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByText('Maria')).toBeTruthy();
    await waitFor(() => expect(undeployed.mock.calls.some(([url]) => url === '/modules')).toBe(true));
    await settle();
    expect(screen.queryByTestId('balances-card')).toBeNull();
    expect(balanceFinds(undeployed)).toHaveLength(0);
  });

  it('refreshes the balances with the Refresh button', async () => {
    sessionStorage.setItem('module', 'finance');
    const fetch = stub(true, new Date().toISOString(), undefined, changes, [], { deployed: ['finance', 'tickets'], balances: [walletBalance('BRL', 12345)] });
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    await screen.findByTestId('balances-card', undefined, { timeout: 4000 });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(balanceFinds(fetch)).toHaveLength(2));
  });
});
