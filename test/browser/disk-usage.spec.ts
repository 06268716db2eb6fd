import { mkdirSync } from 'fs';
import type { Page } from '@playwright/test';
import { apiSignUp, expect, login, test } from './fixtures';

// Issue 13 item 3 (the usage page and billing tiles show the disk's size) and spec §2's admin tile "disk files": a file
// uploaded to a group's disk (PUT /files/{account_id}/content with the session's XSRF header, as the web app sends
// it) shows, in en and then pt-BR, at 1280×800 and 390×844, as the usage page's "Disk files" line (chart and table:
// the file count, its bytes and the Free plan's 100 MB drive storage), in the billing page's total storage size with
// the line saying how much of it is files, and as the admin page's "Disk files" tile linking to the disk.
// Screenshots of each step go to /tmp/shots13/disk-usage/<step>-<width>-<language>.png.

const SHOTS = '/tmp/shots13/disk-usage';
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
/** 12,000 bytes: "12 kB" in both languages (decimal units) */
const FILE_BYTES = 12_000;

const WORDS = {
  en: {
    userMenu: 'User menu',
    table: 'Table',
    diskFiles: 'Disk files',
    files: '1 file',
    ofQuota: '12 kB of 100 MB',
    ofWhichFiles: 'of which files: 12 kB',
    total: 'Total',
  },
  'pt-BR': {
    userMenu: 'Menu do usuário',
    table: 'Tabela',
    diskFiles: 'Arquivos do disco',
    files: '1 arquivo',
    ofQuota: '12 kB de 100 MB',
    ofWhichFiles: 'dos quais arquivos: 12 kB',
    total: 'Total',
  },
} as const;
type Lang = keyof typeof WORDS;

async function switchLanguage(page: Page, from: Lang, label: string): Promise<void> {
  const saved = page.waitForResponse((r) => /\/usr-[^/]+(\/ucn-[^/?]+)?(\?|$)/.test(r.url()) && ['PUT', 'POST'].includes(r.request().method()));
  await page.getByRole('button', { name: WORDS[from].userMenu }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await saved;
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`disk usage at ${width} width`, () => {
    test.use({ viewport });

    test(`${width}: in en then pt-BR, an uploaded file shows on the usage page (chart and table, with the quota), in the billing page's total storage size with its files line, and as the admin page's Disk files tile`, async ({ browser }) => {
      test.setTimeout(90_000);
      const owner = await apiSignUp('Uma Usage', `disk-usage-${width[0]}`);
      const group = await owner.api.post('/accounts', { name: `Usage ${width}` });
      expect(group.status, group.text).toBe(201);
      const accountId: string = group.body.id;
      const upload = await owner.api.request('PUT', `/files/${accountId}/content?name=a.txt`, { raw: 'a'.repeat(FILE_BYTES), contentType: 'text/plain' });
      expect([200, 201], upload.text).toContain(upload.status);
      expect(upload.body.size).toBe(FILE_BYTES);
      // the records' own size (the group, its membership…): the total storage size is theirs plus the file's
      const counts = await owner.api.get(`/${accountId}/_design/count-by-klass/_view/all`);
      expect(counts.status, counts.text).toBe(200);
      const recordsBytes: number = counts.body.rows[0].value.size;
      const total = recordsBytes + FILE_BYTES;
      expect(total, 'the total stays in whole kB between 10 and 999').toBeLessThan(999_500);
      const totalText = `${Math.round(total / 1000)} kB`;

      const context = await browser.newContext({ baseURL: process.env.BROWSER_BASE_URL, viewport, locale: 'en-US' });
      const page = await context.newPage();
      await page.goto('/app');
      await login(page, owner.email);
      await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

      for (const lang of ['en', 'pt-BR'] as const) {
        const w = WORDS[lang];
        const shot = async (step: string) => {
          mkdirSync(SHOTS, { recursive: true });
          await page.waitForTimeout(200); // Mantine's transitions settle
          await page.screenshot({ path: `${SHOTS}/${step}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
        };
        if (lang === 'pt-BR') await switchLanguage(page, 'en', 'Português (Brasil)');

        // the usage page: the chart's line, then the table's row and its total with the file's bytes
        await page.goto(`/account/${accountId}/usage`);
        const line = page.getByTestId('usage-disk');
        await expect(line).toContainText(w.diskFiles);
        await expect(line).toContainText(`${w.files} · ${w.ofQuota}`);
        await expect(line.getByRole('progressbar', { name: w.diskFiles })).toBeVisible();
        await shot('01-usage-chart');
        await page.getByText(w.table, { exact: true }).click();
        const row = page.getByTestId('usage-disk-row');
        await expect(row.getByRole('cell')).toHaveText([w.diskFiles, w.files, w.ofQuota]);
        await expect(page.getByTestId('usage-table').locator('tfoot th').last()).toHaveText(totalText);
        await shot('02-usage-table');

        // the billing page's storage tile: the total with the file, and how much of it is files
        await page.goto(`/account/${accountId}/billing`);
        await expect(page.getByTestId('tile-total_size').locator('p').nth(1)).toHaveText(totalText);
        await expect(page.getByTestId('total_size-detail')).toHaveText(w.ofWhichFiles);
        await shot('03-billing');

        // the admin page's tile: one file, its bytes, a link to the disk
        await page.goto(`/account/${accountId}/admin`);
        const tile = page.getByTestId('tile-disk');
        await expect(tile).toContainText(w.diskFiles);
        await expect(tile.locator('p').nth(1)).toHaveText('1');
        await expect(tile).toContainText('12 kB');
        await expect(tile).toHaveAttribute('href', `/account/${accountId}/disk`);
        await shot('04-admin');
      }
      await context.close();
    });
  });
}
