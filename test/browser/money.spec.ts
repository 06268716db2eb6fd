import type { Page } from '@playwright/test';
import { mkdirSync } from 'fs';
import { pdfTextOf, occurrences } from '../../services/tickets/src/receipts/testing/pdf-text';
import { apiGroup, apiSignUp, expect, LAYOUTS, shotsWanted, signIn, test } from './fixtures';

// Money typed and shown in the tickets module (issue 12 item 1): an estimate item of 8 × "75,50" typed in pt-BR (and
// "75.50" in en) is 75.50, its total US$ 604,00 (US$ 604.00) on the form, the estimate, the printable page and the PDF,
// whose date is the page's; "7,5,0" is refused under the field and nothing is saved. At 1280×800 in en and 390×844 in
// pt-BR (LAYOUTS; all four with BROWSER_SHOTS=1).
// Before the fix the value field was a native number input, which Chromium read "75,50" from as 7550.

const SHOTS = '/tmp/shots12';

const TEXTS = {
  'pt-BR': {
    typed: '75,50',
    shown: '75,50',
    total: 'US$ 604,00',
    unit: 'US$ 75,50',
    invalid: 'Não é um valor: digite como 1.234,56',
    check: 'Alguns valores não puderam ser lidos: corrija os campos marcados em vermelho.',
    addItem: 'Adicionar item',
    save: 'Salvar',
    description: 'Descrição',
    quantity: 'Quantidade',
    value: 'Valor',
    date: (y: string, m: string, d: string) => `${d}/${m}/${y}`,
  },
  en: {
    typed: '75.50',
    shown: '75.50',
    total: 'US$ 604.00',
    unit: 'US$ 75.50',
    invalid: 'Not an amount: type it as 1,234.56',
    check: 'Some amounts could not be read: correct the fields marked in red.',
    addItem: 'Add item',
    save: 'Save',
    description: 'Description',
    quantity: 'Quantity',
    value: 'Value',
    date: (y: string, m: string, d: string) => `${y}-${m}-${d}`,
  },
} as const;

type Lang = keyof typeof TEXTS;

async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  if (!shotsWanted) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/money-${name}-${page.viewportSize()!.width}-${lang}.png`, fullPage: true, animations: 'disabled' });
}

/** Text with its no-break spaces as plain ones. */
const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

for (const { viewport, lang } of LAYOUTS) {
  test.describe(`money at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test(`${lang}: 8 × "${TEXTS[lang].typed}" totals ${TEXTS[lang].total} on screen and in the PDF; "7,5,0" is refused under the field and saves nothing`, async ({ page }) => {
      test.setTimeout(120_000);
      const x = TEXTS[lang];
      const user = await apiSignUp('Mona Money', `money-${lang}`, lang);
      const owner = { ...user, accountId: await apiGroup(user, `Money ${lang}`) };
      const base = `/account/${owner.accountId}`;
      await signIn(page, owner, `${base}/estimates/new`);
      await page.getByRole('button', { name: x.addItem }).click();
      await page.getByRole('textbox', { name: new RegExp(`^${x.description}`) }).first().fill('Cabos');
      const row = page.getByTestId('item-row').first();
      await row.getByLabel(x.description).fill('Cabo');
      await row.getByLabel(x.quantity).fill('8');
      const value = row.getByLabel(x.value);
      await expect(row.getByText('US$', { exact: true })).toBeVisible(); // the currency beside the amount

      // what can't be read: said under the field once it is left, the total not guessed, nothing sent
      await value.fill('7,5,0');
      await page.getByRole('button', { name: x.save }).click();
      await expect(value).toHaveAttribute('aria-invalid', 'true');
      await expect(row.getByText(x.invalid)).toBeVisible();
      await expect(page.getByText(x.check)).toBeVisible();
      await expect(page.getByTestId('items-total')).toHaveText(/Total: —/);
      await expect(page).toHaveURL(new RegExp(`${base}/estimates/new$`));
      await shot(page, 'estimate-refused', lang);
      const none = await owner.api.post(`/${owner.accountId}/_find`, { selector: { klass: 'Estimate' } });
      expect(none.body.docs).toHaveLength(0);

      // the amount typed with the language's decimal separator
      await value.fill(x.typed);
      await value.blur();
      await expect(value).toHaveValue(x.shown);
      await expect(value).not.toHaveAttribute('aria-invalid', 'true');
      expect(plain(await page.getByTestId('items-total').textContent())).toBe(`Total: ${x.total}`);
      expect(plain(await row.getByTestId('item-total').textContent())).toBe(x.total);
      await shot(page, 'estimate-form', lang);
      await page.getByRole('button', { name: x.save }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/estimates/est-`));
      const estimateId = page.url().split('/').pop()!;
      await expect(page.getByTestId('estimate-total')).toHaveText(x.total.replace(' ', '\u00a0'));
      expect(plain(await page.getByTestId('field-total').textContent())).toBe(x.total); // the service's Σ quantity × value
      await expect(page.getByTestId('items-table-items')).toContainText(x.unit.replace(' ', '\u00a0'));
      await shot(page, 'estimate-show', lang);

      // stored as currency units: 75.5 each, 604 in all
      const stored = await owner.api.get(`/${owner.accountId}/${estimateId}`);
      expect(stored.body).toMatchObject({ items: [{ description: 'Cabo', quantity: 8, value: 75.5 }], total: 604 });

      // the list's total column
      await page.goto(`${base}/estimates`);
      await expect(page.getByTestId('list-estimates')).toContainText(x.total.replace(' ', '\u00a0'));
      await shot(page, 'estimates-list', lang);

      // the printable estimate and its PDF: the same total, the same date
      await page.goto(`${base}/receipts/estimate/${estimateId}`);
      expect(plain(await page.getByTestId('receipt-total').textContent())).toBe(x.total);
      const meta = plain(await page.locator('.receipt-meta').first().textContent());
      const today = await page.evaluate(() => {
        const d = new Date();
        return [String(d.getFullYear()), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')];
      });
      const date = x.date(today[0], today[1], today[2]);
      expect(meta).toContain(date);
      await shot(page, 'estimate-receipt', lang);
      const href = await page.getByTestId('pdf-link').getAttribute('href');
      expect(href).toMatch(/\.pdf\?tz=/);
      const pdf = await page.request.get(href!);
      expect(pdf.status()).toBe(200);
      const text = pdfTextOf(await pdf.body());
      expect([occurrences(text, x.total), occurrences(text, x.unit)]).toEqual([2, 1]); // the line and the total; the unit value
      expect(text).toContain(date);
    });
  });
}
