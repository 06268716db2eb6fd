import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse, renderPage } from '../../test/render';
import AdminPage from './AdminPage';

// vitest: isolate — the offline Refresh test counts the page's one alert, and module state another file of a shared
// worker left (its queries' caches) made a second one appear once in CI

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const COUNTS = [{ key: 'Subscription', value: { count: 2, size: 900 } }, { key: 'Account', value: { count: 1, size: 500 } }, { key: 'Ticket', value: { count: 7, size: 9000 } }, { key: 'Customer', value: { count: 3, size: 900 } }];

/**
 * The count-by-klass view as the accounts service answers it (spec §3 Counter: kind, amount, size): the counted klasses,
 * or the klasses named in `keys` whether counted or not (the reader's are not).
 */
function countRows(url: string, counts: typeof COUNTS) {
  const keys = new URL(url, 'http://x').searchParams.get('keys');
  const named = keys ? (JSON.parse(keys) as string[]) : null;
  return counts
    .filter((r) => (named ? named.includes(r.key) : !r.key.startsWith('Reader')))
    .map((r) => ({ key: r.key, value: { kind: r.key, amount: r.value.count, size: r.value.size, count: r.value.count } }));
}

function stubApi(userId: string, subGroups: { _id: string; name: string }[] = [], deployed = ['tickets'], counts = COUNTS) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/modules') return jsonResponse(200, { modules: deployed });
    if (url === '/acc-1/_design/disk/_view/usage') return jsonResponse(200, { rows: [{ key: null, value: { bytes: 2_500_000, quota: 100_000_000, files: 3, folders: 1 } }] });
    if (url === '/accounts/acc-1/groups') return jsonResponse(200, { docs: subGroups });
    if (url.includes('count-by-open-ticket-priority')) return jsonResponse(200, { rows: [{ key: 'TicketHigh', value: 2 }, { key: 'TicketMedium', value: 1 }, { key: 'TicketLow', value: 1 }] });
    if (url.includes('count-by-ticket-priority')) return jsonResponse(200, { rows: [{ key: 'TicketHigh', value: 2 }, { key: 'TicketMedium', value: 4 }, { key: 'TicketLow', value: 4 }] });
    if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: userId, roles: [] }, confirmed: true, memberships: [] });
    if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-admin'] }, members: { roles: [] } });
    if (url.startsWith('/accounts/')) return jsonResponse(200, { _id: 'acc-1', _rev: '1-a', name: 'Ann Repairs', billing_email: null, 'confirmed-plan': 'free' });
    if (url.includes('count-by-klass')) return jsonResponse(200, { rows: countRows(url, counts) });
    if (url.endsWith('/_find') && init?.method === 'POST')
      return jsonResponse(200, {
        docs: [
          { _id: 'acn-1', _rev: '1-x', klass: 'AccountConfiguration', key: 'checklist', value: true },
          { _id: 'acn-2', _rev: '1-y', klass: 'AccountConfiguration', key: 'phones', value: '[{"id":"p1","main":true,"description":"Office","number":"+55 11 5555-0000"}]' },
        ],
      });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('AdminPage', () => {
  it('lets an administrator edit: profile edit, new phone and address, enabled switches', async () => {
    stubApi('usr-admin');
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    const name = await screen.findByText('Ann Repairs');
    // the group profile shows the whole name, wrapped rather than cut
    expect(name.hasAttribute('data-truncate')).toBe(false);
    expect(name.style.overflowWrap).toBe('anywhere');
    // the group profile's edit button and the phone's edit and delete buttons
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'New' })).toHaveLength(2));
    expect(screen.getByText('Office')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Checklist' }) as HTMLInputElement).disabled).toBe(false));
    expect((screen.getByRole('switch', { name: 'Checklist' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('tile-members').textContent).toContain('2');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/account/acc-1');
    expect(screen.queryByTestId('read-only')).toBeNull();
  });

  it('shows a plain member the administrators-only notice, not a read-only page (no billing e-mail, no settings)', async () => {
    stubApi('usr-member');
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    expect(await screen.findByTestId('admins-only')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/account/acc-1');
    expect(screen.queryByText('Ann Repairs')).toBeNull();
    expect(screen.queryByText('Billing e-mail')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('shows a module switch in the features card only for a deployed module', async () => {
    stubApi('usr-admin', [], ['reader', 'tickets']);
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    expect(await screen.findByRole('switch', { name: 'Reader module (feeds)' }, { timeout: 4000 })).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Reader module (feeds)' }) as HTMLInputElement).checked).toBe(false);
    for (const name of ['Finance module', 'Disk module (files)', 'Notes module (handbooks)']) expect(screen.queryByRole('switch', { name })).toBeNull();
  });

  it('shows the ticket module tiles with their counters and links, and the open and all priority bars', async () => {
    stubApi('usr-admin');
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    await waitFor(() => expect(screen.getByTestId('tile-tickets').textContent).toContain('7'));
    const tiles = [...document.querySelectorAll('[data-testid^="tile-"]')].map((e) => e.getAttribute('data-testid'));
    expect(tiles).toEqual(
      // handbooks and disk belong to the notes and disk remotes, not deployed here
      ['tickets', 'comments', 'customers', 'equipment', 'maintenances', 'estimates', 'categories', 'contracts', 'members', 'billing', 'usage'].map((k) => `tile-${k}`),
    );
    expect(screen.getByTestId('tile-customers').getAttribute('href')).toBe('/account/acc-1/customers');
    expect(screen.getByTestId('tile-customers').textContent).toContain('3');
    expect(screen.getByTestId('tile-estimates').textContent).toContain('0');
    expect(screen.getByTestId('tile-billing').textContent).toContain('13');
    expect(await screen.findByText('Open tickets by priority')).toBeTruthy();
    expect(screen.getByText('All tickets by priority')).toBeTruthy();
    expect([...document.querySelectorAll('[data-testid="priority-high"]')].map((e) => e.getAttribute('data-percent'))).toEqual(['50', '20']);
    expect(screen.queryByTestId('tile-groups')).toBeNull();
  });

  it("shows the disk files tile with the disk's file count and bytes, linking to the disk, when the disk is deployed; the usage tile's size has the files' bytes", async () => {
    const fetch = stubApi('usr-admin', [], ['disk', 'tickets']);
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    const tile = await screen.findByTestId('tile-disk', undefined, { timeout: 4000 });
    await waitFor(() => expect(tile.textContent).toBe('Disk files32.5 MB'));
    expect(tile.getAttribute('href')).toBe('/account/acc-1/disk');
    const tiles = [...document.querySelectorAll('[data-testid^="tile-"]')].map((e) => e.getAttribute('data-testid'));
    expect(tiles.slice(-4)).toEqual(['tile-disk', 'tile-members', 'tile-billing', 'tile-usage']);
    // records 11.3 kB and files 2.5 MB
    await waitFor(() => expect(screen.getByTestId('tile-usage').textContent).toBe('Usage132.5 MB'));
    expect(fetch.mock.calls.filter(([url]) => url === '/acc-1/_design/disk/_view/usage')).toHaveLength(1);
  });

  it('shows no disk files tile and asks nothing of the disk when the disk is not deployed, nor in the finance module', async () => {
    const fetch = stubApi('usr-admin');
    const first = renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    await waitFor(() => expect(screen.getByTestId('tile-usage').textContent).toBe('Usage1311 kB'));
    expect(screen.queryByTestId('tile-disk')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url.includes('_design/disk'))).toBe(false);
    first.unmount();
    sessionStorage.setItem('module', 'finance');
    stubApi('usr-admin', [], ['disk', 'finance', 'tickets']);
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    await screen.findByTestId('tile-outgos', undefined, { timeout: 4000 });
    expect(screen.queryByTestId('tile-disk')).toBeNull();
  });

  it('shows the finance module tiles (expenses, revenues, transfers, exchanges, wallets) with their counters, linking to their lists, when the finance remote is deployed', async () => {
    sessionStorage.setItem('module', 'finance');
    const finance = [
      ...COUNTS,
      { key: 'Outgo', value: { count: 4, size: 1200 } },
      { key: 'Income', value: { count: 1234, size: 300 } },
      { key: 'Transfer', value: { count: 1, size: 300 } },
      { key: 'Wallet', value: { count: 2, size: 600 } },
    ];
    stubApi('usr-admin', [], ['finance', 'tickets'], finance);
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    await waitFor(() => expect(screen.getByTestId('tile-wallets').textContent).toBe('Wallets2'), { timeout: 4000 });
    const tiles = [...document.querySelectorAll('[data-testid^="tile-"]')].map((e) => e.getAttribute('data-testid'));
    expect(tiles).toEqual(['outgos', 'incomes', 'transfers', 'exchanges', 'wallets', 'members', 'billing', 'usage'].map((k) => `tile-${k}`));
    const text = (key: string) => screen.getByTestId(`tile-${key}`).textContent;
    expect([text('outgos'), text('incomes'), text('transfers'), text('exchanges')]).toEqual(['Expenses4', 'Revenues1,234', 'Transfers1', 'Exchanges0']);
    for (const key of ['outgos', 'incomes', 'transfers', 'exchanges', 'wallets']) expect(screen.getByTestId(`tile-${key}`).getAttribute('href')).toBe(`/account/acc-1/${key}`);
    // the billing tile counts every record, the finance ones too
    expect(text('billing')).toBe('Billing1,254');
    expect(screen.queryByTestId('tile-tickets')).toBeNull();
    expect(screen.queryByTestId('priority-bars')).toBeNull();
  });

  it('shows no finance tiles in the finance module while the finance remote is not deployed', async () => {
    sessionStorage.setItem('module', 'finance');
    const fetch = stubApi('usr-admin', [], ['tickets']);
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/modules')).toBe(true));
    await waitFor(() => expect([...document.querySelectorAll('[data-testid^="tile-"]')].map((e) => e.getAttribute('data-testid'))).toEqual(['tile-members', 'tile-billing', 'tile-usage']));
    expect(screen.getByTestId('tile-members').textContent).toBe('Members2');
  });

  it('shows the sub-groups tile only when the account has sub groups; another module its own tiles', async () => {
    sessionStorage.setItem('module', 'reader');
    stubApi('usr-admin', [{ _id: 'acc-2', name: 'Branch' }], ['reader', 'tickets']);
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    await screen.findByTestId('tile-reader_items', undefined, { timeout: 4000 });
    const groups = await screen.findByTestId('tile-groups');
    expect(groups.getAttribute('href')).toBe('/account/acc-1/groups');
    expect(groups.textContent).toContain('1');
    const tiles = [...document.querySelectorAll('[data-testid^="tile-"]')].map((e) => e.getAttribute('data-testid'));
    expect(tiles).toEqual(['reader_items', 'reader_subscriptions', 'reader_labels', 'members', 'billing', 'usage', 'groups'].map((k) => `tile-${k}`));
    expect(screen.queryByTestId('priority-bars')).toBeNull();
  });

  it('shows the features card in the ticket module only (spec §2)', async () => {
    stubApi('usr-admin', [], ['reader', 'tickets']);
    const { unmount } = renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    expect(await screen.findByText('Features', undefined, { timeout: 4000 })).toBeTruthy();
    unmount();
    sessionStorage.setItem('module', 'reader');
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    await screen.findByTestId('tile-reader_items', undefined, { timeout: 4000 });
    await screen.findByText('Phones');
    expect(screen.queryByText('Features')).toBeNull();
  });

  it("counts the reader's items, subscriptions and labels on their tiles (spec §2), though they are not records of the limit", async () => {
    sessionStorage.setItem('module', 'reader');
    const reader = [
      ...COUNTS,
      { key: 'ReaderItem', value: { count: 40, size: 90_000 } },
      { key: 'ReaderSubscription', value: { count: 2, size: 800 } },
      { key: 'ReaderLabel', value: { count: 3, size: 300 } },
    ];
    const fetch = stubApi('usr-admin', [], ['reader', 'tickets'], reader);
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin');
    const text = (key: string) => screen.getByTestId(`tile-${key}`).textContent;
    await waitFor(() => expect([text('reader_items'), text('reader_subscriptions'), text('reader_labels')]).toEqual(['Items40', 'Subscriptions2', 'Labels3']), { timeout: 4000 });
    // the billing tile's records stay those of the limit
    expect(text('billing')).toBe('Billing13');
    const asked = fetch.mock.calls.map(([url]) => String(url)).find((url) => url.includes('count-by-klass') && url.includes('keys='));
    expect(JSON.parse(new URL(asked!, 'http://x').searchParams.get('keys')!)).toEqual(['ReaderItem', 'ReaderSubscription', 'ReaderLabel', 'Subscription']);
  });

  it("shows the connection error above the last counters when Refresh fails offline (the app's query client)", async () => {
    stubApi('usr-admin');
    renderPage(<AdminPage />, '/account/acc-1/admin', '/account/:account_id/admin', { queryClient: createQueryClient() });
    await waitFor(() => expect(screen.getByTestId('tile-members').textContent).toContain('2'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Connection error')).toBeTruthy();
    expect(within(alert).getByText('Network error')).toBeTruthy();
    expect(screen.getByTestId('tile-members').textContent).toContain('2');
  });
});
