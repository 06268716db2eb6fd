import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import { stubBillingApi } from './billing-test-api';
import CheckoutPage from './CheckoutPage';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { Stripe?: unknown }).Stripe;
});

const open = (priceId: string) => renderPage(<CheckoutPage />, `/account/acc-1/checkout/${priceId}`, '/account/:account_id/checkout/:price_id');

describe('CheckoutPage', () => {
  it('shows the group, billing e-mail, total size, the plan and its price in dollars, and the policy links', async () => {
    stubBillingApi({ billingEmail: 'pay@shop.test' });
    open('prc-pro-test');
    expect(await screen.findByText('Professional')).toBeTruthy();
    expect(screen.getByText('US$ 6.00 per month')).toBeTruthy();
    const name = await screen.findByText('Ann Repairs');
    // the whole name, wrapped rather than cut
    expect(name.hasAttribute('data-truncate')).toBe(false);
    expect(name.style.overflowWrap).toBe('anywhere');
    expect(screen.getByText('pay@shop.test')).toBeTruthy();
    expect(screen.getByText('1.5 MB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms-and-conditions.html');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy.html');
    expect(screen.getByRole('link', { name: 'refund policy' }).getAttribute('href')).toBe('/refund-policy.html');
  });

  it('without a publishable key shows that payments are not configured, and loads nothing from the provider', async () => {
    const { calls } = stubBillingApi({ billingEmail: 'pay@shop.test', publishableKey: null });
    open('prc-pro-test');
    expect(await screen.findByTestId('provider-not-configured')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/_checkout'))).toBe(false);
    expect(document.querySelector('script[src*="stripe"]')).toBeNull();
  });

  it('with a publishable key starts the checkout and mounts the embedded form with its client secret', async () => {
    const mount = vi.fn();
    const create = vi.fn(async ({ fetchClientSecret }: { fetchClientSecret: () => Promise<string> }) => {
      expect(await fetchClientSecret()).toBe('cs_test_1_secret_2');
      return { mount, destroy: vi.fn() };
    });
    const Stripe = vi.fn(() => ({ createEmbeddedCheckoutPage: create }));
    (window as { Stripe?: unknown }).Stripe = Stripe;
    const { calls } = stubBillingApi({
      billingEmail: 'pay@shop.test',
      publishableKey: 'pk_test_1',
      override: (url) =>
        url === '/acc-1/_checkout'
          ? jsonResponse(200, { client_secret: 'cs_test_1_secret_2', session_id: 'cs_test_1', customer_id: 'cus_1', livemode: false, price: {} })
          : undefined,
    });
    open('prc-pro-test');
    await waitFor(() => expect(mount).toHaveBeenCalledWith(screen.getByTestId('payment-form')));
    expect(Stripe).toHaveBeenCalledWith('pk_test_1', { locale: 'en' });
    expect(calls.find((c) => c.url === '/acc-1/_checkout')).toMatchObject({ method: 'POST', body: { price_id: 'prc-pro-test' } });
  });

  it("says 'We could not find any plan, please refresh the page' for an unknown price", async () => {
    stubBillingApi({ publishableKey: 'pk_test_1' });
    open('prc-gone');
    expect((await screen.findByTestId('no-plan')).textContent).toBe('We could not find any plan, please refresh the page');
  });

  it('shows a missing billing e-mail refusal of the checkout', async () => {
    (window as { Stripe?: unknown }).Stripe = vi.fn();
    stubBillingApi({
      publishableKey: 'pk_test_1',
      override: (url) => (url === '/acc-1/_checkout' ? jsonResponse(422, { error: 'unprocessable_entity', reason: { billing_email: 'is-invalid' } }) : undefined),
    });
    open('prc-corp-test');
    expect((await screen.findByRole('alert')).textContent).toContain('Billing e-mail is invalid');
  });

  const switches = (calls: Array<{ url: string; method: string }>) => calls.filter((c) => c.method === 'PUT' && c.url.includes('/_design/subscription/_update/'));

  it("switches to free with the word free as price id only once the dialog naming the group is confirmed; 'Keep my plan' sends nothing", async () => {
    const { calls } = stubBillingApi({ plan: 'pro' });
    open('free');
    expect(await screen.findByRole('heading', { name: 'Switch to the free plan' })).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('confirm-switch') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('confirm-switch'));
    const dialog = await screen.findByRole('dialog', { name: 'Switch Ann Repairs to the Free plan?' });
    expect(within(dialog).getByText('Ann Repairs moves to the Free plan; a paid subscription ends at the close of the period already paid.')).toBeTruthy();
    expect(within(dialog).getByText('After the switch the plan cannot be changed again for 24 hours.')).toBeTruthy();
    expect(switches(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(switches(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('confirm-switch'));
    fireEvent.click(await screen.findByTestId('confirm-free'));
    expect(await screen.findByTestId('switch-done')).toBeTruthy();
    expect(switches(calls).map((c) => c.url)).toEqual(['/acc-1/_design/subscription/_update/free/acc-1']);
    expect(calls.some((c) => c.url.endsWith('/_checkout'))).toBe(false);
  });

  it('cancels with the word cancel as price id only once the cancel dialog naming the group is confirmed', async () => {
    const { calls } = stubBillingApi({ plan: 'pro' });
    open('cancel');
    await waitFor(() => expect((screen.getByTestId('confirm-switch') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('confirm-switch'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription of Ann Repairs?' });
    expect(within(dialog).getByText('Nothing more is charged after the paid period.')).toBeTruthy();
    expect(switches(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(await screen.findByTestId('switch-done')).toBeTruthy();
    expect(switches(calls).map((c) => c.url)).toEqual(['/acc-1/_design/subscription/_update/cancel/acc-1']);
  });
});
