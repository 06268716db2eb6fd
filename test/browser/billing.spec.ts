import { apiGroup, apiSignUp, expect, screens, signIn, test } from './fixtures';

// Billing, usage and plan selection as a group's administrator sees them, on a server without payment keys (as in
// development and CI): the plan table, the paid plan's checkout page saying the payment provider is not configured,
// and the switch-to-free page that asks for a confirming click.

test('billing, usage, the plan table and the checkout pages of a group', async ({ page }) => {
  const owner = await apiSignUp('Bea Billing', 'bea');
  const accountId = await apiGroup(owner, 'Bea Repairs');
  const customer = await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Carla Dias' });
  expect(customer.status, customer.text).toBe(201);

  await signIn(page, owner, `/account/${accountId}/billing`);
  await expect(page.getByTestId('tile-total_records')).toBeVisible();
  await expect(page.getByTestId('tile-total_size')).toBeVisible();
  await screens(page, 'd01-billing');

  await page.goto(`/account/${accountId}/usage`);
  await expect(page.getByTestId('usage-chart')).toBeVisible();
  await page.getByText('Table', { exact: true }).click();
  await expect(page.getByTestId('usage-table')).toContainText('Customer');
  await screens(page, 'd02-usage');

  await page.goto(`/account/${accountId}/billing`);
  await page.getByTestId('checkout-button').click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?account_id=${accountId}`));
  await expect(page.getByTestId('plan-table')).toBeVisible();
  await expect(page.getByTestId('choose-pro')).toBeVisible();
  await expect(page.getByTestId('choose-corp')).toBeVisible();
  await expect(page.getByTestId('account-summary')).toContainText('Bea Repairs');
  await screens(page, 'd03-plans');

  // a paid plan: the embedded form needs the payment keys; without them the page says so and charges nothing
  await page.goto(`/account/${accountId}/checkout/prc-pro-test`);
  await expect(page.getByTestId('checkout-summary')).toContainText('Bea Repairs');
  await expect(page.getByTestId('provider-not-configured')).toBeVisible();
  await screens(page, 'd04-checkout-pro');

  // switching to free only happens on a confirming click
  await page.goto(`/account/${accountId}/checkout/free`);
  await expect(page.getByTestId('confirm-switch')).toBeVisible();
  await screens(page, 'd05-checkout-free');
});
