import { createHash, randomBytes } from 'crypto';
import { crc32 } from 'zlib';
import { buildFindSql } from '@app/platform';
import { createGroup, createToken, eventually, signUp, Stack, startStack } from './harness';

// The finance module through the gateway: wallets, incomes, outgos, transfers and exchanges, confirm/unconfirm and the
// imported flag moving balances exactly once, the spec's refusals (§5, §8), the per-currency totals the dashboard
// reads, and many clients confirming at once.

let stack: Stack;
let db: string;
let auth: Record<string, string>;

beforeAll(async () => {
  stack = await startStack('finance');
  const owner = await signUp(stack, { confirm: true });
  db = (await createGroup(owner, 'Finance shop')).id;
  auth = { authorization: `Bearer ${await createToken(owner)}`, 'content-type': 'application/json' };
}, 60_000);
afterAll(() => stack?.close());

type Json = Record<string, unknown>;
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}
const post = (doc: Json) => call('POST', `/${db}`, doc);
const get = (id: string) => call('GET', `/${db}/${id}`).then((r) => r.body);
const money = (handler: string, id: string) => call('PUT', `/${db}/_design/money/_update/${handler}/${id}`);
const balance = async (id: string) => (await get(id)).balance as number;

async function wallet(name: string, currency: string, start = 0, extra: Json = {}): Promise<string> {
  const r = await post({ klass: 'Wallet', name, currency, start_balance: start, ...extra });
  expect(r.status).toBe(201);
  return String(r.body.id);
}

async function record(doc: Json): Promise<string> {
  const r = await post(doc);
  expect([r.status, r.body.reason]).toEqual([201, undefined]);
  return String(r.body.id);
}

/** A bank statement's bytes, uploaded as the wallets-upload screen sends them. */
async function upload(bytes: Buffer): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}/${db}/_imports`, { method: 'POST', headers: { authorization: auth.authorization, 'content-type': 'text/csv' }, body: bytes });
  return { status: res.status, body: (await res.json()) as Json };
}

/** An import's document once it is done or failed. */
async function finished(id: string): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const doc = await get(id);
    if (['done', 'failed'].includes(String(doc.status))) return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

/** The incomes and outgos an import made. */
async function importedBy(importId: string, limit = 1000): Promise<Json[]> {
  const out: Json[] = [];
  for (const klass of ['Income', 'Outgo']) {
    const found = await call('POST', `/${db}/_find`, { selector: { klass, import_id: importId }, limit });
    out.push(...(found.body.docs as Json[]));
  }
  return out;
}

describe('wallets', () => {
  it('takes the currency’s precision (BRL 2, JPY 0) and starts the balance at start_balance', async () => {
    const brl = await wallet('Caixa', 'BRL', 10000);
    const jpy = await wallet('Tokyo', 'JPY', 500);
    expect(await get(brl)).toMatchObject({ currency: 'BRL', precision: 2, balance: 10000, active: true, card: false });
    expect(await get(jpy)).toMatchObject({ precision: 0, balance: 500 });
  });

  it('refuses an unknown currency, a fractional amount, and changing the currency or the decimals once the wallet has records (422)', async () => {
    expect((await post({ klass: 'Wallet', name: 'X', currency: 'XYZ' })).body).toEqual({ error: 'unprocessable_entity', reason: { currency: 'is-not-a-currency' } });
    expect((await post({ klass: 'Wallet', name: 'X', currency: 'BRL', start_balance: 10.5 })).body.reason).toEqual({ start_balance: 'must-be-a-whole-number-of-cents' });
    const id = await wallet('Fixed', 'EUR');
    await record({ klass: 'Outgo', wallet_id: id, value: 100, date: '2026-11-01' });
    const doc = await get(id);
    expect((await call('PUT', `/${db}/${id}`, { ...doc, currency: 'USD' })).body).toEqual({ error: 'unprocessable_entity', reason: { currency: 'cannot-be-changed' } });
    expect((await call('PUT', `/${db}/${id}`, { ...doc, precision: 3 })).body).toEqual({ error: 'unprocessable_entity', reason: { precision: 'cannot-be-changed' } });
  });

  it('an inactive wallet takes no new records, but a record already in it can still be edited', async () => {
    const w = await wallet('Antiga', 'BRL');
    const out = await record({ klass: 'Outgo', wallet_id: w, value: 100, date: '2026-11-01', description: 'before' });
    const doc = await get(w);
    expect((await call('PUT', `/${db}/${w}`, { ...doc, active: false })).status).toBeLessThan(300);
    expect((await post({ klass: 'Outgo', wallet_id: w, value: 100, date: '2026-11-01' })).body).toEqual({ error: 'unprocessable_entity', reason: { wallet_id: 'is-inactive' } });
    const old = await get(out);
    expect((await call('PUT', `/${db}/${out}`, { ...old, description: 'after' })).status).toBeLessThan(300);
  });
});

describe('deleting wallets', () => {
  it('refuses a wallet that has records (409) and takes a deleted one’s balance out of its currency’s total', async () => {
    const used = await wallet('Used', 'CHF', 700);
    await record({ klass: 'Income', wallet_id: used, value: 100, date: '2026-11-01' });
    const usedDoc = await get(used);
    expect((await call('DELETE', `/${db}/${used}?rev=${usedDoc._rev}`)).body).toEqual({ error: 'conflict', reason: 'This wallet has records: move or delete them first' });
    const spare = await wallet('Spare', 'CHF', 300);
    const total = async () => ((await call('GET', `/${db}/wbl-chf`)).body.balance as number);
    expect(await total()).toBe(1000);
    const spareDoc = await get(spare);
    expect((await call('DELETE', `/${db}/${spare}?rev=${spareDoc._rev}`)).status).toBe(200);
    expect(await total()).toBe(700);
  });
});

describe('money records', () => {
  it('an income and an outgo move the balance only when confirmed, once; repeating is refused with the spec’s message', async () => {
    const w = await wallet('Conta', 'BRL', 100000);
    const inc = await record({ klass: 'Income', wallet_id: w, value: 25050, date: '2026-11-02', paid_by: 'Cliente', categories: 'Serviços, Reparo de TV' });
    const out = await record({ klass: 'Outgo', wallet_id: w, value: 7525, date: '2026-11-03', paid_to: 'Loja' });
    expect(await get(inc)).toMatchObject({ confirmed: false, imported: false, currency: 'BRL', categories: ['serviços', 'reparo-de-tv'] });
    expect(await balance(w)).toBe(100000);
    expect((await money('confirm', inc)).status).toBe(200);
    expect((await money('confirm', out)).status).toBe(200);
    expect(await balance(w)).toBe(100000 + 25050 - 7525);
    expect((await money('confirm', inc)).body).toEqual({ error: 'conflict', reason: 'Revenue is already confirmed' });
    expect((await money('unconfirm', out)).status).toBe(200);
    expect((await money('unconfirm', out)).body).toEqual({ error: 'conflict', reason: 'Expense is already unconfirmed' });
    expect(await balance(w)).toBe(125050);
  });

  it('a confirmed record can’t be deleted (409 "You cannot delete a confirmed Expense"); unconfirmed it can', async () => {
    const w = await wallet('Del', 'BRL');
    const out = await record({ klass: 'Outgo', wallet_id: w, value: 100, date: '2026-11-01' });
    await money('confirm', out);
    const doc = await get(out);
    expect((await call('DELETE', `/${db}/${out}?rev=${doc._rev}`)).body).toEqual({ error: 'conflict', reason: 'You cannot delete a confirmed Expense' });
    const unconfirmed = await money('unconfirm', out);
    expect((await call('DELETE', `/${db}/${out}?rev=${unconfirmed.body.rev}`)).status).toBe(200);
    expect(await balance(w)).toBe(0);
  });

  it('editing a confirmed record moves the balance by the difference, also to another wallet', async () => {
    const a = await wallet('A', 'USD');
    const b = await wallet('B', 'USD');
    const inc = await record({ klass: 'Income', wallet_id: a, value: 1000, date: '2026-11-01' });
    await money('confirm', inc);
    let doc = await get(inc);
    expect((await call('PUT', `/${db}/${inc}`, { ...doc, value: 1250 })).status).toBeLessThan(300);
    expect(await balance(a)).toBe(1250);
    doc = await get(inc);
    await call('PUT', `/${db}/${inc}`, { ...doc, wallet_id: b });
    expect([await balance(a), await balance(b)]).toEqual([0, 1250]);
  });

  it('an imported record leaves balances alone until the flag is removed; repeating either is refused', async () => {
    const w = await wallet('Imp', 'BRL', 0);
    const out = await record({ klass: 'Outgo', wallet_id: w, value: 5000, date: '2026-11-01' });
    await money('confirm', out);
    expect(await balance(w)).toBe(-5000);
    expect((await money('import', out)).status).toBe(200);
    expect(await balance(w)).toBe(0);
    expect((await money('import', out)).body).toEqual({ error: 'conflict', reason: 'Record is imported' });
    expect((await money('unimport', out)).status).toBe(200);
    expect((await money('unimport', out)).body).toEqual({ error: 'conflict', reason: 'Record is not imported' });
    expect(await balance(w)).toBe(-5000);
  });

  it('a transfer needs two wallets of one currency and takes its fee from the source; an exchange needs two currencies', async () => {
    const brl1 = await wallet('Banco 1', 'BRL', 100000);
    const brl2 = await wallet('Banco 2', 'BRL', 0);
    const usd = await wallet('Dólar', 'USD', 0);
    const wrong = await post({ klass: 'Transfer', source_wallet_id: brl1, destination_wallet_id: usd, value: 100, date: '2026-11-01' });
    expect(wrong.body).toEqual({ error: 'unprocessable_entity', reason: { destination_wallet_id: 'must-have-the-same-currency' } });
    const same = await post({ klass: 'Exchange', source_wallet_id: brl1, destination_wallet_id: brl2, value_out: 100, value_in: 100, date: '2026-11-01' });
    expect(same.body).toEqual({ error: 'unprocessable_entity', reason: { destination_wallet_id: 'must-have-another-currency' } });
    const trf = await record({ klass: 'Transfer', source_wallet_id: brl1, destination_wallet_id: brl2, value: 30000, fee: 150, date: '2026-11-01' });
    const exc = await record({ klass: 'Exchange', source_wallet_id: brl1, destination_wallet_id: usd, value_out: 55000, value_in: 10000, fee: 300, fee_kind: 'destination', date: '2026-11-02' });
    await money('confirm', trf);
    await money('confirm', exc);
    expect([await balance(brl1), await balance(brl2), await balance(usd)]).toEqual([100000 - 30150 - 55000, 30000, 9700]);
  });
});

describe('what the screens read', () => {
  it('WalletBalance holds each currency’s total over the wallets, sorted by currency, to the cent', async () => {
    const found = await call('POST', `/${db}/_find`, { selector: { klass: 'WalletBalance' }, sort: [{ currency: 'asc' }] });
    const wallets = await call('POST', `/${db}/_find`, { selector: { klass: 'Wallet' }, limit: 1000 });
    const sums = new Map<string, number>();
    for (const w of wallets.body.docs as Json[]) sums.set(String(w.currency), (sums.get(String(w.currency)) ?? 0) + Number(w.balance));
    const totals = (found.body.docs as Json[]).map((d) => [d.currency, d.balance]);
    // a currency whose last wallet went (deleted, or moved to another currency) keeps its total, at 0
    expect(totals.filter(([c]) => sums.has(String(c)))).toEqual([...sums].sort(([a], [b]) => String(a).localeCompare(String(b))));
    expect(totals.filter(([c]) => !sums.has(String(c))).map(([, b]) => b)).toEqual(totals.filter(([c]) => !sums.has(String(c))).map(() => 0));
    expect((await post({ klass: 'WalletBalance', currency: 'BRL', balance: 1 })).status).toBe(403);
  });

  it('the wallets view shows what is pending and a card’s available credit', async () => {
    const card = await wallet('Cartão', 'BRL', 0, { card: true, limit: 500000 });
    const paid = await record({ klass: 'Outgo', wallet_id: card, value: 12000, date: '2026-11-05' });
    await record({ klass: 'Outgo', wallet_id: card, value: 3000, date: '2026-11-06' });
    await money('confirm', paid);
    const view = await call('GET', `/${db}/_design/finance/_view/wallets`);
    const row = (view.body.rows as Array<{ key: string; value: Json }>).find((r) => r.key === card)!;
    expect(row.value).toMatchObject({ balance: -12000, pending_transactions: 1, balance_after_pending: -15000, available_credit: 488000 });
  });

  it('the month view sums confirmed incomes and outgos by category', async () => {
    const w = await wallet('Mês', 'EUR');
    for (const [klass, value, categories] of [
      ['Outgo', 1000, 'food'],
      ['Outgo', 2500, 'food'],
      ['Outgo', 700, 'transport'],
      ['Income', 9000, 'salary'],
    ] as const) {
      await money('confirm', await record({ klass, wallet_id: w, value, categories, date: '2031-03-10' }));
    }
    await record({ klass: 'Outgo', wallet_id: w, value: 99999, categories: 'food', date: '2031-03-11' }); // not confirmed
    const view = await call('GET', `/${db}/_design/finance/_view/month?month=${encodeURIComponent('"2031-03"')}`);
    expect(view.body.rows).toEqual([
      { key: ['Income', 'EUR', 'salary'], value: 9000 },
      { key: ['Outgo', 'EUR', 'food'], value: 3500 },
      { key: ['Outgo', 'EUR', 'transport'], value: 700 },
    ]);
  });
});

describe('many clients at once', () => {
  it('50 concurrent confirms, then 50 concurrent unconfirm/confirm calls on one wallet end at the exact balance', async () => {
    const w = await wallet('Concorrência', 'BRL', 1000);
    const values = Array.from({ length: 50 }, (_, i) => 101 + i * 7);
    const ids: string[] = [];
    for (const value of values) ids.push(await record({ klass: 'Income', wallet_id: w, value, date: '2026-11-10' }));
    const first = await Promise.all(ids.map((id) => money('confirm', id)));
    expect(first.every((r) => r.status === 200)).toBe(true);
    expect(await balance(w)).toBe(1000 + values.reduce((a, b) => a + b, 0));
    // odd ones unconfirmed, even ones confirmed again (refused): each click counts at most once
    const second = await Promise.all(ids.map((id, i) => money(i % 2 ? 'unconfirm' : 'confirm', id)));
    expect(second.filter((r) => r.status === 200)).toHaveLength(25);
    expect(second.filter((r) => r.body.reason === 'Revenue is already confirmed')).toHaveLength(25);
    expect(await balance(w)).toBe(1000 + values.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0));
  }, 60_000);
});

describe('CSV import (wallets-upload)', () => {
  /** A bank statement as Brazilian banks export it: Windows-1252, semicolons, decimal comma, dd/mm/yyyy. */
  function statement(rows: number, duplicates: number): Buffer {
    const lines = ['Data;Histórico;Valor;Favorecido'];
    for (let i = 0; i < rows - duplicates; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      const amount = `${i % 3 === 0 ? '' : '-'}${1 + (i % 900)}.${String(100 + i).slice(-3)},${String(i % 100).padStart(2, '0')}`;
      lines.push(`${day}/10/2026;Pagamento ${i} ação;${amount};Fornecedor ${i % 7}`);
    }
    for (let i = 0; i < duplicates; i++) lines.push(lines[1 + i]);
    return Buffer.from(lines.join('\r\n'), 'latin1');
  }

  const columns = { date: 0, description: 1, value: 2, third_party: 3 };


  it('reads a Windows-1252 semicolon statement, imports its 200 rows without the in-file duplicates, skips them all the second time, and undoes as a whole', async () => {
    const w = await wallet('Extrato', 'BRL', 50000);
    const up = await upload(statement(200, 5));
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ encoding: 'windows-1252', delimiter: ';', header: ['Data', 'Histórico', 'Valor', 'Favorecido'], columns: 4, lines: 201 });
    const started = await post({ klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: w, columns, first_line_is_header: true, most_items_are: 'outgo' });
    expect(started.status).toBe(201);
    const done = await finished(String(started.body.id));
    expect(done).toMatchObject({ status: 'done', total_rows: 200, created: 195, duplicates: 5, error: null });
    const docs = await importedBy(String(started.body.id));
    expect(docs).toHaveLength(195);
    expect(docs.every((d) => d.imported === true && d.confirmed === true)).toBe(true);
    expect(docs.find((d) => d.description === 'Pagamento 1 ação')).toMatchObject({ klass: 'Outgo', value: 210101, date: '2026-10-02', paid_to: 'Fornecedor 1' });
    expect(docs.find((d) => d.description === 'Pagamento 0 ação')).toMatchObject({ klass: 'Income', value: 110000, paid_by: 'Fornecedor 0' });
    expect(await balance(w)).toBe(50000); // imported records leave the balance alone

    const again = await upload(statement(200, 5));
    const second = await post({ klass: 'CsvImport', upload_id: again.body.upload_id, wallet_id: w, columns });
    expect(await finished(String(second.body.id))).toMatchObject({ status: 'done', created: 0, duplicates: 200 });

    const undo = await call('PUT', `/${db}/_design/imports/_update/undo/${started.body.id}`);
    expect(undo.status).toBe(200);
    expect(undo.body.doc).toMatchObject({ status: 'undone', undone_records: 195 });
    expect(await importedBy(String(started.body.id))).toHaveLength(0);
    expect((await call('PUT', `/${db}/_design/imports/_update/undo/${started.body.id}`)).body).toEqual({ error: 'conflict', reason: 'The import is already undone' });
  }, 60_000);

  it('the upload names the line of the file where each previewed row starts (after a blank line, a cell quoted over two lines), the line the import’s failure names', async () => {
    const w = await wallet('Linhas', 'BRL');
    const up = await upload(Buffer.from('Data;Histórico;Valor\r\n\r\n01/10/2026;"PIX\r\nRECEBIDO";10,00\r\n02/10/2026;ok;abc\r\n', 'latin1'));
    expect(up.status).toBe(201);
    expect([up.body.rows, up.body.row_lines]).toEqual([
      [
        ['Data', 'Histórico', 'Valor'],
        ['01/10/2026', 'PIX\r\nRECEBIDO', '10,00'],
        ['02/10/2026', 'ok', 'abc'],
      ],
      [1, 3, 5],
    ]);
    const started = await post({ klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: w, columns: { date: 0, description: 1, value: 2 }, date_format: 'dd/mm/yyyy' });
    const failed = await finished(String(started.body.id));
    expect(failed.error).toEqual({ line: 5, reason: 'Line 5, column 3 (Valor): "abc" is not an amount' });
  });

  it('a 30,000-row import tells its progress while it writes: the rows written so far below the total until it is done, then analyses the table', async () => {
    const analysed = async () => Number((await stack.pool.query(`SELECT analyze_count FROM pg_stat_user_tables WHERE schemaname = 'finance' AND relname = 'documents'`)).rows[0].analyze_count);
    const analysedBefore = await analysed();
    const w = await wallet('Grande', 'BRL');
    const up = await upload(statement(30_000, 0));
    const started = await post({ klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: w, columns });
    const seen: Array<{ status: unknown; total: number; done: number }> = [];
    for (let i = 0; i < 1200; i++) {
      const doc = await get(String(started.body.id));
      seen.push({ status: doc.status, total: Number(doc.total_rows), done: Number(doc.done_rows) });
      if (['done', 'failed'].includes(String(doc.status))) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen[seen.length - 1]).toEqual({ status: 'done', total: 30_000, done: 30_000 });
    const running = seen.filter((s) => s.status === 'running');
    // the rows of the last batch count once committed: a running import is never at its total
    expect(running.filter((s) => s.total > 0 && s.done >= s.total)).toEqual([]);
    expect(running.some((s) => s.done > 0 && s.done < s.total)).toBe(true);
    // the lists' plans rest on fresh statistics (ANALYZE after an import of 10,000 rows or more)
    expect(await eventually(analysed, (n) => n > analysedBefore)).toBeGreaterThan(analysedBefore);
    // its records out of the group again (the mapping rules' runs below look at the newest records)
    expect((await call('PUT', `/${db}/_design/imports/_update/undo/${started.body.id}`)).body.doc).toMatchObject({ status: 'undone', undone_records: 30_000 });
  }, 60_000);

  it('a file that can’t be split is refused at upload with its line; a row that can’t be read fails the import with its line and writes nothing; fewer than 3 matched columns is refused with the spec’s message', async () => {
    const w = await wallet('Quebrado', 'BRL');
    const broken = await upload(Buffer.from('Data;Histórico;Valor\n01/10/2026;ok;10,00\n02/10/2026;"broken;5,00\n03/10/2026;ok;7,00\n', 'latin1'));
    expect(broken).toEqual({ status: 422, body: { error: 'unprocessable_entity', reason: 'Line 3: a quoted field is not closed or is closed in the wrong place' } });
    const badAmount = await upload(Buffer.from('Data;Histórico;Valor\n01/10/2026;ok;-10,00\n02/10/2026;ok;-5,00\n03/10/2026;ok;abc\n', 'latin1'));
    expect(badAmount.status).toBe(201);
    const started = await post({ klass: 'CsvImport', upload_id: badAmount.body.upload_id, wallet_id: w, columns: { date: 0, description: 1, value: 2 }, date_format: 'dd/mm/yyyy' });
    const failed = await finished(String(started.body.id));
    expect(failed).toMatchObject({ status: 'failed', created: 0 });
    expect((failed.error as Json).line).toBe(4);
    expect(((await call('POST', `/${db}/_find`, { selector: { klass: 'Outgo', wallet_id: w } })).body.docs as Json[]).length).toBe(0);
    const ok = await upload(Buffer.from('Data;Valor\n01/10/2026;10,00\n'));
    const few = await post({ klass: 'CsvImport', upload_id: ok.body.upload_id, wallet_id: w, columns: { date: 0, value: 1 } });
    expect(few.body).toEqual({ error: 'unprocessable_entity', reason: 'Please match the header of each column (at least 3 columns required).' });
  });

  it('a file without rows (blank lines and separators only) is refused at upload with a reason, and so is an empty body (422 each)', async () => {
    const blank = await upload(Buffer.from('\r\n ; \r\n;;\r\n'));
    expect(blank).toEqual({ status: 422, body: { error: 'unprocessable_entity', reason: 'The file has no rows' } });
    const empty = await upload(Buffer.alloc(0));
    expect(empty).toEqual({ status: 422, body: { error: 'unprocessable_entity', reason: { file: 'cant-be-blank' } } });
  });
});

describe('mapping rules', () => {
  it('refuses a rule whose regex could stall the service (422), applies active rules on import, previews and applies one to existing records', async () => {
    const stall = await post({ klass: 'Mapping', target: 'outgo', field_to_watch: 'description', kind_of_watch: 'regex', text_to_match: '(a+)+$', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'x' });
    expect(stall.status).toBe(422);
    const rule = await post({ klass: 'Mapping', target: 'outgo', order: 1, field_to_watch: 'description', kind_of_watch: 'starts_with', text_to_match: 'uber', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'Transporte, Trabalho' });
    expect(rule.status).toBe(201);
    const w = await wallet('Regras', 'BRL');
    const csv = Buffer.from('Data;Descrição;Valor\n01/10/2026;UBER *TRIP;-23,90\n02/10/2026;Padaria;-8,50\n03/10/2026;Uber Eats;-41,00\n', 'latin1');
    const up = await fetch(`${stack.url}/${db}/_imports`, { method: 'POST', headers: { authorization: auth.authorization, 'content-type': 'text/csv' }, body: csv }).then((r) => r.json() as Promise<Json>);
    const started = await post({ klass: 'CsvImport', upload_id: up.upload_id, wallet_id: w, columns: { date: 0, description: 1, value: 2 }, date_format: 'dd/mm/yyyy' });
    for (let i = 0; i < 100 && !['done', 'failed'].includes(String((await get(String(started.body.id))).status)); i++) await new Promise((r) => setTimeout(r, 100));
    const outgos = (await call('POST', `/${db}/_find`, { selector: { klass: 'Outgo', wallet_id: w }, sort: [{ date: 'asc' }] })).body.docs as Json[];
    expect(outgos.map((o) => [o.description, o.categories])).toEqual([
      ['UBER *TRIP', ['transporte', 'trabalho']],
      ['Padaria', []],
      ['Uber Eats', ['transporte', 'trabalho']],
    ]);

    // a new rule over what is already stored: preview, then apply
    const bakery = await post({ klass: 'Mapping', target: 'outgo', field_to_watch: 'description', kind_of_watch: 'equals', text_to_match: 'padaria', field_to_change: 'description', kind_of_change: 'append', text_to_change: '(café)' });
    const preview = await call('GET', `/${db}/_design/mappings/_view/preview?key=${encodeURIComponent(JSON.stringify(bakery.body.id))}`);
    expect((preview.body.rows as Json[]).map((r) => (r.value as Json).changes)).toHaveLength(1);
    const applied = await call('PUT', `/${db}/_design/mappings/_update/apply/${bakery.body.id}`);
    expect((applied.body.doc as Json).changed_records).toBe(1);
    const after = (await call('POST', `/${db}/_find`, { selector: { klass: 'Outgo', wallet_id: w, description: { $regex: '^Padaria' } } })).body.docs as Json[];
    expect(after.map((o) => o.description)).toEqual(['Padaria (café)']);
  });
});

describe('the lists’ plans (migration 0001_search_indexes)', () => {
  it('a wallet’s outgos list is estimated from statistics, and a description $regex uses the trigram index on 20,000 records', async () => {
    // A copy of the migrated table with its indexes and extended statistics (a temporary table: this session's own),
    // filled before ANALYZE as a migration on a filled database would find it: 18,000 outgos of one wallet.
    const client = await stack.pool.connect();
    try {
      await client.query('CREATE TEMP TABLE docs (LIKE finance.documents INCLUDING ALL)');
      await client.query(
        `INSERT INTO docs (account_id, id, klass, rev, deleted, body)
         SELECT 'acc-1', 'rec-' || i, CASE WHEN i % 10 = 0 THEN 'Income' ELSE 'Outgo' END, '1-x', false,
           jsonb_build_object('wallet_id', 'wal-1', 'date', to_char(date '2020-01-01' + i % 2000, 'YYYY-MM-DD'),
             'description', (ARRAY['farmácia', 'posto', 'mercado', 'padaria'])[1 + i % 4] || ' ' || md5(i::text))
         FROM generate_series(1, 20000) AS i`,
      );
      await client.query('ANALYZE docs');
      const explain = async (selector: Json) => {
        const q = buildFindSql({ table: 'pg_temp.docs', db: 'acc-1', query: { selector, sort: [{ date: 'desc' }], limit: 25 } });
        return (await client.query(`EXPLAIN ${q.text}`, q.values)).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
      };
      // without the statistics the planner guesses 0.5 % of the rows for `wallet_id = …` and sorts the whole wallet
      const list = await explain({ klass: 'Outgo', wallet_id: 'wal-1' });
      const estimated = Math.max(...[...list.matchAll(/rows=(\d+)/g)].map((m) => Number(m[1])));
      expect(estimated).toBeGreaterThan(15_000);
      // one record's description (md5 of 777): a rare term, found through the index rather than along the date index
      const rare = createHash('md5').update('777').digest('hex').slice(0, 16).toUpperCase();
      const search = await explain({ klass: 'Outgo', description: { $regex: `(?i)${rare}` } });
      const used = [...search.matchAll(/Index Scan (?:Backward )?(?:using|on) (docs_\w+)/g)].map((m) => m[1]);
      const defs = await Promise.all(used.map(async (name) => (await client.query('SELECT pg_get_indexdef($1::regclass) AS def', [`pg_temp.${name}`])).rows[0].def as string));
      expect(defs).toEqual([expect.stringContaining('gist_trgm_ops')]);
    } finally {
      await client.query('DROP TABLE IF EXISTS pg_temp.docs');
      client.release();
    }
  });
});

/** A zip of stored (uncompressed) files: an .xlsx is one, with its parts at these names. */
function zipOf(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const file = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
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

/** A workbook as Excel saves a bank's export (.xlsx): content types, the workbook and one sheet. */
const XLSX = zipOf({
  '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  'xl/workbook.xml': '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Extrato" sheetId="1"/></sheets></workbook>',
  'xl/worksheets/sheet1.xml': '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Data</t></is></c></row></sheetData></worksheet>',
});

// Issue 27: real statements, tried as a new user would. Each test failed before its fix.
describe('real statements (issue 27)', () => {
  const statementOf = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');
  const columns3 = { date: 0, description: 1, value: 2 };

  async function imported(bytes: Buffer, walletId: string, extra: Json = {}): Promise<Json> {
    const up = await upload(bytes);
    expect([up.status, up.body.reason]).toEqual([201, undefined]);
    const started = await post({ klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: walletId, columns: columns3, ...extra });
    expect([started.status, started.body.reason]).toEqual([201, undefined]);
    return finished(String(started.body.id));
  }

  it('#1 the import screen’s preview asks the service, whose bounded matcher runs `(\\d|\\w)+@` on a 44-digit boleto line at once', async () => {
    const rule = await post({ klass: 'Mapping', target: 'outgo', field_to_watch: 'description', kind_of_watch: 'regex', text_to_match: '(\\d|\\w)+@', field_to_change: 'categories', kind_of_change: 'replace', text_to_change: 'e-mail' });
    expect(rule.status).toBe(201);
    try {
      const boleto = 'PAGAMENTO BOLETO 23793381286000782713695000063305975520000370000';
      const tried = await call('PUT', `/${db}/_design/mappings/_update/try/preview`, {
        records: [
          { klass: 'Outgo', description: boleto, third_party: 'Banco', categories: ['contas'] },
          { klass: 'Outgo', description: 'PIX para joao@banco', third_party: null, categories: [] },
          { klass: 'Income', description: 'PIX de maria@banco', third_party: null, categories: [] },
        ],
      });
      expect(tried.status).toBe(200);
      expect((tried.body.doc as Json).records).toEqual([
        { klass: 'Outgo', description: boleto, third_party: 'Banco', categories: ['contas'], applied: [] },
        { klass: 'Outgo', description: 'PIX para joao@banco', third_party: null, categories: ['e-mail'], applied: [rule.body.id] },
        { klass: 'Income', description: 'PIX de maria@banco', third_party: null, categories: [], applied: [] },
      ]);
      const tooMany = await call('PUT', `/${db}/_design/mappings/_update/try/preview`, { records: Array.from({ length: 201 }, () => ({ klass: 'Outgo' })) });
      expect(tooMany.body).toEqual({ error: 'unprocessable_entity', reason: { records: 'must-be-a-list-of-at-most-200' } });
    } finally {
      await call('DELETE', `/${db}/${rule.body.id}?rev=${rule.body.rev}`);
    }
  });

  it('#2 reads a 3-decimal currency’s decimal commas as decimals: -12,345 TND is 12.345 dinars', async () => {
    const w = await wallet('Tunis', 'TND');
    expect((await get(w)).precision).toBe(3);
    const done = await imported(statementOf('Data;Histórico;Valor', '13/10/2026;Tarifa;-12,345', '14/10/2026;Depósito;1.500,250', '15/10/2026;Juros;0,5'), w);
    expect(done).toMatchObject({ status: 'done', created: 3 });
    const values = (await importedBy(String(done._id))).map((d) => [d.klass, d.value]).sort();
    expect(values).toEqual([
      ['Income', 1500250],
      ['Income', 500],
      ['Outgo', 12345],
    ]);
  });

  it('#3 a file whose dates read as dd/mm and as mm/dd: the upload says so with a date read both ways, the import without a chosen format is refused (422), with one it reads them that way', async () => {
    const w = await wallet('Chase', 'USD');
    const us = statementOf('Date,Description,Amount', '10/01/2024,Coffee,-4.50', '10/02/2024,Rent,-900.00', '10/07/2024,Salary,2000.00');
    const up = await upload(us);
    expect(up.body.date_columns).toEqual([
      { column: 0, formats: ['dd/mm/yyyy', 'mm/dd/yyyy'], sample: { value: '10/01/2024', line: 2, readings: { 'dd/mm/yyyy': '2024-01-10', 'mm/dd/yyyy': '2024-10-01' } } },
    ]);
    const guessed = await post({ klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: w, columns: columns3 });
    expect(guessed.body).toEqual({ error: 'unprocessable_entity', reason: { date_format: 'is-ambiguous' } });
    // options the upload did not suggest read other rows: then the import itself refuses, naming the line
    const other = await post({ klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: w, columns: columns3, ignore_line_one: true, first_line_is_header: false });
    expect(await finished(String(other.body.id))).toMatchObject({ status: 'failed', created: 0, error: { line: 2, reason: 'The dates read as day/month or as month/day: choose the date format' } });
    const chosen = await post({ klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: w, columns: columns3, date_format: 'mm/dd/yyyy' });
    const done = await finished(String(chosen.body.id));
    expect(done).toMatchObject({ status: 'done', created: 3 });
    expect((await importedBy(String(done._id))).map((d) => d.date).sort()).toEqual(['2024-10-01', '2024-10-02', '2024-10-07']);
    // dates no two formats read as different days are no question
    const settled = await upload(statementOf('Date,Description,Amount', '10/01/2024,Coffee,-4.50', '10/25/2024,Gas,-30.00'));
    expect(settled.body.date_columns).toEqual([{ column: 0, formats: ['mm/dd/yyyy'], sample: null }]);
  });

  it('#4 refuses an .xlsx, a PDF, a PNG and random bytes at upload (415 "This is not a CSV file"), naming Excel for a workbook', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const answers = await Promise.all([XLSX, pdf, png, randomBytes(2048)].map(upload));
    expect(answers.map((a) => a.status)).toEqual([415, 415, 415, 415]);
    expect(answers[0].body).toEqual({
      error: 'unsupported_media_type',
      reason: 'This is not a CSV file: it is a spreadsheet (Excel or LibreOffice). Open it there and save it as CSV (File › Save as › CSV), or export the statement as CSV from your bank, then upload that file',
    });
    expect(answers.slice(1).map((a) => a.body)).toEqual([1, 2, 3].map(() => ({ error: 'unsupported_media_type', reason: 'This is not a CSV file' })));
  });

  it('#5 says a header without rows (an empty period’s export) has no rows, at upload', async () => {
    expect(await upload(statementOf('Data;Histórico;Valor', ''))).toEqual({ status: 422, body: { error: 'unprocessable_entity', reason: 'The file has no rows below its header: there is nothing to import' } });
    expect(await upload(statementOf('Extrato de 01/11/2026 a 30/11/2026', 'Data;Histórico;Valor'))).toEqual({
      status: 422,
      body: { error: 'unprocessable_entity', reason: 'The file has no rows below its header: there is nothing to import' },
    });
  });

  it('#6 sums past 2^53 minor units to the cent: 1,001 rows of 90,000,000,000.00 CHF and one of 0.01 total 9009000000000001 in the month view', async () => {
    const w = await wallet('Zürich', 'CHF');
    const lines = ['Datum;Text;Betrag', ...Array.from({ length: 1001 }, (_, i) => `15/01/2032;Zeile ${i};90.000.000.000,00`), '16/01/2032;Rest;0,01'];
    const done = await imported(statementOf(...lines), w, { most_items_are: 'income' });
    expect(done).toMatchObject({ status: 'done', created: 1002 });
    const view = await call('GET', `/${db}/_design/finance/_view/month?month=${encodeURIComponent('"2032-01"')}`);
    expect((view.body.rows as Json[]).filter((r) => (r.key as string[])[1] === 'CHF')).toEqual([{ key: ['Income', 'CHF', ''], value: '9009000000000001' }]);
  }, 60_000);

  it('#7 a repeated line is known by the statement’s own line: rows a rule or a person renamed since are not brought back', async () => {
    const w = await wallet('Sobreposto', 'BRL');
    const lines = ['Data;Histórico;Valor', '13/11/2026;MERCADO XYZ27 LTDA;-120,00', '14/11/2026;Farmácia 27;-35,50', '15/11/2026;Posto 27;-200,00'];
    const first = await imported(statementOf(...lines), w, { apply_mappings: false });
    expect(first).toMatchObject({ status: 'done', created: 3 });
    const records = await importedBy(String(first._id));
    // a person renames one, a rule made later renames another
    const pharmacy = records.find((r) => r.description === 'Farmácia 27')!;
    expect((await call('PUT', `/${db}/${pharmacy._id}`, { ...pharmacy, description: 'Remédios da Ana' })).status).toBe(200);
    const rule = await post({ klass: 'Mapping', target: 'outgo', field_to_watch: 'description', kind_of_watch: 'contains', text_to_match: 'xyz27', field_to_change: 'description', kind_of_change: 'replace', text_to_change: 'Mercado do bairro' });
    try {
      expect(((await call('PUT', `/${db}/_design/mappings/_update/apply/${rule.body.id}`)).body.doc as Json).changed_records).toBe(1);
      const second = await imported(statementOf(...lines, '16/11/2026;Padaria 27;-9,90'), w, { apply_mappings: false });
      expect(second).toMatchObject({ status: 'done', created: 1, duplicates: 3 });
      expect((await importedBy(String(second._id))).map((r) => r.description)).toEqual(['Padaria 27']);
    } finally {
      await call('DELETE', `/${db}/${rule.body.id}?rev=${(await get(String(rule.body.id)))._rev}`);
    }
  });

  it('#8 refuses an import into an inactive wallet, as it refuses a record added to it (422 is-inactive)', async () => {
    const w = await wallet('Encerrada', 'BRL');
    expect((await call('PUT', `/${db}/${w}`, { ...(await get(w)), active: false })).status).toBe(200);
    const up = await upload(statementOf('Data;Histórico;Valor', '13/11/2026;Algo;-1,00'));
    expect((await post({ klass: 'CsvImport', upload_id: up.body.upload_id, wallet_id: w, columns: columns3 })).body).toEqual({ error: 'unprocessable_entity', reason: { wallet_id: 'is-inactive' } });
  });

  it('#9 answers a person can act on: the bound of a too large amount, a NUL byte’s line, and an imported record can be deleted', async () => {
    const w = await wallet('Limites', 'BRL');
    expect((await post({ klass: 'Outgo', wallet_id: w, value: 9_000_000_000_001, date: '2026-11-13' })).body).toEqual({
      error: 'unprocessable_entity',
      reason: { value: 'must-be-less-than-or-equal-to-9000000000000' },
    });
    expect((await post({ klass: 'Wallet', name: 'Funda', currency: 'BRL', start_balance: -9_000_000_000_001 })).body.reason).toEqual({ start_balance: 'must-be-greater-than-or-equal-to--9000000000000' });

    const nul = await imported(statementOf('Data;Histórico;Valor', '13/11/2026;Certo;-1,00', '14/11/2026;Pag\u0000amento;-2,00'), w);
    expect(nul).toMatchObject({ status: 'failed', created: 0, error: { line: 3, reason: 'A line holds a character that is not text (a NUL byte): the file is damaged, export the statement again' } });

    const done = await imported(statementOf('Data;Histórico;Valor', '13/11/2026;Tarifa;-1,00', '14/11/2026;Outra;-2,00'), w);
    const [one, other] = await importedBy(String(done._id));
    expect((await call('DELETE', `/${db}/${one._id}?rev=${one._rev}`)).status).toBe(200);
    expect(await balance(w)).toBe(0);
    // once its imported flag is removed it moved the balance: then it is a confirmed record like any other
    const counted = await money('unimport', String(other._id));
    expect((await call('DELETE', `/${db}/${other._id}?rev=${counted.body.rev}`)).body).toEqual({ error: 'conflict', reason: 'You cannot delete a confirmed Expense' });
  });

  it('#11 a wallet made in the wrong currency can be put right until it has records, its balance moving between the currencies’ totals', async () => {
    const total = async (c: string) => Number((await call('GET', `/${db}/wbl-${c}`)).body.balance ?? 0);
    const [brl, sek] = [await total('brl'), await total('sek')];
    const w = await wallet('Errada', 'BRL', 1000);
    expect(await total('brl')).toBe(brl + 1000);
    const moved = await call('PUT', `/${db}/${w}`, { ...(await get(w)), currency: 'SEK', precision: null });
    expect(moved.status).toBe(200);
    expect(await get(w)).toMatchObject({ currency: 'SEK', precision: 2, balance: 1000 });
    expect([await total('brl'), await total('sek')]).toEqual([brl, sek + 1000]);
    await record({ klass: 'Income', wallet_id: w, value: 100, date: '2026-11-13' });
    expect((await call('PUT', `/${db}/${w}`, { ...(await get(w)), currency: 'BRL', precision: null })).body).toEqual({ error: 'unprocessable_entity', reason: { currency: 'cannot-be-changed' } });
  });

  it('#12 a Wallet read through GET or _find carries limit, pending_transactions, available_credit and balance_after_pending as the wallets view does', async () => {
    const card = await wallet('Cartão 27', 'BRL', 0, { card: true, limit: 500000 });
    const paid = await record({ klass: 'Outgo', wallet_id: card, value: 12000, date: '2026-11-05' });
    await record({ klass: 'Outgo', wallet_id: card, value: 3000, date: '2026-11-06' });
    await money('confirm', paid);
    const view = (await call('GET', `/${db}/_design/finance/_view/wallets`)).body.rows as Array<{ key: string; value: Json }>;
    const computed = { limit: 500000, pending_transactions: 1, available_credit: 488000, balance_after_pending: -15000 };
    expect(view.find((r) => r.key === card)!.value).toMatchObject(computed);
    expect(await get(card)).toMatchObject({ balance: -12000, ...computed });
    const found = (await call('POST', `/${db}/_find`, { selector: { klass: 'Wallet', name: 'Cartão 27' } })).body.docs as Json[];
    expect(found).toEqual([expect.objectContaining(computed)]);
    const plain = (await call('POST', `/${db}/_find`, { selector: { klass: 'Wallet', name: 'Tunis' } })).body.docs as Json[];
    expect(plain[0]).toMatchObject({ limit: null, pending_transactions: 0, available_credit: null, balance_after_pending: 0 });
    // the fields asked for, and only those
    const some = await call('POST', `/${db}/_find`, { selector: { klass: 'Wallet', name: 'Cartão 27' }, fields: ['name', 'available_credit'] });
    expect(some.body.docs).toEqual([{ _id: card, name: 'Cartão 27', available_credit: 488000 }]);
    expect((await call('GET', `/${db}/${card}?fields=${encodeURIComponent('["pending_transactions"]')}`)).body).toEqual({ _id: card, pending_transactions: 1 });
  });
});
