import type { Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import { apiGroup, apiMember, apiSignUp, expect, shotsWanted, signIn, test, untilInChanges } from './fixtures';

// The dashboard's recent changes name who did each change (issue 12, item 4): a member creates a customer, and the
// row reads "by <their full name>" (en) / "por <nome>" (pt-BR); the group's creation row names its creator. One group
// seen by its English owner and by its Portuguese member.

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SHOTS = '/tmp/shots12';

async function shots(page: Page, lang: string): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150); // Mantine's media queries settle
    await page.screenshot({ path: `${SHOTS}/dashboard-actor-rows-${size.name}-${lang}.png`, fullPage: true, animations: 'disabled' });
  }
}

test.use({ viewport: { width: 1280, height: 800 } });

test("a member's new customer reads 'by <the member's full name>' on the owner's dashboard (en) and 'por <nome>' on the pt-BR member's own; the group's creation names its creator", async ({ page, browser }) => {
  const [owner, member] = await Promise.all([apiSignUp('Olga Owner', 'olga', 'en'), apiSignUp('Mia Member', 'mia', 'pt-BR')]);
  const accountId = await apiGroup(owner, 'Olga Consertos');
  await apiMember(owner, accountId, member);
  const customer = await member.api.post(`/${accountId}`, { klass: 'Customer', name: 'Maria Souza' });
  expect(customer.status, customer.text).toBe(201);
  await untilInChanges(owner, accountId, 'Maria Souza');

  // the owner, in English
  await signIn(page, owner, `/account/${accountId}`);
  const row = page.getByTestId('timeline-row').filter({ hasText: 'Maria Souza' });
  await expect(row.getByTestId('timeline-actor')).toHaveText('by Mia Member');
  const creation = page.getByTestId('timeline-row').filter({ hasText: 'Olga Consertos' });
  await expect(creation.getByTestId('timeline-actor')).toHaveText('by Olga Owner');
  await shots(page, 'en');

  // the member, in Portuguese (her saved locale)
  const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const memberPage = await context.newPage();
  await signIn(memberPage, member, `/account/${accountId}`);
  const memberRow = memberPage.getByTestId('timeline-row').filter({ hasText: 'Maria Souza' });
  await expect(memberRow.getByTestId('timeline-actor')).toHaveText('por Mia Member');
  const memberCreation = memberPage.getByTestId('timeline-row').filter({ hasText: 'Olga Consertos' });
  await expect(memberCreation.getByTestId('timeline-actor')).toHaveText('por Olga Owner');
  await shots(memberPage, 'pt-BR');
  await context.close();
});
