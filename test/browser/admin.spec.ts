import { apiGroup, apiMember, apiSignUp, expect, newEmail, screens, signIn, test } from './fixtures';

// The admin page and the members screens: the administrator toggles a feature, adds a phone and invites a member in
// the page; a member opening the admin page is told it is for administrators only. The top bar's account switcher, menu and the footer show too.

test('the administrator edits features and phones and invites a member; a member is told the admin page is for administrators only', async ({ page, browser }) => {
  const [owner, member] = await Promise.all([apiSignUp('Dora Admin', 'dora'), apiSignUp('Caio Member', 'caio')]);
  const accountId = await apiGroup(owner, 'Dora Fixes');
  await apiGroup(owner, 'Dora Second');
  await signIn(page, owner, `/account/${accountId}/admin`);

  // breadcrumb, tiles, group profile, footer
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toHaveAttribute('href', `/account/${accountId}`);
  await expect(page.getByTestId('tile-members')).toContainText('1');
  await expect(page.getByText('Dora Fixes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'API docs' })).toHaveAttribute('href', '/api/docs');
  // the release the build carries (issue 28: no longer a date written in the code)
  await expect(page.getByTestId('footer-release')).toHaveText(/^Release \d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText('Release 2025-05-10')).toHaveCount(0);

  // the account switcher lists the other group only
  await page.getByRole('button', { name: 'Switch group' }).click();
  await expect(page.getByTestId('switcher-item')).toHaveCount(1);
  await expect(page.getByTestId('switcher-item')).toContainText('Dora Second');
  await page.keyboard.press('Escape');

  // toggle a feature: saved on the server
  const checklist = page.getByRole('switch', { name: 'Checklist' });
  await expect(checklist).toBeEnabled();
  await expect(checklist).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.url().includes(`/${accountId}/acn-`) && r.request().method() === 'PUT');
  await checklist.click({ force: true });
  expect((await saved).status()).toBe(200);
  await expect(checklist).toBeChecked();

  // add a phone (creates the phones setting when missing)
  const phones = page.getByTestId('phones-card');
  await phones.getByRole('button', { name: 'New' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Description').fill('Front desk');
  await modal.getByLabel('Number').fill('+55 11 5555-0101');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(phones).toContainText('Front desk');
  await expect(phones).toContainText('+55 11 5555-0101');
  await screens(page, 'c01-admin');

  // the phone is stored as a JSON-text list
  const found = await owner.api.post(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration', key: 'phones' } });
  expect(JSON.parse(found.body.docs[0].value)).toMatchObject([{ description: 'Front desk', number: '+55 11 5555-0101', main: true }]);
  const features = await owner.api.post(`/${accountId}/_find`, { selector: { klass: 'AccountConfiguration', key: 'checklist' } });
  expect(features.body.docs[0].value).toBe(true);

  // invite a member through the menu's members page
  await page.getByRole('button', { name: 'Others' }).click();
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}/subscriptions$`));
  const invited = newEmail('eli');
  await page.getByLabel('E-mail to invite').fill(invited);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`Invitation sent to ${invited}`)).toBeVisible();
  await expect(page.getByRole('link', { name: invited })).toBeVisible();
  await screens(page, 'c02-members');

  // the invitation's detail: pending badge, e-mail, five flags
  await page.getByRole('link', { name: invited }).click();
  await expect(page).toHaveURL(/\/users\/sub-/); // the detail page, not the list it came from
  await expect(page.getByText('pending')).toBeVisible();
  await expect(page.getByText(invited, { exact: true })).toBeVisible();
  await expect(page.getByTestId('flag-ticket_created')).toHaveText('yes');
  await screens(page, 'c03-member-detail');
  await page.goto(`/account/${accountId}/users/sub-unknown`);
  await expect(page.getByRole('heading', { name: 'Member not found' })).toBeVisible();

  // a member: the admin page is for administrators only (no settings, phones or billing e-mail shown)
  await apiMember(owner, accountId, member);
  const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const memberPage = await context.newPage();
  await signIn(memberPage, member, `/account/${accountId}/admin`);
  await expect(memberPage.getByTestId('admins-only')).toBeVisible();
  await expect(memberPage.getByTestId('phones-card')).toHaveCount(0);
  await expect(memberPage.getByRole('switch', { name: 'Checklist' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await screens(memberPage, 'c04-admin-member');
  await context.close();
});
