import type { Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import { apiGroup, apiSignUp, expect, inLayouts, shotsWanted, signIn, switchLanguage, test } from './fixtures';

// The main work on a phone (390×844) and the same screens on a desktop (1280×800), in English and Portuguese: the
// tickets list as cards with the status and priority words and the customer (the table on a desktop), the board one
// column at a time with a status switcher and a card moved through its menu, the service and estimate receipts and the
// plan page; on every screen nothing is wider than the window. The lists, board, receipts and plans go through the
// pairs of LAYOUTS (the desktop in English, the phone in Portuguese; all four with BROWSER_SHOTS=1). Screenshots go to
// /tmp/shots12/phone-<screen>-<width>-<language>.png.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = '/tmp/shots12';
const LONG_TITLE = 'Notebook does not power on after the storm and the charger smells burnt';

type Api = Awaited<ReturnType<typeof apiSignUp>>['api'];

async function create(api: Api, accountId: string, doc: Record<string, unknown>): Promise<string> {
  const res = await api.post(`/${accountId}`, doc);
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** The page is no wider than the window: whatever is wide scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `page is ${scroll}px wide in a ${inner}px window`).toBeLessThanOrEqual(inner);
}

async function shot(page: Page, name: string, lang: string): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(150); // Mantine's transitions settle
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `${SHOTS}/phone-${name}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
}

test('on a phone the list is cards, the board one column with a switcher, receipts and plans fit; the desktop keeps its table', async ({ page }) => {
  test.setTimeout(240_000);
  const owner = await apiSignUp('Pia Phone', 'pia');
  const accountId = await apiGroup(owner, 'Pia Repairs');
  const base = `/account/${accountId}`;
  const customerId = await create(owner.api, accountId, { klass: 'Customer', name: 'Maria Aparecida dos Santos Oliveira' });
  const first = await create(owner.api, accountId, { klass: 'Ticket', content: LONG_TITLE, priority: 'medium', customer_id: customerId });
  const second = await create(owner.api, accountId, { klass: 'Ticket', content: 'Replace keyboard', priority: 'high', customer_id: customerId });
  // the board opens on the first column with cards: with both tickets in "doing", not on the empty "open"
  for (const id of [first, second]) {
    const moved = await owner.api.put(`/${accountId}/_design/ticket-status/_update/doing/${id}`);
    expect(moved.status, moved.text).toBeLessThan(300);
  }
  const estimateId = await create(owner.api, accountId, {
    klass: 'Estimate',
    customer_id: customerId,
    ticket_id: first,
    description: 'Power board repair',
    items: [
      { description: 'Power board (replacement part, original manufacturer)', quantity: 1, value: 1250 },
      { description: 'Labour (hours)', quantity: 2, value: 80 },
    ],
  });

  await page.setViewportSize(PHONE);
  await signIn(page, owner, base);
  // the top bar leaves the brand out on a phone, so the switcher, the menu and the user button fit
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(page.getByTestId('brand')).toBeHidden();
  await expectNoSidewaysScroll(page);

  // the board on a phone: one column, the switcher on "Doing (2)"; a card moved to review through its menu
  await page.goto(`${base}/ticket-board`);
  const switcher = page.getByRole('textbox', { name: 'Column' });
  await expect(switcher).toHaveValue('Doing (2)');
  await expect(page.locator('[data-testid^="board-column-"]')).toHaveCount(1);
  await expect(page.getByTestId('board-column-doing').getByTestId('board-card-2')).toBeVisible();
  await page.getByTestId('card-move-2').click();
  await page.getByRole('menuitem', { name: 'Review' }).click();
  await expect(page.getByTestId('board-card-2')).toHaveCount(0);
  await expect(switcher).toHaveValue('Doing (1)'); // the phone stays on the column it showed
  await switcher.click();
  await page.getByRole('option', { name: 'Review (1)' }).click();
  await expect(page.getByTestId('board-column-review').getByTestId('board-card-2')).toBeVisible();
  await expectNoSidewaysScroll(page);

  for (const lang of ['en', 'pt-BR'] as const) {
    if (lang === 'pt-BR') {
      await switchLanguage(page, 'pt-BR'); // saved before the next page is opened
      await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
    }
    const words = lang === 'en' ? { doing: 'Doing', medium: 'Medium', customer: 'Customer' } : { doing: 'Em andamento', medium: 'Média', customer: 'Cliente' };
    for (const size of [PHONE, DESKTOP]) {
      if (!inLayouts(size, lang)) continue;
      await page.setViewportSize(size);
      const phone = size === PHONE;

      await page.goto(`${base}/tickets`);
      if (phone) {
        const card = page.getByTestId('ticket-card').filter({ hasText: '#1' });
        await expect(card.getByTestId('status-badge')).toHaveText(words.doing);
        await expect(card.getByTestId('priority-badge')).toHaveText(words.medium);
        await expect(card.getByTestId('ticket-card-customer')).toHaveText(`${words.customer}: Maria Aparecida dos Santos Oliveira`);
        await expect(card.getByRole('link')).toContainText('#1 Notebook does not power on after the storm'); // the title is the problem's first line, shortened by the service
        await expect(page.getByTestId('tickets-table')).toHaveCount(0);
      } else {
        await expect(page.getByTestId('ticket-row')).toHaveCount(2);
        await expect(page.getByTestId('ticket-card')).toHaveCount(0);
      }
      await expectNoSidewaysScroll(page);
      await shot(page, 'tickets-list', lang);

      await page.goto(`${base}/ticket-board`);
      await expect(page.getByTestId('board-card-1')).toBeVisible();
      if (phone) await expect(page.getByTestId('board-switcher')).toBeVisible();
      else await expect(page.locator('[data-testid^="board-column-"]')).toHaveCount(6);
      await expectNoSidewaysScroll(page);
      await shot(page, 'board', lang);

      await page.goto(`${base}/receipts/service/${first}`);
      await expect(page.getByTestId('receipt-copy')).toHaveCount(2);
      await expectNoSidewaysScroll(page);
      if (phone) {
        // the sheet fits the screen rather than scrolling inside its box
        const sheet = await page.getByTestId('receipt-sheet').boundingBox();
        expect(sheet!.x + sheet!.width).toBeLessThanOrEqual(size.width);
      }
      await shot(page, 'service-receipt', lang);

      await page.goto(`${base}/receipts/estimate/${estimateId}`);
      await expect(page.getByTestId('receipt-items')).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (phone) {
        // the items table fits inside the sheet, and the sheet inside the screen
        const items = await page.getByTestId('receipt-items').boundingBox();
        const sheet = await page.getByTestId('receipt-sheet').boundingBox();
        expect(items!.x + items!.width).toBeLessThanOrEqual(sheet!.x + sheet!.width);
        expect(sheet!.x + sheet!.width).toBeLessThanOrEqual(size.width);
      }
      await shot(page, 'estimate-receipt', lang);

      await page.goto(`/checkout?account_id=${accountId}`);
      await expect(page.getByTestId('choose-pro')).toBeVisible();
      await expect(page.getByTestId(phone ? 'plan-cards' : 'plan-table')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, 'plans', lang);
    }
    await page.setViewportSize(PHONE);
  }
});
