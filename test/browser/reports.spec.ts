import { readFileSync } from 'fs';
import type { Browser } from '../../gateway/src/testing/http-client';
import { apiGroup, apiMember, apiSignUp, expect, LAYOUTS, screens, signIn, test } from './fixtures';

// Issue 17 item 3 in the page, at 1280×800 in en and 390×844 in pt-BR (LAYOUTS): the administrator opens Reports from
// the admin menu, next to the adminnoop entry (Backups), sees this week's figures of a known set of tickets in the
// chart, the totals and the tables, and downloads the CSV. A member with report access finds Reports as their only
// admin item; a plain member has none.

const WORDS = {
  en: {
    menu: { wide: 'Others', small: 'Main menu' },
    entry: 'Reports',
    backups: 'Backups',
    title: 'Reports',
    none: '(none)',
    hours: '0 h',
    csvCategory: 'Category,Opened,Done,Median hours to done',
  },
  'pt-BR': {
    menu: { wide: 'Outros', small: 'Menu principal' },
    entry: 'Relatórios',
    backups: 'Cópias de segurança',
    title: 'Relatórios',
    none: '(nenhum)',
    hours: '0 h',
    csvCategory: 'Categoria,Abertos,Concluídos,Mediana de horas até concluir',
  },
};

/** Three tickets made now: two of Ana's laptops for the owner (one done at once), one bare ticket cancelled at once. */
async function knownTickets(owner: { id: string; api: Browser }, accountId: string): Promise<void> {
  const post = async (doc: Record<string, unknown>) => {
    const res = await owner.api.post(`/${accountId}`, doc);
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const category = await post({ klass: 'Category', name: 'Laptops' });
  const customer = await post({ klass: 'Customer', name: 'Ana Lima' });
  const first = await post({ klass: 'Ticket', content: 'Screen flickers', technical_id: owner.id, category_id: category, customer_id: customer });
  await post({ klass: 'Ticket', content: 'Battery swells', technical_id: owner.id, category_id: category, customer_id: customer });
  const third = await post({ klass: 'Ticket', content: 'Unknown noise' });
  expect((await owner.api.put(`/${accountId}/_design/ticket-status/_update/done/${first}`)).status).toBe(200);
  expect((await owner.api.put(`/${accountId}/_design/ticket-status/_update/cancel/${third}`)).status).toBe(200);
  // the records per kind come from the accounts' counters, which follow the change stream a moment later
  await expect
    .poll(async () => (await owner.api.get(`/${accountId}/_design/count-by-klass/_view/all?group_level=1`)).body.rows.find((r: { key: string }) => r.key === 'Ticket')?.value.count)
    .toBe(3);
}

const cells = async (row: import('@playwright/test').Locator) => (await row.locator('td').allTextContents()).map((s) => s.trim());

for (const { width, viewport, lang } of LAYOUTS) {
  test.describe(`reports at ${width} width`, () => {
    test.use({ viewport });

    test(`${width}, ${lang}: an administrator opens Reports next to Backups, sees the week's chart, totals and tables, and downloads the CSV`, async ({ page }) => {
      test.setTimeout(90_000);
      const w = WORDS[lang];
      const owner = await apiSignUp('Rita Reports', `reports-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Rita Repairs ${width}`);
      await knownTickets(owner, accountId);

      await signIn(page, owner, `/account/${accountId}`);
      await page.getByRole('button', { name: width === 'desktop' ? w.menu.wide : w.menu.small }).click();
      await expect(page.getByRole('menuitem', { name: w.backups })).toBeVisible();
      await page.getByRole('menuitem', { name: w.entry }).click();
      await expect(page).toHaveURL(new RegExp(`/account/${accountId}/reports$`));
      await expect(page.getByRole('heading', { name: w.title, exact: true })).toBeVisible();

      // the totals of the last 12 weeks, this week's row last, the chart drawn
      await expect(page.getByTestId('total-opened')).toHaveText('3');
      await expect(page.getByTestId('total-done')).toHaveText('1');
      await expect(page.getByTestId('total-cancelled')).toHaveText('1');
      await expect(page.getByTestId('week-row')).toHaveCount(12);
      expect((await cells(page.getByTestId('week-row').last())).slice(2)).toEqual(['3', '1', '1']);
      await expect(page.getByTestId('weeks-chart').locator('svg.recharts-surface')).toBeVisible();
      await expect(page.getByTestId('technicians-chart').locator('svg.recharts-surface')).toBeVisible();
      await expect(page.getByTestId('done-count')).toHaveText('1');
      await expect(page.getByTestId('done-median')).toHaveText(w.hours);

      const rows = async (id: string) => Promise.all((await page.getByTestId(`${id}-row`).all()).map(cells));
      expect(await rows('technicians')).toEqual([
        ['Rita Reports', '2', '1', w.hours],
        [w.none, '1', '0', '—'],
      ]);
      expect(await rows('categories')).toEqual([
        ['Laptops', '2', '1', w.hours],
        [w.none, '1', '0', '—'],
      ]);
      expect(await rows('customers')).toEqual([
        ['Ana Lima', '2', '1', w.hours],
        [w.none, '1', '0', '—'],
      ]);
      expect(await cells(page.locator('[data-testid="count-row"][data-klass="Ticket"]'))).toEqual([lang === 'en' ? 'Ticket' : 'Chamado', '3']);
      await page.mouse.move(0, 0); // no chart tooltip left under the pointer of the menu's click
      await screens(page, `reports-01-page-${lang}`);

      // the CSV of the same range: a file named after it, with the byte order mark, headings in the user's language
      const downloading = page.waitForEvent('download');
      await page.getByTestId('reports-csv').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^tickets-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text).toContain(`\r\n${w.csvCategory}\r\nLaptops,2,1,0\r\n${w.none},1,0,\r\n`);
    });
  });
}

test.describe('reports for members', () => {
  test.use({ viewport: LAYOUTS[0].viewport });

  test('a member with report access finds Reports as their only admin item and reads the figures; a plain member has no Reports item', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const owner = await apiSignUp('Otto Owner', 'reports-owner');
    const viewer = await apiSignUp('Vera Viewer', 'reports-viewer');
    const plain = await apiSignUp('Paulo Plain', 'reports-plain');
    const accountId = await apiGroup(owner, 'Otto Repairs');
    await apiMember(owner, accountId, plain);
    // report access on Vera's membership
    const invite = await owner.api.post(`/${accountId}`, { klass: 'Subscription', email: viewer.email, report_view: true });
    expect(invite.status, invite.text).toBe(201);
    expect((await viewer.api.put(`/${accountId}/_design/status/_update/accept/${invite.body.id}`)).status).toBe(200);
    await knownTickets(owner, accountId);

    await signIn(page, viewer, `/account/${accountId}`);
    await page.getByRole('button', { name: 'Others' }).click();
    const menu = page.getByTestId('others-menu');
    await expect(menu.getByRole('menuitem', { name: 'Reports' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Backups' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Members' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Reports' }).click();
    await expect(page.getByTestId('total-opened')).toHaveText('3');
    await page.mouse.move(0, 0);
    await screens(page, 'reports-02-report-view-member');

    const other = await browser.newPage({ viewport: LAYOUTS[0].viewport });
    await signIn(other, plain, `/account/${accountId}`);
    await other.getByRole('button', { name: 'Others' }).click();
    await expect(other.getByTestId('others-menu').getByRole('menuitem').first()).toBeVisible();
    await expect(other.getByTestId('others-menu').getByRole('menuitem', { name: 'Reports' })).toHaveCount(0);
    // the page itself, opened by its address, says reports are not for them
    await other.goto(`/account/${accountId}/reports`);
    await expect(other.getByTestId('reports-not-allowed')).toBeVisible();
    await other.close();
  });
});
