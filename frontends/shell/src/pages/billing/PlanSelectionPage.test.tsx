import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import { PRICES, stubBillingApi } from './billing-test-api';
import PlanSelectionPage from './PlanSelectionPage';
import { phoneWindow } from '@app/ui/src/testing/phone-window';

afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage(<PlanSelectionPage />, '/checkout?account_id=acc-1', '/checkout');

describe('PlanSelectionPage', () => {
  it('shows the summary, the selected plan and the comparison table with prices in dollars and numbered notes', async () => {
    stubBillingApi({ billingEmail: 'pay@shop.test' });
    open();
    const table = await screen.findByTestId('plan-table');
    expect(within(table).getByText('US$ 6.00')).toBeTruthy();
    expect(within(table).getByText('US$ 18.00')).toBeTruthy();
    expect(within(table).getByText('US$ 0.00')).toBeTruthy();
    for (const row of ['Features', 'Storage', 'Reporting', 'Permission', 'Support', 'API']) expect(within(table).getByText(row)).toBeTruthy();
    // free is the current plan: the other two have a choose button
    expect(within(table).getByText('Current plan')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Choose plan' })).toHaveLength(2);
    expect(screen.getAllByRole('listitem').length).toBe(5);
    const summary = screen.getByTestId('account-summary');
    await waitFor(() => expect(within(summary).getByText('Ann Repairs')).toBeTruthy());
    expect(within(summary).getByText('pay@shop.test')).toBeTruthy();
    expect(within(summary).getByText('41')).toBeTruthy();
    expect(within(summary).getByText('1.5 MB')).toBeTruthy();
    // a paid checkout with a billing e-mail goes straight to the checkout page
    fireEvent.click(screen.getByTestId('choose-pro'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it("says 'We could not find any plan' with fewer than 3 prices", async () => {
    stubBillingApi({ prices: PRICES.slice(0, 2) });
    open();
    expect((await screen.findByTestId('no-plans')).textContent).toBe('We could not find any plan');
    expect(screen.queryByTestId('plan-table')).toBeNull();
  });

  it('asks for a billing e-mail before a paid checkout and requires one', async () => {
    const { calls } = stubBillingApi({ billingEmail: null });
    open();
    await waitFor(() => expect((screen.getByTestId('choose-corp') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('choose-corp'));
    expect(await screen.findByText('Invoices and receipts of Ann Repairs go to this address.')).toBeTruthy();
    const input = (await screen.findByLabelText(/Billing e-mail/)) as HTMLInputElement;
    expect(input.value).toBe('ann@shop.test');
    fireEvent.change(input, { target: { value: '  ' } });
    expect((screen.getByTestId('confirm-email') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'billing@shop.test' } });
    fireEvent.click(screen.getByTestId('confirm-email'));
    await waitFor(() => expect(calls.map((c) => c.method + ' ' + c.url)).toContain('PUT /accounts/acc-1?rev=3-a'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.url.startsWith('/accounts/acc-1'))).toMatchObject({ url: '/accounts/acc-1?rev=3-a', body: { billing_email: 'billing@shop.test' } });
  });

  it('asks before cancelling a paid plan, naming the group; nothing is sent until the dialog is confirmed', async () => {
    const { calls } = stubBillingApi({ plan: 'pro' });
    open();
    await waitFor(() => expect(within(screen.getByTestId('account-summary')).getByText('Ann Repairs')).toBeTruthy());
    fireEvent.click(await screen.findByTestId('cancel-subscription'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription of Ann Repairs?' });
    expect(
      within(dialog).getByText('The paid plan of Ann Repairs ends at the close of the period already paid; then the group is on the Free plan.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.url.includes('/_update/'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT' && c.url.includes('/_update/'))).toBe(false);

    fireEvent.click(screen.getByTestId('cancel-subscription'));
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    expect(await screen.findByTestId('switch-done')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT' && c.url.includes('/_update/')).map((c) => c.url)).toEqual(['/acc-1/_design/subscription/_update/cancel/acc-1']);
  });

  it('hides the cancel button once a cancel is pending', async () => {
    stubBillingApi({ plan: 'pro', unconfirmed: 'cancel' });
    open();
    expect(await screen.findAllByText('Cancellation requested: the plan ends with the paid period.')).toBeTruthy();
    expect(screen.queryByTestId('cancel-subscription')).toBeNull();
  });

  it('switches to free only after the dialog naming the group is confirmed, and shows the 1,000-record refusal', async () => {
    const { calls } = stubBillingApi({
      plan: 'pro',
      override: (url) =>
        url.includes('/_update/free/')
          ? jsonResponse(422, { error: 'you_cannot_switch_to_free', reason: 'You can not switch to the free plan because you used more than 1,000 records' })
          : undefined,
    });
    open();
    await waitFor(() => expect(within(screen.getByTestId('account-summary')).getByText('Ann Repairs')).toBeTruthy());
    fireEvent.click(await screen.findByTestId('choose-free'));
    const dialog = await screen.findByRole('dialog', { name: 'Switch Ann Repairs to the Free plan?' });
    expect(within(dialog).getByText('The Free plan holds up to 1,000 records: a group with more cannot switch.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.url.includes('/_update/'))).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-free'));
    expect((await screen.findByRole('alert')).textContent).toContain('You can not switch to the free plan because you used more than 1,000 records');
    expect(calls.filter((c) => c.method === 'PUT' && c.url.includes('/_update/')).map((c) => c.url)).toEqual(['/acc-1/_design/subscription/_update/free/acc-1']);
  });

  it("shows the group's whole name in the summary, wrapped rather than cut", async () => {
    stubBillingApi();
    open();
    const name = await within(await screen.findByTestId('account-summary')).findByText('Ann Repairs');
    expect(name.hasAttribute('data-truncate')).toBe(false);
    expect(name.style.overflowWrap).toBe('anywhere');
  });

  it('picks the only group when the address names none', async () => {
    stubBillingApi();
    renderPage(<PlanSelectionPage />, '/checkout', '/checkout');
    expect(await screen.findByTestId('plan-table')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('account-summary')).getByText('Ann Repairs')).toBeTruthy());
  });

  it('keeps the choose buttons disabled for members', async () => {
    stubBillingApi({ userId: 'usr-member' });
    open();
    expect(await screen.findByTestId('admin-only')).toBeTruthy();
    expect((await screen.findByTestId('choose-pro')).hasAttribute('disabled')).toBe(true);
  });
});


describe('PlanSelectionPage on a phone', () => {
  it('shows one card per plan with its price, every row and its choose button or current-plan mark, instead of the table', async () => {
    phoneWindow();
    stubBillingApi({ billingEmail: 'pay@shop.test' });
    open();
    const pro = await screen.findByTestId('plan-card-pro');
    expect(screen.queryByTestId('plan-table')).toBeNull();
    expect(within(pro).getByText('US$ 6.00')).toBeTruthy();
    for (const row of ['Features', 'Storage', 'Reporting', 'Permission', 'Support', 'API']) expect(within(pro).getByText(row)).toBeTruthy();
    expect(within(screen.getByTestId('plan-card-free')).getByText('Current plan')).toBeTruthy();
    expect(within(screen.getByTestId('plan-card-corp')).getByRole('button', { name: 'Choose plan' })).toBeTruthy();
    fireEvent.click(within(pro).getByTestId('choose-pro'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });
});
