import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { stubBillingApi } from './billing-test-api';
import BillingPage from './BillingPage';
import UsagePage from './UsagePage';

afterEach(() => vi.unstubAllGlobals());

describe('BillingPage and UsagePage', () => {
  it('shows the total size and record tiles, the profile card and the checkout button', async () => {
    stubBillingApi({ billingEmail: 'pay@shop.test' });
    renderPage(<BillingPage />, '/account/acc-1/billing?checkout=cs_1', '/account/:account_id/billing');
    await waitFor(() => expect(within(screen.getByTestId('tile-total_size')).getByText('1.5 MB')).toBeTruthy());
    expect(within(screen.getByTestId('tile-total_records')).getByText('41')).toBeTruthy();
    expect(await screen.findByText('pay@shop.test')).toBeTruthy();
    expect(screen.getByTestId('checkout-button').getAttribute('href')).toBe('/checkout?account_id=acc-1');
    expect(screen.getByTestId('checkout-returned')).toBeTruthy();
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
