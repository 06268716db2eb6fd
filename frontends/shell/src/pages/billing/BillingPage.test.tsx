import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import { stubBillingApi } from './billing-test-api';
import BillingPage from './BillingPage';
import UsagePage from './UsagePage';

afterEach(() => vi.unstubAllGlobals());

const DISK_VIEW = '/acc-1/_design/disk/_view/usage';
/** The gateway with the disk deployed: its usage view answers 2.5 MB in 3 files of a 100 MB quota. */
const withDisk = (url: string) => {
  if (url === '/modules') return jsonResponse(200, { modules: ['disk', 'tickets'] });
  if (url === DISK_VIEW) return jsonResponse(200, { rows: [{ key: null, value: { bytes: 2_500_000, quota: 100_000_000, files: 3, folders: 2 } }] });
  return undefined;
};
const withoutDisk = (url: string) => (url === '/modules' ? jsonResponse(200, { modules: ['tickets'] }) : undefined);

describe('BillingPage and UsagePage', () => {
  it('shows the total size and record tiles, the profile card and the checkout button', async () => {
    stubBillingApi({ billingEmail: 'pay@shop.test' });
    renderPage(<BillingPage />, '/account/acc-1/billing?checkout=cs_1', '/account/:account_id/billing');
    await waitFor(() => expect(within(screen.getByTestId('tile-total_size')).getByText('1.5 MB')).toBeTruthy());
    expect(within(screen.getByTestId('tile-total_records')).getByText('41')).toBeTruthy();
    expect(await screen.findByText('pay@shop.test')).toBeTruthy();
    expect(screen.getByTestId('checkout-button').getAttribute('href')).toBe('/checkout?account_id=acc-1');
    expect(screen.getByTestId('checkout-returned')).toBeTruthy();
    expect(screen.queryByTestId('total_size-detail')).toBeNull();
  });

  it("adds the disk's bytes to the total storage size and says how much of it is files", async () => {
    stubBillingApi({ override: withDisk });
    renderPage(<BillingPage />, '/account/acc-1/billing', '/account/:account_id/billing');
    // records 1.5 MB + files 2.5 MB
    await waitFor(() => expect(within(screen.getByTestId('tile-total_size')).getByText('4 MB')).toBeTruthy());
    expect(screen.getByTestId('total_size-detail').textContent).toBe('of which files: 2.5 MB');
    // files are not records
    expect(within(screen.getByTestId('tile-total_records')).getByText('41')).toBeTruthy();
  });

  it("shows a Disk files line with the files, the bytes and the quota in the chart and the table, the total's size with the files' bytes", async () => {
    stubBillingApi({ override: withDisk });
    renderPage(<UsagePage />, '/account/acc-1/usage', '/account/:account_id/usage');
    const line = await screen.findByTestId('usage-disk');
    expect(line.textContent).toBe('Disk files3 files · 2.5 MB of 100 MB');
    expect(within(line).getByRole('progressbar', { name: 'Disk files' }).getAttribute('aria-valuenow')).toBe('2.5');
    expect(screen.getByText(/Disk files are not records/)).toBeTruthy();
    fireEvent.click(screen.getByText('Table'));
    const table = await screen.findByTestId('usage-table');
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['KindRecordsSize', 'Ticket401.5 MB', 'Group1500 B', 'Disk files3 files2.5 MB of 100 MB', 'Total414 MB']);
  });

  it('shows no Disk files line and asks nothing of the disk when the disk is not deployed', async () => {
    const { calls } = stubBillingApi({ override: withoutDisk });
    renderPage(<UsagePage />, '/account/acc-1/usage', '/account/:account_id/usage');
    expect(await screen.findByTestId('usage-chart')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/modules')).toBe(true));
    fireEvent.click(screen.getByText('Table'));
    const rows = within(await screen.findByTestId('usage-table')).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['KindRecordsSize', 'Ticket401.5 MB', 'Group1500 B', 'Total411.5 MB']);
    expect(screen.queryByTestId('usage-disk-row')).toBeNull();
    expect(screen.queryByText(/Disk files are not records/)).toBeNull();
    expect(calls.some((c) => c.url.includes('_design/disk'))).toBe(false);
  });

  it('shows usage per kind by its name (Group, not Account) as a chart or a table in decimal units', async () => {
    stubBillingApi();
    renderPage(<UsagePage />, '/account/acc-1/usage', '/account/:account_id/usage');
    expect(await screen.findByTestId('usage-chart')).toBeTruthy();
    fireEvent.click(screen.getByText('Table'));
    const table = await screen.findByTestId('usage-table');
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['KindRecordsSize', 'Ticket401.5 MB', 'Group1500 B', 'Total411.5 MB']);
  });

  it('tells a plain member that billing and usage are for administrators, and shows neither the billing e-mail nor the tiles', async () => {
    stubBillingApi({ billingEmail: 'pay@shop.test', userId: 'usr-member' });
    const billing = renderPage(<BillingPage />, '/account/acc-1/billing', '/account/:account_id/billing');
    expect(await screen.findByTestId('admins-only')).toBeTruthy();
    expect(screen.queryByText('pay@shop.test')).toBeNull();
    expect(screen.queryByTestId('tile-total_records')).toBeNull();
    billing.unmount();
    renderPage(<UsagePage />, '/account/acc-1/usage', '/account/:account_id/usage');
    expect(await screen.findByTestId('admins-only')).toBeTruthy();
    expect(screen.queryByTestId('usage-chart')).toBeNull();
  });
});
