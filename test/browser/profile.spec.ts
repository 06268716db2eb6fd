import { apiGroup, apiSignUp, expect, PASSWORD, screens, signIn, test } from './fixtures';

// The profile page in Chromium against the real stack: its tabs (kept in ?page=), the full name changed with the
// current password, a membership card with bookmark and notification flags, an invitation accepted from the invites
// tab, and a user token created (its secret shown once) and revoked. No outside URL is loaded (gravatar is blocked).

test('profile tabs: edit the full name, groups and invites, create and revoke a token', async ({ page }) => {
  test.setTimeout(120_000);
  const outside: string[] = [];
  await page.route(/gravatar\.com/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  // Pia and her group (the register and new-group pages are journey.spec.ts's); another user invites her to a second
  const [pia, owner] = await Promise.all([apiSignUp('Pia Profile', 'pia'), apiSignUp('Rui Owner', 'rui')]);
  const email = pia.email;
  await apiGroup(pia, 'Pia Bikes');
  const ruiGarage = await apiGroup(owner, 'Rui Garage');
  const invite = await owner.api.post(`/${ruiGarage}`, { klass: 'Subscription', email });
  expect(invite.status, invite.text).toBe(201);

  // profile tab (the default)
  await signIn(page, pia, '/user/profile');
  await expect(page.getByRole('heading', { name: 'Your profile', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('profile-fullname')).toHaveText('Pia Profile');
  await expect(page.getByText(`E-mail: ${email}`)).toBeVisible();
  await expect(page.getByText('PP', { exact: true })).toBeVisible(); // the avatar's initials
  await screens(page, 'p01-profile');

  // a wrong current password: the field error under it
  await page.getByLabel('Full name').fill('Pia Renamed');
  await page.getByRole('textbox', { name: 'Current password' }).fill('not my password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('is invalid')).toBeVisible();
  await screens(page, 'p02-profile-wrong-password');
  // the right one saves
  await page.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('profile-fullname')).toHaveText('Pia Renamed');
  await expect(page.getByText('Your profile was saved.')).toBeVisible();

  // the password modal
  await page.getByRole('button', { name: 'Change password' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'New password' }).fill('another horse 9');
  await modal.getByRole('textbox', { name: 'Password confirmation' }).fill('different horse 9');
  await modal.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Change password' }).click();
  await expect(modal.getByText("doesn't match the password")).toBeVisible();
  await screens(page, 'p03-password-modal');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();

  // data tab
  await page.getByRole('tab', { name: 'Data' }).click();
  await expect(page).toHaveURL(/\/user\/profile\?page=data$/);
  await expect(page.getByRole('row', { name: /^Id usr-/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Created \d{4}-\d{2}-\d{2}$/ })).toBeVisible();
  await screens(page, 'p04-data');

  // groups tab: Pia's own group, bookmark and the notification flags
  await page.goto('/user/profile?page=groups');
  const card = page.getByTestId('membership-card').filter({ hasText: 'Pia Bikes' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('membership-card').filter({ hasText: 'Rui Garage' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Bookmark' }).click();
  await expect(card.getByRole('button', { name: 'Remove bookmark' })).toBeVisible();
  await card.getByRole('button', { name: 'Notifications' }).click();
  const flags = page.getByRole('dialog');
  await expect(flags.getByRole('switch', { name: 'A ticket was created' })).toBeChecked();
  await flags.getByRole('switch', { name: 'All notifications' }).check();
  await flags.getByRole('button', { name: 'Save' }).click();
  await expect(flags.getByText('Notifications saved.')).toBeVisible();
  await screens(page, 'p05-notifications');
  await flags.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('dialog').getByRole('switch', { name: 'All notifications' })).toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await screens(page, 'p06-groups');

  // user tokens tab: create (the secret once), then revoke
  await page.getByRole('tab', { name: 'User tokens' }).click();
  await expect(page).toHaveURL(/page=user_tokens$/);
  await expect(page.getByText('No active tokens.')).toBeVisible();
  await page.getByLabel('Description').fill('backup script');
  await page.getByText('Read and write').click();
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = page.getByTestId('token-secret');
  await expect(secret).toContainText('Copy this token now: it will not be shown again.');
  await expect(secret).toContainText(/sdt_/);
  const row = page.getByRole('row', { name: /backup script/ });
  await expect(row).toContainText('read, write');
  await screens(page, 'p07-token-created');
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toBeHidden();
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(/sdt_/)).toHaveCount(0);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No active tokens.')).toBeVisible();

  // invites tab: accept Rui's invitation, then its dashboard
  await page.getByRole('tab', { name: 'Invitations' }).click();
  const inviteCard = page.getByTestId('membership-card').filter({ hasText: 'Rui Garage' });
  await expect(inviteCard).toContainText('pending');
  await screens(page, 'p08-invites');
  await inviteCard.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${ruiGarage}$`));
  await expect(page.getByRole('heading', { name: 'Rui Garage' })).toBeVisible();

  // pt-BR: the tabs and dates follow the language
  await page.goto('/user/profile?page=data');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
  await expect(page.getByRole('tab', { name: 'Dados' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: /^Criado em \d{2}\/\d{2}\/\d{4}$/ })).toBeVisible();
  await screens(page, 'p09-data-pt-BR');
  expect(outside).toEqual([]);
});
