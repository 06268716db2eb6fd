import type { Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import { apiClient, expect, linkPath, login, newEmail, PASSWORD, test, waitForMail } from './fixtures';

// The dashboard's recent changes name who did each change (issue 12, item 4): a member creates a customer, and the
// row reads "by <their full name>" (en) / "por <nome>" (pt-BR); the group's creation row names its creator.

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SHOTS = '/tmp/shots12';

async function shots(page: Page, lang: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150); // Mantine's media queries settle
    await page.screenshot({ path: `${SHOTS}/dashboard-actor-rows-${size.name}-${lang}.png`, fullPage: true, animations: 'disabled' });
  }
}

/** Registers over the API with the given saved locale, confirms through the mailed link and signs in. */
async function signUp(fullname: string, tag: string, locale: 'en' | 'pt-BR') {
  const api = apiClient();
  const email = newEmail(tag);
  const reg = await api.post('/_users', { email, fullname, password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale });
  expect(reg.status, reg.text).toBe(201);
  const mail = await waitForMail(email, (m) => /\/user\/confirm\//.test(m.text));
  const token = decodeURIComponent(linkPath(mail, 'confirm').split('/').pop()!);
  expect((await api.post(`/_users/_confirm/${encodeURIComponent(token)}`)).status).toBe(200);
  const session = await api.post('/_session', { username: email, password: PASSWORD });
  expect(session.status, session.text).toBe(200);
  return { email, api };
}

/** An owner's group with a member who created a customer in it. */
async function groupWithMemberCustomer(memberLocale: 'en' | 'pt-BR') {
  const owner = await signUp('Olga Owner', 'olga', 'en');
  const group = await owner.api.post('/accounts', { name: 'Olga Consertos' });
  expect(group.status, group.text).toBe(201);
  const accountId: string = group.body.id;
  const member = await signUp('Mia Member', 'mia', memberLocale);
  const invite = await owner.api.post(`/${accountId}`, { klass: 'Subscription', email: member.email });
  expect(invite.status, invite.text).toBe(201);
  const accepted = await member.api.put(`/${accountId}/_design/status/_update/accept/${invite.body.id}`);
  expect(accepted.status, accepted.text).toBe(200);
  const customer = await member.api.post(`/${accountId}`, { klass: 'Customer', name: 'Maria Souza' });
  expect(customer.status, customer.text).toBe(201);
  return { owner, member, accountId };
}

test.use({ viewport: { width: 1280, height: 800 } });

test("the owner's dashboard row of a member's new customer reads 'by <the member's full name>'; the group's creation 'by' its creator", async ({ page }) => {
  test.setTimeout(120_000);
  const { owner, accountId } = await groupWithMemberCustomer('en');
  await page.goto('/app');
  await login(page, owner.email);
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}$`));
  const row = page.getByTestId('timeline-row').filter({ hasText: 'Maria Souza' });
  await expect(row.getByTestId('timeline-actor')).toHaveText('by Mia Member');
  const creation = page.getByTestId('timeline-row').filter({ hasText: 'Olga Consertos' });
  await expect(creation.getByTestId('timeline-actor')).toHaveText('by Olga Owner');
  await shots(page, 'en');
});

test("a pt-BR member's own dashboard reads 'por <nome>' under the rows", async ({ page }) => {
  test.setTimeout(120_000);
  const { member, accountId } = await groupWithMemberCustomer('pt-BR');
  await page.goto('/app');
  await login(page, member.email);
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}$`));
  const row = page.getByTestId('timeline-row').filter({ hasText: 'Maria Souza' });
  await expect(row.getByTestId('timeline-actor')).toHaveText('por Mia Member');
  const creation = page.getByTestId('timeline-row').filter({ hasText: 'Olga Consertos' });
  await expect(creation.getByTestId('timeline-actor')).toHaveText('por Olga Owner');
  await shots(page, 'pt-BR');
});
