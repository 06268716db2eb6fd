import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_POLL_MS } from '../../hooks/imports';
import { isFind, renderAt, stubApi, WALLETS, type Call, type Handler } from '../../test/render';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=tok%2B1; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const UPLOAD_ID = '0b6f5a8e-4c1d-4e8a-9d0e-3f2a1b0c9d8e';
/** A Brazilian bank's statement as the upload answers it. */
const REPLY = {
  upload_id: UPLOAD_ID,
  encoding: 'windows-1252',
  delimiter: ';',
  header: ['Data', 'Histórico', 'Valor', 'Favorecido'],
  first_line_is_header: true,
  ignore_line_one: false,
  columns: 4,
  lines: 201,
  rows: [
    ['Data', 'Histórico', 'Valor', 'Favorecido'],
    ['01/10/2026', 'PIX RECEBIDO', '1.100,00', 'Fulano'],
    ['02/10/2026', 'UBER *TRIP', '-23,90', 'Uber do Brasil'],
    ['13/10/2026', 'Padaria', '-8,50', ''],
  ],
  row_lines: [1, 2, 3, 4],
};
const RULE = { _id: 'map-1', _rev: '1-a', klass: 'Mapping', active: true, order: 1, target: 'outgo', field_to_watch: 'description', kind_of_watch: 'starts_with', text_to_match: 'uber', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'Transporte, Trabalho' };

const isUpload = (c: Call) => c.method === 'POST' && c.url === '/acc-1/_imports';
const isStart = (c: Call) => c.method === 'POST' && c.url === '/acc-1';
/** the service's preview of the mapping rules on the preview's records (issue 27 #1) */
const isTry = (c: Call) => c.method === 'PUT' && c.url === '/acc-1/_design/mappings/_update/try/preview';
type TryRecord = { klass: string; description: string | null; third_party: string | null; categories: string[] };
/** The service's answer to `try`: the one rule (starts with "uber" → categories) applied as the service applies it. */
function tryAnswer(call: Call) {
  const records = (call.body as { records: TryRecord[] }).records;
  return {
    body: {
      ok: true,
      id: 'preview',
      rev: '',
      doc: { records: records.map((r) => (r.klass === 'Outgo' && /^uber/i.test(r.description ?? '') ? { ...r, categories: ['transporte', 'trabalho'], applied: ['map-1'] } : { ...r, applied: [] })) },
    },
  };
}

/** The gateway with the sample wallets, one mapping rule, the upload's answer and whatever `more` answers. */
function stubImports(more: Handler = () => undefined) {
  return stubApi((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (isFind(call, 'Wallet')) return { body: { docs: WALLETS } };
    if (isFind(call, 'Mapping')) return { body: { docs: [RULE] } };
    if (isUpload(call)) return { status: 201, body: REPLY };
    if (isTry(call)) return tryAnswer(call);
    return undefined;
  });
}

const statement = () => new File(['Data;Histórico;Valor;Favorecido\r\n01/10/2026;PIX RECEBIDO;1.100,00;Fulano\r\n'], 'extrato-outubro.csv', { type: 'text/csv' });

async function chooseFile(file = statement()) {
  // the first render of a file loads the lazy routes: slow when the machine is busy
  const input = (await screen.findByTestId('statement-input', {}, { timeout: 10_000 })) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

async function choose(input: HTMLElement, option: string) {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!) as HTMLElement;
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('importing a statement (wallets-upload)', { timeout: 20_000 }, () => {
  it('sends the chosen file’s bytes as text/csv with the XSRF header, and shows its encoding, delimiter, lines and first rows', async () => {
    const { calls } = stubImports();
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    const file = await chooseFile();
    await screen.findByTestId('statement-rows', {}, { timeout: 5_000 });
    const upload = calls.find(isUpload)!;
    expect(upload.body).toBe(file);
    expect(upload.headers).toMatchObject({ 'content-type': 'text/csv', 'x-xsrf-token': 'tok+1', 'x-route-name': 'finance.wallets-upload' });
    expect(screen.getByTestId('statement-encoding').textContent).toBe('Encoding: WINDOWS-1252');
    expect(screen.getByTestId('statement-delimiter').textContent).toBe('Delimiter: semicolon (;)');
    expect(screen.getByTestId('statement-lines').textContent).toBe('Rows: 201');
    const table = within(screen.getByTestId('statement-rows'));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Data', 'Histórico', 'Valor', 'Favorecido']);
    expect(table.getAllByRole('row')).toHaveLength(4);
    expect((screen.getByRole('textbox', { name: /^Wallet/ }) as HTMLInputElement).value).toBe('Itaú (BRL)');
  });

  it('matches the columns from the header, and previews the rows as they will be saved: kinds, dates, amounts in reais, the mapping rule applied', async () => {
    stubImports();
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau', 'pt-BR');
    await chooseFile();
    const holds = (name: string) => screen.getByRole('textbox', { name: `O que “${name}” contém` }) as HTMLInputElement;
    await waitFor(() => expect(holds('Data').value).toBe('Data'));
    expect([holds('Histórico').value, holds('Valor').value, holds('Favorecido').value]).toEqual(['Descrição', 'Valor', 'Terceiro']);
    const rows = await screen.findAllByTestId('preview-row');
    const read = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(rows.map(read)).toEqual([
      ['2', '01/10/2026', 'Receita', 'PIX RECEBIDO', 'Fulano', '—', 'R$\u00a01.100,00'],
      ['3', '02/10/2026', 'Despesa', 'UBER *TRIP', 'Uber do Brasil', 'transportetrabalho', '-R$\u00a023,90'],
      ['4', '13/10/2026', 'Despesa', 'Padaria', '', '—', '-R$\u00a08,50'],
    ]);
    // without the rules, as the import would then save them
    fireEvent.click(screen.getByRole('switch', { name: 'Aplicar as regras de mapeamento (1 ativas)' }));
    await waitFor(() => expect(read(screen.getAllByTestId('preview-row')[1])[5]).toBe('—'));
  });

  it('starts the import with the columns and options chosen, follows the progress bar to the outcome, and undoes it after asking', async () => {
    let polls = 0;
    const doc = { _id: 'csv-1', _rev: '1-a', klass: 'CsvImport', upload_id: UPLOAD_ID, wallet_id: 'wal-itau', created_at: '2026-10-20T10:00:00Z' };
    const done = { ...doc, status: 'done', total_rows: 200, done_rows: 200, created: 195, duplicates: 5, error: null };
    let undone: typeof done | null = null;
    const { calls } = stubImports((call) => {
      if (isStart(call)) return { status: 201, body: { ok: true, id: 'csv-1', rev: '1-a' } };
      if (call.method === 'GET' && call.url === '/acc-1/csv-1') {
        polls++;
        if (polls === 1) return { body: { ...doc, status: 'running', total_rows: 200, done_rows: 50, created: 0, duplicates: 0, error: null } };
        return { body: undone ?? done };
      }
      if (call.method === 'PUT' && call.url === '/acc-1/_design/imports/_update/undo/csv-1') {
        undone = { ...done, status: 'undone', undone_records: 195 } as typeof done;
        return { body: { ok: true, id: 'csv-1', rev: '3-c', doc: undone } };
      }
      return undefined;
    });
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    await choose(await screen.findByRole('textbox', { name: 'What “Favorecido” holds' }), 'Ignore');
    await choose(screen.getByTestId('date-format'), 'dd/mm/yyyy');
    fireEvent.click(screen.getByRole('radio', { name: 'Revenues' }));
    fireEvent.click(screen.getByTestId('start-import'));
    await waitFor(() => expect(calls.find(isStart)).toBeTruthy());
    expect(calls.find(isStart)!.body).toEqual({
      klass: 'CsvImport',
      upload_id: UPLOAD_ID,
      wallet_id: 'wal-itau',
      columns: { date: 0, description: 1, value: 2 },
      first_line_is_header: true,
      ignore_line_one: false,
      date_format: 'dd/mm/yyyy',
      most_items_are: 'income',
      apply_mappings: true,
      description: 'extrato-outubro.csv',
    });
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByTestId('import-status').textContent).toBe('Importing… 50 of 200 rows');
    expect((await screen.findByTestId('import-result')).textContent).toBe('Created: 195 · Duplicates skipped: 5');
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('link', { name: 'See the expenses' }).getAttribute('href')).toBe('/account/acc-1/outgos?wallet=wal-itau');

    fireEvent.click(screen.getByTestId('undo-import'));
    expect((await screen.findByTestId('confirm-dialog-message')).textContent).toBe('This deletes the records the import created (195). A record whose imported flag was removed is kept.');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect((await screen.findByTestId('import-undone')).textContent).toBe('195 records deleted');
    expect(calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/undo/csv-1'))).toHaveLength(1);
  });

  it('numbers the preview’s rows by the lines of the file the upload names (a blank line and a quoted line break before them), so a problem’s line is the import’s', async () => {
    const reply = {
      ...REPLY,
      rows: [REPLY.rows[0], ['01/10/2026', 'PIX\nRECEBIDO', '1.100,00', 'Fulano'], ['02/10/2026', 'UBER *TRIP', '-23,90', 'Uber do Brasil'], ['13/10/2026', 'Padaria', 'abc', '']],
      row_lines: [1, 3, 5, 6],
    };
    stubImports((call) => (isUpload(call) ? { status: 201, body: reply } : undefined));
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    const rows = await screen.findAllByTestId('preview-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['3', '5', '6']);
    expect(within(rows[2]).getByTestId('preview-problem').textContent).toBe('Line 6: the amount does not read: the import would fail');
  });

  it('names an amount with too many decimals and one too large as the import does, in en and pt-BR', async () => {
    const reply = { ...REPLY, rows: [REPLY.rows[0], ['01/10/2026', 'Tarifa', '-1,005', ''], ['02/10/2026', 'Grande', '-90.000.000.000,01', ''], REPLY.rows[3]] };
    stubImports((call) => (isUpload(call) ? { status: 201, body: reply } : undefined));
    const { unmount } = renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    const problems = async () => (await screen.findAllByTestId('preview-problem')).map((p) => p.textContent);
    expect(await problems()).toEqual(['Line 2: the amount has more decimals than the wallet: the import would fail', 'Line 3: the amount is too large (at most R$\u00a090,000,000,000.00): the import would fail']);
    unmount();
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau', 'pt-BR');
    await chooseFile();
    expect(await problems()).toEqual(['Linha 2: o valor tem mais casas decimais que a carteira: a importação falharia', 'Linha 3: o valor é grande demais (no máximo R$\u00a090.000.000.000,00): a importação falharia']);
  });

  it('says, before importing, that the import would refuse a file whose date column holds no date, in the import’s words, in en and pt-BR', async () => {
    const reply = { ...REPLY, rows: [REPLY.rows[0], ['Saldo anterior', '', '1.000,00', ''], ['Saldo do dia', 'Resumo', '-23,90', '']] , row_lines: [1, 2, 3] };
    stubImports((call) => (isUpload(call) ? { status: 201, body: reply } : undefined));
    const { unmount } = renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    const refusal = await screen.findByTestId('preview-refusal');
    expect(refusal.textContent).toBe('The import would fail: nothing would be savedThe date column or the Date format seems to be wrong.');
    unmount();
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau', 'pt-BR');
    await chooseFile();
    expect((await screen.findByTestId('preview-refusal')).textContent).toBe('A importação falharia: nada seria salvoA coluna da data ou o formato da data parece estar errado.');
    // a matching the import refuses first (fewer than 3 columns) is what Import says, not the dates
    await choose(screen.getByRole('textbox', { name: 'O que “Histórico” contém' }), 'Ignorar');
    await choose(screen.getByRole('textbox', { name: 'O que “Favorecido” contém' }), 'Ignorar');
    await waitFor(() => expect(screen.queryByTestId('preview-refusal')).toBeNull());
  });

  it('follows an import honestly: reading the file at 0 %, its rows written as 99 % until they are committed, then done; the bar glides linearly over each read’s interval', async () => {
    const doc = { _id: 'csv-4', klass: 'CsvImport', upload_id: UPLOAD_ID, wallet_id: 'wal-itau', created: 0, duplicates: 0, error: null };
    const answers = [
      { ...doc, _rev: '2-b', status: 'running', total_rows: 0, done_rows: 0 },
      { ...doc, _rev: '4-d', status: 'running', total_rows: 200, done_rows: 200 },
      { ...doc, _rev: '5-e', status: 'done', total_rows: 200, done_rows: 200, created: 200 },
    ];
    let polls = 0;
    stubImports((call) => {
      if (isStart(call)) return { status: 201, body: { ok: true, id: 'csv-4', rev: '1-a' } };
      if (call.method === 'GET' && call.url === '/acc-1/csv-4') return { body: answers[Math.min(polls++, answers.length - 1)] };
      return undefined;
    });
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    fireEvent.click(await screen.findByTestId('start-import'));
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('Reading the file…'));
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('import-progress').style.getPropertyValue('--progress-transition-duration')).toBe(`${PROGRESS_POLL_MS}ms`);
    expect(bar.style.transitionTimingFunction).toBe('linear');
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('Importing… 200 of 200 rows'));
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('99');
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('Done'));
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('refuses fewer than 3 matched columns with spec §8’s message, in pt-BR, without starting anything', async () => {
    const { calls } = stubImports();
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau', 'pt-BR');
    await chooseFile();
    await choose(await screen.findByRole('textbox', { name: 'O que “Histórico” contém' }), 'Ignorar');
    await choose(screen.getByRole('textbox', { name: 'O que “Favorecido” contém' }), 'Ignorar');
    fireEvent.click(screen.getByTestId('start-import'));
    expect((await screen.findByTestId('import-refusal')).textContent).toContain('Associe o cabeçalho de cada coluna (pelo menos 3 colunas).');
    expect(calls.find(isStart)).toBeUndefined();
  });

  it('shows the line of a file that can’t be split, as the upload answers it', async () => {
    stubImports((call) =>
      isUpload(call) ? { status: 422, body: { error: 'unprocessable_entity', reason: 'Line 3: a quoted field is not closed or is closed in the wrong place' } } : undefined,
    );
    renderAt('/account/acc-1/wallets-upload');
    await chooseFile();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your request failed');
    expect(alert.textContent).toContain('Line 3: a quoted field is not closed or is closed in the wrong place');
    expect(screen.queryByTestId('statement-rows')).toBeNull();
  });

  it('takes a file dropped on the area, and needs a wallet before importing', async () => {
    const { calls } = stubImports();
    renderAt('/account/acc-1/wallets-upload');
    const area = await screen.findByTestId('statement-drop', {}, { timeout: 10_000 });
    const file = statement();
    fireEvent.drop(area, { dataTransfer: { files: [file] } });
    await screen.findByTestId('statement-rows');
    expect(calls.find(isUpload)!.body).toBe(file);
    fireEvent.click(screen.getByTestId('start-import'));
    expect(await screen.findByText("can't be blank")).toBeTruthy();
    expect(calls.find(isStart)).toBeUndefined();
  });

  it('says a failed import’s line and reason', async () => {
    stubImports((call) => {
      if (isStart(call)) return { status: 201, body: { ok: true, id: 'csv-2', rev: '1-a' } };
      if (call.method === 'GET' && call.url === '/acc-1/csv-2')
        return { body: { _id: 'csv-2', _rev: '3-c', klass: 'CsvImport', status: 'failed', total_rows: 0, done_rows: 0, created: 0, duplicates: 0, error: { line: 4, reason: 'Line 4, column Valor: "abc" is not an amount' } } };
      return undefined;
    });
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    fireEvent.click(await screen.findByTestId('start-import'));
    expect((await screen.findByTestId('import-failure')).textContent).toBe('The import failed: nothing was savedLine 4, column Valor: "abc" is not an amount');
    expect(screen.getByTestId('import-card').getAttribute('data-status')).toBe('failed');
  });

  it('says a file refused as a whole in the reader’s language, after the line it names', async () => {
    stubImports((call) => {
      if (isStart(call)) return { status: 201, body: { ok: true, id: 'csv-3', rev: '1-a' } };
      if (call.method === 'GET' && call.url === '/acc-1/csv-3')
        return { body: { _id: 'csv-3', _rev: '3-c', klass: 'CsvImport', status: 'failed', total_rows: 0, done_rows: 0, created: 0, duplicates: 0, error: { line: 7, reason: 'The date column or the Date format seems to be wrong.' } } };
      return undefined;
    });
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau', 'pt-BR');
    await chooseFile();
    fireEvent.click(await screen.findByTestId('start-import'));
    expect((await screen.findByTestId('import-failure')).textContent).toBe('A importação falhou: nada foi salvoLinha 7: A coluna da data ou o formato da data parece estar errado.');
  });
});

// issue 27: real statements, as a new user meets them
describe('a statement as it really comes (issue 27)', { timeout: 20_000 }, () => {
  const BOLETO = 'PAGAMENTO BOLETO 23793381286000782713695000063305975520000370000';
  const REGEX_RULE = { ...RULE, _id: 'map-2', kind_of_watch: 'regex', text_to_match: '(\\d|\\w)+@', field_to_change: 'categories', text_to_change: 'e-mail' };

  it('#1 has the service apply the mapping rules to the preview (its bounded matcher), never the browser’s RegExp: a regex rule and a 44-digit barcode line', async () => {
    const RealRegExp = globalThis.RegExp;
    const built: string[] = [];
    const reply = { ...REPLY, rows: [REPLY.rows[0], ['01/10/2026', BOLETO, '-310,00', 'Banco'], ['13/10/2026', 'pix joao@banco', '-8,50', '']] };
    const { calls } = stubApi((call) => {
      if (isFind(call, 'Wallet')) return { body: { docs: WALLETS } };
      if (isFind(call, 'Mapping')) return { body: { docs: [REGEX_RULE] } };
      if (isUpload(call)) return { status: 201, body: reply };
      if (isTry(call)) {
        const records = (call.body as { records: TryRecord[] }).records;
        return { body: { ok: true, id: 'preview', rev: '', doc: { records: records.map((r) => ({ ...r, categories: r.description?.includes('@') ? ['e-mail'] : r.categories, applied: [] })) } } };
      }
      return undefined;
    });
    // every pattern the page builds while it previews: none may be the rule's
    vi.stubGlobal(
      'RegExp',
      new Proxy(RealRegExp, {
        construct(target, args) {
          built.push(String(args[0]));
          return new target(...(args as [string, string?]));
        },
      }),
    );
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    await waitFor(() => expect(calls.find(isTry)).toBeTruthy());
    expect(calls.find(isTry)!.body).toEqual({
      records: [
        { klass: 'Outgo', description: BOLETO, third_party: 'Banco', categories: [] },
        { klass: 'Outgo', description: 'pix joao@banco', third_party: null, categories: [] },
      ],
    });
    const rows = await screen.findAllByTestId('preview-row');
    await waitFor(() => expect(within(rows[1]).getAllByRole('cell')[5].textContent).toBe('e-mail'));
    expect(within(rows[0]).getAllByRole('cell')[5].textContent).toBe('—');
    expect(built.filter((p) => p.includes('\\w)+@'))).toEqual([]);
  });

  it('#3 shows both readings of a date of a file that reads two ways, refuses to import until one is chosen, then previews and imports with it', async () => {
    const us = {
      ...REPLY,
      encoding: 'utf-8',
      delimiter: ',',
      header: ['Date', 'Description', 'Amount'],
      columns: 3,
      lines: 4,
      rows: [['Date', 'Description', 'Amount'], ['10/01/2024', 'Coffee', '-4.50'], ['10/02/2024', 'Rent', '-900.00'], ['10/07/2024', 'Salary', '2000.00']],
      row_lines: [1, 2, 3, 4],
      date_columns: [{ column: 0, formats: ['dd/mm/yyyy', 'mm/dd/yyyy'], sample: { value: '10/01/2024', line: 2, readings: { 'dd/mm/yyyy': '2024-01-10', 'mm/dd/yyyy': '2024-10-01' } } }],
    };
    const { calls } = stubImports((call) => {
      if (isUpload(call)) return { status: 201, body: us };
      if (isStart(call)) return { status: 201, body: { ok: true, id: 'csv-5', rev: '1-a' } };
      return undefined;
    });
    const { unmount } = renderAt('/account/acc-1/wallets-upload?wallet=wal-usd');
    await chooseFile();
    const choice = await screen.findByTestId('date-choice');
    expect(within(choice).getByText('The dates of this file read two ways')).toBeTruthy();
    expect(within(choice).getByTestId('date-choice-sample').textContent).toBe('Line 2 says 10/01/2024. Which day is it?');
    expect(within(choice).getByRole('radio', { name: 'January 10, 2024 (day/month: dd/mm/yyyy)' })).toBeTruthy();
    expect(within(choice).getByRole('radio', { name: 'October 1, 2024 (month/day: mm/dd/yyyy)' })).toBeTruthy();
    // no day is shown until the person says which: the dates as written
    expect(screen.getAllByTestId('preview-row').map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual([
      '10/01/2024 (which day? choose above)',
      '10/02/2024 (which day? choose above)',
      '10/07/2024 (which day? choose above)',
    ]);
    fireEvent.click(screen.getByTestId('start-import'));
    expect((await screen.findByTestId('import-refusal')).textContent).toContain('The dates read as day/month or as month/day: choose the date format');
    expect(calls.find(isStart)).toBeUndefined();

    fireEvent.click(within(choice).getByRole('radio', { name: 'October 1, 2024 (month/day: mm/dd/yyyy)' }));
    await waitFor(() => expect(screen.getAllByTestId('preview-row').map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['2024-10-01', '2024-10-02', '2024-10-07']));
    fireEvent.click(screen.getByTestId('start-import'));
    await waitFor(() => expect(calls.find(isStart)).toBeTruthy());
    expect(calls.find(isStart)!.body).toMatchObject({ date_format: 'mm/dd/yyyy', columns: { date: 0, description: 1, value: 2 } });
    unmount();

    renderAt('/account/acc-1/wallets-upload?wallet=wal-usd', 'pt-BR');
    await chooseFile();
    const escolha = await screen.findByTestId('date-choice');
    expect(within(escolha).getByText('As datas deste arquivo podem ser lidas de dois jeitos')).toBeTruthy();
    expect(within(escolha).getByTestId('date-choice-sample').textContent).toBe('A linha 2 diz 10/01/2024. Que dia é?');
    expect(within(escolha).getByRole('radio', { name: '10 de janeiro de 2024 (dia/mês: dd/mm/yyyy)' })).toBeTruthy();
    expect(within(escolha).getByRole('radio', { name: '1 de outubro de 2024 (mês/dia: mm/dd/yyyy)' })).toBeTruthy();
  });

  it('#3 previews with the format the whole file settles, though its first rows fit two', async () => {
    const settled = {
      ...REPLY,
      rows: [REPLY.rows[0], ['10/01/2024', 'Coffee', '-4,50', ''], ['10/02/2024', 'Rent', '-900,00', '']],
      row_lines: [1, 2, 3],
      date_columns: [{ column: 0, formats: ['mm/dd/yyyy'], sample: null }],
    };
    stubImports((call) => (isUpload(call) ? { status: 201, body: settled } : undefined));
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    await waitFor(() => expect(screen.getAllByTestId('preview-row').map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['2024-10-01', '2024-10-02']));
    expect(screen.queryByTestId('date-choice')).toBeNull();
    expect((screen.getByTestId('date-format') as HTMLInputElement).value).toBe('Detected: mm/dd/yyyy');
  });

  it('#4 #5 says why a file is refused at upload in the reader’s language: not a CSV file, a spreadsheet, a header without rows', async () => {
    const answers = [
      { status: 415, body: { error: 'unsupported_media_type', reason: 'This is not a CSV file' } },
      {
        status: 415,
        body: {
          error: 'unsupported_media_type',
          reason: 'This is not a CSV file: it is a spreadsheet (Excel or LibreOffice). Open it there and save it as CSV (File › Save as › CSV), or export the statement as CSV from your bank, then upload that file',
        },
      },
      { status: 422, body: { error: 'unprocessable_entity', reason: 'The file has no rows below its header: there is nothing to import' } },
    ];
    const texts: string[] = [];
    for (const answer of answers) {
      stubImports((call) => (isUpload(call) ? answer : undefined));
      const { unmount } = renderAt('/account/acc-1/wallets-upload', 'pt-BR');
      await chooseFile();
      texts.push((await screen.findByRole('alert')).textContent ?? '');
      unmount();
    }
    expect(texts).toEqual([
      'Arquivo não aceitoEste não é um arquivo CSV',
      'Arquivo não aceitoEste não é um arquivo CSV: é uma planilha (Excel ou LibreOffice). Abra-a lá e salve como CSV (Arquivo › Salvar como › CSV), ou exporte o extrato em CSV pelo seu banco, e envie esse arquivo',
      'Seu pedido falhouO arquivo não tem linhas abaixo do cabeçalho: não há nada para importar',
    ]);
  });

  it('#9 names a line holding a NUL byte, and the largest amount the wallet takes, as the import would refuse them', async () => {
    const reply = { ...REPLY, rows: [REPLY.rows[0], ['01/10/2026', 'Pag\u0000amento', '-1,00', ''], ['02/10/2026', 'Grande', '-90.000.000.000,01', ''], ['13/10/2026', 'Ok', '-1,00', '']] };
    stubImports((call) => (isUpload(call) ? { status: 201, body: reply } : undefined));
    const { unmount } = renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    const problems = async () => (await screen.findAllByTestId('preview-problem')).map((p) => p.textContent);
    expect(await problems()).toEqual([
      'Line 2: a text holds a character that is not text (a NUL byte): the import would fail',
      'Line 3: the amount is too large (at most R$\u00a090,000,000,000.00): the import would fail',
    ]);
    unmount();
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau', 'pt-BR');
    await chooseFile();
    expect(await problems()).toEqual([
      'Linha 2: um texto tem um caractere que não é texto (um byte NUL): a importação falharia',
      'Linha 3: o valor é grande demais (no máximo R$\u00a090.000.000.000,00): a importação falharia',
    ]);
  });

  it('#3 says under the date format when the service refuses an import whose dates read two ways', async () => {
    stubImports((call) => (isStart(call) ? { status: 422, body: { error: 'unprocessable_entity', reason: { date_format: 'is-ambiguous' } } } : undefined));
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau', 'pt-BR');
    await chooseFile();
    fireEvent.click(await screen.findByTestId('start-import'));
    expect(await screen.findByText('as datas podem ser lidas de dois jeitos: escolha como')).toBeTruthy();
  });

  it('#8 says under the wallet that it is inactive when the service refuses the import so', async () => {
    stubImports((call) => (isStart(call) ? { status: 422, body: { error: 'unprocessable_entity', reason: { wallet_id: 'is-inactive' } } } : undefined));
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    fireEvent.click(await screen.findByTestId('start-import'));
    expect(await screen.findByText('is inactive')).toBeTruthy();
  });
});

describe('past imports', { timeout: 20_000 }, () => {
  const PAST = [
    { _id: 'csv-9', _rev: '3-c', klass: 'CsvImport', label: 'extrato-setembro.csv', wallet_id: 'wal-itau', created_at: '2026-10-01T12:30:00Z', status: 'done', total_rows: 40, done_rows: 40, created: 38, duplicates: 2, error: null },
    { _id: 'csv-8', _rev: '4-d', klass: 'CsvImport', label: 'extrato-agosto.csv', wallet_id: 'wal-itau', created_at: '2026-09-01T12:30:00Z', status: 'undone', created: 10, duplicates: 0, undone_records: 10, error: null },
    { _id: 'csv-7', _rev: '2-b', klass: 'CsvImport', label: 'extrato-julho.csv', wallet_id: 'wal-itau', created_at: '2026-08-01T12:30:00Z', status: 'running', total_rows: 400, done_rows: 0, created: 0, duplicates: 0, error: null },
  ];

  it('lists the newest first with their outcome (a running one’s rows so far), and offers Undo only for a finished one', async () => {
    const { calls } = stubApi((call) => {
      if (isFind(call, 'Wallet')) return { body: { docs: WALLETS } };
      if (isFind(call, 'CsvImport')) return { body: { docs: PAST } };
      if (call.method === 'PUT') return { body: { ok: true, id: 'csv-9', rev: '4-d', doc: { ...PAST[0], status: 'undone', undone_records: 38 } } };
      return undefined;
    });
    renderAt('/account/acc-1/wallets-upload');
    const rows = await screen.findAllByTestId('past-import');
    expect(calls.find((c) => isFind(c, 'CsvImport'))!.body).toEqual({ selector: { klass: 'CsvImport' }, sort: [{ created_at: 'desc' }], limit: 10 });
    expect(within(rows[0]).getByText('extrato-setembro.csv')).toBeTruthy();
    expect(within(rows[0]).getByText('Itaú')).toBeTruthy();
    expect(within(rows[0]).getByText('Created: 38 · Duplicates skipped: 2')).toBeTruthy();
    expect(within(rows[1]).getByText('10 records deleted')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(within(rows[2]).getByText('Importing… 0 of 400 rows')).toBeTruthy();
    expect(within(rows[2]).getByText('Running')).toBeTruthy();
    expect(within(rows[2]).queryByRole('button', { name: 'Undo' })).toBeNull();
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Undo' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/acc-1/_design/imports/_update/undo/csv-9')).toBe(true));
  });

  it('shows the columns, the preview and the past imports as cards on a phone', async () => {
    phoneWindow();
    stubImports((call) => (isFind(call, 'CsvImport') ? { body: { docs: PAST } } : undefined));
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    expect(await screen.findByTestId('column-cards')).toBeTruthy();
    expect(screen.getByTestId('preview-cards')).toBeTruthy();
    expect(screen.queryByTestId('preview-table')).toBeNull();
    expect(within(screen.getAllByTestId('preview-row')[1]).getByTestId('preview-amount').textContent).toBe('-R$\u00a023.90');
    expect(screen.getAllByTestId('past-import')[0].tagName).not.toBe('TR');
  });

  it('on a phone, a preview row without a date shows its third party alone, one with a date both', async () => {
    phoneWindow();
    const reply = { ...REPLY, rows: [REPLY.rows[0], ['Saldo anterior', 'Saldo', '-1,00', 'Banco'], REPLY.rows[2]] };
    stubImports((call) => (isUpload(call) ? { status: 201, body: reply } : undefined));
    renderAt('/account/acc-1/wallets-upload?wallet=wal-itau');
    await chooseFile();
    await waitFor(() => expect(screen.getAllByTestId('preview-when').map((w) => w.textContent)).toEqual(['Banco', '2026-10-02 · Uber do Brasil']));
  });
});
