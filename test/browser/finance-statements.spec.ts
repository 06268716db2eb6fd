import { mkdirSync } from 'fs';
import type { Page } from '@playwright/test';
import { apiGroup, apiSignUp, expect, LAYOUTS, shotsWanted, signIn, test, type ApiUser } from './fixtures';

// Issue 27, real statements as a new user meets them, at 1280×800 in English and 390×844 in Portuguese (LAYOUTS; all
// four pairs with BROWSER_SHOTS=1, screenshots in /tmp/shots-finance/statements/<step>-<width>-<language>.png):
// - #1 a mapping rule `(\d|\w)+@` (a regex the service accepts and runs with its bounded matcher) and a statement line
//   holding a 44-digit boleto barcode: the browser's own RegExp took minutes on it and froze the import screen; the
//   preview now asks the service, and the page answers at once;
// - #3 a US statement dated 10/01, 10/02, 10/07: both readings of a date are shown and the person chooses; Import is
//   refused until then, and the records are saved on the days chosen;
// - #4 #5 an .xlsx and a header without rows are refused at upload in words a person can act on;
// - #6 a month of 1,001 rows of 90,000,000,000.00 CHF and one of 0.01 totals 90,090,000,000,000.01 to the cent;
// - #11 a new wallet starts in the person's currency and says it can't change once the wallet has records.

const SHOTS = '/tmp/shots-finance/statements';

const WORDS = {
  en: {
    preview: 'Preview: the first rows as they will be saved',
    twoWays: 'The dates of this file read two ways',
    sample: 'Line 2 says 10/01/2024. Which day is it?',
    dayMonth: 'January 10, 2024 (day/month: dd/mm/yyyy)',
    monthDay: 'October 1, 2024 (month/day: mm/dd/yyyy)',
    refused: 'The dates read as day/month or as month/day: choose the date format',
    result: 'Created: 3 · Duplicates skipped: 0',
    notCsv: 'File not accepted',
    spreadsheet: 'This is not a CSV file: it is a spreadsheet (Excel or LibreOffice). Open it there and save it as CSV (File › Save as › CSV), or export the statement as CSV from your bank, then upload that file',
    noRows: 'The file has no rows below its header: there is nothing to import',
    chfTotal: 'CHF\u00a090,090,000,000,000.01',
    currency: 'Currency',
    defaultCurrency: 'USD — US Dollar',
    currencyHint: 'The currency and decimals can’t change once the wallet has records',
  },
  'pt-BR': {
    preview: 'Prévia: as primeiras linhas como serão salvas',
    twoWays: 'As datas deste arquivo podem ser lidas de dois jeitos',
    sample: 'A linha 2 diz 10/01/2024. Que dia é?',
    dayMonth: '10 de janeiro de 2024 (dia/mês: dd/mm/yyyy)',
    monthDay: '1 de outubro de 2024 (mês/dia: mm/dd/yyyy)',
    refused: 'As datas podem ser lidas como dia/mês ou como mês/dia: escolha o formato da data',
    result: 'Criados: 3 · Duplicados pulados: 0',
    notCsv: 'Arquivo não aceito',
    spreadsheet:
      'Este não é um arquivo CSV: é uma planilha (Excel ou LibreOffice). Abra-a lá e salve como CSV (Arquivo › Salvar como › CSV), ou exporte o extrato em CSV pelo seu banco, e envie esse arquivo',
    noRows: 'O arquivo não tem linhas abaixo do cabeçalho: não há nada para importar',
    chfTotal: 'CHF\u00a090.090.000.000.000,01',
    currency: 'Moeda',
    defaultCurrency: 'BRL — Real brasileiro',
    currencyHint: 'A moeda e as casas decimais não podem mudar depois que a carteira tiver registros',
  },
} as const;

const BOLETO = '23793381286000782713695000063305975520000370000';

/** A zip of stored files: what an .xlsx is, its parts at these names. */
function zipOf(files: Record<string, string>): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const b of data) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const file = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, data);
    centrals.push(central, file);
    offset += local.length + file.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function apiWallet(owner: ApiUser, accountId: string, name: string, currency: string): Promise<string> {
  const made = await owner.api.post(`/${accountId}`, { klass: 'Wallet', name, currency });
  expect(made.status, made.text).toBe(201);
  return made.body.id as string;
}

/** The page answers a script at once: its main thread is not held by a match. */
async function answers(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.readyState), { timeout: 5_000 }).toBe('complete');
}

for (const { width, viewport, lang } of LAYOUTS) {
  const w = WORDS[lang];
  test.describe(`finance statements at ${width} width in ${lang}`, () => {
    test.use({ viewport });
    let step = 0;
    const shot = async (page: Page, name: string) => {
      if (!shotsWanted) return;
      mkdirSync(SHOTS, { recursive: true });
      await page.waitForTimeout(150); // Mantine's transitions settle
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${String(++step).padStart(2, '0')}-${name}-${width}-${lang}.png`, fullPage: true, animations: 'disabled' });
    };

    test(`${width}, ${lang}: #1 a regex rule \`(\\d|\\w)+@\` and a 44-digit boleto line: the preview comes from the service and the page stays responsive`, async ({ page }) => {
      test.setTimeout(120_000);
      const owner = await apiSignUp('Bruno Boleto', `fin-regex-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Boletos ${width}`);
      const walletId = await apiWallet(owner, accountId, 'Conta Boletos', 'BRL');
      const rule = await owner.api.post(`/${accountId}`, {
        klass: 'Mapping',
        description: 'E-mails',
        target: 'outgo',
        field_to_watch: 'description',
        kind_of_watch: 'regex',
        text_to_match: '(\\d|\\w)+@',
        field_to_change: 'categories',
        kind_of_change: 'replace',
        text_to_change: 'pix-email',
      });
      expect(rule.status, rule.text).toBe(201);
      const csv = ['Data;Histórico;Valor', `13/10/2026;PAGAMENTO BOLETO ${BOLETO};-310,00`, '14/10/2026;PIX para joao@banco;-25,00', '15/10/2026;Padaria;-8,50'].join('\r\n');

      await signIn(page, owner, `/account/${accountId}/wallets-upload?wallet=${walletId}`);
      await page.getByTestId('statement-input').setInputFiles({ name: 'boletos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
      await expect(page.getByText(w.preview)).toBeVisible();
      const rows = page.getByTestId('preview-row');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText(BOLETO);
      // the rule as the service applied it: the line with an address, not the barcode
      await expect(rows.nth(1)).toContainText('pix-email');
      await expect(rows.nth(0)).not.toContainText('pix-email');
      await answers(page);
      await shot(page, 'regex-preview');
    });

    test(`${width}, ${lang}: #3 #4 #5 a spreadsheet and a header alone refused in words; dates that read two ways shown both ways, chosen, and saved on the days chosen`, async ({ page }) => {
      test.setTimeout(120_000);
      const owner = await apiSignUp('Daniel Datas', `fin-dates-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Datas ${width}`);
      const walletId = await apiWallet(owner, accountId, 'Chase', 'USD');
      await signIn(page, owner, `/account/${accountId}/wallets-upload?wallet=${walletId}`);
      const input = page.getByTestId('statement-input');

      const xlsx = zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': '<worksheet/>' });
      await input.setInputFiles({ name: 'extrato.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
      await expect(page.getByRole('alert')).toHaveText(`${w.notCsv}${w.spreadsheet}`);
      await shot(page, 'xlsx-refused');
      await input.setInputFiles({ name: 'vazio.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Description,Amount\r\n') });
      await expect(page.getByRole('alert')).toContainText(w.noRows);

      const us = ['Date,Description,Amount', '10/01/2024,Coffee,-4.50', '10/02/2024,Rent,-900.00', '10/07/2024,Salary,2000.00'].join('\r\n');
      await input.setInputFiles({ name: 'chase.csv', mimeType: 'text/csv', buffer: Buffer.from(us) });
      const choice = page.getByTestId('date-choice');
      await expect(choice).toContainText(w.twoWays);
      await expect(choice.getByTestId('date-choice-sample')).toHaveText(w.sample);
      await expect(choice.getByRole('radio', { name: w.dayMonth })).toBeVisible();
      await expect(choice.getByRole('radio', { name: w.monthDay })).toBeVisible();
      await page.getByTestId('start-import').click();
      await expect(page.getByTestId('import-refusal')).toContainText(w.refused);
      await shot(page, 'dates-two-ways');

      await choice.getByRole('radio', { name: w.monthDay }).check();
      const dates = page.getByTestId(width === 'phone' ? 'preview-when' : 'preview-row');
      await expect(dates.first()).toContainText(lang === 'en' ? '2024-10-01' : '01/10/2024');
      await shot(page, 'dates-chosen');
      await page.getByTestId('start-import').click();
      await expect(page.getByTestId('import-result')).toHaveText(w.result);
      const saved = await owner.api.post(`/${accountId}/_find`, { selector: { klass: 'Outgo', wallet_id: walletId }, sort: [{ date: 'asc' }] });
      expect((saved.body.docs as Array<{ date: string }>).map((d) => d.date)).toEqual(['2024-10-01', '2024-10-02']);
      await answers(page);
    });

    test(`${width}, ${lang}: #6 #11 a new wallet starts in the person’s currency, fixed once it has records; a month past 2^53 cents totals to the cent`, async ({ page }) => {
      test.setTimeout(120_000);
      const owner = await apiSignUp('Clara Contas', `fin-sums-${width[0]}`, lang);
      const accountId = await apiGroup(owner, `Somas ${width}`);
      await signIn(page, owner, `/account/${accountId}/wallets/new`);
      const currency = page.getByRole('textbox', { name: w.currency, exact: true });
      await expect(currency).toHaveValue(w.defaultCurrency);
      await expect(page.getByText(w.currencyHint)).toBeVisible();
      await shot(page, 'wallet-new');

      // 1,002 imported incomes of January 2032 (imported records are confirmed: the month counts them)
      const walletId = await apiWallet(owner, accountId, 'Zürich', 'CHF');
      const lines = ['Datum;Text;Betrag', ...Array.from({ length: 1001 }, (_, i) => `15/01/2032;Zeile ${i};90.000.000.000,00`), '16/01/2032;Rest;0,01'];
      const up = await owner.api.request('POST', `/${accountId}/_imports`, { raw: Buffer.from(lines.join('\r\n'), 'latin1'), contentType: 'text/csv' });
      expect(up.status, up.text).toBe(201);
      const started = await owner.api.post(`/${accountId}`, { klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: walletId, columns: { date: 0, description: 1, value: 2 }, most_items_are: 'income' });
      expect(started.status, started.text).toBe(201);
      await expect.poll(async () => (await owner.api.get(`/${accountId}/${started.body.id}`)).body.status, { timeout: 30_000 }).toBe('done');
      await page.goto(`/account/${accountId}/finance/month?month=2032-01`);
      await expect(page.getByTestId('month-CHF').getByTestId('total-income')).toHaveText(w.chfTotal);
      await shot(page, 'month-exact');
    });
  });
}
