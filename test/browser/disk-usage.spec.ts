import { mkdirSync } from 'fs';
import { apiGroup, apiSignUp, expect, LAYOUTS, shotsWanted, signIn, test } from './fixtures';

// Issue 13 item 3 (the usage page and billing tiles show the disk's size) and spec §2's admin tile "disk files": a file
// uploaded to a group's disk (PUT /files/{account_id}/content with the session's XSRF header, as the web app sends
// it) shows, at 1280×800 in en and 390×844 in pt-BR (LAYOUTS; all four with BROWSER_SHOTS=1), as the usage page's
// "Disk files" line (chart and table: the file count, its bytes and the Free plan's 100 MB drive storage), in the
// billing page's total storage size with the line saying how much of it is files, and as the admin page's "Disk files"
// tile linking to the disk. The usage chart names the kinds of record in the user's language (Cliente, not Customer).
// Screenshots of each step go to /tmp/shots13/disk-usage/<step>-<width>-<language>.png.

const SHOTS = '/tmp/shots13/disk-usage';
/** 12,000 bytes: "12 kB" in both languages (decimal units) */
const FILE_BYTES = 12_000;

const WORDS = {
  en: {
    table: 'Table',
    diskFiles: 'Disk files',
    files: '1 file',
    ofQuota: '12 kB of 100 MB',
    ofWhichFiles: 'of which files: 12 kB',
    total: 'Total',
    kinds: { customer: 'Customer', group: 'Group', notShown: 'Account' },
  },
  'pt-BR': {
    table: 'Tabela',
    diskFiles: 'Arquivos do disco',
    files: '1 arquivo',
    ofQuota: '12 kB de 100 MB',
    ofWhichFiles: 'dos quais arquivos: 12 kB',
    total: 'Total',
    kinds: { customer: 'Cliente', group: 'Grupo', notShown: 'Customer' },
  },
} as const;

for (const { width, viewport, lang } of LAYOUTS) {
  test.describe(`disk usage at ${width} width`, () => {
    test.use({ viewport });

    test(`${width}, ${lang}: an uploaded file shows on the usage page (chart and table, with the quota), in the billing page's total storage size with its files line, and as the admin page's Disk files tile; the usage chart names the kinds of record in the user's language`, async ({ page }) => {
      test.setTimeout(90_000);
      const w = WORDS[lang];
      // the user's saved language (the menu's language switch is the journey's and the other specs')
      const owner = await apiSignUp('Uma Usage', `disk-usage-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Usage ${width}`);
      const customer = await owner.api.post(`/${accountId}`, { klass: 'Customer', name: 'Rui' });
      expect(customer.status, customer.text).toBe(201);
      const upload = await owner.api.request('PUT', `/files/${accountId}/content?name=a.txt`, { raw: 'a'.repeat(FILE_BYTES), contentType: 'text/plain' });
      expect([200, 201], upload.text).toContain(upload.status);
      expect(upload.body.size).toBe(FILE_BYTES);
      // the records' own size (the group, its membership, the customer…): the total storage size is theirs plus the file's;
      // the counters follow the change events, so first until they count the customer
      await expect
        .poll(async () => {
          const byKlass = await owner.api.get(`/${accountId}/_design/count-by-klass/_view/all?group_level=1`);
          return (byKlass.body.rows as { key: string }[]).some((r) => r.key === 'Customer');
        })
        .toBe(true);
      const counts = await owner.api.get(`/${accountId}/_design/count-by-klass/_view/all`);
      expect(counts.status, counts.text).toBe(200);
      const recordsBytes: number = counts.body.rows[0].value.size;
      const total = recordsBytes + FILE_BYTES;
      expect(total, 'the total stays in whole kB between 10 and 999').toBeLessThan(999_500);
      const totalText = `${Math.round(total / 1000)} kB`;
      const shot = async (step: string) => {
        if (!shotsWanted) return;
        mkdirSync(SHOTS, { recursive: true });
        await page.waitForTimeout(200); // Mantine's transitions settle
        await page.screenshot({ path: `${SHOTS}/${step}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
      };

      // the usage page: the chart's line, then the table's row and its total with the file's bytes
      await signIn(page, owner, `/account/${accountId}/usage`);
      const line = page.getByTestId('usage-disk');
      await expect(line).toContainText(w.diskFiles);
      await expect(line).toContainText(`${w.files} · ${w.ofQuota}`);
      await expect(line.getByRole('progressbar', { name: w.diskFiles })).toBeVisible();
      // the kinds of record by their names in the language, not the klass (Customer is the klass, Cliente its name)
      const chart = page.getByTestId('usage-chart');
      await expect(chart).toContainText(w.kinds.customer);
      await expect(chart).toContainText(w.kinds.group);
      await expect(chart).not.toContainText(w.kinds.notShown);
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
    });
  });
}
