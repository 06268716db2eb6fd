import { apiGroup, apiMember, apiSignUp, expect, login, screens, test } from './fixtures';

// A second user invited by the first: the invitation and its acceptance go through the API (the profile and invites
// screens do not exist yet); then the invited user logs in in the page and, with exactly one group, home opens its
// dashboard.

test('an invited user who accepted lands on the only group dashboard after login', async ({ page }) => {
  const [owner, member] = await Promise.all([apiSignUp('Bia Owner', 'bia'), apiSignUp('Caio Member', 'caio')]);
  const accountId = await apiGroup(owner, 'Bia Workshop');
  await apiMember(owner, accountId, member);

  await page.goto('/app');
  await expect(page).toHaveURL(/\/user\/login$/);
  await login(page, member.email, 'b01-login');
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}$`));
  await expect(page.getByRole('heading', { name: 'Bia Workshop' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Member');
  await screens(page, 'b02-member-dashboard');

  // home again: still straight to the one group
  await page.goto('/app');
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}$`));
});
